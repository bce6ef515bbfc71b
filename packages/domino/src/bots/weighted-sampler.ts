/**
 * Sampling the hidden tiles with a weight per (seat, tile): the Experto bot's proposal
 * distribution (docs/decisions/058-experto.md).
 *
 * A deal that meets the hard constraints (tile counts, passes: the same `DealConstraints` as
 * sampler.ts) is drawn with probability proportional to the product, over the unseen tiles, of
 * the weight of the tile for the seat that receives it (`weights[seat][tileId]`; the stock and any
 * surplus weigh 1). Weight 0 forbids a tile to a seat, so all weights 1 is exactly the uniform
 * sampler of sampler.ts. Method: a dynamic programme over the unseen tiles one by one, its state
 * the vector of tiles each receiver still needs, gives the total weight of the completions of
 * every partial deal; sampling walks the tiles choosing each one's receiver with probability
 * proportional to its weight times the completions it leaves. Exact and rejection-free.
 */
import { TILE_COUNT } from '../tiles';
import type { DealConstraints } from './knowledge';
import { lackedTiles } from './knowledge';
import { shuffleInPlace, type Rng } from './rng';
import type { SampledDeal } from './sampler';
import { popcount } from './tileset';

const STOCK = -1;
const NOWHERE = -2;

/** A reusable weighted sampler for one set of constraints and weights. */
export interface WeightedDealSampler {
  /** Total weight of the consistent deals (0 when the constraints contradict). */
  readonly total: number;
  /** One deal drawn with probability proportional to its weight (stock order uniform). */
  sample(rng: Rng): SampledDeal;
  /** log of a deal's weight: the sum of log weights of the tiles each other seat holds. */
  logWeight(hands: readonly number[]): number;
}

/**
 * Prepares weighted sampling for `c` with `weights[seat][tileId]` >= 0 (file comment). Seats
 * without a row weigh every tile 1; a seat that `c.lacks` a pip never receives its tiles,
 * whatever the weights say.
 */
export function weightedDealSampler(
  c: DealConstraints,
  weights: readonly (readonly number[] | undefined)[],
): WeightedDealSampler {
  const receivers: number[] = [];
  const needs: number[] = [];
  for (let s = 0; s < c.players; s++) {
    if (s !== c.seat && (c.needs[s] ?? 0) > 0) {
      receivers.push(s);
      needs.push(c.needs[s] as number);
    }
  }
  if (c.stockNeed > 0) {
    receivers.push(STOCK);
    needs.push(c.stockNeed);
  }
  const tiles: number[] = [];
  for (let id = 0; id < TILE_COUNT; id++) if (c.unknownMask & (1 << id)) tiles.push(id);
  const surplus = popcount(c.unknownMask) - needs.reduce((a, b) => a + b, 0);
  if (surplus > 0) {
    receivers.push(NOWHERE);
    needs.push(surplus);
  }
  const R = receivers.length;
  // w[i * R + r]: weight of unseen tile i for receiver r.
  const w = new Float64Array(tiles.length * R);
  receivers.forEach((s, r) => {
    const forbidden = s >= 0 ? lackedTiles(c.lacks[s] ?? 0) : 0;
    const row = s >= 0 ? weights[s] : undefined;
    tiles.forEach((id, i) => {
      w[i * R + r] = forbidden & (1 << id) ? 0 : (row?.[id] ?? 1);
    });
  });
  const radix: number[] = [];
  let size = 1;
  for (const n of needs) {
    radix.push(size);
    size *= n + 1;
  }
  let start = 0;
  needs.forEach((n, r) => (start += n * (radix[r] as number)));
  const needOf = (state: number, r: number): number =>
    Math.floor(state / (radix[r] as number)) % ((needs[r] as number) + 1);
  // memo[i * size + state]: total weight of dealing tiles i.. to meet `state`; -1 = unknown.
  const memo = new Float64Array((tiles.length + 1) * size).fill(-1);
  const completions = (i: number, state: number): number => {
    if (i === tiles.length) return state === 0 ? 1 : 0;
    const key = i * size + state;
    const cached = memo[key] as number;
    if (cached >= 0) return cached;
    let total = 0;
    for (let r = 0; r < R; r++) {
      const wr = w[i * R + r] as number;
      if (wr > 0 && needOf(state, r) > 0)
        total += wr * completions(i + 1, state - (radix[r] as number));
    }
    memo[key] = total;
    return total;
  };
  const total = completions(0, start);

  const sample = (rng: Rng): SampledDeal => {
    if (!(total > 0)) throw new RangeError('no deal is consistent with the constraints');
    const hands = new Array<number>(c.players).fill(0);
    hands[c.seat] = c.ownMask;
    const stock: number[] = [];
    let state = start;
    tiles.forEach((id, i) => {
      let x = rng.next() * completions(i, state);
      let pick = -1;
      for (let r = 0; r < R; r++) {
        const wr = w[i * R + r] as number;
        if (wr === 0 || needOf(state, r) === 0) continue;
        const part = wr * completions(i + 1, state - (radix[r] as number));
        if (part === 0) continue;
        pick = r;
        x -= part;
        if (x < 0) break;
      }
      state -= radix[pick] as number;
      const s = receivers[pick] as number;
      if (s === STOCK) stock.push(id);
      else if (s >= 0) hands[s] = (hands[s] as number) | (1 << id);
    });
    return { hands, stock: shuffleInPlace(stock, rng) };
  };

  const logWeight = (hands: readonly number[]): number => {
    let sum = 0;
    hands.forEach((mask, s) => {
      const row = weights[s];
      if (s === c.seat || row === undefined) return;
      let m = mask & c.unknownMask;
      while (m !== 0) {
        const id = 31 - Math.clz32(m);
        m ^= 1 << id;
        sum += Math.log(row[id] ?? 1);
      }
    });
    return sum;
  };

  return { total, sample, logWeight };
}
