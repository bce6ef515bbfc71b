import type { Socket } from 'socket.io';
import { CLIENT_EVENTS, MSG, MSG_TABLES, idParam } from '@domino/contracts';
import type { Db } from '../../db/client';
import { ROOMS } from '../realtime/rooms';
import { maySeeTable } from './private';
import { tableDetails } from './repo';

/**
 * The table list's channel, for every socket (anonymous too): `tables:watch` joins the public
 * `tables` room (UserJoinedTable pushes, publish.ts), `tables:unwatch` leaves it; both acknowledge
 * `{ok: true}`. The waiting room's socket message: `table:watch {table_id}`
 * joins the table's room and acknowledges `{ok: true, table}` with its snapshot; `table:updated`
 * pushes follow (publish.ts). An unknown or malformed id is `{ok: false, code: 'tables/not_found'}`
 * with the Spanish message. Registered through attachRealtime's `onConnection` (tables/module.ts, attached by server.ts).
 */
export function registerTableSocket(socket: Socket, db: Db): void {
  // The table list: join or leave the public `tables` channel (UserJoinedTable; decision 035).
  socket.on(
    CLIENT_EVENTS.watchTables,
    async (_payload: unknown, ack?: (reply: unknown) => void) => {
      await socket.join(ROOMS.tables);
      if (typeof ack === 'function') ack({ ok: true });
    },
  );
  socket.on(
    CLIENT_EVENTS.unwatchTables,
    async (_payload: unknown, ack?: (reply: unknown) => void) => {
      await socket.leave(ROOMS.tables);
      if (typeof ack === 'function') ack({ ok: true });
    },
  );
  // Waiting room: watch one table; the ack carries its snapshot, then `table:updated` follows.
  socket.on(CLIENT_EVENTS.watchTable, async (payload: unknown, ack?: (reply: unknown) => void) => {
    if (typeof ack !== 'function') return;
    const notFound = { ok: false, code: 'tables/not_found', message: MSG_TABLES.notFound };
    // The table id as a number or its canonical decimal spelling, like a path id (decision 014).
    const raw = (payload as { table_id?: unknown } | null)?.table_id;
    const parsed = idParam.safeParse(typeof raw === 'number' ? String(raw) : raw);
    if (!parsed.success) return ack(notFound);
    const id = parsed.data;
    try {
      const [table] = await tableDetails(db, id);
      // A private table is watched only by its host and players (docs/decisions/021).
      const userId = (socket.data as { userId?: number | null }).userId ?? null;
      if (!table || !maySeeTable(table, userId)) return ack(notFound);
      await socket.join(ROOMS.table(id));
      ack({ ok: true, table });
    } catch {
      ack({ ok: false, code: 'server/internal', message: MSG.unexpected });
    }
  });
}
