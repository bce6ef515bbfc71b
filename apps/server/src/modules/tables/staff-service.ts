import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MSG_PAYMENTS,
  MSG_TABLES,
  centsToBolivares,
  parseBolivaresJson,
  tableInputSchema,
  type TableRules,
} from '@domino/contracts';
import type { Db } from '../../db/client';
import { gameTables, tableSeats } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { ProcessedImage } from '../uploads/images';
import { storeImage } from '../uploads/repo';
import type { SeatRefund, TableRow } from './service';
import { liveMatch, lockTable, refundAllSeats } from './service';

/**
 * Staff changes to a table (/admin/mesas; decision 010), called by tables/staff-routes.ts. Each
 * opens its own transaction and takes the table row lock first, as a join does, so a join either
 * commits before the change (and the change sees its seat) or waits for it (and sees the new
 * terms). Every change writes its audit row in that transaction.
 */

/** The terms a seated player agreed to: money split and rules. Name and image are not terms. */
const TERMS = ['entryPriceCents', 'houseFeeBps', 'potShareBps', 'rules'] as const;

type TableValues = Pick<TableRow, 'name' | (typeof TERMS)[number]>;

/** True when two stored rules values differ in any option. */
function rulesDiffer(a: TableRules, b: TableRules): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof TableRules>;
  for (const k of keys) if (a[k] !== b[k]) return true;
  return false;
}

/**
 * A table row as the audit log keeps it: every column but the round's server seed, which must
 * stay secret until its match ends, even from staff (decision 015). The commitment stays.
 */
export function auditedTable<T extends Partial<TableRow>>(row: T): Omit<T, 'roundServerSeed'> {
  const { roundServerSeed: _secret, ...rest } = row;
  return rest;
}

/** A validated staff input as the table row's values (price in céntimos); 422 for a bad price. */
export function tableValues(v: z.output<typeof tableInputSchema>): TableValues {
  const cents = parseBolivaresJson(v.entry_price);
  if (cents === null || cents <= 0)
    throw AppError.validation({ entry_price: [MSG_PAYMENTS.amountInvalid] });
  return {
    name: v.name,
    entryPriceCents: cents,
    rules: v.rules,
    houseFeeBps: v.house_fee_bps,
    potShareBps: v.pot_share_bps,
  };
}

/**
 * POST /api/admin/tables: creates a table from a validated staff input (422 for a bad price, see
 * tableValues) and audits it (`table.create`, before null). Returns the new table's id.
 */
export async function createTable(
  db: Db,
  staffId: number,
  input: z.output<typeof tableInputSchema>,
): Promise<number> {
  const values = tableValues(input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(gameTables).values(values).returning();
    await audit(tx, {
      actorUserId: staffId,
      action: 'table.create',
      targetType: 'table',
      targetId: row!.id,
      before: null,
      after: row ? auditedTable(row) : null,
    });
    return row!.id;
  });
}

/**
 * POST /api/admin/tables/{id}/image: stores an already processed image (uploads/images.ts) as
 * the table's image, with the table row locked, and audits the old and new URL
 * (`table.image`). Errors: 404 `tables/not_found`.
 */
export async function setTableImage(
  db: Db,
  staffId: number,
  tableId: number,
  image: ProcessedImage,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(gameTables)
      .where(eq(gameTables.id, tableId))
      .for('update');
    if (!before) throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
    const uploadId = await storeImage(tx, staffId, 'table_image', image);
    const url = `/api/table-images/${uploadId}`;
    await tx
      .update(gameTables)
      .set({ image: url, updatedAt: sql`now()` })
      .where(eq(gameTables.id, tableId));
    await audit(tx, {
      actorUserId: staffId,
      action: 'table.image',
      targetType: 'table',
      targetId: tableId,
      before: { image: before.image },
      after: { image: url },
    });
  });
}

/**
 * Applies a partial edit (the staff form's fields, bolívares and basis points; `rules` any subset
 * of the options, merged over the table's current rules) to a table and audits it. The terms
 * (entry price, house fee, pot share, every rule option) cannot change while a match runs (409 `tables/playing`) or anyone waits in a seat
 * (409 `tables/players_waiting`): each seat paid for the terms it saw. Errors: 404; 422 with
 * field messages.
 */
export async function editTable(
  db: Db,
  staffId: number,
  tableId: number,
  patch: Record<string, unknown>,
): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await lockTable(tx, tableId);
    const patchRules =
      typeof patch.rules === 'object' && patch.rules !== null ? (patch.rules as object) : {};
    const merged = tableInputSchema.safeParse({
      name: before.name,
      entry_price: before.entryPriceCents / 100,
      house_fee_bps: before.houseFeeBps,
      pot_share_bps: before.potShareBps,
      ...patch,
      rules: { ...before.rules, ...patchRules },
    });
    if (!merged.success) {
      const errors: Record<string, string[]> = {};
      for (const i of merged.error.issues)
        (errors[String(i.path[0] ?? '_')] ??= []).push(i.message);
      throw AppError.validation(errors);
    }
    const next = tableValues(merged.data);
    const changed = TERMS.some((k) =>
      k === 'rules' ? rulesDiffer(next.rules, before.rules) : next[k] !== before[k],
    );
    if (changed) {
      if (await liveMatch(tx, tableId))
        throw new AppError('tables/playing', 409, MSG_TABLES.playing);
      const [waiting] = await tx
        .select({ seat: tableSeats.seat })
        .from(tableSeats)
        .where(eq(tableSeats.tableId, tableId))
        .limit(1);
      if (waiting) throw new AppError('tables/players_waiting', 409, MSG_TABLES.playersWaiting);
    }
    const [after] = await tx
      .update(gameTables)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(gameTables.id, tableId))
      .returning();
    await audit(tx, {
      actorUserId: staffId,
      action: 'table.update',
      targetType: 'table',
      targetId: tableId,
      before: auditedTable(before),
      after: after ? auditedTable(after) : null,
    });
  });
}

/** A seat whose entry went back to the player when the table closed. */
export type ClosingRefund = SeatRefund;

/**
 * Opens (`open`) or closes (`closed`) a table and audits it. Closing refunds every waiting seat
 * its paid entry (escrow -> wallet, one ledger transfer per seat) and frees the seats in the
 * same transaction, so nobody is left seated at a closed table; a running match blocks closing
 * (409 `tables/playing`: its entries are already committed to the match). Errors: 404. Returns
 * the refunds for the after-commit pushes.
 */
export async function setTableStatus(
  db: Db,
  staffId: number,
  tableId: number,
  status: 'open' | 'closed',
): Promise<ClosingRefund[]> {
  return db.transaction(async (tx) => {
    const t = await lockTable(tx, tableId);
    let refunds: ClosingRefund[] = [];
    if (status === 'closed') {
      if (await liveMatch(tx, tableId))
        throw new AppError('tables/playing', 409, MSG_TABLES.closePlaying);
      refunds = await refundAllSeats(
        tx,
        t,
        `Devolución de entrada de ${t.name} (mesa cerrada)`,
        staffId,
      );
    }
    await tx
      .update(gameTables)
      .set({
        status,
        closedReason: status === 'closed' ? 'staff' : null,
        rematchUntil: null,
        rematchSeats: null,
        updatedAt: sql`now()`,
      })
      .where(eq(gameTables.id, tableId));
    await audit(tx, {
      actorUserId: staffId,
      action: status === 'open' ? 'table.open' : 'table.close',
      targetType: 'table',
      targetId: tableId,
      before: { status: t.status },
      after: {
        status,
        ...(refunds.length > 0
          ? {
              refunded: refunds.map((r) => ({
                user_id: r.userId,
                seat: r.seat,
                refund: centsToBolivares(r.refundCents),
              })),
            }
          : {}),
      },
    });
    return refunds;
  });
}
