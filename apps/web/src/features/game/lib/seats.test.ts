import { describe, expect, it } from 'vitest';
import type { GameView } from '@domino/contracts';
import {
  freePosition,
  handEndingLabel,
  handOutcomeText,
  handPointsText,
  initials,
  matchOutcomeText,
  otherSeats,
  positionOf,
  practiceDifficulty,
  relationOf,
  scoreEntries,
  scoreLineText,
  seatAt,
  seatName,
  presenceNote,
  seatPanelLabel,
  seatSideTag,
  sideLabel,
  stockShown,
} from './seats';
import { makeView } from './test-support';

/** An individual table view for `n` players, me at `mySeat`, with names Ana, Beto, Carla. */
function individualView(n: 2 | 3, mySeat: number, overrides: Partial<GameView> = {}): GameView {
  const names = ['Ana', 'Beto', 'Carla'];
  return makeView({
    kind: 'table',
    mode: 'individual',
    my_seat: mySeat,
    drawing: true,
    stock_count: 28 - 7 * n,
    tile_counts: Array(n).fill(7),
    scores: Array(n).fill(0),
    seats: Array.from({ length: n }, (_, seat) => ({
      seat,
      name: names[seat]!,
      is_bot: false,
      bot_level: null,
      connected: true,
      cpu_played: false,
    })),
    ...overrides,
  });
}

const summary = {
  hand_number: 1,
  ending: 'domino' as const,
  winner_seat: 1,
  winner_side: 1,
  voided: false,
  pips_by_seat: [12, 0, 9],
  pips_by_side: [12, 0, 9],
  base_points: 21,
  bonuses: [],
  points_by_side: [0, 21, 0],
  scores_after: [30, 21, 5],
  remaining: [[[6, 6]], [], [[4, 5]]] as [number, number][][],
};

describe('seats around the table', () => {
  it('puts the next player on my right, my partner on top and the previous on my left', () => {
    expect(seatAt(0, 'bottom')).toBe(0);
    expect(seatAt(0, 'right')).toBe(1);
    expect(seatAt(0, 'top')).toBe(2);
    expect(seatAt(0, 'left')).toBe(3);
    expect(seatAt(3, 'right')).toBe(0);
    expect(otherSeats(1, 4)).toEqual([
      { seat: 2, position: 'right' },
      { seat: 3, position: 'top' },
      { seat: 0, position: 'left' },
    ]);
  });

  it('seats the only opponent of a 2-player table on top, never me or a repeat', () => {
    expect(otherSeats(0, 2)).toEqual([{ seat: 1, position: 'top' }]);
    expect(otherSeats(1, 2)).toEqual([{ seat: 0, position: 'top' }]);
    expect(seatAt(1, 'top', 2)).toBe(0);
    expect(seatAt(1, 'left', 2)).toBeNull();
    expect(seatAt(1, 'right', 2)).toBeNull();
  });

  it('seats a 3-player table in order of play: the next on my right, the one after on my left', () => {
    for (const me of [0, 1, 2]) {
      const others = otherSeats(me, 3);
      expect(others).toEqual([
        { seat: (me + 1) % 3, position: 'right' },
        { seat: (me + 2) % 3, position: 'left' },
      ]);
      expect(others.map((o) => o.seat)).not.toContain(me);
    }
    expect(seatAt(2, 'top', 3)).toBeNull();
    expect(positionOf(0, 2, 3)).toBe('right');
  });

  it('leaves the stock a place nobody sits in', () => {
    expect(freePosition(3)).toBe('top');
    expect(freePosition(2)).toBe('left');
    expect(freePosition(4)).toBe('corner');
  });

  it('shows the stock only when the table draws', () => {
    expect(stockShown(individualView(2, 0))).toBe(14);
    expect(stockShown(individualView(3, 0, { stock_count: 0 }))).toBe(0);
    expect(stockShown(individualView(3, 0, { drawing: false }))).toBeNull();
    expect(stockShown(makeView())).toBeNull();
  });

  it("calls my pair 'Nosotros' and the other 'Ellos'", () => {
    expect(sideLabel(0, 0)).toBe('Nosotros');
    expect(sideLabel(1, 0)).toBe('Ellos');
    expect(sideLabel(1, 3)).toBe('Nosotros');
  });

  it('marks a partner only in parejas', () => {
    expect(relationOf(makeView(), 2)).toBe('partner');
    expect(relationOf(makeView(), 1)).toBe('rival');
    expect(relationOf(makeView(), 0)).toBe('me');
    expect(relationOf(individualView(3, 0), 2)).toBe('rival');
    expect(relationOf(individualView(3, 1), 1)).toBe('me');
    expect(seatSideTag(makeView({ my_seat: 1 }), 3)).toBe('Nosotros');
    expect(seatSideTag(makeView({ my_seat: 1 }), 0)).toBe('Ellos');
    expect(seatSideTag(individualView(3, 1), 0)).toBeNull();
  });

  it('reads a seat panel aloud with partner or rival, and the score in individual mode', () => {
    const none = { passed: false, isTurn: false, note: null };
    expect(seatPanelLabel(makeView(), 2, { ...none, passed: true })).toBe(
      'CPU 2 (compañero): 7 fichas, pasó',
    );
    expect(
      seatPanelLabel(makeView(), 1, {
        passed: false,
        isTurn: true,
        note: 'Desconectado — juega la CPU',
      }),
    ).toBe('CPU 1 (rival): 7 fichas, su turno, desconectado: juega la CPU');
    const view = individualView(3, 0, { scores: [10, 35, 0], tile_counts: [7, 4, 9] });
    expect(seatPanelLabel(view, 2, none)).toBe('Carla (rival): 9 fichas, 0 puntos');
    expect(seatPanelLabel(view, 1, none)).toBe('Beto (rival): 4 fichas, 35 puntos');
  });

  it('says Desconectado only for a player with no connection, and that the CPU played for one whose time ran out', () => {
    const seat = { is_bot: false, connected: true, cpu_played: false };
    expect(presenceNote(seat)).toBeNull();
    expect(presenceNote({ ...seat, cpu_played: true })).toBe('Se le acabó el tiempo — jugó la CPU');
    expect(presenceNote({ ...seat, connected: false, cpu_played: true })).toBe(
      'Desconectado — juega la CPU',
    );
    expect(presenceNote({ is_bot: true, connected: true, cpu_played: false })).toBeNull();
    expect(presenceNote(undefined)).toBeNull();
  });

  it("names me 'Tú' and the others by their seat name", () => {
    const view = makeView();
    expect(seatName(view, 0)).toBe('Tú');
    expect(seatName(view, 2)).toBe('CPU 2');
    expect(initials('Compañero CPU')).toBe('CC');
    expect(initials('ana')).toBe('AN');
  });

  it('replays a practice game at the CPU level of its bots', () => {
    const view = makeView();
    expect(practiceDifficulty(view)).toBe('medio');
    expect(
      practiceDifficulty({
        seats: view.seats.map((s) => (s.is_bot ? { ...s, bot_level: 'dificil' as const } : s)),
      }),
    ).toBe('dificil');
  });

  it('labels how a hand ended', () => {
    expect(handEndingLabel({ ending: 'domino', voided: false })).toBe('Dominó');
    expect(handEndingLabel({ ending: 'tranque', voided: false })).toBe('Tranque');
    expect(handEndingLabel({ ending: 'tranque', voided: true })).toBe('Mano anulada (empate)');
  });
});

describe('scores by pair or by player', () => {
  it("keeps parejas as 'Nosotros' against 'Ellos', my pair first", () => {
    const view = makeView({ my_seat: 1, scores: [40, 25] });
    expect(scoreEntries(view)).toEqual([
      { side: 1, label: 'Nosotros', points: 25, mine: true, testId: 'score-us' },
      { side: 0, label: 'Ellos', points: 40, mine: false, testId: 'score-them' },
    ]);
    expect(scoreLineText(view, [40, 25])).toBe('Nosotros 25 — Ellos 40');
  });

  it('scores each player of an individual table by name, me first, then in order of play', () => {
    const view = individualView(3, 1, { scores: [30, 21, 5] });
    expect(scoreEntries(view)).toEqual([
      { side: 1, label: 'Tú', points: 21, mine: true, testId: 'score-seat-1' },
      { side: 2, label: 'Carla', points: 5, mine: false, testId: 'score-seat-2' },
      { side: 0, label: 'Ana', points: 30, mine: false, testId: 'score-seat-0' },
    ]);
    expect(scoreLineText(view, [30, 21, 5])).toBe('Tú 21 · Carla 5 · Ana 30');
    const two = individualView(2, 0, { scores: [12, 50] });
    expect(scoreEntries(two).map((e) => `${e.label} ${e.points}`)).toEqual(['Tú 12', 'Beto 50']);
    expect(scoreEntries(two).some((e) => e.label === 'Nosotros' || e.label === 'Ellos')).toBe(
      false,
    );
  });

  it('says who won the hand and who gets its points in individual mode', () => {
    const mine = individualView(3, 1);
    expect(handOutcomeText(mine, summary)).toBe('¡Dominaste! Ganas la mano.');
    expect(handPointsText(mine, summary)).toEqual({ text: '+21 puntos para ti', mine: true });
    const theirs = individualView(3, 0);
    expect(handOutcomeText(theirs, summary)).toBe('Beto dominó y gana la mano.');
    expect(handPointsText(theirs, summary)).toEqual({ text: '+21 puntos para Beto', mine: false });
    expect(handOutcomeText(theirs, { ...summary, ending: 'tranque' })).toBe(
      'Tranque: Beto gana la mano con menos puntos.',
    );
    expect(handOutcomeText(mine, { ...summary, ending: 'tranque' })).toBe(
      'Tranque: ganas la mano con menos puntos.',
    );
    const voided = { ...summary, voided: true, winner_seat: null, winner_side: null };
    expect(handOutcomeText(theirs, voided)).toBe('Empate en el tranque: nadie suma puntos.');
    expect(handPointsText(theirs, voided)).toBeNull();
  });

  it('keeps the parejas hand texts', () => {
    const view = makeView({ my_seat: 0 });
    const pairs = { ...summary, winner_seat: 2, winner_side: 0, points_by_side: [21, 0] };
    expect(handOutcomeText(view, pairs)).toBe('CPU 2 dominó. Ganamos la mano.');
    expect(handPointsText(view, pairs)).toEqual({ text: '+21 puntos para Nosotros', mine: true });
    expect(handOutcomeText(view, { ...pairs, winner_seat: 0 })).toBe(
      '¡Dominaste! Ganamos la mano.',
    );
    const lost = { ...pairs, winner_seat: 1, winner_side: 1, points_by_side: [0, 30] };
    expect(handOutcomeText(view, { ...lost, ending: 'tranque' })).toBe(
      'Tranque: ganan ellos la mano con menos puntos.',
    );
    expect(handPointsText(view, lost)).toEqual({ text: '+30 puntos para Ellos', mine: false });
  });

  it('names the match winner of an individual table instead of a pair', () => {
    const result = { winner_side: 2, winner_seats: [2], scores: [40, 20, 101], hands: 5 };
    expect(matchOutcomeText(individualView(3, 0, { result: { ...result, won: false } }))).toBe(
      'Carla llegó primero a la meta.',
    );
    expect(matchOutcomeText(individualView(3, 2, { result: { ...result, won: true } }))).toBe(
      '¡Llegaste primero a la meta!',
    );
    const pairs = { winner_side: 0, winner_seats: [0, 2], scores: [100, 40], hands: 5 };
    expect(matchOutcomeText(makeView({ result: { ...pairs, won: true } }))).toBe(
      '¡Tu pareja llegó primero a la meta!',
    );
    expect(matchOutcomeText(makeView({ my_seat: 1, result: { ...pairs, won: false } }))).toBe(
      'La pareja rival llegó primero a la meta.',
    );
  });

  it('says when a tournament match was decided by absence', () => {
    const pairs = { winner_side: 0, winner_seats: [0, 2], scores: [0, 0], hands: 0, forfeit: true };
    expect(matchOutcomeText(makeView({ result: { ...pairs, won: true } }))).toBe(
      'La pareja rival no entró a tiempo: ganan por ausencia.',
    );
    expect(matchOutcomeText(makeView({ my_seat: 1, result: { ...pairs, won: false } }))).toBe(
      'Tu pareja no entró a tiempo: pierden por ausencia.',
    );
    const solo = { winner_side: 1, winner_seats: [1], scores: [0, 0], hands: 0, forfeit: true };
    expect(matchOutcomeText(individualView(2, 1, { result: { ...solo, won: true } }))).toBe(
      'Tu rival no entró a tiempo: ganas por ausencia.',
    );
    expect(matchOutcomeText(individualView(2, 0, { result: { ...solo, won: false } }))).toBe(
      'No entraste a tiempo: pierdes por ausencia.',
    );
    const nobody = { ...pairs, winner_side: -1, winner_seats: [], won: false };
    expect(matchOutcomeText(makeView({ result: nobody }))).toBe(
      'Ningún lado entró a tiempo: la partida se decidió por ausencia.',
    );
  });
});
