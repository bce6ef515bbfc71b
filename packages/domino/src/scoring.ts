/**
 * Scoring of a hand and of the match (docs/rules.md).
 *
 * Dominó (a seat empties its hand): the winner's side scores the pips left in the opponents'
 * hands (parejas `opponents`: the two opponents; parejas `all_hands` and individual mode: all
 * other hands, the partner's included).
 *
 * Tranque (no one can play):
 * - parejas `pair_totals`: the pair with fewer pips wins; equal pair totals void the hand.
 * - parejas `lowest_hand`: the seat with the fewest pips wins for its pair; a lowest count shared
 *   by seats of both pairs voids the hand (shared by partners: that pair wins).
 * - individual: the seat with the fewest pips wins; a lowest count shared by two seats voids it.
 * The winner then scores as in a dominó, the winning seat being the lowest hand of the winning
 * side (partners with equal pips: the first in turn order after the blocking move). With
 * `all_hands` that is every hand but the winning seat's; with `tranqueCounting: 'all_pips'` it is
 * every hand, the winners' own included.
 * With `tranqueTie: 'leader'` a tie does not void the hand: the side that led it wins, or (when it
 * is not tied) the tied seat nearest after the leader in turn order.
 * Sources of each rule and option: docs/rules.md.
 *
 * Bonuses (+25 each, only when enabled): capicúa goes to the side that went out when the last tile
 * is not a double and fitted both open ends; pase corrido bonuses (see match.ts) are earned during
 * the hand and credited at its end, even when the hand is voided (they reward a play, not the
 * count). A voided hand scores 0 base points.
 */
import { BONUS_POINTS, nextSeat, sideCount, sideOf, type TableConfig } from './config';
import { sumPips, type Seat } from './tiles';
import type { Bonus, HandState, HandSummary, MatchResult } from './types';

/** Who won a hand and with which base points, before bonuses. */
interface Outcome {
  winnerSeat: Seat | null;
  basePoints: number;
}

function turnOrderFrom(first: Seat, players: number): Seat[] {
  const order: Seat[] = [];
  let s = first;
  for (let i = 0; i < players; i++) {
    order.push(s);
    s = nextSeat(s, players);
  }
  return order;
}

function pointsFor(config: TableConfig, winner: Seat, pipsBySeat: readonly number[]): number {
  const winnerSide = sideOf(config, winner);
  let points = 0;
  for (let s = 0; s < pipsBySeat.length; s++) {
    if (s === winner) continue;
    const countsAll = config.mode === 'individual' || config.countingRule === 'all_hands';
    if (countsAll || sideOf(config, s as Seat) !== winnerSide) points += pipsBySeat[s] as number;
  }
  return points;
}

/** The lowest hand of `side`, partners with equal pips broken by `order`. */
function lowestSeatOfSide(
  config: TableConfig,
  side: number,
  pipsBySeat: readonly number[],
  order: readonly Seat[],
): Seat | null {
  const seats = order.filter((s) => sideOf(config, s) === side);
  const best = Math.min(...seats.map((s) => pipsBySeat[s] as number));
  return seats.find((s) => pipsBySeat[s] === best) ?? null;
}

/**
 * Of the tied sides, the one that led the hand, else the one whose seat comes first in turn order
 * after the leader (`tranqueTie: 'leader'`).
 */
function sideNearestLeader(
  config: TableConfig,
  tied: ReadonlySet<number>,
  leader: Seat,
): number | null {
  for (const s of turnOrderFrom(leader, config.players)) {
    const side = sideOf(config, s);
    if (tied.has(side)) return side;
  }
  return null;
}

function sumAll(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function tranqueWinner(
  config: TableConfig,
  pipsBySeat: readonly number[],
  pipsBySide: readonly number[],
  order: readonly Seat[],
  leader: Seat,
): Seat | null {
  const breakTies = config.tranqueTie === 'leader';
  if (config.mode === 'parejas' && config.tranqueRule === 'pair_totals') {
    const [p0, p1] = pipsBySide as [number, number];
    let side: number | null = p0 < p1 ? 0 : p1 < p0 ? 1 : null;
    if (side === null && breakTies) side = sideNearestLeader(config, new Set([0, 1]), leader);
    return side === null ? null : lowestSeatOfSide(config, side, pipsBySeat, order);
  }
  const lowest = Math.min(...pipsBySeat);
  const lowSeats = order.filter((s) => pipsBySeat[s] === lowest);
  const sides = new Set(lowSeats.map((s) => sideOf(config, s)));
  if (sides.size === 1) return lowSeats[0] ?? null;
  if (!breakTies) return null;
  const side = sideNearestLeader(config, sides, leader);
  return lowSeats.find((s) => sideOf(config, s) === side) ?? null;
}

/**
 * Scores a finished hand (docs/rules.md). `lastSeat` made the final move (the seat that went out, or
 * the move that blocked the game); `capicua` says whether the winning tile qualifies for the
 * capicúa bonus; `scoresBefore` is the match score per side before this hand.
 */
export function scoreHand(
  config: TableConfig,
  hand: HandState,
  ending: 'domino' | 'tranque',
  lastSeat: Seat,
  capicua: boolean,
  scoresBefore: readonly number[],
): HandSummary {
  const players = config.players;
  const pipsBySeat = hand.hands.map((tiles) => sumPips(tiles));
  const pipsBySide = new Array<number>(sideCount(config)).fill(0);
  pipsBySeat.forEach((p, s) => {
    const side = sideOf(config, s as Seat);
    pipsBySide[side] = (pipsBySide[side] as number) + p;
  });

  let outcome: Outcome;
  if (ending === 'domino') {
    outcome = { winnerSeat: lastSeat, basePoints: pointsFor(config, lastSeat, pipsBySeat) };
  } else {
    const order = turnOrderFrom(nextSeat(lastSeat, players), players);
    const winner = tranqueWinner(config, pipsBySeat, pipsBySide, order, hand.leader);
    const allPips = config.tranqueCounting === 'all_pips';
    outcome = {
      winnerSeat: winner,
      basePoints:
        winner === null ? 0 : allPips ? sumAll(pipsBySeat) : pointsFor(config, winner, pipsBySeat),
    };
  }

  const winnerSide = outcome.winnerSeat === null ? null : sideOf(config, outcome.winnerSeat);
  const bonuses: Bonus[] = [...hand.bonuses];
  if (ending === 'domino' && capicua && config.bonuses.capicua && winnerSide !== null) {
    bonuses.push({ kind: 'capicua', seat: lastSeat, side: winnerSide, points: BONUS_POINTS });
  }
  const pointsBySide = new Array<number>(sideCount(config)).fill(0);
  if (winnerSide !== null) pointsBySide[winnerSide] = outcome.basePoints;
  for (const b of bonuses) pointsBySide[b.side] = (pointsBySide[b.side] as number) + b.points;

  return {
    handNumber: hand.number,
    leader: hand.leader,
    ending,
    winnerSeat: outcome.winnerSeat,
    winnerSide,
    voided: outcome.winnerSeat === null,
    pipsBySeat,
    pipsBySide,
    basePoints: outcome.basePoints,
    bonuses,
    pointsBySide,
    scoresAfter: scoresBefore.map((s, i) => s + (pointsBySide[i] as number)),
    remaining: hand.hands,
    dealt: hand.dealt,
    line: hand.line,
    passes: hand.passes,
  };
}

/**
 * Match result after a hand (docs/rules.md, "first pair to 100"): the side with the highest score
 * wins once it has reached the target. If two sides reach the target with the same highest score
 * (possible only through bonuses), nobody has won yet and another hand is played.
 * Duplicate play (`config.boards`, docs/decisions/062-duplicate-domino.md): the match ends after
 * exactly `boards` hands; the highest score wins the table, and a shared highest score is a tied
 * table (`tied: true`, `winnerSide: -1`, no winning seats): the duplicate comparison, not the
 * table, decides between the pairs.
 */
export function matchResult(
  config: TableConfig,
  scores: readonly number[],
  hands: number,
): MatchResult | null {
  const best = Math.max(...scores);
  const leaders = scores.flatMap((s, side) => (s === best ? [side] : []));
  if (config.boards !== undefined) {
    if (hands < config.boards) return null;
    if (leaders.length !== 1)
      return { winnerSide: -1, winnerSeats: [], scores: [...scores], hands, tied: true };
  } else {
    if (best < config.targetPoints) return null;
    if (leaders.length !== 1) return null;
  }
  const winnerSide = leaders[0] as number;
  const winnerSeats: Seat[] =
    config.mode === 'parejas'
      ? [winnerSide as Seat, (winnerSide + 2) as Seat]
      : [winnerSide as Seat];
  return { winnerSide, winnerSeats, scores: [...scores], hands };
}
