import {
  SOCKET_ID_HEADER,
  gameViewSchema,
  practiceGameResponseSchema,
  type Difficulty,
  type GameView,
} from '@domino/contracts';
import { apiGet, apiPost } from '../../../lib/api';
import { connectedSocketId } from '../../../lib/socket';
import { moveRequest, type PlayerMove } from '../lib/moves';

/** GET /api/games/{id}/view: the caller's player view (403 game/not_a_player, 404). */
export function fetchGameView(gameId: string, signal?: AbortSignal): Promise<GameView> {
  return apiGet(`/api/games/${encodeURIComponent(gameId)}/view`, gameViewSchema, { signal });
}

/**
 * POST /api/games/{id}/moves with the expected version: the new view. Rejections are ApiErrors
 * carrying the code (409 game/stale_version, 422 game/illegal_tile...) and the Spanish message.
 * Names the tab's connected socket (`X-Socket-Id`), which then gets no `game:view` push for this
 * move: the answer is its view (docs/decisions/068-move-view-in-the-ack.md).
 */
export function postMove(gameId: string, version: number, move: PlayerMove): Promise<GameView> {
  const socketId = connectedSocketId();
  return apiPost(
    `/api/games/${encodeURIComponent(gameId)}/moves`,
    moveRequest(version, move),
    gameViewSchema,
    socketId === undefined ? {} : { headers: { [SOCKET_ID_HEADER]: socketId } },
  );
}

/** POST /api/practice-games: a new game against the CPU ('Jugar de Nuevo'). */
export async function createPracticeGame(difficulty: Difficulty): Promise<string> {
  const body = await apiPost('/api/practice-games', { difficulty }, practiceGameResponseSchema);
  return body.game_id;
}
