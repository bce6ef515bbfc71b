import type { FastifyBaseLogger } from 'fastify';
import { MSG_PRIVATE, MSG_TABLES, SERVER_EVENTS, centsToBolivares } from '@domino/contracts';
import type { Db } from '../../db/client';
import { PeriodicJob } from '../../lib/periodic';
import type { RealtimeHub } from '../realtime/hub';
import { keepTables, type PrivateClosing } from './private';
import { publishTable } from './publish';

/**
 * Tells the players of a closing what happened, after its commit: each refunded seat gets its new
 * balance and `table:closed` with `message`, and the table's room and the list get the change.
 */
export async function pushClosing(
  db: Db,
  hub: RealtimeHub,
  closing: PrivateClosing,
  message: string,
): Promise<void> {
  for (const r of closing.refunds) {
    const balance = centsToBolivares(r.balanceCents);
    hub.toUser(r.userId, SERVER_EVENTS.balanceUpdated, { balance });
    hub.toUser(r.userId, SERVER_EVENTS.tableClosed, {
      table_id: closing.tableId,
      message,
      new_balance: balance,
    });
  }
  await publishTable(db, hub, closing.tableId);
}

/**
 * The table keeper (docs/decisions/021-private-tables.md): every node runs one; each tick expires
 * unfilled private tables and ends rematch windows that ran out (keepTables, SKIP LOCKED), then
 * pushes the refunds and the closings.
 */
export class TableKeeper extends PeriodicJob<Awaited<ReturnType<typeof keepTables>>> {
  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    intervalMs: number,
    log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {
    super('table keeper', intervalMs, log);
  }

  async tick() {
    const out = await keepTables(this.db, this.now());
    for (const c of out.expired)
      await pushClosing(this.db, this.hub, c, MSG_PRIVATE.expiredRefunded);
    for (const c of out.lapsed) await pushClosing(this.db, this.hub, c, MSG_TABLES.rematchLapsed);
    return out;
  }
}
