import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MSG_RISK,
  centsToBolivares,
  type RiskAction,
  type RiskItem,
  type RiskStatus,
} from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { riskAccountMarks, riskItems, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { changeMark, marksOf } from './marks';
import { findSignals, type ChipFacts, type CoSeatingFacts, type RiskFinding } from './signals';

/**
 * The staff risk queue (docs/decisions/032-risk-signals.md): findings become items keyed by kind +
 * accounts, so a scan run twice (or on two nodes at once) updates rows instead of adding them;
 * staff list them, dismiss them with a note, or act on an account from them.
 */

/** Items listed per request (highest score first). */
export const RISK_PAGE_SIZE = 200;

/** Suspends an account (admin/users.ts suspendUser plus its after-commit effects), bound in app.ts. */
export type SuspendAccount = (staffId: number, userId: number, reason: string) => Promise<unknown>;

/**
 * Writes `findings` as queue items: a new key inserts an `open` item, a known key refreshes its
 * evidence, accounts, score and `last_seen_at` and keeps its status (a dismissed item stays
 * dismissed). Returns how many were created and updated.
 */
export async function upsertFindings(
  db: Executor,
  findings: RiskFinding[],
): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  for (let i = 0; i < findings.length; i += 500) {
    const chunk = findings.slice(i, i + 500);
    const rows = await db
      .insert(riskItems)
      .values(
        chunk.map((f) => ({
          kind: f.kind,
          key: f.key,
          userIds: f.userIds,
          evidence: f.evidence as unknown as Record<string, unknown>,
          score: f.score,
        })),
      )
      .onConflictDoUpdate({
        target: riskItems.key,
        set: {
          userIds: sql`excluded.user_ids`,
          evidence: sql`excluded.evidence`,
          score: sql`excluded.score`,
          lastSeenAt: sql`now()`,
        },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const r of rows) if (r.inserted) created += 1;
    updated += rows.length - rows.filter((r) => r.inserted).length;
  }
  return { created, updated };
}

/**
 * One scan: every signal over the last 90 days (signals.ts), upserted into the queue. Safe to run
 * on several nodes at once and repeatedly (the unique key). Returns the counts.
 */
export async function scanRisk(
  db: Executor,
  now: Date = new Date(),
): Promise<{ created: number; updated: number; total: number }> {
  const findings = await findSignals(db, now);
  const out = await upsertFindings(db, findings);
  return { ...out, total: findings.length };
}

/**
 * Queue items with `status` (highest score first, then newest), optionally only those naming
 * `userId`, each with its accounts (name, e-mail, status, marks) and evidence in bolívares.
 */
export async function listItems(
  db: Executor,
  query: { status: RiskStatus; user_id?: number | undefined },
): Promise<RiskItem[]> {
  const rows = await db
    .select({ item: riskItems, decidedBy: users.name })
    .from(riskItems)
    .leftJoin(users, eq(users.id, riskItems.decidedBy))
    .where(
      and(
        eq(riskItems.status, query.status),
        query.user_id
          ? sql`${riskItems.userIds} @> ${JSON.stringify([query.user_id])}::jsonb`
          : undefined,
      ),
    )
    .orderBy(desc(riskItems.score), desc(riskItems.lastSeenAt), desc(riskItems.id))
    .limit(RISK_PAGE_SIZE);
  return serializeItems(
    db,
    rows.map((r) => ({ ...r.item, decidedByName: r.decidedBy })),
  );
}

type ItemRow = typeof riskItems.$inferSelect & { decidedByName: string | null };

async function serializeItems(db: Executor, rows: ItemRow[]): Promise<RiskItem[]> {
  const ids = [...new Set(rows.flatMap((r) => r.userIds))];
  const accounts = ids.length
    ? await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          status: users.status,
          flagged: riskAccountMarks.flagged,
          held: riskAccountMarks.withdrawalsHeld,
        })
        .from(users)
        .leftJoin(riskAccountMarks, eq(riskAccountMarks.userId, users.id))
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return rows.map((r) => {
    const base = {
      id: r.id,
      status: r.status,
      score: r.score,
      accounts: r.userIds.flatMap((id) => {
        const a = byId.get(id);
        return a
          ? [
              {
                id: a.id,
                name: a.name,
                email: a.email,
                status: a.status,
                flagged: a.flagged ?? false,
                withdrawals_held: a.held ?? false,
              },
            ]
          : [];
      }),
      note: r.note,
      decided_by: r.decidedByName,
      decided_at: r.decidedAt?.toISOString() ?? null,
      first_seen_at: r.firstSeenAt.toISOString(),
      last_seen_at: r.lastSeenAt.toISOString(),
    };
    return withEvidence(base, r);
  });
}

type ItemBase = Omit<RiskItem, 'kind' | 'evidence'>;

function withEvidence(base: ItemBase, r: ItemRow): RiskItem {
  const e = r.evidence as Record<string, unknown>;
  switch (r.kind) {
    case 'linked':
      return { ...base, kind: 'linked', evidence: { signals: e.signals as string[] } };
    case 'co_seating': {
      const { stakes_cents, ...rest } = e as unknown as CoSeatingFacts;
      return {
        ...base,
        kind: 'co_seating',
        evidence: { ...rest, stakes: stakes_cents.map(centsToBolivares) },
      };
    }
    case 'chip_dumping': {
      const { stakes_cents, net_cents, ...rest } = e as unknown as ChipFacts;
      return {
        ...base,
        kind: 'chip_dumping',
        evidence: {
          ...rest,
          net: centsToBolivares(net_cents),
          stakes: stakes_cents.map(centsToBolivares),
        },
      };
    }
    case 'shared_reference': {
      const facts = e as { reference: string; recharges: Record<string, unknown>[] };
      return {
        ...base,
        kind: 'shared_reference',
        evidence: {
          reference: facts.reference,
          recharges: facts.recharges.map((x) => ({
            id: x.id as number,
            user_id: x.user_id as number,
            amount: centsToBolivares(x.amount_cents as number),
            status: x.status as string,
            created_at: x.created_at as string,
          })),
        },
      };
    }
  }
}

async function lockItem(tx: Tx, id: number) {
  const [row] = await tx.select().from(riskItems).where(eq(riskItems.id, id)).for('update');
  if (!row) throw new AppError('risk/item_not_found', 404, MSG_RISK.itemNotFound);
  return row;
}

async function itemById(db: Executor, id: number): Promise<RiskItem> {
  const [row] = await db
    .select({ item: riskItems, decidedBy: users.name })
    .from(riskItems)
    .leftJoin(users, eq(users.id, riskItems.decidedBy))
    .where(eq(riskItems.id, id));
  if (!row) throw new AppError('risk/item_not_found', 404, MSG_RISK.itemNotFound);
  const [item] = await serializeItems(db, [{ ...row.item, decidedByName: row.decidedBy }]);
  return item!;
}

/**
 * Dismisses an open item with the staff note (status `dismissed`), audited as
 * `risk.item.dismiss`. Errors: 404 `risk/item_not_found`; 409 `risk/item_decided`.
 */
export async function dismissItem(
  db: Db,
  staffId: number,
  id: number,
  note: string,
): Promise<RiskItem> {
  await db.transaction(async (tx) => {
    const row = await lockItem(tx, id);
    if (row.status !== 'open') throw new AppError('risk/item_decided', 409, MSG_RISK.itemDecided);
    await tx
      .update(riskItems)
      .set({ status: 'dismissed', note, decidedBy: staffId, decidedAt: sql`now()` })
      .where(eq(riskItems.id, id));
    await audit(tx, {
      actorUserId: staffId,
      action: 'risk.item.dismiss',
      targetType: 'risk_item',
      targetId: id,
      before: { status: row.status },
      after: { status: 'dismissed', kind: row.kind, user_ids: row.userIds },
      reason: note,
    });
  });
  return itemById(db, id);
}

/** Checks that item `itemId` names `userId` (404 unknown item, 422 `risk/item_not_for_user`). */
async function checkItemFor(db: Executor, itemId: number, userId: number): Promise<void> {
  const [row] = await db.select().from(riskItems).where(eq(riskItems.id, itemId));
  if (!row) throw new AppError('risk/item_not_found', 404, MSG_RISK.itemNotFound);
  if (!row.userIds.includes(userId))
    throw new AppError('risk/item_not_for_user', 422, MSG_RISK.itemNotForUser);
}

/** Marks an open item `actioned` (audited `risk.item.action`); a decided item stays as it is. */
async function markActioned(
  tx: Tx,
  staffId: number,
  itemId: number,
  action: RiskAction,
  userId: number,
  reason: string,
): Promise<void> {
  const row = await lockItem(tx, itemId);
  if (row.status !== 'open') return;
  await tx
    .update(riskItems)
    .set({ status: 'actioned', note: reason, decidedBy: staffId, decidedAt: sql`now()` })
    .where(eq(riskItems.id, itemId));
  await audit(tx, {
    actorUserId: staffId,
    action: 'risk.item.action',
    targetType: 'risk_item',
    targetId: itemId,
    before: { status: row.status },
    after: { status: 'actioned', action, user_id: userId },
    reason,
  });
}

/**
 * An action on an account from the queue or the user page: flag, unflag, hold, release (marks.ts,
 * one transaction with its audit row) or suspend (`suspend`, admin's suspendUser, which audits
 * `user.suspend`). With `itemId` (an item naming the account) the open item becomes `actioned` in
 * the same transaction (for suspend, right after the suspension's). Errors: those of marks.ts and
 * suspendUser; 404/422 for a wrong item. Returns the account's marks afterwards.
 */
export async function actOnAccount(
  db: Db,
  suspend: SuspendAccount,
  staffId: number,
  userId: number,
  input: { action: RiskAction; reason: string; item_id?: number | undefined },
) {
  const itemId = input.item_id ?? null;
  if (itemId !== null) await checkItemFor(db, itemId, userId);
  if (input.action === 'suspend') {
    await suspend(staffId, userId, input.reason);
    if (itemId !== null)
      await db.transaction((tx) =>
        markActioned(tx, staffId, itemId, 'suspend', userId, input.reason),
      );
  } else {
    const action = input.action;
    await db.transaction(async (tx) => {
      await changeMark(tx, staffId, userId, action, input.reason, itemId);
      if (itemId !== null) await markActioned(tx, staffId, itemId, action, userId, input.reason);
    });
  }
  return marksOf(db, userId);
}
