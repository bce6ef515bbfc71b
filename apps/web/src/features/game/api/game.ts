import {
  gameViewSchema,
  practiceGameResponseSchema,
  type Difficulty,
  type GameView,
} from '@domino/contracts';
import { apiGet, apiPost } from '../../../lib/api';
import { moveRequest, type PlayerMove } from '../lib/moves';

/** GET /api/games/{id}/view: the caller's player view (403 game/not_a_player, 404). */
export function fetchGameView(gameId: string, signal?: AbortSignal): Promise<GameView> {
  return apiGet(`/api/games/${encodeURIComponent(gameId)}/view`, gameViewSchema, { signal });
}

/**
 * POST /api/games/{id}/moves with the expected version: the new view. Rejections are ApiErrors
 * carrying the code (409 game/stale_version, 422 game/illegal_tile...) and the Spanish message.
 */
export function postMove(gameId: string, version: number, move: PlayerMove): Promise<GameView> {
  return apiPost(
    `/api/games/${encodeURIComponent(gameId)}/moves`,
    moveRequest(version, move),
    gameViewSchema,
  );
}

/** POST /api/practice-games: a new game against the CPU ('Jugar de Nuevo'). */
export async function createPracticeGame(difficulty: Difficulty): Promise<string> {
  const body = await apiPost('/api/practice-games', { difficulty }, practiceGameResponseSchema);
  return body.game_id;
}
