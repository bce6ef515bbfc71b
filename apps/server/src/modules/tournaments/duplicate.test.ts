import { describe, expect, it } from 'vitest';
import type { BoardComparison } from '@domino/domino';
import { duplicatePairScores, duplicatePlaces, type DuplicateTournamentSet } from './duplicate';
import { planPrizes } from './logic';

/** The duplicate tournament's pair scores and places (decision 062, "Duplicate tournaments"). */

function board(n: number, t1: [number, number], t2: [number, number]): BoardComparison {
  const side0Diff = t1[0] - t2[0];
  const side1Diff = t2[1] - t1[1];
  return { board: n, table1: t1, table2: t2, side0Diff, side1Diff, teamX: side0Diff + side1Diff };
}

function set(a1: number, b1: number, a2: number, b2: number, boards: BoardComparison[]) {
  const side = (matchId: number, a: number, b: number) => ({
    matchId,
    a,
    b,
    gameId: null,
    finished: true,
  });
  return {
    setId: 1,
    table1: side(1, a1, b1),
    table2: side(2, a2, b2),
    boards,
  } satisfies DuplicateTournamentSet;
}

describe('duplicate tournament scores', () => {
  it('compares each pair with the pair that held its tiles at the other table', () => {
    // Entrants 1 (table 1, seats 0/2) and 3 (table 2, seats 0/2) hold the same tiles; so do
    // 2 (table 1, seats 1/3) and 4 (table 2, seats 1/3).
    const scores = duplicatePairScores([
      set(1, 2, 3, 4, [board(1, [30, 0], [10, 0]), board(2, [0, 25], [0, 40])]),
    ]);
    expect(scores.get(1)).toEqual({ points: 20, wins: 1, losses: 0 });
    expect(scores.get(3)).toEqual({ points: -20, wins: 0, losses: 1 });
    expect(scores.get(4)).toEqual({ points: 15, wins: 1, losses: 0 });
    expect(scores.get(2)).toEqual({ points: -15, wins: 0, losses: 1 });
    // A board the same at both tables counts for nobody.
    const level = duplicatePairScores([set(1, 2, 3, 4, [board(1, [12, 0], [12, 0])])]);
    expect([...level.values()].every((s) => s.points === 0 && s.wins + s.losses === 0)).toBe(true);
  });

  it('ranks by score, ties sharing the place and its prizes, and pays the pool exactly', () => {
    const scores = duplicatePairScores([
      set(1, 2, 3, 4, [board(1, [30, 0], [10, 0])]),
      set(5, 6, 7, 8, [board(1, [0, 0], [0, 0]), board(2, [40, 0], [20, 0])]),
    ]);
    const entrants = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ id, seed: 9 - id }));
    const places = duplicatePlaces(scores, entrants);
    // 1 and 5 both +20: they share places 1 and 2, the better seed (5) first.
    expect(places[0]).toEqual({ place: 1, entrants: [5, 1] });
    expect(places[1]?.place).toBe(3);
    const plan = planPrizes(8_017, 1000, [6000, 4000], places);
    const paid = [...plan.byEntrant.values()].reduce((a, b) => a + b, 0);
    expect(paid + plan.houseFeeCents).toBe(8_017);
    expect(plan.byEntrant.get(5)! - plan.byEntrant.get(1)!).toBeLessThanOrEqual(1);
  });
});
