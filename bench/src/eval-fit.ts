/**
 * Fits the search's leaf value (search.ts `evaluateHands`) to the exact values of real positions:
 * Difícil self-play matches (parejas, the engine's defaults); at every turn whose seat has a tile
 * to play with between `--min` and `--max` tiles in the four hands, the position (every hand
 * known) is solved to the end of the hand by the search itself (`HandSearch`, at most `--budget`
 * nodes; positions it cannot solve are left out), and its value for the side to move is regressed
 * on features of the hands by least squares. Prints, per band of tiles left, the root-mean-square
 * error of `DEFAULT_EVAL` and of the fitted weights (docs/decisions/058-experto.md, addendum 11).
 *
 *   npx tsx bench/src/eval-fit.ts --matches=40 --min=10 --max=20
 */
import { DEFAULT_CONFIG, applyMove, playerView, startMatch, type Seat } from '@domino/domino';
import { chooseMove, createRng, type Rng } from '../../packages/domino/src/bots/index';
import {
  DEFAULT_EVAL,
  HandSearch,
  evaluateHands,
  type SearchMove,
} from '../../packages/domino/src/bots/search';
import {
  DOUBLES_MASK,
  SUIT_MASK,
  maskOf,
  maskPips,
  popcount,
} from '../../packages/domino/src/bots/tileset';
import { tileId } from '../../packages/domino/src/tiles';

const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const matches = Number(arg('matches', '40'));
const minTiles = Number(arg('min', '10'));
const maxTiles = Number(arg('max', '20'));
const budget = Number(arg('budget', '3000000'));
const level = arg('level', 'dificil');

/** Feature names, each "the other side minus the side to move" unless said. */
const FEATURES = [
  'pips',
  'shortest hand (tiles)',
  'doubles',
  'tiles in all',
  'seats with a play',
  'tiles of the open suits',
  'to move (constant)',
] as const;

interface Sample {
  readonly tiles: number;
  readonly x: number[];
  readonly value: number;
  readonly base: number;
}

function features(hands: number[], mover: number, left: number, right: number): number[] {
  let pips = 0;
  let dbl = 0;
  let all = 0;
  let plays = 0;
  let suits = 0;
  let minUs = 99;
  let minThem = 99;
  const fit = (SUIT_MASK[left] as number) | (SUIT_MASK[right] as number);
  for (let s = 0; s < 4; s++) {
    const h = hands[s] as number;
    const sign = s % 2 === mover % 2 ? -1 : 1;
    const n = popcount(h);
    pips += sign * maskPips(h);
    dbl += sign * popcount(h & DOUBLES_MASK);
    all += sign * n;
    plays += sign * (h & fit ? 1 : 0);
    suits += sign * popcount(h & fit);
    if (sign < 0) minUs = Math.min(minUs, n);
    else minThem = Math.min(minThem, n);
  }
  return [pips, minThem - minUs, dbl, all, plays, suits, 1];
}

const samples: Sample[] = [];
let unsolved = 0;
const started = Date.now();
for (let m = 0; m < matches; m++) {
  let state = startMatch(DEFAULT_CONFIG, {
    serverSeed: `evalfit/${m}`,
    clientSeeds: ['a', 'b', 'c', 'd'],
  });
  const rngs = [0, 1, 2, 3].map((s) => createRng(`evalfit/${m}/${s}`));
  const searches = [0, 1, 2, 3].map((s) => new HandSearch(DEFAULT_CONFIG, s as Seat));
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const hands = state.hand.hands.map((h) => maskOf(h));
    const tiles = hands.reduce((a, h) => a + popcount(h), 0);
    const plays = view.legalMoves.filter((mv) => mv.kind === 'play');
    if (plays.length > 0 && view.ends !== null && tiles >= minTiles && tiles <= maxTiles) {
      const moves: SearchMove[] = plays.map((mv) => ({
        id: tileId(mv.tile),
        end: mv.end,
      }));
      const search = searches[seat] as HandSearch;
      const r = search.search({ hands, stock: [], ends: view.ends }, moves, budget);
      if (r.exact) {
        const us = [0, 1, 2, 3].map((s) => (s % 2 === seat % 2 ? 1 : 0));
        samples.push({
          tiles,
          x: features(hands, seat, view.ends.left, view.ends.right),
          value: Math.max(...r.values),
          base: evaluateHands(hands, us, 4, true, DEFAULT_EVAL),
        });
      } else unsolved++;
    }
    const rng = rngs[seat] as Rng;
    const move = chooseMove(view, level as never, rng, {});
    const next = applyMove(state, seat, move);
    if (!next.ok) throw new Error(next.code);
    state = next.state;
  }
}
console.log(
  `${samples.length} positions solved (${unsolved} not within ${budget} nodes), ${matches} ${level} matches, ${((Date.now() - started) / 1000).toFixed(0)} s`,
);

/** Least squares by the normal equations (Gaussian elimination with partial pivoting). */
function fit(rows: readonly Sample[], use: readonly number[]): number[] {
  const k = use.length;
  const a = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  for (const r of rows)
    for (let i = 0; i < k; i++) {
      const xi = r.x[use[i] as number] as number;
      for (let j = 0; j < k; j++) (a[i] as number[])[j]! += xi * (r.x[use[j] as number] as number);
      (a[i] as number[])[k]! += xi * r.value;
    }
  for (let c = 0; c < k; c++) {
    let p = c;
    for (let i = c + 1; i < k; i++) if (Math.abs(a[i]![c]!) > Math.abs(a[p]![c]!)) p = i;
    [a[c], a[p]] = [a[p]!, a[c]!];
    const piv = a[c]![c]!;
    if (Math.abs(piv) < 1e-12) continue;
    for (let i = 0; i < k; i++) {
      if (i === c) continue;
      const f = a[i]![c]! / piv;
      for (let j = c; j <= k; j++) a[i]![j]! -= f * a[c]![j]!;
    }
  }
  return use.map((_, i) => a[i]![k]! / a[i]![i]!);
}

const rmse = (rows: readonly Sample[], f: (s: Sample) => number): number =>
  Math.sqrt(rows.reduce((s, r) => s + (f(r) - r.value) ** 2, 0) / Math.max(1, rows.length));

const bands: [number, number][] = [[minTiles, maxTiles]];
for (let lo = minTiles; lo <= maxTiles; lo += 4) bands.push([lo, Math.min(maxTiles, lo + 3)]);
const sets: { name: string; use: number[] }[] = [
  { name: 'pips + shortest (the default terms)', use: [0, 1] },
  { name: '+ doubles', use: [0, 1, 2] },
  { name: '+ doubles + to move', use: [0, 1, 2, 6] },
  { name: 'all', use: [0, 1, 2, 3, 4, 5, 6] },
];
for (const [lo, hi] of bands) {
  const rows = samples.filter((s) => s.tiles >= lo && s.tiles <= hi);
  if (rows.length < 20) continue;
  const mean = rows.reduce((s, r) => s + r.value, 0) / rows.length;
  console.log(
    `tiles ${lo}-${hi}: ${rows.length} positions, value mean ${mean.toFixed(2)}; RMSE of a constant ${rmse(rows, () => mean).toFixed(2)}, DEFAULT_EVAL ${rmse(rows, (r) => r.base).toFixed(2)}`,
  );
  for (const set of sets) {
    const w = fit(rows, set.use);
    const e = rmse(rows, (r) =>
      set.use.reduce((s, f, i) => s + (w[i] as number) * (r.x[f] as number), 0),
    );
    const desc = set.use.map((f, i) => `${FEATURES[f]} ${(w[i] as number).toFixed(2)}`).join(', ');
    console.log(`  ${set.name}: RMSE ${e.toFixed(2)} (${desc})`);
  }
}
