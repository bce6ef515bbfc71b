import { describe, expect, it } from 'vitest';
import type { PuzzlePositionJson } from '@domino/contracts';
import {
  endWords,
  endsFor,
  immediateAnswer,
  moveWords,
  passWords,
  pointsWords,
  seatWords,
  streakWords,
  tileWords,
} from './puzzle';

const position = (over: Partial<PuzzlePositionJson> = {}): PuzzlePositionJson => ({
  seat: 1,
  mode: 'parejas',
  players: 4,
  target_points: 100,
  hand_number: 2,
  leader: 0,
  hand: [
    [3, 5],
    [5, 6],
    [1, 2],
  ],
  tile_counts: [4, 3, 4, 4],
  stock_count: 0,
  line: [{ tile: [3, 5], seat: 0, left: 5, right: 3 }],
  ends: { left: 5, right: 3 },
  passes: [],
  scores: [10, 20],
  legal_moves: [
    { tile: [3, 5], end: 'left' },
    { tile: [3, 5], end: 'right' },
    { tile: [5, 6], end: 'left' },
  ],
  ...over,
});

describe('puzzle page rules', () => {
  it('offers each end a tile fits, once per distinct effect', () => {
    expect(endsFor(position(), [3, 5])).toEqual(['left', 'right']);
    expect(endsFor(position(), [5, 6])).toEqual(['left']);
    expect(endsFor(position(), [1, 2])).toEqual([]);
    const equalEnds = position({
      ends: { left: 3, right: 3 },
      legal_moves: [
        { tile: [3, 5], end: 'left' },
        { tile: [3, 5], end: 'right' },
      ],
    });
    expect(endsFor(equalEnds, [3, 5])).toEqual(['left']);
  });

  it('answers at once only when a tile fits one way', () => {
    expect(immediateAnswer(position(), [5, 6])).toEqual({ tile: [5, 6], end: 'left' });
    expect(immediateAnswer(position(), [3, 5])).toBeNull();
    expect(immediateAnswer(position(), [1, 2])).toBeNull();
  });

  it('names seats from the puzzle seat and tiles, ends and values in Spanish', () => {
    const p = position();
    expect(seatWords(p, 1)).toBe('Tú');
    expect(seatWords(p, 3)).toBe('Tu compañero');
    expect(seatWords(p, 2)).toBe('Rival después de ti');
    expect(seatWords(p, 0)).toBe('Rival antes de ti');
    expect(tileWords([6, 0])).toBe('seis-blanco');
    expect(endWords(p, 'left')).toBe('Por la izquierda (5)');
    expect(endWords(position({ ends: null, line: [] }), 'left')).toBe('De salida');
    expect(moveWords({ tile: [6, 4], end: 'right' }, false)).toBe('el 6-4 por la derecha');
    expect(pointsWords(12.34)).toBe('+12,3');
    expect(pointsWords(-3)).toBe('-3,0');
    expect(passWords(p, { seat: 3, left: 3, right: 5 })).toBe('Tu compañero no tenía 3 ni 5');
    expect(passWords(p, { seat: 1, left: 3, right: 3 })).toBe('Tú no tenías 3');
    expect(streakWords(0)).toBe('Sin racha por ahora');
    expect(streakWords(1)).toBe('Racha de 1 día');
    expect(streakWords(4)).toBe('Racha de 4 días');
  });
});
