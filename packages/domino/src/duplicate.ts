/**
 * Duplicate domino (docs/decisions/062-duplicate-domino.md): the same committed deals are played
 * at two tables and pairs are compared on the same cards.
 *
 * A duplicate set is two parejas tables and two teams of two pairs each. Both tables deal from the
 * SAME fairness seeds (server seed and client seeds), so hand k deals the same seven tiles to seat
 * s at both tables (docs/fairness.md), and both play exactly `boards` hands led in rotation
 * (`TableConfig.boards`), so the leader of hand k is the same seat at both tables. The teams sit
 * rotated by one seat between the tables: team X holds seats 0/2 (side 0) at table 1 and seats
 * 1/3 (side 1) at table 2; team Y the other seats. Every board's two hands (side 0's cards and
 * side 1's cards) are therefore held once by each team, and the luck of the cards cancels out:
 *
 * - on the side-0 cards, team X's pair scored `t1[0]` at table 1 and team Y's pair `t2[0]` at
 *   table 2: the difference `t1[0] - t2[0]` is team X's on those cards;
 * - on the side-1 cards, team X's pair scored `t2[1]` at table 2 and team Y's pair `t1[1]` at
 *   table 1: the difference `t2[1] - t1[1]` is team X's on those cards.
 *
 * Team X's result on the board is the sum of both differences, team Y's its negation. Points are
 * the hand's points (`HandSummary.pointsBySide`, bonuses included).
 */
import type { HandSummary } from './types';

/** The two teams of a duplicate set: X sits at side 0 at table 1 and side 1 at table 2. */
export type DuplicateTeam = 'x' | 'y';

/** The side a team holds at a table (1 or 2) of a duplicate set. */
export function duplicateSide(team: DuplicateTeam, table: 1 | 2): 0 | 1 {
  return (team === 'x') === (table === 1) ? 0 : 1;
}

/**
 * The seat of a duplicate set's player: `team`, its `pair` (0 = the pair that sits at table 1,
 * 1 = the pair at table 2) and the player's place in the pair (0 or 1). Returns the table and
 * the seat (0..3) there: the pair holds its team's side at that table.
 */
export function duplicateSeat(
  team: DuplicateTeam,
  pair: 0 | 1,
  member: 0 | 1,
): { table: 1 | 2; seat: 0 | 1 | 2 | 3 } {
  const table = pair === 0 ? 1 : 2;
  const side = duplicateSide(team, table);
  return { table, seat: (side + 2 * member) as 0 | 1 | 2 | 3 };
}

/** One board compared across the two tables. */
export interface BoardComparison {
  /** 1-based hand number (the deal's hand number at both tables). */
  readonly board: number;
  /** Points each side scored on this board at table 1 and at table 2 ([side 0, side 1]). */
  readonly table1: readonly [number, number];
  readonly table2: readonly [number, number];
  /** Team X's pair minus team Y's pair on the side-0 cards: `table1[0] - table2[0]`. */
  readonly side0Diff: number;
  /** Team X's pair minus team Y's pair on the side-1 cards: `table2[1] - table1[1]`. */
  readonly side1Diff: number;
  /** Team X's result on the board (`side0Diff + side1Diff`); team Y's is its negation. */
  readonly teamX: number;
}

/** The comparison of the boards both tables finished. */
export interface DuplicateComparison {
  readonly boards: readonly BoardComparison[];
  /** Sum of `teamX` over the compared boards; team Y's total is its negation. */
  readonly teamX: number;
  /** 'x' or 'y' when a team is ahead, 'tie' when level. */
  readonly leader: DuplicateTeam | 'tie';
}

function sidePoints(summary: HandSummary): [number, number] {
  return [summary.pointsBySide[0] ?? 0, summary.pointsBySide[1] ?? 0];
}

/**
 * Compares a duplicate set's tables board by board. `table1` and `table2` are the finished hands
 * of each table in order (`MatchState.history`); only boards BOTH tables finished are compared,
 * at most `boards` of them, so a board still in play at either table is never described (the
 * duplicate leak, decision 062). Throws RangeError when a history is out of order (hand k not at
 * index k - 1).
 */
export function compareDuplicate(
  table1: readonly HandSummary[],
  table2: readonly HandSummary[],
  boards: number,
): DuplicateComparison {
  const count = Math.min(table1.length, table2.length, boards);
  const rows: BoardComparison[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const a = table1[i] as HandSummary;
    const b = table2[i] as HandSummary;
    if (a.handNumber !== i + 1 || b.handNumber !== i + 1)
      throw new RangeError(`hand ${i + 1} is out of order in a duplicate history`);
    const t1 = sidePoints(a);
    const t2 = sidePoints(b);
    const side0Diff = t1[0] - t2[0];
    const side1Diff = t2[1] - t1[1];
    const teamX = side0Diff + side1Diff;
    total += teamX;
    rows.push({ board: i + 1, table1: t1, table2: t2, side0Diff, side1Diff, teamX });
  }
  return { boards: rows, teamX: total, leader: total > 0 ? 'x' : total < 0 ? 'y' : 'tie' };
}
