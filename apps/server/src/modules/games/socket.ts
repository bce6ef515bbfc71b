import type { Socket } from 'socket.io';
import { z } from 'zod';
import {
  CLIENT_EVENTS,
  MSG_SPECTATE,
  gameMessage,
  inviteCodeInputSchema,
  moveRequestSchema,
  uuidParam,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { ROOMS } from '../realtime/rooms';
import type { SocketSession } from '../realtime/session-guard';
import { sessionEndedAck } from '../realtime/session-guard';
import type { GamesContext } from './context';
import { submitMove } from './moves';
import { getGameView, markDisconnected, reclaimSeat } from './presence';
import { watchTarget } from './spectate';
import { currentSpectatorView, refreshSpectatorCount } from './spectators';

// A game id is a canonical UUID, as in a path (docs/decisions/014): anything else is "no such game".
const joinSchema = z.object({ game_id: uuidParam });
const watchSchema = z.object({ game_id: uuidParam, code: inviteCodeInputSchema.optional() });

/** The players' room of a game (`game:<id>`), not the spectators' (`game:<id>:watch`). */
const PLAYERS_ROOM = /^game:([^:]+)$/;
/** The spectators' room of a game. */
const WATCH_ROOM = /^game:([^:]+):watch$/;

type Ack = (reply: unknown) => void;

function failure(err: unknown): { ok: false; code: string; message: string } {
  if (err instanceof AppError) return { ok: false, code: err.code, message: err.message };
  return { ok: false, code: 'server/internal', message: gameMessage('server/internal') };
}

/** How long a player may be without a socket in a game (a reload) before they count as gone. */
export const PRESENCE_GRACE_MS = 8_000;

/**
 * Game messages of an authenticated socket (docs/architecture.md#how-a-move-flows, lila-ws style: every client message is
 * acknowledged). `game:join {game_id}` -> `{ok, view}`; `game:move {game_id, version, tile, end}`
 * (or `pass`/`draw`) -> `{ok, version}` or `{ok: false, code, message}`. Views are pushed as
 * `game:view` to the user's room after every change. `game:watch {game_id, code?}` -> `{ok, view}`
 * with the spectator view (docs/decisions/022-spectators.md), then `game:spectate` and
 * `game:spectators` to the spectators' room `game:<id>:watch`.
 *
 * Session checks (docs/decisions/012): every event of an ended or expired session is refused
 * before it gets here (SessionGuard). `game:join` reveals a hand, so it also re-reads the token in
 * the database, and so does `game:watch` (it puts the socket in a room that is pushed views); `game:move` relies on the local check, the server-side disconnect that ends a
 * session on every node, and the node's periodic sweep (one round trip per move, decision 008).
 */
export function registerGameSocket(
  socket: Socket,
  session: SocketSession,
  ctx: GamesContext,
  onError: (err: unknown) => void,
): void {
  const { userId } = session;
  socket.on(CLIENT_EVENTS.joinGame, async (payload: unknown, ack?: Ack) => {
    if (typeof ack !== 'function') return;
    const parsed = joinSchema.safeParse(payload);
    if (!parsed.success)
      return ack({
        ok: false,
        code: 'game/not_found',
        message: gameMessage('game/not_found'),
      });
    try {
      const ended = await session.verify();
      if (ended) {
        ack(sessionEndedAck(ended));
        return session.end(ended);
      }
      // Opening the game screen (or reconnecting) takes the seat back from the bot.
      await reclaimSeat(ctx, parsed.data.game_id, userId).catch(onError);
      const view = await getGameView(ctx.db, parsed.data.game_id, userId);
      await socket.join(ROOMS.game(parsed.data.game_id));
      view.spectators = await refreshSpectatorCount(ctx.hub, parsed.data.game_id).catch(
        (err: unknown) => {
          onError(err);
          return view.spectators;
        },
      );
      ack({ ok: true, view });
    } catch (err) {
      if (!(err instanceof AppError)) onError(err);
      ack(failure(err));
    }
  });

  socket.on(CLIENT_EVENTS.watchGame, async (payload: unknown, ack?: Ack) => {
    if (typeof ack !== 'function') return;
    const parsed = watchSchema.safeParse(payload);
    if (!parsed.success)
      return ack({ ok: false, code: 'game/not_found', message: MSG_SPECTATE.notFound });
    try {
      const ended = await session.verify();
      if (ended) {
        ack(sessionEndedAck(ended));
        return session.end(ended);
      }
      const { game_id: gameId, code } = parsed.data;
      const target = await watchTarget(ctx.db, gameId, userId, code);
      await socket.join(ROOMS.watch(gameId));
      // Everyone (players and spectators, every node) learns the new count.
      const count = await refreshSpectatorCount(ctx.hub, gameId, true);
      ack({ ok: true, view: await currentSpectatorView(ctx, target, count) });
    } catch (err) {
      if (!(err instanceof AppError)) onError(err);
      ack(failure(err));
    }
  });

  // Presence: when this socket leaves, check (on every node, through the adapter) whether the
  // user still has a socket in each game room; if not, after a grace period, they are away.
  // A spectator leaving changes the count everyone sees, once the socket has left the room.
  socket.on('disconnecting', () => {
    const rooms = [...socket.rooms];
    const watched = rooms.flatMap((r) => WATCH_ROOM.exec(r)?.[1] ?? []);
    if (watched.length > 0) {
      socket.once('disconnect', () => {
        for (const gameId of watched)
          void refreshSpectatorCount(ctx.hub, gameId, true).catch(onError);
      });
    }
    const gameIds = rooms.flatMap((r) => PLAYERS_ROOM.exec(r)?.[1] ?? []);
    for (const gameId of gameIds) {
      const timer = setTimeout(async () => {
        try {
          const present = await socket.nsp.in(ROOMS.game(gameId)).fetchSockets();
          if (present.some((s) => (s.data as { userId?: number }).userId === userId)) return;
          await markDisconnected(ctx, gameId, userId);
        } catch (err) {
          onError(err);
        }
      }, PRESENCE_GRACE_MS);
      timer.unref();
    }
  });

  socket.on(CLIENT_EVENTS.move, async (payload: unknown, ack?: Ack) => {
    if (typeof ack !== 'function') return;
    const id = joinSchema.safeParse(payload);
    const move = moveRequestSchema.safeParse(payload);
    if (!id.success || !move.success) {
      return ack({
        ok: false,
        code: 'game/invalid_move',
        message: gameMessage('game/invalid_move'),
      });
    }
    try {
      const view = await submitMove(ctx, id.data.game_id, userId, move.data);
      ack({ ok: true, version: view.version });
    } catch (err) {
      if (!(err instanceof AppError)) onError(err);
      ack(failure(err));
    }
  });
}
