import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type PlayMove, type PuzzlePosition } from '@domino/domino';
import { explainPuzzle, moveText, seatText } from './puzzles';

const play = (a: number, b: number, end: 'left' | 'right'): PlayMove => ({
  kind: 'play',
  tile: [a, b],
  end,
});

/** Seat 0 holds 5-5, 1-5 and 2-4; the line shows 5 and 3; seat 1 passed on 3 and 5. */
const position: PuzzlePosition = {
  seat: 0,
  config: DEFAULT_CONFIG,
  handNumber: 2,
  leader: 1,
  hand: [
    [5, 5],
    [1, 5],
    [2, 4],
  ],
  tileCounts: [3, 4, 3, 4],
  stockCount: 0,
  line: [{ tile: [3, 5], seat: 1, left: 5, right: 3 }],
  ends: { left: 5, right: 3 },
  passes: [{ seat: 1, left: 5, right: 3 }],
  scores: [0, 0],
  pendingBonuses: [],
  legalMoves: [play(5, 5, 'left'), play(1, 5, 'left')],
};

describe('the explanation of a puzzle', () => {
  it('says the best move, what the passes told, what the move does and the alternatives', () => {
    const lines = explainPuzzle(position, play(5, 5, 'left'), [
      { move: play(5, 5, 'left'), value: 12.3 },
      { move: play(1, 5, 'left'), value: -4 },
    ]);
    expect(lines[0]).toBe(
      'La mejor jugada es el 5-5 por la izquierda: vale +12,3 puntos esperados para tu pareja en lo que queda de la mano.',
    );
    expect(lines[1]).toBe('Sabes que el rival que juega después de ti pasó: no tiene 3 ni 5.');
    expect(lines[2]).toContain('te quitas un doble');
    expect(lines[2]).toContain('dejas las puntas en 5 y 3');
    expect(lines[2]).toContain('el rival que juega después de ti no tiene 5 ni 3: le cuesta jugar');
    expect(lines[2]).toContain('sueltas 10 puntos de tu mano');
    expect(lines[3]).toBe('Las otras: el 1-5 por la izquierda, -4,0 (16,3 menos).');
    expect(lines.join(' ')).not.toMatch(/\b(the|move|best)\b/);
  });

  it('names seats and moves in Spanish', () => {
    expect(seatText(0, 2, 4, true)).toBe('tu compañero');
    expect(seatText(0, 3, 4, true)).toBe('el rival que juega antes de ti');
    expect(seatText(0, 1, 3, false)).toBe('quien juega después de ti');
    expect(moveText({ tile: [6, 4], end: 'right' }, false)).toBe('el 6-4 por la derecha');
    expect(moveText({ tile: [6, 6], end: 'left' }, true)).toBe('el 6-6 de salida');
  });
});
