import type { Socket } from 'socket.io';
import type { GameView, MoveGameAck, SessionEndReason } from '@domino/contracts';
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
import { attachJson, attachedJson } from '../realtime/preserialised';
import { PLAYERS_ROOM, ROOMS, WATCH_ROOM } from '../realtime/rooms';
import type { SocketSession } from '../realtime/session-guard';
import { sessionEndedAck } from '../realtime/session-guard';
import type { GamesContext } from './context';
import { submitMove } from './moves';
import { gameCacheFor } from './cache';
import { isAway } from './clock';
import { seatOf } from './context';
import { markDisconnected, reclaimSeat } from './presence';
import { watchTargetCounted } from './spectate';
import { clientKey } from '../protection/request';
import { hiddenFromStrangers } from './strangers';
import { currentSpectatorView, refreshSpectatorCount, spectatorCount } from './spectators';
import { gameViewJson } from './view';

// A game id is a canonical UUID, as in a path (docs/decisions/014): anything else is "no such game".
const joinSchema = z.object({ game_id: uuidParam });
const watchSchema = z.object({ game_id: uuidParam, code: inviteCodeInputSchema.optional() });
// `game:move`'s request for the view in its acknowledgement (decision 068).
const ackViewSchema = z.object({ ack_view: z.literal(true) });

type Ack = (reply: unknown) => void;

/** The browser of a socket for per-client limits: its handshake's device id, else its address. */
function socketClient(socket: Socket): string {
  return clientKey({ ip: socket.handshake.address, headers: socket.handshake.headers });
}

function failure(err: unknown): { ok: false; code: string; message: string } {
  if (err instanceof AppError) return { ok: false, code: err.code, message: err.message };
  return { ok: false, code: 'server/internal', message: gameMessage('server/internal') };
}

/**
 * The acknowledgement of a move that asked for its view (`ack_view: true`, decision 068):
 * `{ok: true, version, view}`, the caller's own view only. When the view carries its JSON text
 * (the broadcast's `seatViewsJson`), the ack carries its own text built around it, so the view is
 * not serialised a second time (realtime/preserialised.ts, written by transport-refusals.ts).
 */
export function moveAckWithView(view: GameView): MoveGameAck {
  const reply: MoveGameAck = { ok: true, version: view.version, view };
  const text = attachedJson(view);
  if (text === undefined) return reply;
  return attachJson(reply, `{"ok":true,"version":${view.version},"view":${text}}`);
}

/** The session of a `game:join` ended (decision 012): answered with the session's end, no view. */
class SessionEnded extends Error {
  constructor(readonly reason: SessionEndReason) {
    super('session ended');
  }
}

/**
 * `game:join`: the caller's exact player view (hand, line, scores, turn deadline, seats) in the
 * acknowledgement, read fresh from the database on whichever node the socket reached (decision
 * 042). The session check, the read of the game and its seats (which refreshes this node's copy)
 * and the spectator count run at the same time; the view is built only once the session is
 * known to be alive. A seat the CPU was playing (its time ran out, or it had no connection) is
 * taken back first (`reclaimSeat`, decision 010). Joins the socket to the players' room.
 * Errors: SessionEnded, AppError 404 game/not_found, 403 game/not_a_player.
 */
async function joinGame(
  ctx: GamesContext,
  socket: Socket,
  session: SocketSession,
  gameId: string,
  onError: (err: unknown) => void,
): Promise<GameView> {
  const { userId } = session;
  const cache = gameCacheFor(ctx.db);
  // The read's refusal (an unknown game) waits for the session check: a dead session is told
  // it ended whatever it asked for, however the two reads race (the check is a coalesced read,
  // decision 067 addendum "Cheaper connections").
  const [ended, loaded, spectators] = await Promise.all([
    session.verify(),
    cache.load(ctx.db, gameId, { refresh: true }).then(
      (entry) => ({ ok: true as const, entry }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    refreshSpectatorCount(ctx.hub, gameId).catch((err: unknown) => {
      onError(err);
      return spectatorCount(ctx.hub, gameId);
    }),
  ]);
  if (ended) throw new SessionEnded(ended);
  if (!loaded.ok) throw loaded.error;
  let entry = loaded.entry;
  const me = entry?.players.find((p) => p.userId === userId);
  if (entry && me && isAway(me) && entry.row.status === 'playing') {
    // Opening the game screen (or reconnecting) takes the seat back from the CPU.
    const changed = await reclaimSeat(ctx, gameId, userId).catch((err: unknown) => {
      onError(err);
      return false;
    });
    if (changed) entry = cache.get(gameId) ?? (await cache.load(ctx.db, gameId, { refresh: true }));
  }
  const seat = seatOf(entry?.row, entry?.players ?? [], userId);
  await socket.join(ROOMS.game(gameId));
  return gameViewJson(entry!.row, entry!.players, seat, spectators);
}

/** How long a player may be without a socket (a reload) before they count as gone (ms). */
export const PRESENCE_GRACE_MS = 8_000;
/** How many times the presence check is tried when a node does not answer in time. */
const PRESENCE_CHECKS = 3;

/**
 * Game messages of an authenticated socket (docs/architecture.md#how-a-move-flows, lila-ws style: every client message is
 * acknowledged). `game:join {game_id}` -> `{ok, view}`; `game:move {game_id, version, tile, end}`
 * (or `pass`/`draw`, optionally `ack_view: true`) -> `{ok, version}` (with `ack_view`: `{ok,
 * version, view}`, and this socket gets no `game:view` for the move, decision 068) or `{ok: false,
 * code, message}`. Views are pushed as
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
      const gameId = parsed.data.game_id;
      const view = await hiddenFromStrangers(ctx.db, gameId, () =>
        joinGame(ctx, socket, session, gameId, onError),
      );
      ack({ ok: true, view });
    } catch (err) {
      if (err instanceof SessionEnded) {
        ack(sessionEndedAck(err.reason));
        return session.end(err.reason);
      }
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
      const target = await watchTargetCounted(ctx, gameId, userId, code, socketClient(socket));
      await socket.join(ROOMS.watch(gameId));
      // Everyone (players and spectators, every node) learns the new count.
      const count = await refreshSpectatorCount(ctx.hub, gameId, true);
      ack({ ok: true, view: await currentSpectatorView(ctx, target, count) });
    } catch (err) {
      if (!(err instanceof AppError)) onError(err);
      ack(failure(err));
    }
  });

  // Presence: when this socket leaves a game room, check after a grace period (a reload, a
  // network change) whether the user still has any socket on any node (the adapter asks every
  // node); only with none left is the seat marked disconnected (decision 042). A slow but
  // connected player is never marked. When a node does not answer in time, the check is tried
  // again later rather than deciding from a partial answer.
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
    if (gameIds.length === 0) return;
    const check = (attempt: number) => {
      const timer = setTimeout(async () => {
        let connected: boolean;
        try {
          connected = (await socket.nsp.in(ROOMS.user(userId)).fetchSockets()).length > 0;
        } catch (err) {
          if (attempt < PRESENCE_CHECKS) check(attempt + 1);
          else onError(err);
          return;
        }
        if (connected) return;
        for (const gameId of gameIds) {
          await markDisconnected(ctx, gameId, userId).catch(onError);
        }
      }, PRESENCE_GRACE_MS);
      timer.unref();
    };
    check(1);
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
      const gameId = id.data.game_id;
      const withView = ackViewSchema.safeParse(payload).success;
      const view = await hiddenFromStrangers(ctx.db, gameId, () =>
        submitMove(ctx, gameId, userId, move.data, {
          ackSocketId: withView ? socket.id : undefined,
        }),
      );
      ack(withView ? moveAckWithView(view) : { ok: true, version: view.version });
    } catch (err) {
      if (!(err instanceof AppError)) onError(err);
      ack(failure(err));
    }
  });
}
