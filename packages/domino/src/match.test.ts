import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, configProblems, type TableConfig } from './config';
import { dealHand } from './fairness';
import { applyMove, replay, ReplayError, startMatch } from './match';
import { legalMoves } from './rules';
import { handBuiltState, seedsFor, t } from './test-support';
import type { GameEvent, MatchState, Move, MoveResult } from './types';

function play(state: MatchState, tile: string, end: 'left' | 'right' = 'left'): MoveResult {
  return applyMove(state, state.hand.turn ?? 0, { kind: 'play', tile: t(tile), end });
}

function accepted(result: MoveResult): { state: MatchState; events: GameEvent[] } {
  if (!result.ok) throw new Error(`rejected: ${result.code}`);
  return result;
}

function lastSummary(state: MatchState) {
  const s = state.history[state.history.length - 1];
  if (s === undefined) throw new Error('no finished hand');
  return s;
}

const seeds = { serverSeed: 'example-server-seed', clientSeeds: ['alice', 'bob', 'carol', 'dave'] };

describe('starting a match', () => {
  it('deals hand 1 from the seeds and lets the holder of 6-6 lead with it', () => {
    const state = startMatch(DEFAULT_CONFIG, seeds);
    expect(state.hand.hands).toEqual(dealHand(seeds, 1, 4).hands);
    expect(state.hand.hands[0]).toContainEqual([6, 6]);
    expect(state.hand.leader).toBe(0);
    expect(state.hand.turn).toBe(0);
    expect(legalMoves(state, 0)).toEqual([{ kind: 'play', tile: [6, 6], end: 'left' }]);
    expect(play(state, '1-5')).toMatchObject({ ok: false, code: 'game/must_lead_tile' });
    const opened = accepted(play(state, '6-6')).state;
    expect(opened.hand.ends).toEqual({ left: 6, right: 6 });
    expect(opened.hand.requiredLead).toBeNull();
  });

  it('finds the 6-6 wherever it was dealt', () => {
    const other = { serverSeed: 'other', clientSeeds: ['a', 'b', 'c', 'd'] };
    for (let i = 0; i < 20; i++) {
      const s = { ...other, serverSeed: `other-${i}` };
      const state = startMatch(DEFAULT_CONFIG, s);
      expect(state.hand.hands[state.hand.leader]).toContainEqual([6, 6]);
      expect(state.hand.requiredLead).toEqual([6, 6]);
    }
  });

  it('refuses invalid configs and a client seed count that does not match the seats', () => {
    expect(() => startMatch({ ...DEFAULT_CONFIG, players: 3 }, seedsFor(3))).toThrow(RangeError);
    expect(() =>
      startMatch({ ...DEFAULT_CONFIG, mode: 'individual', players: 4 }, seedsFor(4)),
    ).toThrow(RangeError);
    expect(() => startMatch(DEFAULT_CONFIG, seedsFor(3))).toThrow(RangeError);
    expect(() =>
      startMatch(DEFAULT_CONFIG, { serverSeed: '', clientSeeds: seedsFor(4).clientSeeds }),
    ).toThrow(RangeError);
  });
});

describe('rejected moves', () => {
  const state = handBuiltState({
    hands: ['3-5 1-1', '2-2 4-6', '0-0 6-6', '1-2 3-3'],
    ends: { left: 5, right: 4 },
    turn: 0,
  });
  const snapshot = JSON.stringify(state);
  const cases: [string, number, unknown, string][] = [
    ['another seat moves', 1, { kind: 'play', tile: [2, 2], end: 'left' }, 'game/not_your_turn'],
    ['a seat that does not exist', 4, { kind: 'pass' }, 'game/invalid_seat'],
    ['a tile outside the set', 0, { kind: 'play', tile: [3, 7], end: 'left' }, 'game/invalid_move'],
    ['an unknown end', 0, { kind: 'play', tile: [3, 5], end: 'middle' }, 'game/invalid_move'],
    ['an unknown kind', 0, { kind: 'resign' }, 'game/invalid_move'],
    ['a tile not in hand', 0, { kind: 'play', tile: [4, 5], end: 'right' }, 'game/not_in_hand'],
    [
      'a tile at an end it does not fit',
      0,
      { kind: 'play', tile: [3, 5], end: 'right' },
      'game/illegal_tile',
    ],
    ['a pass while holding a playable tile', 0, { kind: 'pass' }, 'game/must_play'],
    ['a draw in parejas', 0, { kind: 'draw' }, 'game/cannot_draw'],
  ];
  for (const [name, seat, move, code] of cases) {
    it(`rejects ${name} with ${code} and leaves the state untouched`, () => {
      const result = applyMove(state, seat as 0, move as Move);
      expect(result).toMatchObject({ ok: false, code });
      expect(JSON.stringify(state)).toBe(snapshot);
    });
  }

  it('accepts a tile given high-low as the same tile', () => {
    const result = accepted(
      applyMove(state, 0, { kind: 'play', tile: [5, 3] as unknown as [3, 5], end: 'left' }),
    );
    expect(result.state.hand.ends).toEqual({ left: 3, right: 4 });
  });
});

describe('playing tiles', () => {
  it('lets a tile that fits both ends be played at either end, and orients it outwards', () => {
    const state = handBuiltState({
      hands: ['3-5 1-1', '3-6 5-6', '0-0 6-6', '1-2 3-3'],
      ends: { left: 3, right: 5 },
      turn: 0,
    });
    expect(legalMoves(state, 0)).toEqual([
      { kind: 'play', tile: [3, 5], end: 'left' },
      { kind: 'play', tile: [3, 5], end: 'right' },
    ]);
    const left = accepted(play(state, '3-5', 'left')).state;
    expect(left.hand.ends).toEqual({ left: 5, right: 5 });
    expect(left.hand.line[0]).toEqual({ tile: [3, 5], seat: 0, left: 5, right: 3 });
    const right = accepted(play(state, '3-5', 'right')).state;
    expect(right.hand.ends).toEqual({ left: 3, right: 3 });
    expect(right.hand.line[right.hand.line.length - 1]).toEqual({
      tile: [3, 5],
      seat: 0,
      left: 5,
      right: 3,
    });
  });

  it('passes automatically for seats without a playable tile and records the ends they missed', () => {
    const state = handBuiltState({
      hands: ['1-3 5-5', '4-4 6-6', '3-4 0-0', '0-1 0-2'],
      ends: { left: 1, right: 2 },
      turn: 0,
    });
    const { state: next, events } = accepted(play(state, '1-3', 'left'));
    expect(events).toEqual([
      { type: 'play', seat: 0, tile: [1, 3], end: 'left' },
      { type: 'pass', seat: 1, auto: true },
    ]);
    expect(next.hand.turn).toBe(2);
    expect(next.hand.passes).toEqual([{ seat: 1, left: 3, right: 2 }]);
    expect(legalMoves(next, 1)).toEqual([]);
    expect(applyMove(next, 1, { kind: 'pass' })).toMatchObject({
      ok: false,
      code: 'game/not_your_turn',
    });
  });
});

describe('scoring a dominó', () => {
  const hands = ['3-5', '1-1 0-2', '6-6', '2-3'];

  it('gives the winning pair the pips left in the two opponents’ hands', () => {
    const state = handBuiltState({ hands, ends: { left: 5, right: 4 }, turn: 0 });
    const { state: next, events } = accepted(play(state, '3-5'));
    const summary = lastSummary(next);
    expect(summary).toMatchObject({
      ending: 'domino',
      winnerSeat: 0,
      winnerSide: 0,
      voided: false,
      pipsBySeat: [0, 4, 12, 5],
      pipsBySide: [12, 9],
      basePoints: 9,
      bonuses: [],
      pointsBySide: [9, 0],
      scoresAfter: [9, 0],
    });
    expect(next.scores).toEqual([9, 0]);
    expect(events.map((e) => e.type)).toEqual(['play', 'hand_end', 'hand_start']);
  });

  it('counts all three other hands, the partner’s included, with the all_hands option', () => {
    const state = handBuiltState({
      config: { countingRule: 'all_hands' },
      hands,
      ends: { left: 5, right: 4 },
      turn: 0,
    });
    expect(lastSummary(accepted(play(state, '3-5')).state).basePoints).toBe(4 + 12 + 5);
  });
});

describe('capicúa', () => {
  const base = { hands: ['3-5', '1-1 0-2', '6-6', '2-3'], turn: 0 as const };

  it('adds 25 when the last tile is not a double and fits both ends', () => {
    const state = handBuiltState({
      ...base,
      config: { bonuses: { ...DEFAULT_CONFIG.bonuses, capicua: true, paseCorrido: false } },
      ends: { left: 3, right: 5 },
    });
    const summary = lastSummary(accepted(play(state, '3-5')).state);
    expect(summary.bonuses).toEqual([{ kind: 'capicua', seat: 0, side: 0, points: 25 }]);
    expect(summary.pointsBySide).toEqual([9 + 25, 0]);
  });

  it('counts a tile that could go on either end when both ends show the same number', () => {
    const state = handBuiltState({
      ...base,
      hands: ['3-4', '1-1 0-2', '6-6', '2-3'],
      config: { bonuses: { ...DEFAULT_CONFIG.bonuses, capicua: true, paseCorrido: false } },
      ends: { left: 3, right: 3 },
    });
    expect(lastSummary(accepted(play(state, '3-4')).state).pointsBySide).toEqual([34, 0]);
  });

  it('gives nothing for a double, for a tile fitting one end, or when the option is off', () => {
    const on = { bonuses: { ...DEFAULT_CONFIG.bonuses, capicua: true, paseCorrido: false } };
    const dbl = handBuiltState({
      ...base,
      hands: ['5-5', '1-1 0-2', '6-6', '2-3'],
      config: on,
      ends: { left: 5, right: 5 },
    });
    expect(lastSummary(accepted(play(dbl, '5-5')).state).bonuses).toEqual([]);
    const oneEnd = handBuiltState({ ...base, config: on, ends: { left: 5, right: 4 } });
    expect(lastSummary(accepted(play(oneEnd, '3-5')).state).bonuses).toEqual([]);
    const off = handBuiltState({ ...base, ends: { left: 3, right: 5 } });
    expect(lastSummary(accepted(play(off, '3-5')).state).pointsBySide).toEqual([9, 0]);
  });
});

describe('tranque', () => {
  // Seat 0 plays 0-6 on the 0 end: both ends show 6 and nobody holds a 6.
  const blocking = (hands: string[], config = {}) =>
    handBuiltState({ config, hands, ends: { left: 0, right: 6 }, turn: 0 });

  it('is won by the pair with fewer pips, scoring the opponents’ pips (pair_totals)', () => {
    const state = blocking(['0-6 1-1', '2-2', '5-5 4-4', '3-3']);
    const { state: next, events } = accepted(play(state, '0-6'));
    expect(events.map((e) => e.type)).toEqual(['play', 'hand_end', 'hand_start']);
    expect(lastSummary(next)).toMatchObject({
      ending: 'tranque',
      pipsBySeat: [2, 4, 18, 6],
      pipsBySide: [20, 10],
      winnerSide: 1,
      winnerSeat: 1,
      basePoints: 20,
      pointsBySide: [0, 20],
    });
  });

  it('is won by the pair of the lowest single hand with the lowest_hand option', () => {
    const state = blocking(['0-6 1-1', '2-2', '5-5 4-4', '3-3'], { tranqueRule: 'lowest_hand' });
    expect(lastSummary(accepted(play(state, '0-6')).state)).toMatchObject({
      winnerSide: 0,
      winnerSeat: 0,
      basePoints: 10,
      pointsBySide: [10, 0],
    });
  });

  it('scores every other hand for the lowest hand of the winning pair with all_hands', () => {
    const state = blocking(['0-6 1-1', '2-2', '5-5 4-4', '3-3'], { countingRule: 'all_hands' });
    expect(lastSummary(accepted(play(state, '0-6')).state)).toMatchObject({
      winnerSeat: 1,
      basePoints: 2 + 18 + 6,
    });
  });

  it('voids the hand when the pair totals tie exactly', () => {
    const state = blocking(['0-6 1-1', '2-2', '3-3', '0-4']);
    const summary = lastSummary(accepted(play(state, '0-6')).state);
    expect(summary).toMatchObject({
      voided: true,
      winnerSeat: null,
      winnerSide: null,
      basePoints: 0,
    });
    expect(summary.pointsBySide).toEqual([0, 0]);
  });

  it('voids the hand when the lowest hand is shared across pairs, not between partners', () => {
    const across = blocking(['0-6 1-1', '0-2', '5-5', '3-3'], { tranqueRule: 'lowest_hand' });
    expect(lastSummary(accepted(play(across, '0-6')).state).voided).toBe(true);
    const partners = blocking(['0-6 1-1', '3-3', '0-2', '4-4'], { tranqueRule: 'lowest_hand' });
    expect(lastSummary(accepted(play(partners, '0-6')).state)).toMatchObject({
      voided: false,
      winnerSide: 0,
      basePoints: 14,
    });
  });
});

describe('pase corrido', () => {
  const hands = ['1-3 3-5', '4-4', '4-2', '0-0'];
  const config = { bonuses: { ...DEFAULT_CONFIG.bonuses, capicua: false, paseCorrido: true } };

  it('adds 25 when a play makes all three other players pass in a row, credited at the hand end', () => {
    const state = handBuiltState({ config, hands, ends: { left: 1, right: 1 }, turn: 0 });
    const first = accepted(play(state, '1-3'));
    expect(first.events).toEqual([
      { type: 'play', seat: 0, tile: [1, 3], end: 'left' },
      { type: 'pass', seat: 1, auto: true },
      { type: 'pass', seat: 2, auto: true },
      { type: 'pass', seat: 3, auto: true },
      { type: 'bonus', bonus: { kind: 'pase_corrido', seat: 0, side: 0, points: 25 } },
    ]);
    expect(first.state.hand.turn).toBe(0);
    expect(first.state.scores).toEqual([0, 0]);
    const done = accepted(play(first.state, '3-5')).state;
    expect(lastSummary(done)).toMatchObject({
      basePoints: 8,
      bonuses: [{ kind: 'pase_corrido', seat: 0, side: 0, points: 25 }],
      pointsBySide: [33, 0],
    });
  });

  it('is not awarded when the option is off or when someone plays before the turn returns', () => {
    const off = handBuiltState({ hands, ends: { left: 1, right: 1 }, turn: 0 });
    const first = accepted(play(off, '1-3'));
    expect(first.events.some((e) => e.type === 'bonus')).toBe(false);
    expect(first.state.hand.turn).toBe(0);

    const partner = handBuiltState({
      config,
      hands: ['1-3 3-5', '4-4', '3-2', '0-0'],
      ends: { left: 1, right: 1 },
      turn: 0,
    });
    const p = accepted(play(partner, '1-3'));
    expect(p.events.map((e) => e.type)).toEqual(['play', 'pass']);
    expect(p.state.hand.turn).toBe(2);
  });
});

describe('the lead of later hands', () => {
  const finishing = (config = {}, leader: 0 | 1 | 2 | 3 = 0) =>
    handBuiltState({
      config,
      hands: ['1-1 0-0', '3-5', '0-2', '2-3'],
      ends: { left: 5, right: 4 },
      turn: 1,
      leader,
    });

  it('rotates one seat from the previous leader by default', () => {
    const next = accepted(play(finishing({}, 3), '3-5')).state;
    expect(next.hand).toMatchObject({ number: 3, leader: 0, turn: 0, requiredLead: null });
    expect(next.hand.hands).toEqual(dealHand(next.fairness, 3, 4).hands);
  });

  it('goes to the winner of the previous hand with leadRule winner', () => {
    const next = accepted(play(finishing({ leadRule: 'winner' }, 3), '3-5')).state;
    expect(next.hand).toMatchObject({ leader: 1, turn: 1 });
  });

  it('rotates after a voided hand even with leadRule winner', () => {
    const state = handBuiltState({
      config: { leadRule: 'winner' },
      hands: ['0-6 1-1', '2-2', '3-3', '0-4'],
      ends: { left: 0, right: 6 },
      turn: 0,
      leader: 2,
    });
    const next = accepted(play(state, '0-6')).state;
    expect(lastSummary(next).voided).toBe(true);
    expect(next.hand.leader).toBe(3);
  });
});

describe('the end of the match', () => {
  const closing = (target: 100 | 150 | 200, scores: number[]) =>
    handBuiltState({
      config: { targetPoints: target },
      hands: ['3-5', '1-1 0-2', '6-6', '2-3'],
      ends: { left: 5, right: 4 },
      turn: 0,
      scores,
    });

  for (const target of [100, 150, 200] as const) {
    it(`ends the match when a pair reaches ${target}`, () => {
      const { state, events } = accepted(play(closing(target, [target - 5, 40]), '3-5'));
      expect(state.status).toBe('finished');
      expect(state.result).toEqual({
        winnerSide: 0,
        winnerSeats: [0, 2],
        scores: [target + 4, 40],
        hands: 1,
      });
      expect(state.hand.turn).toBeNull();
      expect(events.map((e) => e.type)).toEqual(['play', 'hand_end', 'match_end']);
      expect(legalMoves(state, 0)).toEqual([]);
      expect(applyMove(state, 0, { kind: 'pass' })).toMatchObject({
        ok: false,
        code: 'game/finished',
      });
    });
  }

  it('keeps playing while no pair has reached the target', () => {
    const { state } = accepted(play(closing(150, [140, 0]), '3-5'));
    expect(state.status).toBe('playing');
    expect(state.scores).toEqual([149, 0]);
  });
});

describe('replay', () => {
  it('rebuilds the state from the moves and reports the first rejected move', () => {
    const start = startMatch(DEFAULT_CONFIG, seeds);
    const moves = [
      { seat: 0 as const, move: { kind: 'play' as const, tile: t('6-6'), end: 'left' as const } },
    ];
    const after = accepted(applyMove(start, 0, moves[0]!.move)).state;
    expect(replay(DEFAULT_CONFIG, seeds, moves)).toEqual(after);
    const bad = [...moves, { seat: 0 as const, move: { kind: 'pass' as const } }];
    expect(() => replay(DEFAULT_CONFIG, seeds, bad)).toThrow(ReplayError);
  });
});

describe('pase corrido and voided hands', () => {
  it('still credits a pase corrido earned earlier when the hand ends in a tied tranque', () => {
    const built = handBuiltState({
      config: { bonuses: { ...DEFAULT_CONFIG.bonuses, capicua: false, paseCorrido: true } },
      hands: ['0-6 1-1', '2-2', '3-3', '0-4'],
      ends: { left: 0, right: 6 },
      turn: 0,
    });
    const state: MatchState = {
      ...built,
      hand: { ...built.hand, bonuses: [{ kind: 'pase_corrido', seat: 1, side: 1, points: 25 }] },
    };
    const summary = lastSummary(accepted(play(state, '0-6')).state);
    expect(summary).toMatchObject({ voided: true, basePoints: 0, pointsBySide: [0, 25] });
  });
});

describe('pase corrido set in parejas only (docs/decisions/057-rules-against-their-sources.md)', () => {
  const on = { ...DEFAULT_CONFIG.bonuses, paseCorrido: true };

  it('keeps the old rule for a config stored at 2 players (one pass), so its matches replay exactly', () => {
    const config = { mode: 'individual', players: 2, drawing: false, bonuses: on } as const;
    expect(configProblems({ ...DEFAULT_CONFIG, ...config })).toEqual([]);
    const state = handBuiltState({
      config,
      hands: ['1-3 3-5', '4-4'],
      ends: { left: 1, right: 1 },
      turn: 0,
    });
    const first = accepted(play(state, '1-3'));
    expect(first.events).toEqual([
      { type: 'play', seat: 0, tile: [1, 3], end: 'left' },
      { type: 'pass', seat: 1, auto: true },
      { type: 'bonus', bonus: { kind: 'pase_corrido', seat: 0, side: 0, points: 25 } },
    ]);
    expect(first.state.hand.turn).toBe(0);
  });

  it('gives nothing at 3 players when the switch is off, as every new table there has it', () => {
    const config = { mode: 'individual', players: 3, drawing: false } as const;
    const hands = ['1-3 3-5', '4-4', '4-2'];
    const state = handBuiltState({ config, hands, ends: { left: 1, right: 1 }, turn: 0 });
    const first = accepted(play(state, '1-3'));
    expect(first.events.map((e) => e.type)).toEqual(['play', 'pass', 'pass']);
    expect(first.state.hand.bonuses).toEqual([]);
  });
});

describe('pase de salida (docs/decisions/057-rules-against-their-sources.md)', () => {
  const on = { bonuses: { ...DEFAULT_CONFIG.bonuses, paseSalida: true } };
  const lead = (hands: string[], config: Partial<TableConfig> = on) =>
    handBuiltState({ config, hands, ends: null, turn: 0, leader: 0 });

  it('gives the leader 50 when the next player passes on a first tile that is not a double', () => {
    const first = accepted(play(lead(['3-5 5-6', '0-0', '3-4', '1-1']), '3-5'));
    expect(first.events).toEqual([
      { type: 'play', seat: 0, tile: [3, 5], end: 'left' },
      { type: 'pass', seat: 1, auto: true },
      { type: 'bonus', bonus: { kind: 'pase_salida', seat: 0, side: 0, points: 50 } },
    ]);
    expect(first.state.hand.turn).toBe(2);
  });

  it('gives 25 after a double lead', () => {
    const first = accepted(play(lead(['5-5 5-6', '0-0', '5-4', '1-1']), '5-5'));
    expect(first.state.hand.bonuses).toEqual([
      { kind: 'pase_salida', seat: 0, side: 0, points: 25 },
    ]);
  });

  it('is the first pass after the lead only, off by default and never at 2 or 3 players', () => {
    const opened = accepted(play(lead(['3-5 5-6', '5-1 4-4', '0-0', '1-2']), '3-5'));
    expect(opened.state.hand.turn).toBe(1);
    const played = accepted(play(opened.state, '5-1', 'right'));
    expect(played.events.map((e) => e.type)).toEqual(['play', 'pass']);
    expect(played.state.hand.turn).toBe(3);
    expect(played.state.hand.bonuses).toEqual([]);
    const off = accepted(play(lead(['3-5 5-6', '0-0', '3-4', '1-1'], {}), '3-5'));
    expect(off.events.some((e) => e.type === 'bonus')).toBe(false);
    const individual = { ...on, mode: 'individual', players: 3, drawing: false } as const;
    const three = accepted(play(lead(['3-5 5-6', '0-0', '3-4'], individual), '3-5'));
    expect(three.events.some((e) => e.type === 'bonus')).toBe(false);
  });

  it('adds a pase corrido when all three others pass, credited with the hand', () => {
    const both = { bonuses: { ...DEFAULT_CONFIG.bonuses, paseSalida: true, paseCorrido: true } };
    const first = accepted(play(lead(['3-5 5-6', '0-0', '0-1', '1-1'], both), '3-5'));
    expect(first.events.map((e) => e.type)).toEqual([
      'play',
      'pass',
      'bonus',
      'pass',
      'pass',
      'bonus',
    ]);
    expect(first.state.hand.bonuses).toEqual([
      { kind: 'pase_salida', seat: 0, side: 0, points: 50 },
      { kind: 'pase_corrido', seat: 0, side: 0, points: 25 },
    ]);
    const done = accepted(play(first.state, '5-6', 'right')).state;
    expect(lastSummary(done)).toMatchObject({ basePoints: 2, pointsBySide: [77, 0] });
  });

  it('reads a config stored before the option existed as off', () => {
    const { paseSalida: _s, ...old } = { ...DEFAULT_CONFIG.bonuses, paseCorrido: true };
    const config = { ...DEFAULT_CONFIG, bonuses: old } as unknown as TableConfig;
    expect(configProblems(config)).toEqual([]);
    const first = accepted(play(lead(['3-5 5-6', '0-0', '3-4', '1-1'], config), '3-5'));
    expect(first.events.some((e) => e.type === 'bonus')).toBe(false);
  });
});
