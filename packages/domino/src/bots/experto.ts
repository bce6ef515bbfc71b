/**
 * Experto: Difícil's determinized search over deals drawn from a posterior instead of uniformly
 * (docs/decisions/058-experto.md).
 *
 * Difícil samples the hidden tiles uniformly among the deals consistent with the counts and the
 * passes, then reweights them by a "shed the heaviest tile" reading of the plays. Experto infers
 * more, and samples where the evidence points:
 * - hard evidence (sampler.ts, knowledge.ts): tile counts, tiles seen, and every pass (the seat
 *   holds neither end's number);
 * - soft evidence (inference.ts): every play the other seats made this hand, under a softmax
 *   model of how players choose (value = pips, plus a bonus for doubles): a seat that could have
 *   shed a heavier tile or a double and did not probably does not hold one; with `readHands`, the
 *   earlier hands' public line of play sets each seat's type prior (decision 058, addendum 2);
 * - proposal and importance weights: deals are drawn from a tile-by-tile approximation of that
 *   likelihood (weighted-sampler.ts), weighted by exact likelihood / proposal, and resampled to
 *   `samples` deals; when few deals remain, all are enumerated and weighted exactly;
 * - each deal is searched to the end of the hand (search.ts via dificil.ts `searchDeals`) and the
 *   play with the best weighted mean score for the bot's side is chosen.
 *
 * Pure and deterministic given the view, the rng and the options; reads only the seat's view.
 * In individual mode with a stock, hands grow by drawing after a choice, so plays are not read
 * (as in Difícil) and the deals are uniform.
 */
import { usesStock } from '../config';
import type { Move } from '../types';
import type { PlayerView } from '../view';
import {
  breakTies,
  resample,
  searchDeals,
  type DealSearchOptions,
  type DificilAnalysis,
} from './dificil';
import { reconstructHandPlays, reconstructPlays, type PastPlay } from './history';
import {
  choiceLogLikelihood,
  observedChoices,
  proposalWeights,
  typeLogLikelihoods,
  type ChoiceModel,
  type ObservedChoice,
} from './inference';
import { constraintsFromView, lackedTiles, withoutPasses, type DealConstraints } from './knowledge';
import { chooseMedio } from './medio';
import { toRng, type Rng, type RngSource } from './rng';
import { dealSampler, type SampledDeal } from './sampler';
import { DEFAULT_EVAL, HandSearch, type PartnerSearch, type SearchMove } from './search';
import { tileId } from '../tiles';
import { matchUtility } from './match-odds';
import { SUIT_MASK, TILE_HI, TILE_LO, maskOf, popcount } from './tileset';
import { movesToChoose, partnerOf } from './view-moves';
import { partnerSignalTerm, signalChoice } from './signals';
import { weightedDealSampler } from './weighted-sampler';

/** Tunables of the Experto bot. Effort is in search nodes (deterministic, clock-free). */
export interface ExpertoOptions extends DealSearchOptions {
  /** Deals searched per decision (after resampling). */
  readonly samples: number;
  /** Deals drawn from the proposal before resampling. */
  readonly candidates: number;
  /** Enumerate and weigh every consistent deal when there are at most this many. */
  readonly exactDeals: number;
  /** The player types an opponent may be, equally likely a priori (inference.ts). */
  readonly opponents: readonly ChoiceModel[];
  /** The player types the partner (parejas) may be. */
  readonly partner: readonly ChoiceModel[];
  /** Read the leads of hands after the first too (hand 1's lead is prescribed, never read). */
  readonly inferFromLeads: boolean;
  /**
   * Opponent-model search: in each searched deal, a seat whose type posterior (given that deal
   * and its choices) puts at least this probability on types with `searchAs: 'heaviest'` is
   * searched as the greedy heaviest-tile player instead of a perfect one. 0 (or above 1) = off.
   */
  readonly modelThreshold: number;
  /** Instead of the threshold, draw each seat's type from that posterior per deal. */
  readonly modelSample: boolean;
  /**
   * Read up to this many earlier hands of the match too (0 = none; decision 058, addendum 2):
   * each finished hand's public line and passes (`PlayerView.pastHands`, `HandSummary.line`,
   * `passes`) give its order of play, and its `remaining` tiles every hand at each choice, so each
   * seat's type likelihood in that hand is exact; their product is the types' prior in this
   * hand (for the reading and for `modelThreshold` / `modelSample`).
   */
  readonly readHands: number;
  /**
   * Adaptive effort (decision 058, addendum 3): on a key decision `samples`, `candidates` and
   * `nodeBudget` are multiplied by this (1 = off). A decision is key when at most `keyLine`
   * tiles are on the line (0 = the lead only; below 0 = never by this rule), or, with
   * `keyDoubles`, when the legal plays include a double and something else.
   */
  readonly keyEffort: number;
  readonly keyLine: number;
  readonly keyDoubles: boolean;
  /**
   * Lead from the long suit (decision 058, addendum 4): on a free lead (empty line, no required
   * tile) only the tiles of the bot's longest suit(s) are searched (a suit is a number 0 to 6;
   * a tile belongs to both of its numbers' suits, a double to one), the domino player's habit of
   * opening the number one holds most of so the partner can follow it and the opponents run out.
   */
  readonly leadLongest: boolean;
  /**
   * Read the partner's free lead as a `leadLongest` lead (decision 058, addendum 4): a deal
   * whose partner hand, at the time of its lead, did not have the led tile in one of its longest
   * suits weighs `PARTNER_LEAD_MISS` instead of 1. Only sound when the partner is an Experto that
   * leads from the long suit (its own bench), never against opponents' leads.
   */
  readonly readPartnerLead: boolean;
  /**
   * Play for the match, not the hand (decision 058, addendum 4): in a parejas match to a target,
   * each searched deal's value is mapped to the probability of winning the match after the hand
   * (match-odds.ts) before the deals are averaged, so points that reach the target count more.
   */
  readonly matchPlay: boolean;
  /**
   * Seats whose plays inside each searched deal come from a policy that sees only their own
   * tiles and the ends (search.ts `ownViewPlays`) instead of the deal's every hand (decision 058,
   * addendum 5): a remedy for strategy fusion, where determinized search lets the partner (and
   * the opponents) answer as if they saw the sampled deal. 'none' (off), 'partner' (parejas),
   * 'opponents', or 'others' (every seat but the bot's). Seats `modelThreshold` searches as
   * greedy stay greedy. Only the bot's own choices keep the full search.
   */
  readonly ownView: 'none' | 'partner' | 'opponents' | 'others';
  /**
   * The partner's turns searched from the partner's own information (decision 058, addendum 6;
   * search.ts `PartnerSearch`): inside each searched deal, at its first `partnerTurns` turns with
   * a choice, the partner (parejas) plays what `partnerSearch` deals drawn from its own view (its
   * hand fixed, the tiles it cannot see spread among the other seats avoiding their known voids),
   * each searched with `partnerNodes` nodes, make best on average; the pick depends only on what
   * the partner knows, so it is the same in every deal that agrees on that. 0 = off. Later
   * partner turns follow `ownView` (or the full search). Adds about `partnerSearch` ×
   * `partnerNodes` nodes per distinct partner situation, outside `nodeBudget`.
   */
  readonly partnerSearch: number;
  readonly partnerNodes: number;
  readonly partnerTurns: number;
  /**
   * Information-set search of the bot's own next turn (decision 058, addendum 8; search.ts
   * `HandSearch.infoSetSearch`): when at most this many tiles remain in all hands together, the
   * bot's next turn chooses one move for every deal that reaches it by the same public line,
   * instead of the best move per deal. 0 = off. Not with a stock.
   */
  readonly infoSetTiles: number;
  /** Nodes per move searched at the bot's next turn, per deal (`infoSetSearch`'s `leafBudget`). */
  readonly infoSetNodes: number;
  /**
   * Deals of the information-set search: every k-th of the resampled deals, k chosen so that at
   * most this many remain (0 = all).
   */
  readonly infoSetDeals: number;
  /**
   * Weigh each deal in an information set by the likelihood of the other seats' plays on the way
   * there, a softmax by pips at this temperature per pip (0 = off; `infoSetSearch`'s `pathBeta`).
   */
  readonly infoSetBeta: number;
  /**
   * The play signal of signals.ts ("jugar a su data", decision 058, addendum 14), as the sender:
   * among the plays whose searched value is within this many of the best (points of the hand, or
   * percentage points of the match odds with `matchPlay`), make the one that leaves open the
   * number the bot holds most of. Below 0 = off; 0 = exact ties only.
   */
  readonly signalMargin: number;
  /**
   * The play signal as the receiver: the partner's plays this hand are read as signals at this
   * inverse temperature per tile of signal (signals.ts `partnerSignalTerm`; 0 = off). Only sound
   * when the partner sends the signal (an Experto with `signalMargin` >= 0).
   */
  readonly readSignals: number;
}

/**
 * Experto's leaf value: `DEFAULT_EVAL` plus 6 points per double the other side holds more
 * (search.ts `EvalWeights.doubles`; decision 058, addendum 9).
 */
export const EXPERTO_EVAL = Object.freeze({ ...DEFAULT_EVAL, doubles: 6 });

/**
 * Defaults, tuned with bench/src/bot-tournament.ts (docs/performance.md "## Bots"; decision 058,
 * addendum 15): 80.4% [78.8%, 82.0%] of 2,367 hands against the greedy pair and 60.5% [56.5%,
 * 64.3%] of 600 matches against Difícil, two thirds of them on deals no screen used.
 */
export const DEFAULT_EXPERTO_OPTIONS: ExpertoOptions = Object.freeze({
  // 768 deals of 3,840 proposals sharing 1,200,000 nodes (about 1,560 nodes a deal): at the same
  // nodes, more and shallower deals won more matches against Difícil at every step from 96 to
  // 768 deals (decision 058, addendum 15). About 95 ms CPU per decision at the median, 166 ms at
  // p99 on the development machine (the search takes nine tenths of it).
  samples: 768,
  candidates: 3840,
  exactDeals: 80,
  nodeBudget: 1_200_000,
  minNodesPerDeal: 500,
  // The doubles a side holds in the leaf value (decision 058, addendum 9).
  eval: EXPERTO_EVAL,
  winBonus: 0,
  // A seat may shed weight loosely, shed weight and doubles, or be the greedy heaviest-tile player.
  opponents: Object.freeze([
    Object.freeze({ beta: 1, doubleValue: 0 }),
    Object.freeze({ beta: 1, doubleValue: 3 }),
    Object.freeze({ beta: 5, doubleValue: 0, searchAs: 'heaviest' as const }),
  ]),
  // The partner is not read by pips (an Experto's plays fit that model worse than reading
  // nothing, addendum 10) but by the play signal (`readSignals` below; addendum 14).
  partner: Object.freeze([]),
  inferFromLeads: false,
  // The opponents' earlier hands read, and a seat read as greedy searched as greedy (addenda 2
  // and 14): alone it cost matches against Difícil (addendum 3); with the rest of these defaults
  // it did not (addenda 14 and 15).
  modelThreshold: 0.5,
  modelSample: false,
  readHands: 20,
  // Adaptive effort off: four times the effort on the lead screened within noise and cost a
  // CPU p99 over budget (decision 058, addendum 3).
  keyEffort: 1,
  keyLine: 0,
  keyDoubles: false,
  // Off: against the greedy pair the long-suit lead and the partner's lead read screened within a
  // point of the history read alone; match play alone was neutral against Difícil (110 against
  // 109 of the same 192 matches) (decision 058, addendum 4).
  leadLongest: false,
  readPartnerLead: false,
  // Match play on (addenda 4 and 14): the hand's points mapped to the odds of winning the match.
  matchPlay: true,
  // Off: the partner by its own view won 77.9% of 2,037 hands against the greedy pair (the history
  // read alone 77.3%) and 37 of 68 matches against Difícil where the same configuration without it
  // won 46; every other seat by its own view screened lower (decision 058, addendum 5).
  ownView: 'none',
  // Off: with four worlds of 50 nodes the partner's search screened 79.3% of 304 hands against
  // the greedy pair (the own-view partner alone 78.6%) at a CPU p99 of 402 ms, over the budget;
  // two worlds 74.3%, eight 79.1% (decision 058, addendum 6).
  partnerSearch: 0,
  partnerNodes: 50,
  partnerTurns: 1,
  // Off: from 14 tiles left it screened neutral (241 of 308 hands against the greedy pair on top
  // of the history read and the own-view partner, 243 without it; 67 of 120 matches against
  // Difícil, as the defaults); from 20 tiles lower on both (91 of 192 matches where the defaults
  // won 109) at a CPU p99 of 904 ms against Difícil (decision 058, addendum 8).
  infoSetTiles: 0,
  infoSetNodes: 2_000,
  infoSetDeals: 0,
  infoSetBeta: 0,
  // Experto does not send the play signal (its plays already carry it, addendum 14) but reads it.
  signalMargin: -1,
  readSignals: 1,
  medio: {},
});

/**
 * The legal plays of a free lead restricted to the tiles of `hand`'s longest suit(s)
 * (`ExpertoOptions.leadLongest`); `playMoves` unchanged when the line is not empty, a lead tile
 * is required, or the restriction would leave fewer than one play.
 */
export function longSuitLeads(view: PlayerView, playMoves: readonly Move[]): readonly Move[] {
  if (view.line.length > 0 || view.requiredLead !== null) return playMoves;
  const count = new Array<number>(7).fill(0);
  for (const [a, b] of view.hand) {
    count[a] = (count[a] as number) + 1;
    if (b !== a) count[b] = (count[b] as number) + 1;
  }
  const top = Math.max(...count);
  const kept = playMoves.filter(
    (m) => m.kind === 'play' && (count[m.tile[0]] === top || count[m.tile[1]] === top),
  );
  return kept.length > 0 ? kept : playMoves;
}

/** Relative weight of a deal that contradicts the partner's long-suit lead (`readPartnerLead`). */
export const PARTNER_LEAD_MISS = 0.02;

/**
 * The `readPartnerLead` log-likelihood term of a deal (`hands[seat]`: tile mask): 0 when the
 * partner's hand at its lead (its tiles now plus those it played since) held the led tile in one
 * of its longest suits, log(PARTNER_LEAD_MISS) otherwise; null when the partner made no free lead
 * this hand (hand 1's lead is prescribed).
 */
export function partnerLeadTerm(
  view: PlayerView,
  plays: readonly PastPlay[] | null,
  partner: number | null,
): ((hands: readonly number[]) => number) | null {
  if (plays === null || partner === null || view.handNumber === 1) return null;
  const lead = plays[0];
  if (lead === undefined || lead.seat !== partner || lead.before !== null) return null;
  let later = 0;
  for (const p of plays) if (p.seat === partner) later |= 1 << p.id;
  const lo = TILE_LO[lead.id] as number;
  const hi = TILE_HI[lead.id] as number;
  const miss = Math.log(PARTNER_LEAD_MISS);
  return (hands) => {
    const held = (hands[partner] as number) | later;
    let top = 0;
    for (let suit = 0; suit < SUIT_MASK.length; suit++)
      top = Math.max(top, popcount(held & (SUIT_MASK[suit] as number)));
    const long = (suit: number): boolean => popcount(held & (SUIT_MASK[suit] as number)) === top;
    return long(lo) || long(hi) ? 0 : miss;
  };
}

/**
 * The `matchPlay` utility for `view` (match-odds.ts), or undefined when the option is off or the
 * match is not a parejas race to a target (individual mode, duplicate boards).
 */
function matchUtilityFor(
  view: PlayerView,
  opts: Pick<ExpertoOptions, 'matchPlay'>,
): ((value: number) => number) | undefined {
  if (!opts.matchPlay || view.config.mode !== 'parejas' || view.config.boards !== undefined)
    return undefined;
  const target = view.config.targetPoints;
  const side = view.seat % 2;
  const ours = view.scores[side] ?? 0;
  const theirs = view.scores[1 - side] ?? 0;
  return matchUtility(target - ours, target - theirs, target);
}

/**
 * The seats (bit per seat) the `ownView` option names for `view`: never the bot's own seat; the
 * partner only in parejas.
 */
export function ownViewMask(view: PlayerView, ownView: ExpertoOptions['ownView']): number {
  if (ownView === 'none') return 0;
  const partner = partnerOf(view);
  let mask = 0;
  for (let s = 0; s < view.config.players; s++) {
    if (s === view.seat) continue;
    const isPartner = s === partner;
    if (ownView === 'others' || (ownView === 'partner') === isPartner) mask |= 1 << s;
  }
  return mask;
}

/**
 * Whether `view`'s decision among `playMoves` is key for `ExpertoOptions.keyEffort`: at most
 * `keyLine` tiles on the line, or (`keyDoubles`) a double among two or more legal plays.
 */
export function isKeyDecision(
  view: PlayerView,
  playMoves: readonly Move[],
  opts: Pick<ExpertoOptions, 'keyLine' | 'keyDoubles'>,
): boolean {
  if (opts.keyLine >= 0 && view.line.length <= opts.keyLine) return true;
  if (!opts.keyDoubles || playMoves.length < 2) return false;
  const double = (m: Move): boolean => m.kind === 'play' && m.tile[0] === m.tile[1];
  return playMoves.some(double) && !playMoves.every(double);
}

/** What a decision looked at: Difícil's analysis plus the effective sample size of the pool. */
export interface ExpertoAnalysis extends DificilAnalysis {
  /**
   * (sum w)^2 / sum w^2 of the importance weights of the proposal pool (of `candidates` deals),
   * or of the enumerated deals; 0 when nothing was inferred.
   */
  readonly ess: number;
}

/** exp(x - max) of a list of log weights, so the largest is 1 (all 1 if none is finite). */
function fromLogs(logs: readonly number[]): number[] {
  const top = Math.max(...logs);
  if (!Number.isFinite(top)) return logs.map(() => 1);
  return logs.map((l) => Math.exp(l - top));
}

function effectiveSize(w: readonly number[]): number {
  let s = 0;
  let s2 = 0;
  for (const x of w) {
    s += x;
    s2 += x * x;
  }
  return s2 === 0 ? 0 : (s * s) / s2;
}

/**
 * Per deal, the seats (bit per seat) to search as greedy heaviest-tile players (option
 * `modelThreshold` / `modelSample`), or undefined when the option is off or nothing was read.
 */
function modelledSeats(
  choices: readonly ObservedChoice[],
  modelOf: (seat: number) => readonly ChoiceModel[],
  priors: ReadonlyMap<number, readonly number[]>,
  deals: readonly SampledDeal[],
  opts: ExpertoOptions,
  random: Rng,
): number[] | undefined {
  if (!opts.modelSample && !(opts.modelThreshold > 0 && opts.modelThreshold <= 1)) return undefined;
  const perType = typeLogLikelihoods(choices, modelOf);
  if (perType === null && priors.size === 0) return undefined;
  return deals.map((d) => {
    let mask = 0;
    const posterior = new Map<number, readonly number[]>(priors);
    if (perType !== null)
      for (const [seat, logs] of perType(d.hands)) {
        const prior = priors.get(seat);
        posterior.set(
          seat,
          prior === undefined ? logs : logs.map((l, i) => l + (prior[i] as number)),
        );
      }
    for (const [seat, logs] of posterior) {
      const types = modelOf(seat);
      if (!types.some((t) => t.searchAs === 'heaviest')) continue;
      const w = fromLogs(logs);
      let total = 0;
      let heavy = 0;
      w.forEach((x, i) => {
        total += x;
        if (types[i]?.searchAs === 'heaviest') heavy += x;
      });
      const p = heavy / total;
      if (opts.modelSample ? random.next() < p : p >= opts.modelThreshold) mask |= 1 << seat;
    }
    return mask;
  });
}

/**
 * Each seat's log type posterior (log probabilities, same order as `modelOf(seat)`) after the
 * last `opts.readHands` finished hands of the match, from equal priors: the prior of its type in
 * this hand. Empty when the option is 0, there is no earlier hand, or hands grow by drawing (the
 * tiles held at each choice are then unknown); hands whose summary lacks the line are skipped.
 * Seats with a single type, and the deciding seat, are left out.
 */
export function handPriors(
  view: PlayerView,
  modelOf: (seat: number) => readonly ChoiceModel[],
  opts: Pick<ExpertoOptions, 'readHands' | 'inferFromLeads'>,
): Map<number, number[]> {
  const out = new Map<number, number[]>();
  if (opts.readHands <= 0 || usesStock(view.config)) return out;
  for (const summary of view.pastHands.slice(-opts.readHands)) {
    const plays = reconstructHandPlays(summary, view.config.players);
    if (plays === null) continue;
    const leadIsForced = summary.handNumber === 1 || !opts.inferFromLeads;
    const choices = observedChoices(plays, view.seat, leadIsForced);
    const perType = typeLogLikelihoods(choices, modelOf);
    if (perType === null) continue;
    for (const [seat, logs] of perType(summary.remaining.map(maskOf))) {
      if (logs.length < 2) continue;
      const sum = out.get(seat);
      out.set(seat, sum === undefined ? logs : logs.map((l, i) => l + (sum[i] as number)));
    }
  }
  for (const [seat, logs] of out) {
    const top = Math.max(...logs);
    let total = 0;
    for (const l of logs) total += Math.exp(l - top);
    out.set(
      seat,
      logs.map((l) => l - top - Math.log(total)),
    );
  }
  return out;
}

/** What Experto reads from a view: the choices seen, the types of each seat, and the deals' log likelihood. */
export interface ExpertoReading {
  /** The other seats' choices this hand (empty with a stock, whose hands are not known). */
  readonly choices: readonly ObservedChoice[];
  /** The player types a seat may be (`opponents`, or `partner` for the partner). */
  readonly modelOf: (seat: number) => readonly ChoiceModel[];
  /** Each seat's log type prior from the earlier hands (`handPriors`). */
  readonly priors: ReadonlyMap<number, readonly number[]>;
  /**
   * The log likelihood of a deal's hands (one tile mask per seat) given everything read: the
   * choices under the seats' types and priors, the partner's lead (`readPartnerLead`) and play
   * signal (`readSignals`); null when nothing was read (every consistent deal equally likely).
   */
  readonly likelihood: ((hands: readonly number[]) => number) | null;
}

/**
 * Experto's reading of the hidden tiles from `view` alone (file comment; decision 058): the
 * posterior its deals are drawn from, for the bot itself and for anything that must judge a
 * seat's information as Experto would (the hand-sharing detector, docs/integrity.md).
 */
export function expertoReading(
  view: PlayerView,
  opts: Pick<
    ExpertoOptions,
    'opponents' | 'partner' | 'inferFromLeads' | 'readHands' | 'readPartnerLead' | 'readSignals'
  >,
): ExpertoReading {
  const plays = usesStock(view.config) ? null : reconstructPlays(view);
  const partner = partnerOf(view);
  const modelOf = (seat: number): readonly ChoiceModel[] =>
    seat === partner ? opts.partner : opts.opponents;
  const choices =
    plays === null
      ? []
      : observedChoices(plays, view.seat, view.handNumber === 1 || !opts.inferFromLeads);
  const priors = handPriors(view, modelOf, opts);
  const read = choiceLogLikelihood(choices, modelOf, (seat) => priors.get(seat));
  const terms = [
    read,
    opts.readPartnerLead ? partnerLeadTerm(view, plays, partner) : null,
    partnerSignalTerm(view, plays, partner, opts.readSignals),
  ].filter((t): t is (hands: readonly number[]) => number => t !== null);
  const likelihood =
    terms.length === 0
      ? null
      : terms.length === 1
        ? (terms[0] as (hands: readonly number[]) => number)
        : (hands: readonly number[]): number => terms.reduce((sum, t) => sum + t(hands), 0);
  return { choices, modelOf, priors, likelihood };
}

/**
 * Experto's decision with its evidence (file comment). Uses only `view`
 * (docs/architecture.md#how-a-move-flows), `rng` and `options`. Throws RangeError when the view
 * has no legal move.
 */
export function analyzeExperto(
  view: PlayerView,
  rng: RngSource,
  options: Partial<ExpertoOptions> = {},
): ExpertoAnalysis {
  const given: ExpertoOptions = { ...DEFAULT_EXPERTO_OPTIONS, ...options };
  const moves = movesToChoose(view);
  const random = toRng(rng);
  const legalPlays = moves.filter((m) => m.kind === 'play');
  const none = { values: [], deals: 0, enumerated: false, solved: 0, nodes: 0, ess: 0 };
  if (moves.length === 1 || legalPlays.length !== moves.length)
    return { move: moves[0] as Move, ...none };
  const playMoves = given.leadLongest ? longSuitLeads(view, legalPlays) : legalPlays;
  if (playMoves.length === 1) return { move: playMoves[0] as Move, ...none };
  const k = given.keyEffort;
  const opts: ExpertoOptions =
    k !== 1 && k > 0 && isKeyDecision(view, playMoves, given)
      ? {
          ...given,
          samples: Math.max(1, Math.round(given.samples * k)),
          candidates: Math.max(1, Math.round(given.candidates * k)),
          nodeBudget: Math.round(given.nodeBudget * k),
        }
      : given;

  let constraints: DealConstraints = constraintsFromView(view);
  let uniform = dealSampler(constraints);
  // A view that contradicts its own passes cannot come from the engine; stay legal regardless.
  if (uniform.count === 0) {
    constraints = withoutPasses(constraints);
    uniform = dealSampler(constraints);
  }
  if (uniform.count === 0) return { move: chooseMedio(view, random, opts.medio), ...none };

  const { choices, modelOf, priors, likelihood } = expertoReading(view, opts);

  const all = uniform.enumerate(opts.exactDeals, random);
  let deals: SampledDeal[];
  let weights: number[];
  let ess = 0;
  if (all !== null) {
    deals = all;
    weights =
      likelihood === null ? all.map(() => 1) : fromLogs(all.map((d) => likelihood(d.hands)));
    if (likelihood !== null) ess = effectiveSize(weights);
  } else if (likelihood === null) {
    deals = Array.from({ length: opts.samples }, () => uniform.sample(random));
    weights = deals.map(() => 1);
  } else {
    const proposal = weightedDealSampler(
      constraints,
      proposalWeights(choices, view.config.players, modelOf),
    );
    const fromProposal = proposal.total > 0;
    const pool = Array.from({ length: Math.max(opts.candidates, opts.samples) }, () =>
      fromProposal ? proposal.sample(random) : uniform.sample(random),
    );
    const iw = fromLogs(
      pool.map((d) => likelihood(d.hands) - (fromProposal ? proposal.logWeight(d.hands) : 0)),
    );
    ess = effectiveSize(iw);
    deals = resample(pool, iw, opts.samples, random.next());
    weights = deals.map(() => 1);
  }
  const heaviest = modelledSeats(choices, modelOf, priors, deals, opts, random);
  const partner = partnerOf(view);
  const partnerSearch: PartnerSearch | null =
    opts.partnerSearch > 0 && partner !== null && !usesStock(view.config)
      ? {
          seat: partner,
          worlds: opts.partnerSearch,
          nodes: opts.partnerNodes,
          turns: opts.partnerTurns,
          lacks: constraints.lacks.map(lackedTiles),
          seed: random.int(2 ** 31),
          cache: new Map(),
        }
      : null;
  const tilesLeft = view.tileCounts.reduce((a, b) => a + b, 0);
  if (opts.infoSetTiles > 0 && tilesLeft <= opts.infoSetTiles && !usesStock(view.config)) {
    const searched = searchInfoSets(view, playMoves, deals, weights, opts, random, heaviest);
    return { ...searched, deals: deals.length, enumerated: all !== null, ess };
  }
  const searched = searchDeals(
    view,
    playMoves,
    deals,
    weights,
    opts,
    random,
    heaviest,
    matchUtilityFor(view, opts),
    ownViewMask(view, opts.ownView),
    partnerSearch,
  );
  const move =
    opts.signalMargin >= 0
      ? breakTies(view, signalChoice(view, searched.values, opts.signalMargin), opts.medio, random)
      : searched.move;
  return { ...searched, move, deals: deals.length, enumerated: all !== null, ess };
}

/**
 * `searchDeals` with the bot's next turn searched over information sets (`infoSetTiles`;
 * search.ts `HandSearch.infoSetSearch`): every k-th deal so that at most `infoSetDeals` remain
 * (all when 0), `infoSetNodes` nodes per move at the next turn. The play with the best weighted
 * mean value wins, ties to the Medio heuristic's favourite, then to `random`. `solved` is the
 * number of deals when every next-turn search was exact, else 0.
 */
export function searchInfoSets(
  view: PlayerView,
  playMoves: readonly Move[],
  deals: readonly SampledDeal[],
  weights: readonly number[],
  opts: ExpertoOptions,
  random: Rng,
  heaviest: readonly number[] | undefined,
): Pick<ExpertoAnalysis, 'move' | 'values' | 'solved' | 'nodes'> {
  const stride =
    opts.infoSetDeals > 0 ? Math.max(1, Math.ceil(deals.length / opts.infoSetDeals)) : 1;
  const kept = deals.map((_, k) => k).filter((k) => k % stride === 0);
  const rootMoves: SearchMove[] = playMoves.map((m) => {
    if (m.kind !== 'play') throw new RangeError('searchInfoSets takes plays only');
    return { id: tileId(m.tile), end: m.end };
  });
  const search = new HandSearch(view.config, view.seat, {
    eval: opts.eval,
    winBonus: opts.winBonus,
  });
  const result = search.infoSetSearch(
    kept.map((k) => ({ hands: (deals[k] as SampledDeal).hands, stock: [], ends: view.ends })),
    kept.map((k) => weights[k] as number),
    rootMoves,
    opts.infoSetNodes,
    heaviest === undefined ? undefined : kept.map((k) => heaviest[k] as number),
    ownViewMask(view, opts.ownView),
    opts.infoSetBeta,
  );
  const values = playMoves.map((move, i) => ({ move, value: result.values[i] as number }));
  const top = Math.max(...values.map((v) => v.value));
  const best = values.filter((v) => v.value >= top - 1e-6);
  const move = breakTies(view, best, opts.medio, random);
  return { move, values, solved: result.exact ? kept.length : 0, nodes: result.nodes };
}

/**
 * Experto: the legal move with the best expected hand score over deals drawn from the posterior
 * of the hidden tiles (file comment). Throws RangeError when the view has no legal move.
 */
export function chooseExperto(
  view: PlayerView,
  rng: RngSource,
  options: Partial<ExpertoOptions> = {},
): Move {
  return analyzeExperto(view, rng, options).move;
}
