import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io';
import { socketInputGuard } from '../../lib/input-guard';
import { adapterParser } from './adapter-parser';
import { safePublisher } from './redis-publisher';
import { ROOMS } from './rooms';
import type { GuardedServer, SessionChecks, SocketData, SocketSession } from './session-guard';
import { SessionGuard, sessionEndedHandshakeError } from './session-guard';
import { spanishEngineRefusals, spanishParser } from './transport-refusals';
import { answerUnserved } from './unserved';

export { ROOMS };
export type { SocketData, SocketSession };

/** Options of `attachRealtime`. */
export interface RealtimeOptions {
  /**
   * Redis clients for the adapter (several nodes share rooms), and what its channels start with
   * (the deployment's REDIS_PREFIX: another deployment on the same Redis never hears them).
   */
  redis?: { pub: Redis; sub: Redis; channelPrefix?: string } | undefined;
  /** Registers the handlers of every socket, anonymous or not (the waiting room's `table:watch`). */
  onConnection?: (socket: Socket) => void;
  /** Registers the handlers of an authenticated socket (the game messages). */
  onAuthenticated?: (socket: Socket, session: SocketSession) => void;
  /** How often this node re-checks its sockets' tokens, in ms (0 disables; decision 012). */
  sessionSweepMs?: number;
  /** Where failed background checks are reported. */
  onError?: (err: unknown) => void;
  /**
   * Whether this node takes new sockets now (false while it drains, docs/decisions/063): a new
   * handshake is refused at the transport (403, the Spanish `forbidden` refusal) and the client
   * tries again with back-off, through the balancer, to another node. Sockets already open are
   * not affected. Default: always.
   */
  accepting?: () => boolean;
}

/**
 * Attaches Socket.IO to the HTTP server. A socket joins the public `tables` room (docs/product.md §7:
 * channel 'tables', event UserJoinedTable) when it asks, with `tables:watch` (tables/socket.ts;
 * decision 035). A handshake with a token (`auth: {token}`) must
 * authenticate: a dead token is refused (`connect_error`, code `auth/session_ended`), a live one
 * puts the socket under the node's SessionGuard (user and session rooms, expiry timer, per-event
 * refusal once the session is over; docs/decisions/012). A handshake without a token is anonymous.
 * With Redis, the Redis adapter shares rooms across nodes. The sweep stops when the HTTP server
 * closes. While `accepting()` is false no new socket is taken (a draining node).
 */
export function attachRealtime(
  server: HttpServer,
  sessions: SessionChecks,
  options: RealtimeOptions = {},
): GuardedServer {
  const { redis, onConnection, onAuthenticated } = options;
  const onError = options.onError ?? (() => undefined);
  const io: GuardedServer = new Server(server, {
    serveClient: false,
    cors: { origin: false },
    // Called for new handshakes only, never for a session's later requests or its upgrade.
    ...(options.accepting
      ? {
          allowRequest: (_req, callback) => {
            const open = options.accepting!();
            callback(open ? null : 'draining', open);
          },
        }
      : {}),
    // The transport's own refusals in Spanish (transport-refusals.ts; decision 014).
    parser: spanishParser,
    ...(redis
      ? {
          // A Redis outage must not end the node (redis-publisher.ts, decision 066).
          adapter: createAdapter(safePublisher(redis.pub, onError), redis.sub, {
            key: `${redis.channelPrefix ?? ''}socket.io`,
            // Views between nodes as their JSON text, and this node's own messages dropped
            // unread (adapter-parser.ts, decision 076).
            parser: adapterParser(),
          }),
        }
      : {}),
  });
  spanishEngineRefusals(io);
  const guard = new SessionGuard(sessions, options.sessionSweepMs ?? 0, onError);
  guard.start();
  server.once('close', () => guard.stop());

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    socket.data = { userId: null, tokenId: null, expiresAt: null, visible: null };
    if (typeof token !== 'string' || token.length === 0) return next();
    try {
      const live = await sessions.authenticate(token);
      if (!live) return next(sessionEndedHandshakeError(await sessions.endReasonOfToken(token)));
      socket.data = {
        userId: live.userId,
        tokenId: live.tokenId,
        expiresAt: live.expiresAt.getTime(),
        visible: null,
      };
      next();
    } catch (err) {
      next(err as Error);
    }
  });
  io.on('connection', (socket) => {
    // NUL and lone surrogates in any client message are refused in one place (decision 014).
    socket.use(socketInputGuard);
    const { userId, tokenId, expiresAt } = socket.data;
    const session =
      userId !== null && tokenId !== null && expiresAt !== null
        ? guard.attach(socket as unknown as Socket, { userId, tokenId, expiresAt })
        : null;
    onConnection?.(socket as unknown as Socket);
    if (session) onAuthenticated?.(socket as unknown as Socket, session);
    // Every message is answered (decision 048): one no handler of this socket serves gets its
    // refusal here instead of silence, after the input and session guards above.
    socket.use(answerUnserved(socket as unknown as Socket));
  });
  return io;
}
