/**
 * Sampling the hidden tiles consistently with what a seat knows (counts and passes), for the
 * Difícil bot's determinized search.
 *
 * Method: exact and rejection-free. Each unseen tile can go to a set of "receivers" (the other
 * seats that have not shown they lack one of its pips, and the stock). Tiles with the same set
 * form a class (at most 2^4 classes). A dynamic programme over classes counts the deals that meet
 * every receiver's tile count exactly; sampling then walks the classes, choosing how many tiles of
 * the class each receiver gets with probability proportional to the number of completions. Every
 * consistent deal is equally likely, no sample is ever rejected, and the same count lets the bot
 * enumerate all deals when there are few.
 */
import { TILE_COUNT } from '../tiles';
import type { DealConstraints } from './knowledge';
import { lackedTiles } from './knowledge';
import { shuffleInPlace, type Rng } from './rng';
import { popcount } from './tileset';

/** One completion of the hidden information: every seat's tiles and the stock's order. */
export interface SampledDeal {
  /** Tile mask per seat (the deducing seat's own tiles included). */
  readonly hands: readonly number[];
  /** Stock tile ids, front first (the order draws take them). */
  readonly stock: readonly number[];
}

interface Plan {
  /** Receiver r: a seat index, STOCK or NOWHERE. */
  readonly receivers: readonly number[];
  readonly needs: readonly number[];
  /** Tile ids of each class, and the receivers allowed for it (bit r). */
  readonly classTiles: readonly (readonly number[])[];
  readonly classAllowed: readonly number[];
  /** Mixed-radix weights to encode the vector of remaining needs as one integer. */
  readonly radix: readonly number[];
  readonly startState: number;
  /** memo[c][state]: deals of classes c.. meeting `state`; -1 = not computed yet. */
  readonly memo: Float64Array[];
}

const STOCK = -1;
const NOWHERE = -2;

const FACTORIAL: number[] = [1];
for (let i = 1; i <= TILE_COUNT; i++) FACTORIAL.push((FACTORIAL[i - 1] as number) * i);

function buildPlan(c: DealConstraints): Plan {
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
  // Views from the engine always account for every tile; a hand-built one may show fewer tiles
  // than are unseen, and the surplus then goes "nowhere" so the bot still plays.
  const surplus = popcount(c.unknownMask) - needs.reduce((a, b) => a + b, 0);
  if (surplus > 0) {
    receivers.push(NOWHERE);
    needs.push(surplus);
  }
  const forbidden = receivers.map((s) => (s < 0 ? 0 : lackedTiles(c.lacks[s] ?? 0)));
  const byAllowed = new Map<number, number[]>();
  for (let id = 0; id < TILE_COUNT; id++) {
    if (!(c.unknownMask & (1 << id))) continue;
    let allowed = 0;
    forbidden.forEach((f, r) => {
      if (!(f & (1 << id))) allowed |= 1 << r;
    });
    const list = byAllowed.get(allowed) ?? [];
    list.push(id);
    byAllowed.set(allowed, list);
  }
  const classAllowed = [...byAllowed.keys()].sort((a, b) => a - b);
  const classTiles = classAllowed.map((a) => byAllowed.get(a) as number[]);
  const radix: number[] = [];
  let size = 1;
  for (const n of needs) {
    radix.push(size);
    size *= n + 1;
  }
  let startState = 0;
  needs.forEach((n, r) => (startState += n * (radix[r] as number)));
  const memo = classAllowed.map(() => new Float64Array(size).fill(-1));
  return { receivers, needs, classTiles, classAllowed, radix, startState, memo };
}

function needOf(plan: Plan, state: number, r: number): number {
  const n = plan.needs[r] as number;
  return Math.floor(state / (plan.radix[r] as number)) % (n + 1);
}

/**
 * Calls `visit(split, ways)` for every way to split `n` tiles of a class among its allowed
 * receivers without exceeding their remaining needs; `split[r]` tiles go to receiver r and
 * `ways` = n! / prod(split[r]!) is the number of tile assignments with that split.
 */
function forEachSplit(
  plan: Plan,
  allowed: number,
  n: number,
  state: number,
  visit: (split: number[], ways: number) => void,
): void {
  const R = plan.receivers.length;
  const split = new Array<number>(R).fill(0);
  const rs: number[] = [];
  for (let r = 0; r < R; r++) if (allowed & (1 << r)) rs.push(r);
  const go = (i: number, left: number, denom: number): void => {
    if (i === rs.length) {
      if (left === 0) visit(split, (FACTORIAL[n] as number) / denom);
      return;
    }
    const r = rs[i] as number;
    const cap = Math.min(left, needOf(plan, state, r));
    for (let k = 0; k <= cap; k++) {
      split[r] = k;
      go(i + 1, left - k, denom * (FACTORIAL[k] as number));
    }
    split[r] = 0;
  };
  go(0, n, 1);
}

function nextState(plan: Plan, state: number, split: readonly number[]): number {
  let s = state;
  split.forEach((k, r) => (s -= k * (plan.radix[r] as number)));
  return s;
}

function countFrom(plan: Plan, ci: number, state: number): number {
  if (ci === plan.classTiles.length) return state === 0 ? 1 : 0;
  const memo = plan.memo[ci] as Float64Array;
  const cached = memo[state] as number;
  if (cached >= 0) return cached;
  let total = 0;
  const n = (plan.classTiles[ci] as number[]).length;
  forEachSplit(plan, plan.classAllowed[ci] as number, n, state, (split, ways) => {
    const rest = countFrom(plan, ci + 1, nextState(plan, state, split));
    total += ways * rest;
  });
  memo[state] = total;
  return total;
}

function assemble(c: DealConstraints, plan: Plan, parts: number[][], rng: Rng): SampledDeal {
  const hands = new Array<number>(c.players).fill(0);
  hands[c.seat] = c.ownMask;
  let stock: number[] = [];
  plan.receivers.forEach((s, r) => {
    const ids = parts[r] as number[];
    if (s === STOCK) stock = shuffleInPlace(ids.slice(), rng);
    else if (s >= 0) for (const id of ids) hands[s] = (hands[s] as number) | (1 << id);
  });
  return { hands, stock };
}

/** A reusable sampler for one set of constraints. */
export interface DealSampler {
  /** Number of consistent deals (stock order not counted); 0 when the constraints contradict. */
  readonly count: number;
  /** One deal drawn uniformly among the consistent ones (stock order uniform too). */
  sample(rng: Rng): SampledDeal;
  /**
   * Every consistent deal, once each (stock orders shuffled by `rng`), or null when there are
   * more than `limit`.
   */
  enumerate(limit: number, rng: Rng): SampledDeal[] | null;
}

/** Prepares exact uniform sampling of the deals consistent with `c` (see the file comment). */
export function dealSampler(c: DealConstraints): DealSampler {
  const plan = buildPlan(c);
  const count = countFrom(plan, 0, plan.startState);
  const R = plan.receivers.length;

  const sample = (rng: Rng): SampledDeal => {
    if (count === 0) throw new RangeError('no deal is consistent with the constraints');
    const parts: number[][] = Array.from({ length: R }, () => []);
    let state = plan.startState;
    plan.classTiles.forEach((tiles, ci) => {
      const splits: number[][] = [];
      const weights: number[] = [];
      let total = 0;
      forEachSplit(plan, plan.classAllowed[ci] as number, tiles.length, state, (split, ways) => {
        const w = ways * countFrom(plan, ci + 1, nextState(plan, state, split));
        if (w > 0) {
          splits.push(split.slice());
          weights.push(w);
          total += w;
        }
      });
      let x = rng.next() * total;
      let pick = splits.length - 1;
      for (let i = 0; i < weights.length; i++) {
        x -= weights[i] as number;
        if (x < 0) {
          pick = i;
          break;
        }
      }
      const split = splits[pick] as number[];
      const shuffled = shuffleInPlace(tiles.slice(), rng);
      let k = 0;
      split.forEach((n, r) => {
        for (let i = 0; i < n; i++) (parts[r] as number[]).push(shuffled[k++] as number);
      });
      state = nextState(plan, state, split);
    });
    return assemble(c, plan, parts, rng);
  };

  const enumerate = (limit: number, rng: Rng): SampledDeal[] | null => {
    if (count > limit) return null;
    const out: SampledDeal[] = [];
    const parts: number[][] = Array.from({ length: R }, () => []);
    const byClass = (ci: number, state: number): void => {
      if (ci === plan.classTiles.length) {
        if (state === 0) out.push(assemble(c, plan, parts, rng));
        return;
      }
      const tiles = plan.classTiles[ci] as number[];
      forEachSplit(plan, plan.classAllowed[ci] as number, tiles.length, state, (split) => {
        const next = nextState(plan, state, split);
        if (countFrom(plan, ci + 1, next) === 0) return;
        // Every way to deal the class's tiles with this split: receiver by receiver, each taking
        // a combination of the tiles the earlier receivers left.
        const used = new Array<boolean>(tiles.length).fill(false);
        const giveFrom = (r: number): void => {
          if (r === R) {
            byClass(ci + 1, next);
            return;
          }
          const pick = (start: number, need: number): void => {
            if (need === 0) {
              giveFrom(r + 1);
              return;
            }
            for (let j = start; j < tiles.length; j++) {
              if (used[j]) continue;
              used[j] = true;
              (parts[r] as number[]).push(tiles[j] as number);
              pick(j + 1, need - 1);
              (parts[r] as number[]).pop();
              used[j] = false;
            }
          };
          pick(0, split[r] as number);
        };
        giveFrom(0);
      });
    };
    byClass(0, plan.startState);
    return out;
  };

  return { count, sample, enumerate };
}
