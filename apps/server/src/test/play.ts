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
 *
 * Each step reads one view, the next mover's: a move's answer is the mover's new view, which
 * names the next turn, so no other seat's view is read in between (a third fewer requests than
 * reading seat 0's view after every step; whole matches are most of the server suites' time).
 */
export async function playMatchToEnd(
  t: TestApp,
  gameId: string,
  players: { token: string }[],
  maxSteps = 3000,
): Promise<GameView> {
  const { get, post } = routeCallers(() => t.app);
  const ctx = gamesContext(t.app);
  const viewOf = async (seat: number): Promise<GameView> =>
    (await get(`/api/games/${gameId}/view`, players[seat]!.token)).json();
  const serverClockRuns = async () => {
    await t.database.db
      .update(games)
      .set({ dueAt: sql`now() - interval '1 second'` })
      .where(eq(games.id, gameId));
    await runDueGame(ctx);
  };
  // `view` is the view of seat `viewSeat`; any seat's view names the turn and the status.
  let viewSeat = 0;
  let view: GameView = await viewOf(0);
  for (let i = 0; i < maxSteps && view.status === 'playing'; i++) {
    const seat = view.turn_seat!;
    const mine = viewSeat === seat ? view : await viewOf(seat);
    if (mine.legal_moves.length > 1) {
      const res = await post(`/api/games/${gameId}/moves`, players[seat]!.token, {
        version: mine.version,
        ...mine.legal_moves[0],
      });
      if (res.statusCode !== 200) throw new Error(`move refused: ${res.body}`);
      view = res.json();
    } else {
      // A forced move is played by the server after a short delay; between hands or before
      // the start (no legal move) the server's clock runs: made due at once either way.
      await serverClockRuns();
      view = await viewOf(seat);
    }
    viewSeat = seat;
  }
  if (view.status === 'playing') throw new Error(`game ${gameId} did not end`);
  return viewSeat === 0 ? view : viewOf(0);
}
