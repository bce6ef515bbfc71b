import type { GameView } from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import type { Executor, Tx } from '../../db/client';
import { rescheduleTurn, schedule } from './clock';
import type { GamesContext } from './context';
import { afterCommit, seatOf } from './context';
import type { GameRow, PlayerRow } from './repo';
import { findGame, gamePlayersOf, lockGame, updateSeat } from './repo';
import { spectatorCount } from './spectators';
import { gameViewJson } from './view';

/**
 * Who is at the table: a player opening the game (or coming back) and a player with no socket
 * left (decisions 010, 042). The seat stays theirs: the CPU plays their turns when the turn time
 * runs out (at bot pace after ABSENCE_PATIENCE_MS without a connection); the player's return
 * gives them the seat back, with a full turn time if it is their turn.
 */

/**
 * Changes the caller's seat of a playing game under the game's row lock, then remembers and
 * broadcasts the game after commit. `change` gets the locked row, the seats and the caller's
 * seat, and returns the game row to keep, or null when it changed nothing. Returns true when
 * something changed; false as well when the game is not playing or the caller has no seat.
 */
async function changeOwnSeat(
  ctx: GamesContext,
  gameId: string,
  userId: number,
  change: (tx: Tx, game: GameRow, players: PlayerRow[], me: PlayerRow) => Promise<GameRow | null>,
): Promise<boolean> {
  const committed = await ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game || game.status !== 'playing') return null;
    const players = await gamePlayersOf(tx, gameId);
    const me = players.find((p) => p.userId === userId);
    if (!me) return null;
    const row = await change(tx, game, players, me);
    return row && { game: row, players };
  });
  if (!committed) return false;
  afterCommit(ctx, committed);
  return true;
}

/**
 * A player who was away comes back: the seat is theirs again (count of bot-played turns 0, not
 * disconnected), and if it is their turn they get a full turn time. Called when the socket
 * `game:join`s (the game screen opened or reconnected), before the player's own move over HTTP
 * or socket, and by GET /view for a seat shown as disconnected (decision 010). Returns true
 * when something changed (then every seat has been sent its new view).
 */
export async function reclaimSeat(
  ctx: GamesContext,
  gameId: string,
  userId: number,
): Promise<boolean> {
  return changeOwnSeat(ctx, gameId, userId, async (tx, game, players, me) => {
    if (me.autoplayedTurns === 0 && me.disconnectedAt === null) return null;
    await updateSeat(tx, gameId, me, { autoplayedTurns: 0, disconnectedAt: null });
    const state = game.state as MatchState;
    if (state.hand.turn !== me.seat) return game;
    return rescheduleTurn(tx, game, schedule(state, players, ctx.timing, false));
  });
}

/**
 * The player has no socket left on any node (after a grace period for reloads, games/socket.ts):
 * the seat shows as disconnected to everyone. Their turns keep the full turn time for
 * ABSENCE_PATIENCE_MS, then the CPU plays them at bot pace until the player comes back
 * (clock.ts, decision 042); a turn of theirs already running keeps its deadline. Returns true
 * when the seat changed.
 */
export async function markDisconnected(
  ctx: GamesContext,
  gameId: string,
  userId: number,
): Promise<boolean> {
  return changeOwnSeat(ctx, gameId, userId, async (tx, game, _players, me) => {
    if (me.disconnectedAt !== null) return null;
    await updateSeat(tx, gameId, me, { disconnectedAt: new Date() });
    return game;
  });
}

/**
 * The caller's JSON player view of a game (a read; it changes nothing), with `spectators`
 * watchers. Errors: 403, 404.
 */
export async function getGameView(
  db: Executor,
  gameId: string,
  userId: number,
  spectators = 0,
): Promise<GameView> {
  const game = await findGame(db, gameId);
  const players = game ? await gamePlayersOf(db, gameId) : [];
  const seat = seatOf(game, players, userId);
  return gameViewJson(game as GameRow, players, seat, spectators);
}

/**
 * GET /api/games/{id}/view: the caller's view. A player whose seat shows disconnected (their
 * sockets left the game) and who reads the game over HTTP is back, and takes the seat back as
 * `game:join` does (reclaimSeat). A seat that only timed out while its player stayed connected
 * is not reclaimed by a read — the web polls this every few seconds, and an idle open screen
 * must not win every later turn a full turn time; the player's own move takes it back
 * (decisions 004, 010). Errors: 403, 404.
 */
export async function openGameView(
  ctx: GamesContext,
  gameId: string,
  userId: number,
): Promise<GameView> {
  const game = await findGame(ctx.db, gameId);
  const players = game ? await gamePlayersOf(ctx.db, gameId) : [];
  const seat = seatOf(game, players, userId);
  const me = players.find((p) => p.seat === seat);
  if (game?.status === 'playing' && me?.disconnectedAt && (await reclaimSeat(ctx, gameId, userId)))
    return getGameView(ctx.db, gameId, userId, spectatorCount(ctx.hub, gameId));
  return gameViewJson(game as GameRow, players, seat, spectatorCount(ctx.hub, gameId));
}
