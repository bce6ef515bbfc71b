import { describe, expect, it } from 'vitest';
import { GameStore } from './game-store';
import {
  clockText,
  describeChange,
  endChoiceLabel,
  handText,
  handTileLabel,
  scoresText,
  tileName,
  turnText,
} from './speech';
import { makeView } from './test-support';

const seats = ['Tú', 'Beto', 'Carla', 'Dani'].map((name, seat) => ({
  seat,
  name: seat === 0 ? 'Ana' : name,
  is_bot: false,
  bot_level: null,
  connected: true,
  cpu_played: false,
}));

describe('spoken names of tiles and ends', () => {
  it('names a tile with its higher half first, a double as "doble" and zero as "blanco"', () => {
    expect(tileName([4, 6])).toBe('seis-cuatro');
    expect(tileName([6, 4])).toBe('seis-cuatro');
    expect(tileName([3, 3])).toBe('doble tres');
    expect(tileName([0, 5])).toBe('cinco-blanco');
    expect(tileName([0, 0])).toBe('doble blanco');
  });

  it('names the end buttons with the tile and the side', () => {
    expect(endChoiceLabel([6, 4], 'left')).toBe('seis-cuatro, a la izquierda');
    expect(endChoiceLabel([6, 4], 'right')).toBe('seis-cuatro, a la derecha');
  });

  it('says on my turn whether a hand tile can be played, and only its name otherwise', () => {
    expect(handTileLabel([6, 4], ['left', 'right'], true)).toBe(
      'seis-cuatro, se puede jugar en los dos extremos',
    );
    expect(handTileLabel([6, 4], ['left'], true)).toBe('seis-cuatro, se puede jugar');
    expect(handTileLabel([6, 4], [], true)).toBe('seis-cuatro, no se puede jugar');
    expect(handTileLabel([6, 4], [], false)).toBe('seis-cuatro');
  });
});

describe('announcements between two views', () => {
  const base = makeView({
    seats,
    version: 4,
    line: [{ tile: [6, 6], seat: 1, left: 6, right: 6 }],
    ends: { left: 6, right: 6 },
    turn_seat: 2,
    tile_counts: [7, 6, 7, 7],
  });

  it('announces each tile played since, on its side, and whose turn it is', () => {
    const next = makeView({
      ...base,
      version: 6,
      line: [
        { tile: [6, 2], seat: 3, left: 2, right: 6 },
        { tile: [6, 6], seat: 1, left: 6, right: 6 },
        { tile: [6, 4], seat: 2, left: 6, right: 4 },
      ],
      ends: { left: 2, right: 4 },
      turn_seat: 0,
      legal_moves: [{ tile: [4, 1], end: 'right' }],
      hand: [[4, 1]],
      tile_counts: [7, 6, 6, 6],
    });
    expect(describeChange(base, next, '6-6')).toEqual([
      'Carla jugó seis-cuatro a la derecha.',
      'Dani jugó seis-dos a la izquierda.',
      'Tu turno. Extremos: dos a la izquierda y cuatro a la derecha.',
    ]);
  });

  it('announces passes, mine in the second person', () => {
    const next = makeView({
      ...base,
      version: 5,
      passes: [
        { seat: 2, left: 6, right: 6 },
        { seat: 3, left: 6, right: 6 },
      ],
      turn_seat: 0,
    });
    expect(describeChange(base, next, '6-6').slice(0, 2)).toEqual(['Carla pasó.', 'Dani pasó.']);
    const mine = makeView({
      ...base,
      turn_seat: 0,
      version: 7,
    });
    const after = makeView({ ...mine, version: 8, passes: [{ seat: 0, left: 6, right: 6 }] });
    expect(describeChange(mine, { ...after, turn_seat: 1 }, '6-6')).toEqual(['Pasaste.']);
  });

  it('announces the opening tile of a hand and my own play', () => {
    const empty = makeView({ seats, version: 1, turn_seat: 0 });
    const opened = makeView({
      seats,
      version: 2,
      line: [{ tile: [6, 6], seat: 0, left: 6, right: 6 }],
      ends: { left: 6, right: 6 },
      turn_seat: 1,
    });
    expect(describeChange(empty, opened, '6-6')).toEqual(['Saliste con el doble seis.']);
  });

  it('announces draws from the stock by count, never by tile', () => {
    const before = makeView({
      ...base,
      mode: 'individual',
      drawing: true,
      stock_count: 10,
      tile_counts: [7, 6, 7],
      seats: seats.slice(0, 3),
    });
    const after = makeView({ ...before, version: 5, stock_count: 8, tile_counts: [7, 6, 9] });
    expect(describeChange(before, after, '6-6')).toEqual(['Carla robó 2 fichas del pozo.']);
  });

  it('announces the end of a hand with the score, then the new hand', () => {
    const next = makeView({
      ...base,
      version: 9,
      hand_number: 2,
      hands_played: 1,
      line: [],
      ends: null,
      turn_seat: 2,
      scores: [31, 0],
      last_hand: {
        hand_number: 1,
        ending: 'domino',
        winner_seat: 0,
        winner_side: 0,
        voided: false,
        pips_by_seat: [0, 12, 9, 10],
        pips_by_side: [9, 22],
        base_points: 31,
        bonuses: [],
        points_by_side: [31, 0],
        scores_after: [31, 0],
        remaining: [],
      },
    });
    expect(describeChange(base, next, null)).toEqual([
      'Fin de la mano 1: Dominó. ¡Dominaste! Ganamos la mano. Nosotros 31 — Ellos 0.',
      'Empieza la mano 2.',
    ]);
  });

  it('says nothing on a first load or a view that is not newer', () => {
    expect(describeChange(null, base, null)).toEqual([]);
    expect(describeChange(base, base, null)).toEqual([]);
  });

  it('never names a tile outside my hand and the line', () => {
    const next = makeView({
      ...base,
      version: 5,
      turn_seat: 0,
      line: [...base.line, { tile: [6, 4], seat: 2, left: 6, right: 4 }],
      ends: { left: 6, right: 4 },
      hand: [[1, 2]],
      legal_moves: [],
    });
    const said = [
      ...describeChange(base, next, '6-6'),
      turnText(next, 0),
      handText(next),
      scoresText(next),
    ].join(' ');
    const named = [...said.matchAll(/(doble \p{L}+|\p{L}+-\p{L}+)/gu)].map((m) => m[1]);
    expect(named).toContain('seis-cuatro');
    expect(named).toContain('dos-uno');
    for (const name of named) expect(['doble seis', 'seis-cuatro', 'dos-uno']).toContain(name);
  });
});

describe('readings on demand', () => {
  const view = makeView({
    seats,
    version: 3,
    hand: [
      [6, 4],
      [2, 2],
    ],
    legal_moves: [{ tile: [6, 4], end: 'right' }],
    line: [{ tile: [6, 6], seat: 1, left: 6, right: 6 }],
    ends: { left: 6, right: 6 },
    turn_seat: 0,
    turn_deadline: new Date(10_000).toISOString(),
    tile_counts: [2, 6, 7, 7],
    scores: [40, 25],
  });

  it('reads the score by pair and the target', () => {
    expect(scoresText(view)).toBe('Puntuación: Nosotros 40 — Ellos 25. Se juega a 100.');
  });

  it('reads my hand and what I can play', () => {
    expect(handText(view)).toBe(
      'Tu mano, 2 fichas: seis-cuatro, doble dos. Puedes jugar: seis-cuatro.',
    );
    expect(handText({ ...view, turn_seat: 1 })).toBe('Tu mano, 2 fichas: seis-cuatro, doble dos.');
  });

  it('reads the turn, the ends, the others’ tile counts and the clock', () => {
    expect(turnText(view, 2_000)).toBe(
      'Tu turno. Extremos: seis a la izquierda y seis a la derecha. Beto: 6 fichas, Carla: 7 fichas, Dani: 7 fichas. Te quedan 0:08.',
    );
    expect(clockText({ ...view, turn_seat: 1 }, 4_500)).toBe('A Beto le quedan 0:06.');
    expect(clockText({ ...view, turn_deadline: null }, 0)).toBe(
      'Este turno no tiene límite de tiempo.',
    );
  });

  it('keeps the last sentences in the store, the same words twice as two entries', () => {
    const store = new GameStore('g1');
    store.receive(view);
    for (let i = 0; i < 8; i++) store.say('Tu turno.');
    const spoken = store.getState().spoken;
    expect(spoken).toHaveLength(6);
    expect(new Set(spoken.map((s) => s.id)).size).toBe(6);
  });
});
