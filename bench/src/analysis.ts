/**
 * Post-game analysis cost (docs/decisions/029-post-game-analysis.md): CPU time of `reviewMatch`
 * (the Experto search on every decision of one seat, analysis.ts `ANALYSIS_EXPERTO_OPTIONS`) per
 * match and per decision, over N matches played by Medio bots in parejas (100 points), one core.
 * Run: npx tsx bench/src/analysis.ts [matches, default 10] [--stability] [--experto='{...}']
 * --experto overrides options of the search (e.g. '{"samples":384,"candidates":1920,
 * "nodeBudget":600000}' for half the effort).
 * Prints per-match and per-decision p50/p95/max (ms, CPU time of this thread) and the share of
 * forced decisions (not searched). With --stability it also re-evaluates every searched decision
 * with another seed and prints how much move values move between seeds (points) and how often
 * the "notable" verdict flips: the search's sampling noise against the threshold.
 */
import {
  DEFAULT_CONFIG,
  applyMove,
  chooseMove,
  playerView,
  reviewDecision,
  reviewMatch,
  startMatch,
  type MatchState,
  type ReviewOptions,
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

const n = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 10);
const stability = process.argv.includes('--stability');
const expertoArg = process.argv.find((a) => a.startsWith('--experto='));
const experto = expertoArg
  ? (JSON.parse(expertoArg.slice('--experto='.length)) as ReviewOptions['experto'])
  : undefined;
const override = experto ? { experto } : {};
const seedDiffs: number[] = [];
let flips = 0;
let compared = 0;
const perMatch: number[] = [];
const perDecision: number[] = [];
let decisions = 0;
let forced = 0;
for (let i = 0; i < n; i++) {
  const { moves, seeds } = botMatch(String(i));
  const seat = (i % 4) as Seat;
  const start = process.cpuUsage();
  let last = process.cpuUsage();
  const review = reviewMatch(
    DEFAULT_CONFIG,
    seeds,
    moves,
    seat,
    { seed: `game-${i}`, ...override },
    (d) => {
      if (!d.forced) perDecision.push(cpuMs(last));
      last = process.cpuUsage();
    },
  );
  perMatch.push(cpuMs(start));
  if (stability) {
    // The same views again with another seed (replayed, only the seat's own decisions).
    let state: MatchState = startMatch(DEFAULT_CONFIG, seeds);
    const byIndex = new Map(review.decisions.map((d) => [d.index, d]));
    moves.forEach((m, index) => {
      const first = byIndex.get(index);
      if (first && !first.forced) {
        const again = reviewDecision(playerView(state, seat), m.move, index, {
          seed: `other-${i}`,
          ...override,
        });
        for (const v of first.values) {
          const w = again.values.find((u) => JSON.stringify(u.move) === JSON.stringify(v.move));
          if (w) seedDiffs.push(Math.abs(v.value - w.value));
        }
        compared++;
        if (again.notable !== first.notable) flips++;
      }
      const r = applyMove(state, m.seat, m.move);
      if (!r.ok) throw new Error(r.code);
      state = r.state;
    });
  }
  decisions += review.decisions.length;
  forced += review.decisions.filter((d) => d.forced).length;
}
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(0)}  p95 ${percentile(s, 95).toFixed(0)}  max ${(s[s.length - 1] ?? 0).toFixed(0)}`;
};
console.log(
  `analysis of ${n} parejas matches (one seat each, Experto search${experto ? ` ${JSON.stringify(experto)}` : ''}, CPU ms)`,
);
console.log(`per match:            ${fmt(perMatch)}`);
console.log(`per searched decision: ${fmt(perDecision)}`);
console.log(
  `decisions per match: ${(decisions / n).toFixed(1)}, forced (not searched): ${((100 * forced) / decisions).toFixed(0)}%`,
);
if (stability) {
  const s = [...seedDiffs].sort((a, b) => a - b);
  console.log(
    `seed-to-seed |value difference| (pts): p50 ${percentile(s, 50).toFixed(1)}  p95 ${percentile(s, 95).toFixed(1)}  max ${(s[s.length - 1] ?? 0).toFixed(1)}`,
  );
  console.log(
    `notable verdict flips with the seed: ${flips} of ${compared} searched decisions (${((100 * flips) / Math.max(1, compared)).toFixed(1)}%)`,
  );
}
