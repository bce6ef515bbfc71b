/**
 * CPU players (docs/architecture.md#how-a-move-flows: bots get the same view). Every bot reads only the `PlayerView` of its
 * seat plus a seeded rng and options, and returns one of `view.legalMoves`.
 *
 * Levels: `facil` random legal move; `medio` weighted one-ply heuristic (also the stand-in for
 * absent players); `dificil` determinized Monte-Carlo search over consistent deals; `experto` the
 * same search over deals drawn from a posterior of the hidden tiles (passes and a model of the
 * other seats' choices, docs/decisions/058-experto.md).
 */
import type { Move } from '../types';
import type { PlayerView } from '../view';
import { chooseDificil, type DificilOptions } from './dificil';
import { chooseExperto, type ExpertoOptions } from './experto';
import { chooseFacil } from './facil';
import { chooseMedio, type MedioWeights } from './medio';
import { toRng, type RngSource } from './rng';

export { createRng, shuffleInPlace, toRng, type Rng, type RngSource } from './rng';
export { chooseFacil, chooseGreedy } from './facil';
export { DEFAULT_MEDIO_WEIGHTS, chooseMedio, scoreMoves, type MedioWeights } from './medio';
export {
  DEFAULT_DIFICIL_OPTIONS,
  analyzeDificil,
  chooseDificil,
  type DificilAnalysis,
  type DealSearchOptions,
  type DificilOptions,
} from './dificil';
export {
  DEFAULT_EXPERTO_OPTIONS,
  analyzeExperto,
  chooseExperto,
  type ExpertoAnalysis,
  type ExpertoOptions,
} from './experto';
export {
  choiceLogLikelihood,
  observedChoices,
  proposalWeights,
  type ChoiceModel,
  type ObservedChoice,
} from './inference';
export { weightedDealSampler, type WeightedDealSampler } from './weighted-sampler';
export { constraintsFromView, lackedTiles, withoutPasses, type DealConstraints } from './knowledge';
export { dealSampler, type DealSampler, type SampledDeal } from './sampler';
export {
  DEFAULT_EVAL,
  DEFAULT_SEARCH_PARAMS,
  HandSearch,
  type EvalWeights,
  type SearchMove,
  type SearchPosition,
  type SearchParams,
  type SearchResult,
} from './search';

/** Bot strength levels as the product names them (es-VE). */
export const BOT_LEVELS = ['facil', 'medio', 'dificil', 'experto'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** Per-level options for `chooseMove`. */
export interface BotOptions {
  readonly medio?: Partial<MedioWeights>;
  readonly dificil?: Partial<DificilOptions>;
  readonly experto?: Partial<ExpertoOptions>;
}

/**
 * The move of a CPU player of `level` for `view` (its seat's view, docs/architecture.md#how-a-move-flows). Always one of
 * `view.legalMoves`; deterministic for the same view, level, seed and options. `rng` is an `Rng`
 * or a seed (string or number). Throws RangeError when the view has no legal move (not the seat's
 * turn, or the match is over) or the level is unknown.
 */
export function chooseMove(
  view: PlayerView,
  level: BotLevel,
  rng: RngSource,
  options: BotOptions = {},
): Move {
  const random = toRng(rng);
  switch (level) {
    case 'facil':
      return chooseFacil(view, random);
    case 'medio':
      return chooseMedio(view, random, options.medio);
    case 'dificil':
      return chooseDificil(view, random, options.dificil);
    case 'experto':
      return chooseExperto(view, random, options.experto);
    default:
      throw new RangeError(`unknown bot level: ${String(level)}`);
  }
}
