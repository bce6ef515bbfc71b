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
