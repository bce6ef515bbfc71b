/**
 * Difícil: determinized Monte-Carlo search ("perfect information Monte Carlo").
 *
 * For each decision it completes the hidden information many times, every completion consistent
 * with the tile counts and with every pass in the view (sampler.ts: exact uniform sampling, or all
 * deals when there are at most `exactDeals`), searches each completed hand to its end with
 * alpha-beta (search.ts: the engine's rules and the table's scoring, a node budget instead of a
 * clock), and plays the move with the best average score for its side: points won minus points
 * conceded in the hand, dominó, tranque, voided hands and enabled bonuses included. Ties go to
 * the Medio heuristic's favourite.
 *
 * Works in parejas (the bot's pair maximises, the other pair minimises) and in individual mode
 * (every other seat minimises the bot's score; the sampled stock order makes draws part of the
 * search).
 */
import type { Move } from '../types';
import type { PlayerView } from '../view';
import { constraintsFromView, withoutPasses } from './knowledge';
import { chooseMedio, scoreMoves, type MedioWeights } from './medio';
import { toRng, type Rng, type RngSource } from './rng';
import { dealSampler, type SampledDeal } from './sampler';
import {
  DEFAULT_EVAL,
  HandSearch,
  type EvalWeights,
  type PartnerSearch,
  type SearchMove,
} from './search';
import { tileId } from '../tiles';
import { usesStock } from '../config';
import { playLikelihood, reconstructPlays } from './history';
import { movesToChoose, partnerOf } from './view-moves';

/** Tunables of the Difícil bot. Effort is in search nodes (deterministic, clock-free). */
export interface DificilOptions {
  /** Deals sampled per decision when there are more than `exactDeals`. */
  readonly samples: number;
  /** Enumerate every consistent deal instead of sampling when there are at most this many. */
  readonly exactDeals: number;
  /** Search nodes per decision, shared equally by the deals. */
  readonly nodeBudget: number;
  /** Floor of nodes per deal (so many deals never starve each search). */
  readonly minNodesPerDeal: number;
  /** Leaf heuristic weights of the search. */
  readonly eval: EvalWeights;
  /** Points added for winning a hand in the search's valuation (`SearchParams.winBonus`). */
  readonly winBonus: number;
  /**
   * Inference from the other seats' plays (history.ts `playLikelihood`): deals are weighted by
   * how likely they make the plays seen so far under a "shed heavy tiles" model of strength
   * `inferenceBeta` (per pip; 0 turns inference off). Sampled deals are drawn from
   * `candidates` uniform ones by importance resampling; enumerated deals are weighted.
   */
  readonly inferenceBeta: number;
  /** The same for the partner's plays (parejas): a partner may follow other habits. */
  readonly partnerBeta: number;
  /**
   * Also read the leads of hands after the first under the same model. Off by default: leads
   * follow other habits (the longest suit), and reading them as "heaviest tile" cost match wins
   * against Medio in the tournament (docs/performance.md).
   */
  readonly inferFromLeads: boolean;
  readonly candidates: number;
  /** Weights of the Medio heuristic used to break ties. */
  readonly medio: Partial<MedioWeights>;
}

/** Defaults: tuned so a decision stays well under 300 ms on a 2-core machine (docs/performance.md). */
export const DEFAULT_DIFICIL_OPTIONS: DificilOptions = Object.freeze({
  samples: 40,
  exactDeals: 60,
  nodeBudget: 120_000,
  minNodesPerDeal: 500,
  eval: DEFAULT_EVAL,
  winBonus: 0,
  inferenceBeta: 1,
  partnerBeta: 1,
  inferFromLeads: false,
  candidates: 400,
  medio: {},
});

/** What a decision looked at, for tests and tuning. */
export interface DificilAnalysis {
  readonly move: Move;
  /** Legal moves with their mean searched value (points for the bot's side, per hand). */
  readonly values: readonly { readonly move: Move; readonly value: number }[];
  /** Deals searched, and whether they were every consistent deal. */
  readonly deals: number;
  readonly enumerated: boolean;
  /** Deals whose hand was solved to the end within the node budget. */
  readonly solved: number;
  readonly nodes: number;
}

/** exp(logL - max), so the likeliest deal weighs 1 (all 1 when every logL is -Infinity). */
function normalisedWeights(logL: readonly number[]): number[] {
  const top = Math.max(...logL);
  if (!Number.isFinite(top)) return logL.map(() => 1);
  return logL.map((l) => Math.exp(l - top));
}

/** Systematic resampling: `k` items drawn from `pool` with probability proportional to `w` (`u` uniform in [0, 1)). */
export function resample<T>(pool: readonly T[], w: readonly number[], k: number, u: number): T[] {
  const total = w.reduce((a, b) => a + b, 0);
  const out: T[] = [];
  let acc = 0;
  let i = 0;
  for (let j = 0; j < k; j++) {
    const target = ((j + u) / k) * total;
    while (i < pool.length - 1 && acc + (w[i] as number) <= target) acc += w[i++] as number;
    out.push(pool[i] as T);
  }
  return out;
}

/**
 * Difícil's decision with its evidence. Uses only `view` (docs/architecture.md#how-a-move-flows), `rng` and `options`.
 * Throws RangeError when the view has no legal move.
 */
export function analyzeDificil(
  view: PlayerView,
  rng: RngSource,
  options: Partial<DificilOptions> = {},
): DificilAnalysis {
  const opts = { ...DEFAULT_DIFICIL_OPTIONS, ...options };
  const moves = movesToChoose(view);
  const random = toRng(rng);
  const playMoves = moves.filter((m) => m.kind === 'play');
  if (moves.length === 1 || playMoves.length !== moves.length) {
    const move = moves[0] as Move;
    return { move, values: [], deals: 0, enumerated: false, solved: 0, nodes: 0 };
  }

  let sampler = dealSampler(constraintsFromView(view));
  // A view that contradicts its own passes cannot come from the engine; stay legal regardless.
  if (sampler.count === 0) sampler = dealSampler(withoutPasses(constraintsFromView(view)));
  if (sampler.count === 0) {
    const move = chooseMedio(view, random, opts.medio);
    return { move, values: [], deals: 0, enumerated: false, solved: 0, nodes: 0 };
  }
  const plays = opts.inferenceBeta > 0 && !usesStock(view.config) ? reconstructPlays(view) : null;
  const likelihood =
    plays === null
      ? null
      : playLikelihood(plays, view.seat, opts.inferenceBeta, {
          partnerBeta: opts.partnerBeta,
          partner: partnerOf(view),
          leadIsForced: view.handNumber === 1 || !opts.inferFromLeads,
        });
  const all = sampler.enumerate(opts.exactDeals, random);
  let deals: SampledDeal[];
  let weights: number[];
  if (all !== null) {
    deals = all;
    weights =
      likelihood === null
        ? all.map(() => 1)
        : normalisedWeights(all.map((d) => likelihood(d.hands)));
  } else if (likelihood !== null) {
    const pool = Array.from({ length: Math.max(opts.candidates, opts.samples) }, () =>
      sampler.sample(random),
    );
    deals = resample(
      pool,
      normalisedWeights(pool.map((d) => likelihood(d.hands))),
      opts.samples,
      random.next(),
    );
    weights = deals.map(() => 1);
  } else {
    deals = Array.from({ length: opts.samples }, () => sampler.sample(random));
    weights = deals.map(() => 1);
  }

  const searched = searchDeals(view, playMoves, deals, weights, opts, random);
  return { ...searched, deals: deals.length, enumerated: all !== null };
}

/**
 * Difícil: the legal move with the best expected hand score over sampled deals (file comment).
 * Throws RangeError when the view has no legal move.
 */
export function chooseDificil(
  view: PlayerView,
  rng: RngSource,
  options: Partial<DificilOptions> = {},
): Move {
  return analyzeDificil(view, rng, options).move;
}

/** Effort and valuation of `searchDeals` (a subset of the Difícil and Experto options). */
export interface DealSearchOptions {
  readonly nodeBudget: number;
  readonly minNodesPerDeal: number;
  readonly eval: EvalWeights;
  readonly winBonus: number;
  readonly medio: Partial<MedioWeights>;
  /**
   * Share (0..1) of the choice given to votes instead of mean values: each deal gives its weight
   * to its best plays (split between ties), and a play's score is (1 - vote) × its mean value
   * normalised by the spread of the values + vote × its share of the votes. 0 = mean value only.
   */
  readonly vote?: number;
}

/**
 * Searches every deal of `deals` to the end of the hand (search.ts, about `nodeBudget` nodes
 * shared equally, at least `minNodesPerDeal` each) and returns the play with the best
 * `weights`-weighted mean value (points for the bot's side) with every play's mean value. Deals
 * of weight 0 are skipped. Ties go to the Medio heuristic's favourite, then to `random`.
 * `playMoves` must be `view`'s legal plays and `deals` non-empty; shared by Difícil and Experto.
 * `heaviest[k]` (optional): seats (bit per seat) the search of deal k models as greedy
 * heaviest-tile players (`HandSearch.search`). `utility` (optional, monotone): maps each deal's
 * searched value (points of the hand for the bot's side) before the weighted mean, e.g. to the
 * probability of winning the match (Experto's `matchPlay`, decision 058, addendum 4).
 * `ownViewSeats` (optional, bit per seat): seats every deal's search plays by the own-view policy
 * (`HandSearch.search`, Experto's `ownView`, decision 058, addendum 5). `partner` (optional):
 * the partner's first turns searched from its own information in every deal, one `cache` shared
 * by the deals (`PartnerSearch`, Experto's `partnerSearch`, decision 058, addendum 6).
 */
export function searchDeals(
  view: PlayerView,
  playMoves: readonly Move[],
  deals: readonly SampledDeal[],
  weights: readonly number[],
  opts: DealSearchOptions,
  random: Rng,
  heaviest?: readonly number[],
  utility?: (value: number) => number,
  ownViewSeats = 0,
  partner: PartnerSearch | null = null,
): Pick<DificilAnalysis, 'move' | 'values' | 'solved' | 'nodes'> {
  const rootMoves: SearchMove[] = playMoves.map((m) => {
    if (m.kind !== 'play') throw new RangeError('searchDeals takes plays only');
    return { id: tileId(m.tile), end: m.end };
  });
  const perDeal = Math.max(opts.minNodesPerDeal, Math.floor(opts.nodeBudget / deals.length));
  const search = new HandSearch(view.config, view.seat, {
    eval: opts.eval,
    winBonus: opts.winBonus,
  });
  const totals = new Float64Array(rootMoves.length);
  const vote = opts.vote ?? 0;
  const votes = new Float64Array(rootMoves.length);
  let solved = 0;
  let nodes = 0;
  let weightSum = 0;
  deals.forEach((deal, k) => {
    const w = weights[k] as number;
    weightSum += w;
    if (w === 0) return;
    const result = search.search(
      { hands: deal.hands, stock: deal.stock, ends: view.ends },
      rootMoves,
      perDeal,
      heaviest?.[k] ?? 0,
      ownViewSeats,
      partner,
    );
    const dealValues = utility === undefined ? result.values : result.values.map(utility);
    dealValues.forEach((v, i) => (totals[i] = (totals[i] as number) + w * v));
    if (vote > 0) {
      let top = -Infinity;
      for (const v of dealValues) if (v > top) top = v;
      let n = 0;
      for (const v of dealValues) if (v >= top - 1e-6) n++;
      dealValues.forEach((v, i) => {
        if (v >= top - 1e-6) votes[i] = (votes[i] as number) + w / n;
      });
    }
    if (result.exact) solved++;
    nodes += result.nodes;
  });

  const values = playMoves.map((move, i) => ({ move, value: (totals[i] as number) / weightSum }));
  let scoreOf = (i: number): number => (values[i] as { value: number }).value;
  if (vote > 0) {
    const lo = Math.min(...values.map((v) => v.value));
    const spread = Math.max(...values.map((v) => v.value)) - lo || 1;
    scoreOf = (i) =>
      ((1 - vote) * ((values[i] as { value: number }).value - lo)) / spread +
      (vote * (votes[i] as number)) / weightSum;
  }
  const scores = values.map((_, i) => scoreOf(i));
  const top = Math.max(...scores);
  const best = values.filter((_, i) => (scores[i] as number) >= top - 1e-6);
  const move = breakTies(view, best, opts.medio, random);
  return { move, values, solved, nodes };
}

/**
 * The move among `best` (equally valued by a search, at least one) that the Medio heuristic
 * scores highest (`scoreMoves` with `medio` options), then one of those at random (`random` is
 * drawn only when several remain). Shared by Difícil and Experto's searches.
 */
export function breakTies(
  view: PlayerView,
  best: readonly { move: Move }[],
  medio: Parameters<typeof scoreMoves>[1],
  random: Rng,
): Move {
  if (best.length === 1) return (best[0] as { move: Move }).move;
  const scored = scoreMoves(view, medio);
  let bestScore = -Infinity;
  const ties: Move[] = [];
  for (const b of best) {
    const score = scored.find((s) => s.move === b.move)?.score ?? 0;
    if (score > bestScore + 1e-9) {
      bestScore = score;
      ties.length = 0;
      ties.push(b.move);
    } else if (score >= bestScore - 1e-9) ties.push(b.move);
  }
  return ties[random.int(ties.length)] as Move;
}
