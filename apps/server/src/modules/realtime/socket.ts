import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io';
import type { Db } from '../../db/client';
import { authenticate } from '../auth/service';
import { tableDetails } from '../tables/repo';

import { ROOMS } from './rooms';

export { ROOMS };

export interface SocketData {
  userId: number | null;
}

/**
 * Attaches Socket.IO to the HTTP server. Every socket joins the public `tables` room (spec §7:
 * channel 'tables', event UserJoinedTable); a socket whose handshake carries a valid token
 * (`auth: {token}`) also joins its user room. With Redis, the Redis adapter shares rooms across
 * nodes.
 */
export function attachRealtime(
  server: HttpServer,
  db: Db,
  redis?: { pub: Redis; sub: Redis },
  onAuthenticated?: (socket: Socket, userId: number) => void,
): Server<
  Record<string, never>,
  Record<string, (...args: unknown[]) => void>,
  Record<string, never>,
  SocketData
> {
  const io = new Server<
    Record<string, never>,
    Record<string, (...args: unknown[]) => void>,
    Record<string, never>,
    SocketData
  >(server, {
    serveClient: false,
    cors: { origin: false },
    ...(redis ? { adapter: createAdapter(redis.pub, redis.sub) } : {}),
  });
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    socket.data.userId = null;
    if (typeof token === 'string' && token.length > 0) {
      try {
        const ctx = await authenticate(db, token);
        if (ctx) socket.data.userId = ctx.user.id;
      } catch (err) {
        return next(err as Error);
      }
    }
    next();
  });
  io.on('connection', (socket) => {
    void socket.join(ROOMS.tables);
    // Waiting room: watch one table; the ack carries its snapshot, then `table:updated` follows.
    socket.on('table:watch', async (payload: unknown, ack?: (reply: unknown) => void) => {
      const id = Number((payload as { table_id?: unknown } | null)?.table_id);
      if (typeof ack !== 'function') return;
      if (!Number.isSafeInteger(id) || id <= 0) return ack({ ok: false, code: 'tables/not_found' });
      try {
        const [table] = await tableDetails(db, id);
        if (!table) return ack({ ok: false, code: 'tables/not_found' });
        await socket.join(ROOMS.table(id));
        ack({ ok: true, table });
      } catch {
        ack({ ok: false, code: 'server/internal' });
      }
    });
    if (socket.data.userId !== null) {
      void socket.join(ROOMS.user(socket.data.userId));
      onAuthenticated?.(socket as unknown as Socket, socket.data.userId);
    }
  });
  return io;
}
