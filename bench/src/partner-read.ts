/**
 * How much of its partner's hand an Experto seat places right from its own view: the passes and
 * tile counts alone (uniform consistent deals), then those deals weighted by the play signal's
 * reading of the partner's plays (packages/domino/src/bots/signals.ts `partnerSignalTerm`) at
 * several inverse temperatures (docs/decisions/058-experto.md, addendum 14).
 *
 * Experto pairs (seats 0+2) play the greedy pair on experiment (e)'s deals; at every turn of seat 0
 * with more than three tiles on the line, 400 deals consistent with its view are drawn, and the
 * weighted mean share of the partner's actual tiles that each deal gives the partner is printed
 * per reading (a share of 1 is the hand-sharing cheat; the passes alone place about 38%).
 * `--margin` sets the partners' `signalMargin` (below 0: they do not send the signal, only play).
 * Seeded: the same figures each run.
 *
 *   npx tsx bench/src/partner-read.ts [--matches=12] [--margin=-1]
 */
import {
  DEFAULT_CONFIG,
  applyMove,
  playerView,
  startMatch,
  type Move,
  type Seat,
} from '@domino/domino';
import {
  chooseGreedy,
  chooseMove,
  createRng,
  type Rng,
} from '../../packages/domino/src/bots/index';
import { reconstructPlays } from '../../packages/domino/src/bots/history';
import { constraintsFromView } from '../../packages/domino/src/bots/knowledge';
import { dealSampler } from '../../packages/domino/src/bots/sampler';
import { partnerSignalTerm } from '../../packages/domino/src/bots/signals';
import { maskOf, popcount } from '../../packages/domino/src/bots/tileset';

const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const matches = Number(arg('matches', '12'));
const margin = Number(arg('margin', '-1'));
const GAMMAS = [0, 0.5, 1, 2, 4];
const DEALS = 400;
/** Experto's options in this bench: the doubles' leaf value (addendum 9) and the signal margin. */
const experto = { eval: { pips: 0.5, tiles: 4, doubles: 6 }, signalMargin: margin };

const placed = GAMMAS.map(() => 0);
let decisions = 0;
for (let m = 0; m < matches; m++) {
  let state = startMatch(DEFAULT_CONFIG, {
    serverSeed: `e/m${m}`,
    clientSeeds: ['c0', 'c1', 'c2', 'c3'],
  });
  const rngs = [0, 1, 2, 3].map((s) => createRng(`e/${m}/seat${s}`));
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const sampler =
      seat === 0 && view.line.length > 3 ? dealSampler(constraintsFromView(view)) : null;
    if (sampler !== null && sampler.count > 0) {
      const truth = maskOf(state.hand.hands[2] ?? []);
      const rng = createRng(`partner-read/${m}/${decisions}`);
      const deals = Array.from({ length: DEALS }, () => sampler.sample(rng));
      const plays = reconstructPlays(view);
      GAMMAS.forEach((gamma, g) => {
        const term = partnerSignalTerm(view, plays, 2, gamma);
        const logs = deals.map((d) => (term === null ? 0 : term(d.hands)));
        const top = Math.max(...logs);
        let total = 0;
        let right = 0;
        deals.forEach((d, k) => {
          const w = Math.exp((logs[k] as number) - top);
          total += w;
          right += (w * popcount((d.hands[2] as number) & truth)) / Math.max(1, popcount(truth));
        });
        placed[g] = (placed[g] as number) + right / total;
      });
      decisions++;
    }
    const rngOf = rngs[seat] as Rng;
    const move: Move =
      seat % 2 === 1 ? chooseGreedy(view, rngOf) : chooseMove(view, 'experto', rngOf, { experto });
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(result.code);
    state = result.state;
  }
}
console.log(
  `partner's tiles placed right by seat 0 (${matches} matches of (e), ${decisions} decisions, signal margin ${margin}):`,
);
GAMMAS.forEach((gamma, g) => {
  const label = gamma === 0 ? 'passes and counts only' : `signal read at gamma ${gamma}`;
  console.log(`  ${label.padEnd(26)} ${((100 * (placed[g] as number)) / decisions).toFixed(1)}%`);
});
