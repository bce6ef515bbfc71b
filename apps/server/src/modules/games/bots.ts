import type { Move, PlayerView } from '@domino/domino';
import { chooseMove } from '@domino/domino';
import type { Difficulty } from '@domino/contracts';

/**
 * How the server picks a CPU move: from the seat's player view only (docs/architecture.md#how-a-move-flows: bots get the
 * same view), a difficulty, and a seed that makes the choice reproducible.
 */
export type BotPolicy = (view: PlayerView, level: Difficulty, seed: string) => Move;

/** The engine's bots (packages/domino/src/bots): Fácil random, Medio heuristic, Difícil search, Experto search with inference. */
export const engineBots: BotPolicy = (view, level, seed) => chooseMove(view, level, seed);

/**
 * Chooses CPU moves off the event loop for the levels whose search is too slow to run on it
 * (docs/decisions/082-bot-moves-off-the-event-loop.md); the other levels are chosen inline by the
 * node's `BotPolicy`.
 */
export interface OffLoopBots {
  /** The levels chosen off the loop. */
  readonly levels: ReadonlySet<Difficulty>;
  /**
   * The move for `view` at `level` (one of `levels`) with `seed`: the one the node's `BotPolicy`
   * chooses for the same arguments. Rejects when it could not be computed (the move player then
   * chooses inline).
   */
  choose(view: PlayerView, level: Difficulty, seed: string): Promise<Move>;
}
