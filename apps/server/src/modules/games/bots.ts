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
 * Chooses a CPU move off the event loop when its level's search is too slow to run on it
 * (docs/decisions/082-bot-moves-off-the-event-loop.md): a promise of the move, which must be the
 * one the node's `BotPolicy` chooses for the same view, level and seed; or null when the level is
 * cheap enough to choose inline. The promise rejects when the move could not be computed (the
 * move player then chooses inline).
 */
export type OffLoopBots = (
  view: PlayerView,
  level: Difficulty,
  seed: string,
) => Promise<Move> | null;
