/**
 * Hand-sharing score (docs/integrity.md, docs/decisions/059-hand-sharing-detector.md): do two
 * partners in parejas choose moves that do better under the real deal than their own information
 * justifies? The method follows bridge's detection of partners who exchange their cards: a choice
 * made from one's own information is, given that information, independent of where the partner's
 * hidden tiles actually are; a choice made knowing the partner's hand is not.
 *
 * For a decision of a seat with more than one distinct legal play, every legal move m gets two
 * values, in points for the seat's side over the rest of the hand (the search of bots/search.ts
 * over determinized deals, bots/sampler.ts, weighted by Experto's reading of the plays seen):
 * - `own(m)`: deals consistent with the seat's own view (partner and opponents sampled);
 * - `shared(m)`: the partner's actual tiles fixed, only the opponents sampled.
 * The information gain of a move is `shared(m) − own(m)`. The decision's score is the chosen
 * move's gain minus the mean gain of the legal moves: `d = gain(chosen) − mean_m gain(m)`. When
 * the choice depends only on the seat's own view (an honest player of any strength, with any
 * noise), its expectation is about 0, because `own` is the average of `shared` over the partner
 * hands the seat cannot tell apart; a seat that knows the partner's hand picks the move that
 * `shared` favours and scores positive on average.
 *
 * A hand's score D is the sum of d over both partners' decisions in it. Over a pair's hands
 * together, the statistic is the self-normalised sum z = ΣD / sqrt(ΣD²) (about standard normal
 * for honest play whatever the players' variance), flagged at {@link HAND_SHARING_Z} once the
 * pair has {@link HAND_SHARING_MIN_HANDS} hands; both were chosen by simulation
 * (bench/src/hand-sharing.ts, the curve in docs/integrity.md).
 *
 * Pure and deterministic: every search is seeded by `seed` and the move's index in the log.
 */
import { DEFAULT_EVAL, HandSearch } from './bots/search';
import { constraintsFromView, withoutPasses, type DealConstraints } from './bots/knowledge';
import { createRng, type Rng } from './bots/rng';
import { dealSampler, type SampledDeal } from './bots/sampler';
import { playLikelihood, reconstructPlays } from './bots/history';
import { DEFAULT_EXPERTO_OPTIONS, expertoReading } from './bots/experto';
import { maskOf } from './bots/tileset';
import { endsAfter, type PlayMove } from './bots/view-moves';
import type { FairnessSeeds } from './fairness';
import type { TableConfig } from './config';
import { applyMove, ReplayError, startMatch } from './match';
import { tileId, type Seat, type Tile } from './tiles';
import type { LinePiece, MatchState, Move, OpenEnds } from './types';
import type { LoggedMove } from './analysis';
import { playerView, type PlayerView } from './view';

/** Search effort of one valuation (deals and nodes; deterministic, clock-free). */
export interface IntegrityOptions {
  /** Deals per valuation (all consistent deals when there are at most this many). */
  readonly samples: number;
  /** Search nodes per valuation, shared by its deals. */
  readonly nodeBudget: number;
  /** Floor of nodes per deal. */
  readonly minNodesPerDeal: number;
  /**
   * Strength of the inference from the plays seen (bots/history.ts `playLikelihood`, per pip; 0
   * turns it off): what a good player reads from the others' plays is own information.
   */
  readonly inferenceBeta: number;
  /** Uniform deals drawn before resampling by likelihood. */
  readonly candidates: number;
  /**
   * How a valuation reads the hidden tiles from the plays seen (docs/integrity.md): 'experto' by
   * Experto's reading (bots/experto.ts `expertoReading` with its default options: the seats'
   * player types from their choices and earlier hands, the partner's play signal), what the
   * detector does; 'plays' (also when absent) by `inferenceBeta` per pip of the tiles each seat
   * chose not to play (bots/history.ts, Difícil's reading), what it did before.
   */
  readonly reading?: 'plays' | 'experto';
}

/**
 * Default effort: 12 deals and 12,000 nodes per valuation, two valuations per decision (about
 * 4 ms of CPU per decision, docs/integrity.md), the hidden tiles read as Experto reads them.
 * Few samples are enough: the sampling noise is the same for honest and sharing pairs and averages
 * out over hundreds of decisions.
 */
export const DEFAULT_INTEGRITY_OPTIONS: IntegrityOptions = Object.freeze({
  samples: 12,
  nodeBudget: 12_000,
  minNodesPerDeal: 400,
  inferenceBeta: 1,
  candidates: 96,
  reading: 'experto',
});

/** z over a pair's hands together at or above which the pair is flagged (docs/integrity.md). */
export const HAND_SHARING_Z = 4.5;
/** Hands a pair must have played together before the statistic may flag it. */
export const HAND_SHARING_MIN_HANDS = 25;

/** A legal move with both valuations (points for the seat's side, rounded to 0.1). */
export interface SharedMoveValue {
  readonly move: PlayMove;
  readonly own: number;
  readonly shared: number;
}

/** One scored decision of a partner. */
export interface SharingDecision {
  /** 0-based index of the move in the match's move log. */
  readonly index: number;
  readonly handNumber: number;
  readonly seat: Seat;
  /** The seat's tiles and its partner's (hidden from the seat) before the move. */
  readonly hand: readonly Tile[];
  readonly partnerHand: readonly Tile[];
  readonly line: readonly LinePiece[];
  readonly ends: OpenEnds | null;
  readonly played: PlayMove;
  /** Every distinct legal move, best under `own` first. */
  readonly values: readonly SharedMoveValue[];
  /** d = gain(played) − mean gain, in points (unrounded; see the file comment). */
  readonly gain: number;
}

/** One hand of a pair: its decisions and the sum of their scores (D). */
export interface SharingHand {
  readonly handNumber: number;
  /** The pair's side (0: seats 0+2, 1: seats 1+3). */
  readonly side: number;
  readonly decisions: readonly SharingDecision[];
  /** Σ d over the hand's decisions, in points (0 when none). */
  readonly score: number;
}

/** The pair's running statistic over its hands together. */
export interface SharingStatistic {
  readonly hands: number;
  readonly decisions: number;
  /** ΣD and ΣD² over the hands (points, points²). */
  readonly sum: number;
  readonly sumSquares: number;
  /** ΣD / sqrt(ΣD²); 0 when ΣD² is 0. */
  readonly z: number;
  /** Mean d per decision, in points (0 without decisions). */
  readonly meanGain: number;
}

/** exp(logL - max): the likeliest deal weighs 1 (all 1 when every logL is -Infinity). */
function normalised(logL: readonly number[]): number[] {
  const top = Math.max(...logL);
  if (!Number.isFinite(top)) return logL.map(() => 1);
  return logL.map((l) => Math.exp(l - top));
}

/** The log likelihood of a deal's hands given the plays seen, as `options.reading` reads them. */
function readingOf(
  view: PlayerView,
  options: IntegrityOptions,
): ((hands: readonly number[]) => number) | null {
  if (options.reading === 'experto')
    return expertoReading(view, DEFAULT_EXPERTO_OPTIONS).likelihood;
  const plays = options.inferenceBeta > 0 ? reconstructPlays(view) : null;
  return plays === null
    ? null
    : playLikelihood(plays, view.seat, options.inferenceBeta, {
        partner: (view.seat + 2) % 4,
        partnerBeta: options.inferenceBeta,
        leadIsForced: true,
      });
}

/**
 * Deals for a valuation, with their weights: consistent with the view (the partner's tiles fixed
 * when given), weighted by how likely they make the plays seen so far (`options.reading`) so
 * that what a seat can read from the others' plays counts as its own information. All deals when there are at most `samples`, else `samples` drawn by systematic
 * resampling from `candidates` uniform ones.
 */
function samplePositions(
  view: PlayerView,
  partnerHand: readonly Tile[] | null,
  rng: Rng,
  options: IntegrityOptions,
): { deals: SampledDeal[]; weights: number[] } {
  const base = constraintsFromView(view);
  const partner = (view.seat + 2) % 4;
  let c: DealConstraints = base;
  const partnerMask = partnerHand === null ? 0 : maskOf(partnerHand);
  if (partnerHand !== null)
    c = {
      ...base,
      unknownMask: base.unknownMask & ~partnerMask,
      needs: base.needs.map((n, s) => (s === partner ? 0 : n)),
    };
  let sampler = dealSampler(c);
  if (sampler.count === 0) sampler = dealSampler(withoutPasses(c));
  if (sampler.count === 0) return { deals: [], weights: [] };
  const fix = (d: SampledDeal): SampledDeal =>
    partnerHand === null
      ? d
      : { hands: d.hands.map((h, s) => (s === partner ? partnerMask : h)), stock: d.stock };
  const likelihood = readingOf(view, options);
  const all = sampler.enumerate(options.samples, rng);
  if (all !== null) {
    const deals = all.map(fix);
    const weights =
      likelihood === null ? deals.map(() => 1) : normalised(deals.map((d) => likelihood(d.hands)));
    return { deals, weights };
  }
  if (likelihood === null) {
    const deals = Array.from({ length: options.samples }, () => fix(sampler.sample(rng)));
    return { deals, weights: deals.map(() => 1) };
  }
  const pool = Array.from({ length: Math.max(options.candidates, options.samples) }, () =>
    fix(sampler.sample(rng)),
  );
  const w = normalised(pool.map((d) => likelihood(d.hands)));
  const total = w.reduce((a, b) => a + b, 0);
  const u = rng.next();
  const deals: SampledDeal[] = [];
  let acc = 0;
  let i = 0;
  for (let j = 0; j < options.samples; j++) {
    const target = ((j + u) / options.samples) * total;
    while (i < pool.length - 1 && acc + (w[i] as number) <= target) acc += w[i++] as number;
    deals.push(pool[i] as SampledDeal);
  }
  return { deals, weights: deals.map(() => 1) };
}

/**
 * Values of `moves` (legal plays of `view.seat`) in points for the seat's side over the rest of
 * the hand: the mean of the perfect-information search over deals consistent with the view, with
 * the partner's tiles fixed to `partnerHand` when given (parejas only). Reads only the view, the
 * partner's tiles, `rng` and `options`. Returns NaNs when no deal is consistent.
 */
export function valueMoves(
  view: PlayerView,
  moves: readonly PlayMove[],
  partnerHand: readonly Tile[] | null,
  rng: Rng,
  options: IntegrityOptions = DEFAULT_INTEGRITY_OPTIONS,
): number[] {
  const { deals, weights } = samplePositions(view, partnerHand, rng, options);
  if (deals.length === 0) return moves.map(() => Number.NaN);
  const search = new HandSearch(view.config, view.seat, { eval: DEFAULT_EVAL, winBonus: 0 });
  const root = moves.map((m) => ({ id: tileId(m.tile), end: m.end }));
  const perDeal = Math.max(options.minNodesPerDeal, Math.floor(options.nodeBudget / deals.length));
  const totals = new Float64Array(moves.length);
  let weightSum = 0;
  deals.forEach((deal, k) => {
    const w = weights[k] as number;
    weightSum += w;
    if (w === 0) return;
    const r = search.search(
      { hands: deal.hands, stock: deal.stock, ends: view.ends },
      root,
      perDeal,
    );
    r.values.forEach((v, i) => (totals[i] = (totals[i] as number) + w * v));
  });
  return Array.from(totals, (t) => t / weightSum);
}

/**
 * The distinct legal plays of a view: moves that give the same tile and the same open ends are
 * one choice (a tile that fits both ends of a line showing the same pip). Empty when the seat
 * must pass or draw.
 */
export function distinctPlays(view: PlayerView): PlayMove[] {
  if (view.legalMoves.some((m) => m.kind !== 'play')) return [];
  const seen = new Set<string>();
  const out: PlayMove[] = [];
  for (const m of view.legalMoves as readonly PlayMove[]) {
    const e = endsAfter(m, view.ends);
    const key = `${tileId(m.tile)}:${Math.min(e.left, e.right)}:${Math.max(e.left, e.right)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m);
  }
  return out;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/**
 * The move of a seat that is told its partner's tiles (the cheat this module looks for; the
 * calibration bench and the tests play it): the distinct legal play with the best value given
 * `partnerHand`, the first legal move when there is nothing to choose. Throws RangeError when the
 * view has no legal move.
 */
export function sharingMove(
  view: PlayerView,
  partnerHand: readonly Tile[],
  rng: Rng,
  options: IntegrityOptions = DEFAULT_INTEGRITY_OPTIONS,
): Move {
  if (view.legalMoves.length === 0) throw new RangeError(`seat ${view.seat} has no legal move`);
  const plays = distinctPlays(view);
  if (plays.length < 2) return view.legalMoves[0] as Move;
  const values = valueMoves(view, plays, partnerHand, rng, options);
  let best = 0;
  values.forEach((v, i) => {
    if (v > (values[best] as number)) best = i;
  });
  return plays[best] as Move;
}

function samePosition(view: PlayerView, a: PlayMove, b: PlayMove): boolean {
  if (tileId(a.tile) !== tileId(b.tile)) return false;
  const x = endsAfter(a, view.ends);
  const y = endsAfter(b, view.ends);
  return (
    Math.min(x.left, x.right) === Math.min(y.left, y.right) &&
    Math.max(x.left, x.right) === Math.max(y.left, y.right)
  );
}

/**
 * Scores one decision: `view` is the deciding seat's view (parejas, its turn), `partnerHand` the
 * partner's actual tiles, `played` the move made. Null when there was nothing to choose (fewer
 * than two distinct plays) or no deal is consistent. Throws RangeError outside parejas or when
 * `played` is not a legal play.
 */
export function scoreDecision(
  view: PlayerView,
  partnerHand: readonly Tile[],
  played: PlayMove,
  index: number,
  seed: string,
  options: IntegrityOptions = DEFAULT_INTEGRITY_OPTIONS,
): SharingDecision | null {
  if (view.config.mode !== 'parejas') throw new RangeError('hand sharing is scored in parejas');
  const moves = distinctPlays(view);
  const chosen = moves.findIndex((m) => samePosition(view, m, played));
  if (moves.length > 0 && chosen < 0)
    throw new RangeError(`move ${index} is not a legal play for seat ${view.seat}`);
  if (moves.length < 2) return null;
  // The same stream for both valuations: their sampling starts alike (common random numbers).
  const own = valueMoves(view, moves, null, createRng(`${seed}:${index}:i`), options);
  const shared = valueMoves(view, moves, partnerHand, createRng(`${seed}:${index}:i`), options);
  if (own.some(Number.isNaN) || shared.some(Number.isNaN)) return null;
  const gains = moves.map((_, i) => (shared[i] as number) - (own[i] as number));
  const mean = gains.reduce((a, b) => a + b, 0) / gains.length;
  const values = moves
    .map((move, i) => ({
      move,
      own: round1(own[i] as number),
      shared: round1(shared[i] as number),
    }))
    .sort((a, b) => b.own - a.own);
  return {
    index,
    handNumber: view.handNumber,
    seat: view.seat,
    hand: view.hand,
    partnerHand,
    line: view.line,
    ends: view.ends,
    played: moves[chosen] as PlayMove,
    values,
    gain: (gains[chosen] as number) - mean,
  };
}

/**
 * Scores every hand of a finished (or running) parejas match for the pair of `side`: replays the
 * log from `config` and the revealed `fairness`, and scores each decision of the pair's two seats
 * that a person made (`actor` absent or 'player'; moves the CPU made for an absent player are
 * left out). Returns one entry per hand that was played, decisions or not. Throws RangeError
 * outside parejas, ReplayError when the log does not replay.
 */
export function scoreMatchHands(
  config: TableConfig,
  fairness: FairnessSeeds,
  moves: readonly LoggedMove[],
  side: 0 | 1,
  seed: string,
  options: IntegrityOptions = DEFAULT_INTEGRITY_OPTIONS,
): SharingHand[] {
  if (config.mode !== 'parejas') throw new RangeError('hand sharing is scored in parejas');
  let state: MatchState = startMatch(config, fairness);
  const hands = new Map<number, SharingDecision[]>([[state.hand.number, []]]);
  moves.forEach((m, index) => {
    if (
      m.seat % 2 === side &&
      m.move.kind === 'play' &&
      (m.actor === undefined || m.actor === 'player')
    ) {
      const partner = ((m.seat + 2) % 4) as Seat;
      const d = scoreDecision(
        playerView(state, m.seat),
        state.hand.hands[partner] ?? [],
        m.move,
        index,
        seed,
        options,
      );
      if (d) hands.get(state.hand.number)?.push(d);
    }
    const result = applyMove(state, m.seat, m.move);
    if (!result.ok) throw new ReplayError(index, result.code);
    state = result.state;
    if (state.status === 'playing' && !hands.has(state.hand.number))
      hands.set(state.hand.number, []);
  });
  return [...hands].map(([handNumber, decisions]) => ({
    handNumber,
    side,
    decisions,
    score: decisions.reduce((s, d) => s + d.gain, 0),
  }));
}

/** The statistic over a pair's hands together, from each hand's score and decision count. */
export function sharingStatistic(
  hands: readonly { readonly score: number; readonly decisions: number }[],
): SharingStatistic {
  let sum = 0;
  let sumSquares = 0;
  let decisions = 0;
  for (const h of hands) {
    sum += h.score;
    sumSquares += h.score * h.score;
    decisions += h.decisions;
  }
  return {
    hands: hands.length,
    decisions,
    sum,
    sumSquares,
    z: sumSquares > 0 ? sum / Math.sqrt(sumSquares) : 0,
    meanGain: decisions > 0 ? sum / decisions : 0,
  };
}

/** Whether the statistic flags the pair: enough hands and z at or above the threshold. */
export function sharingFlagged(
  stat: SharingStatistic,
  threshold: number = HAND_SHARING_Z,
  minHands: number = HAND_SHARING_MIN_HANDS,
): boolean {
  return stat.hands >= minHands && stat.z >= threshold;
}
