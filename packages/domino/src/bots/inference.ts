/**
 * Inference of the hidden tiles from what the other seats chose to play, for the Experto bot
 * (docs/decisions/058-experto.md).
 *
 * Model of how a player chooses: among the tiles it could play, it picks tile u with probability
 * proportional to exp(beta × value(u)), value = pips + `doubleValue` for a double (a softmax, or
 * "Boltzmann-rational" player, over a simple evaluation: shed weight, and get rid of doubles,
 * which only one suit takes). beta = 0 reads nothing into a choice; a large beta is the greedy
 * heaviest-tile player. So a seat that played a 2 when it could have played a 10 probably had no
 * playable 10 at the time: the likelihood of a deal is the product, over every choice the other
 * seats made this hand, of the probability of that choice given the hand the deal gives them
 * (their current tiles plus the ones they played since, history.ts `reconstructPlays`).
 *
 * Passes are hard evidence and stay with the samplers (knowledge.ts `lacks`); this module only
 * weighs deals. `proposalWeights` approximates the likelihood tile by tile (each tile judged
 * against the tile actually played, as in a pairwise Bradley-Terry comparison) so the weighted
 * sampler draws deals close to the posterior, and `choiceLogLikelihood` gives the exact value
 * for the importance weights.
 */
import type { Seat } from '../tiles';
import type { PastPlay } from './history';
import { FULL_MASK, TILE_HI, TILE_LO, TILE_PIPS, fitMask } from './tileset';

/** How a seat is assumed to choose its plays (file comment). */
export interface ChoiceModel {
  /** Inverse temperature, per point of value; 0 = uniform choice (no inference). */
  readonly beta: number;
  /** Value added to a double, in pips. */
  readonly doubleValue: number;
  /**
   * How Experto's search plays a seat of this type (when `ExpertoOptions.modelSearch` is on):
   * 'heaviest' = only its heaviest playable tiles (the greedy player), absent = a perfect player.
   */
  readonly searchAs?: 'heaviest';
}

/** One informative choice: `seat` played tile `id` when it could play any tile of `fit` it held. */
export interface ObservedChoice {
  readonly seat: number;
  readonly id: number;
  /** Tiles that fitted the open ends at the time (every tile for a lead). */
  readonly fit: number;
  /** Tiles the seat played from this choice on (it held them at the time). */
  readonly later: number;
}

/** Smallest proposal weight: keeps products of 21 weights far from floating-point underflow. */
const WEIGHT_FLOOR = 1e-9;

/**
 * The informative choices among `plays` (the current hand in order) as seen by `seat`: the other
 * seats' plays, leads included unless `leadIsForced` (hand 1 opens with a prescribed tile).
 */
export function observedChoices(
  plays: readonly PastPlay[],
  seat: Seat,
  leadIsForced: boolean,
): ObservedChoice[] {
  const out: ObservedChoice[] = [];
  const later = new Map<number, number>();
  for (let i = plays.length - 1; i >= 0; i--) {
    const p = plays[i] as PastPlay;
    const held = (later.get(p.seat) ?? 0) | (1 << p.id);
    later.set(p.seat, held);
    if (p.seat === seat || (p.before === null && leadIsForced)) continue;
    const fit = p.before === null ? FULL_MASK : fitMask(p.before.left, p.before.right);
    out.push({ seat: p.seat, id: p.id, fit, later: held });
  }
  return out.reverse();
}

/** exp(beta × value) of every tile id under `model`. */
function tileScores(model: ChoiceModel): Float64Array {
  const scores = new Float64Array(TILE_PIPS.length);
  TILE_PIPS.forEach((pips, id) => {
    const value = pips + (TILE_LO[id] === TILE_HI[id] ? model.doubleValue : 0);
    scores[id] = Math.exp(model.beta * value);
  });
  return scores;
}

/**
 * The log-likelihood of `choices` for a deal (`hands[seat]`: tile mask). Each seat is one of the
 * player types `typesOf(seat)`, equally likely a priori unless `logPriorOf(seat)` gives the log
 * prior probability of each type (Experto: its read of the earlier hands), and keeps its type for
 * the whole hand, so a seat's likelihood is the prior-weighted mean over its types of the product
 * of its choices' probabilities (a seat that keeps shedding its heaviest tile soon reads as the
 * greedy type). Types with beta 0
 * read nothing. Null when nothing is informative. A played tile is always in the seat's hand at
 * the time, so no deal makes a choice impossible.
 */
export function choiceLogLikelihood(
  choices: readonly ObservedChoice[],
  typesOf: (seat: number) => readonly ChoiceModel[],
  logPriorOf?: (seat: number) => readonly number[] | undefined,
): ((hands: readonly number[]) => number) | null {
  const perType = typeLogLikelihoods(choices, typesOf);
  if (perType === null) return null;
  return (hands) => {
    let logL = 0;
    for (const [seat, logs] of perType(hands)) {
      const prior = logPriorOf?.(seat);
      const post = prior === undefined ? logs : logs.map((l, i) => l + (prior[i] as number));
      const top = Math.max(...post);
      let sum = 0;
      for (const l of post) sum += Math.exp(l - top);
      logL += top + Math.log(prior === undefined ? sum / logs.length : sum);
    }
    return logL;
  };
}

/**
 * For a deal (`hands[seat]`: tile mask), the log-likelihood of each seat's choices under each of
 * its types (`typesOf(seat)`, same order), for the seats with informative choices: the per-type
 * terms `choiceLogLikelihood` averages. Null when nothing is informative. With equal priors, the
 * posterior of a seat's type given the deal and its choices is proportional to exp of these.
 */
export function typeLogLikelihoods(
  choices: readonly ObservedChoice[],
  typesOf: (seat: number) => readonly ChoiceModel[],
): ((hands: readonly number[]) => Map<number, number[]>) | null {
  const cache = new Map<ChoiceModel, Float64Array>();
  const scoresOf = (model: ChoiceModel): Float64Array => {
    let scores = cache.get(model);
    if (scores === undefined) {
      scores = tileScores(model);
      cache.set(model, scores);
    }
    return scores;
  };
  const bySeat = new Map<number, ObservedChoice[]>();
  for (const c of choices) {
    const types = typesOf(c.seat);
    if (types.length === 0 || types.every((t) => t.beta === 0)) continue;
    const list = bySeat.get(c.seat) ?? [];
    list.push(c);
    bySeat.set(c.seat, list);
  }
  if (bySeat.size === 0) return null;
  const seats = [...bySeat.entries()].map(([seat, list]) => ({
    seat,
    list,
    types: typesOf(seat).map(scoresOf),
  }));
  return (hands) => {
    const out = new Map<number, number[]>();
    for (const { seat, list, types } of seats) {
      const logs: number[] = [];
      for (const scores of types) {
        let sum = 0;
        for (const c of list) {
          let m = ((hands[seat] as number) | c.later) & c.fit;
          let total = 0;
          while (m !== 0) {
            const id = 31 - Math.clz32(m);
            total += scores[id] as number;
            m ^= 1 << id;
          }
          sum += Math.log((scores[c.id] as number) / total);
        }
        logs.push(sum);
      }
      out.set(seat, logs);
    }
    return out;
  };
}

/**
 * Per-seat tile weights approximating `choiceLogLikelihood` tile by tile, for the weighted sampler
 * (weighted-sampler.ts): for every choice of a seat, a tile u it could have played instead of the
 * played tile t weighs 1 / (1 + exp(beta × (value(u) - value(t)))) (about 1 for lighter tiles,
 * 1/2 for equal ones, near 0 for heavier ones), averaged over the seat's types so the proposal is
 * never narrower than the softest type. Tiles never in a seat's fit weigh 1. Rows of length 28
 * indexed by seat (undefined for seats without choices); weights are floored at 1e-9.
 */
export function proposalWeights(
  choices: readonly ObservedChoice[],
  players: number,
  typesOf: (seat: number) => readonly ChoiceModel[],
): (number[] | undefined)[] {
  const rows: (number[] | undefined)[] = new Array(players).fill(undefined);
  const valueOf = (model: ChoiceModel, id: number): number =>
    (TILE_PIPS[id] as number) + (TILE_LO[id] === TILE_HI[id] ? model.doubleValue : 0);
  for (const c of choices) {
    const types = typesOf(c.seat);
    if (types.length === 0 || types.every((t) => t.beta === 0)) continue;
    const row = (rows[c.seat] ??= new Array<number>(TILE_PIPS.length).fill(1));
    let m = c.fit & ~c.later;
    while (m !== 0) {
      const id = 31 - Math.clz32(m);
      m ^= 1 << id;
      let factor = 0;
      for (const t of types)
        factor += 1 / (1 + Math.exp(t.beta * (valueOf(t, id) - valueOf(t, c.id))));
      row[id] = Math.max(WEIGHT_FLOOR, (row[id] as number) * (factor / types.length));
    }
  }
  return rows;
}
