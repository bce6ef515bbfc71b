/**
 * Post-game analysis cost (docs/decisions/029-post-game-analysis.md): CPU time of `reviewMatch`
 * (the Difícil search on every decision of one seat) per match and per decision, over N matches
 * played by Medio bots in parejas, one core, default Difícil effort.
 * Run: npx tsx bench/src/analysis.ts [matches, default 10]
 * Prints per-match and per-decision p50/p95/max (ms, CPU time of this thread) and the share of
 * forced decisions (not searched).
 */
import {
  DEFAULT_CONFIG,
  applyMove,
  chooseMove,
  playerView,
  reviewMatch,
  startMatch,
  type MatchState,
  type Seat,
  type SeatedMove,
} from '@domino/domino';
import { percentile } from './stats';

/** A whole parejas match between Medio bots, as its move log. */
function botMatch(seed: string): {
  moves: SeatedMove[];
  seeds: { serverSeed: string; clientSeeds: string[] };
} {
  const seeds = { serverSeed: `bench-${seed}`, clientSeeds: ['a', 'b', 'c', 'd'] };
  let state: MatchState = startMatch(DEFAULT_CONFIG, seeds);
  const moves: SeatedMove[] = [];
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const move = chooseMove(playerView(state, seat), 'medio', `${seed}-${moves.length}`);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(result.code);
    moves.push({ seat, move });
    state = result.state;
  }
  return { moves, seeds };
}

/** CPU milliseconds of this process since `start` (user + system). */
function cpuMs(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}

const n = Number(process.argv[2] ?? 10);
const perMatch: number[] = [];
const perDecision: number[] = [];
let decisions = 0;
let forced = 0;
for (let i = 0; i < n; i++) {
  const { moves, seeds } = botMatch(String(i));
  const seat = (i % 4) as Seat;
  const start = process.cpuUsage();
  let last = process.cpuUsage();
  const review = reviewMatch(DEFAULT_CONFIG, seeds, moves, seat, { seed: `game-${i}` }, (d) => {
    if (!d.forced) perDecision.push(cpuMs(last));
    last = process.cpuUsage();
  });
  perMatch.push(cpuMs(start));
  decisions += review.decisions.length;
  forced += review.decisions.filter((d) => d.forced).length;
}
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(0)}  p95 ${percentile(s, 95).toFixed(0)}  max ${(s[s.length - 1] ?? 0).toFixed(0)}`;
};
console.log(`analysis of ${n} parejas matches (one seat each, default Difícil effort, CPU ms)`);
console.log(`per match:            ${fmt(perMatch)}`);
console.log(`per searched decision: ${fmt(perDecision)}`);
console.log(
  `decisions per match: ${(decisions / n).toFixed(1)}, forced (not searched): ${((100 * forced) / decisions).toFixed(0)}%`,
);
