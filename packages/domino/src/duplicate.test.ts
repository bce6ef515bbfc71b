import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, configProblems, type TableConfig } from './config';
import { compareDuplicate, duplicateSeat, duplicateSide } from './duplicate';
import { applyMove, startMatch } from './match';
import { mulberry32, randomStep, seedsFor } from './test-support';
import type { HandSummary, MatchState } from './types';

const DUPLICATE: TableConfig = { ...DEFAULT_CONFIG, boards: 6 };

function playOut(state: MatchState, seed: number): MatchState {
  const rng = mulberry32(seed);
  let s = state;
  while (s.status === 'playing') {
    const { seat, move } = randomStep(s, rng);
    const result = applyMove(s, seat, move);
    if (!result.ok) throw new Error(result.code);
    s = result.state;
  }
  return s;
}

describe('duplicate boards', () => {
  it('ends after exactly `boards` hands whatever the score', () => {
    for (let n = 0; n < 20; n++) {
      const end = playOut(startMatch(DUPLICATE, seedsFor(4, `dup-${n}`)), n);
      expect(end.history).toHaveLength(6);
      expect(end.result?.hands).toBe(6);
      const [a, b] = end.scores as [number, number];
      if (a === b)
        expect(end.result).toMatchObject({ tied: true, winnerSide: -1, winnerSeats: [] });
      else expect(end.result?.winnerSide).toBe(a > b ? 0 : 1);
    }
  });

  it('deals the same tiles to the same seat and leads from the same seat at both tables', () => {
    const seeds = seedsFor(4, 'shared');
    const one = playOut(startMatch(DUPLICATE, seeds), 1);
    const two = playOut(startMatch(DUPLICATE, seeds), 2);
    for (let k = 0; k < 6; k++) {
      expect(two.history[k]?.dealt).toEqual(one.history[k]?.dealt);
      expect(two.history[k]?.leader).toBe(one.history[k]?.leader);
    }
  });

  it('refuses boards out of range or without the rotating lead', () => {
    expect(configProblems({ ...DEFAULT_CONFIG, boards: 0 })).not.toEqual([]);
    expect(configProblems({ ...DEFAULT_CONFIG, boards: 33 })).not.toEqual([]);
    expect(configProblems({ ...DEFAULT_CONFIG, boards: 2.5 })).not.toEqual([]);
    expect(configProblems({ ...DEFAULT_CONFIG, boards: 4, leadRule: 'winner' })).not.toEqual([]);
    expect(configProblems({ ...DEFAULT_CONFIG, boards: 8 })).toEqual([]);
  });
});

function summary(handNumber: number, pointsBySide: [number, number]): HandSummary {
  return { handNumber, pointsBySide } as unknown as HandSummary;
}

describe('compareDuplicate', () => {
  it('compares each pair with the pair that held the same cards at the other table', () => {
    const t1 = [summary(1, [30, 0]), summary(2, [0, 12])];
    const t2 = [summary(1, [10, 0]), summary(2, [0, 40])];
    const c = compareDuplicate(t1, t2, 8);
    // Board 1: X made 30 on the side-0 cards where Y made 10 -> +20; side 1 nobody scored.
    expect(c.boards[0]).toMatchObject({ side0Diff: 20, side1Diff: 0, teamX: 20 });
    // Board 2: Y made 12 on the side-1 cards at table 1, X made 40 on them at table 2 -> +28.
    expect(c.boards[1]).toMatchObject({ side0Diff: 0, side1Diff: 28, teamX: 28 });
    expect(c.teamX).toBe(48);
    expect(c.leader).toBe('x');
  });

  it('describes only the boards both tables finished', () => {
    const t1 = [summary(1, [30, 0]), summary(2, [0, 12]), summary(3, [5, 0])];
    const t2 = [summary(1, [10, 0])];
    expect(compareDuplicate(t1, t2, 8).boards.map((b) => b.board)).toEqual([1]);
    expect(compareDuplicate(t1, t1, 2).boards).toHaveLength(2);
    expect(compareDuplicate(t1, t1, 8).leader).toBe('tie');
  });

  it('seats team X at side 0 of table 1 and side 1 of table 2', () => {
    expect(duplicateSide('x', 1)).toBe(0);
    expect(duplicateSide('x', 2)).toBe(1);
    expect(duplicateSide('y', 1)).toBe(1);
    expect(duplicateSide('y', 2)).toBe(0);
    expect(duplicateSeat('x', 0, 1)).toEqual({ table: 1, seat: 2 });
    expect(duplicateSeat('x', 1, 0)).toEqual({ table: 2, seat: 1 });
    expect(duplicateSeat('y', 1, 1)).toEqual({ table: 2, seat: 2 });
  });

  it('cancels the cards: identical play at both tables nets zero', () => {
    const seeds = seedsFor(4, 'mirror');
    const one = playOut(startMatch(DUPLICATE, seeds), 7);
    const same = playOut(startMatch(DUPLICATE, seeds), 7);
    expect(compareDuplicate(one.history, same.history, 6).teamX).toBe(0);
  });
});
