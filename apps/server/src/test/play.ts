import { eq, sql } from 'drizzle-orm';
import type { GameView } from '@domino/contracts';
import { games } from '../db/schema';
import { runDueGame } from '../modules/games/due-moves';
import { gamesContext } from '../modules/games/routes';
import type { TestApp } from './helpers';
import { routeCallers } from './wallet-helpers';

/**
 * Plays a table match to its end through the API as its players would: the seat whose turn it is
 * plays its first legal move; a forced move (one legal move) is played by the server, made due at
 * once. `players[i]` sits at seat i. Returns the final view of seat 0. Throws if the match does
 * not end within `maxSteps` moves.
 */
export async function playMatchToEnd(
  t: TestApp,
  gameId: string,
  players: { token: string }[],
  maxSteps = 3000,
): Promise<GameView> {
  const { get, post } = routeCallers(() => t.app);
  const ctx = gamesContext(t.app);
  let view: GameView = (await get(`/api/games/${gameId}/view`, players[0]!.token)).json();
  for (let i = 0; i < maxSteps && view.status === 'playing'; i++) {
    const mover = players[view.turn_seat!]!;
    const mine: GameView = (await get(`/api/games/${gameId}/view`, mover.token)).json();
    if (mine.legal_moves.length === 1) {
      // Forced moves are played by the server after a short delay.
      await t.database.db
        .update(games)
        .set({ dueAt: sql`now() - interval '1 second'` })
        .where(eq(games.id, gameId));
      await runDueGame(ctx);
    } else if (mine.legal_moves.length > 1) {
      const res = await post(`/api/games/${gameId}/moves`, mover.token, {
        version: mine.version,
        ...mine.legal_moves[0],
      });
      if (res.statusCode !== 200) throw new Error(`move refused: ${res.body}`);
    } else {
      // Between hands or before the start: let the server's clock run.
      await t.database.db
        .update(games)
        .set({ dueAt: sql`now() - interval '1 second'` })
        .where(eq(games.id, gameId));
      await runDueGame(ctx);
    }
    view = (await get(`/api/games/${gameId}/view`, players[0]!.token)).json();
  }
  if (view.status === 'playing') throw new Error(`game ${gameId} did not end`);
  return view;
}
