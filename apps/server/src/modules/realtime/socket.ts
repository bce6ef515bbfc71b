import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io';
import { CLIENT_EVENTS, MSG, MSG_TABLES, idParam } from '@domino/contracts';
import type { Db } from '../../db/client';
import { socketInputGuard } from '../../lib/input-guard';
import { authenticate } from '../auth/service';
import { endReasonOfToken } from '../auth/sessions';
import { tableDetails } from '../tables/repo';
import { ROOMS } from './rooms';
import type { GuardedServer, SocketData, SocketSession } from './session-guard';
import { SessionGuard, sessionEndedHandshakeError } from './session-guard';
import { spanishEngineRefusals, spanishParser } from './transport-refusals';

export { ROOMS };
export type { SocketData, SocketSession };

/** Options of `attachRealtime`. */
export interface RealtimeOptions {
  /** Redis clients for the adapter (several nodes share rooms). */
  redis?: { pub: Redis; sub: Redis } | undefined;
  /** Registers the handlers of an authenticated socket (the game messages). */
  onAuthenticated?: (socket: Socket, session: SocketSession) => void;
  /** How often this node re-checks its sockets' tokens, in ms (0 disables; decision 012). */
  sessionSweepMs?: number;
  /** Where failed background checks are reported. */
  onError?: (err: unknown) => void;
}

/**
 * Attaches Socket.IO to the HTTP server. Every socket joins the public `tables` room (spec §7:
 * channel 'tables', event UserJoinedTable). A handshake with a token (`auth: {token}`) must
 * authenticate: a dead token is refused (`connect_error`, code `auth/session_ended`), a live one
 * puts the socket under the node's SessionGuard (user and session rooms, expiry timer, per-event
 * refusal once the session is over; docs/decisions/012). A handshake without a token is anonymous.
 * With Redis, the Redis adapter shares rooms across nodes. The sweep stops when the HTTP server
 * closes.
 */
export function attachRealtime(
  server: HttpServer,
  db: Db,
  options: RealtimeOptions = {},
): GuardedServer {
  const { redis, onAuthenticated } = options;
  const onError = options.onError ?? (() => undefined);
  const io: GuardedServer = new Server(server, {
    serveClient: false,
    cors: { origin: false },
    // The transport's own refusals in Spanish (transport-refusals.ts; decision 014).
    parser: spanishParser,
    ...(redis ? { adapter: createAdapter(redis.pub, redis.sub) } : {}),
  });
  spanishEngineRefusals(io);
  const guard = new SessionGuard(db, options.sessionSweepMs ?? 0, onError);
  guard.start();
  server.once('close', () => guard.stop());

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    socket.data = { userId: null, tokenId: null, expiresAt: null };
    if (typeof token !== 'string' || token.length === 0) return next();
    try {
      const ctx = await authenticate(db, token);
      if (!ctx) return next(sessionEndedHandshakeError(await endReasonOfToken(db, token)));
      socket.data = {
        userId: ctx.user.id,
        tokenId: ctx.tokenId,
        expiresAt: ctx.expiresAt.getTime(),
      };
      next();
    } catch (err) {
      next(err as Error);
    }
  });
  io.on('connection', (socket) => {
    // NUL and lone surrogates in any client message are refused in one place (decision 014).
    socket.use(socketInputGuard);
    void socket.join(ROOMS.tables);
    const { userId, tokenId, expiresAt } = socket.data;
    const session =
      userId !== null && tokenId !== null && expiresAt !== null
        ? guard.attach(socket as unknown as Socket, { userId, tokenId, expiresAt })
        : null;
    // Waiting room: watch one table; the ack carries its snapshot, then `table:updated` follows.
    socket.on(
      CLIENT_EVENTS.watchTable,
      async (payload: unknown, ack?: (reply: unknown) => void) => {
        if (typeof ack !== 'function') return;
        const notFound = { ok: false, code: 'tables/not_found', message: MSG_TABLES.notFound };
        // The table id as a number or its canonical decimal spelling, like a path id (decision 014).
        const raw = (payload as { table_id?: unknown } | null)?.table_id;
        const parsed = idParam.safeParse(typeof raw === 'number' ? String(raw) : raw);
        if (!parsed.success) return ack(notFound);
        const id = parsed.data;
        try {
          const [table] = await tableDetails(db, id);
          if (!table) return ack(notFound);
          await socket.join(ROOMS.table(id));
          ack({ ok: true, table });
        } catch {
          ack({ ok: false, code: 'server/internal', message: MSG.unexpected });
        }
      },
    );
    if (session) onAuthenticated?.(socket as unknown as Socket, session);
  });
  return io;
}
