import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MSG_RISK,
  centsToBolivares,
  type HandSharingEvidence,
  type RiskAction,
  type RiskItem,
  type RiskStatus,
} from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { riskAccountMarks, riskItems, riskScanState, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { changeMark, marksOf } from './marks';
import { writeGroups, type GroupFacts, type LinkedGroup } from './groups';
import { linkNeighbours } from './linked';
import {
  RISK_WINDOW_MS,
  chipDumpingFindings,
  findSignals,
  linkedGroupsOf,
  loadSeatRows,
  type ChipFacts,
  type CoSeatingFacts,
  type RiskFinding,
} from './signals';
import { moneyAtStake, stakeOf, type AccountStake } from './stake';

/**
 * The staff risk queue (docs/decisions/032-risk-signals.md, 049-risk-scanning-and-groups.md):
 * pair and reference findings become items keyed by kind + accounts, linked accounts one item per
 * group (groups.ts); every scan holds the scan claim, so a scan run twice (or on two nodes at
 * once) updates rows instead of adding them. Staff list them (most money at stake first),
 * dismiss them with a note, or act on an account from them.
 */

/** Items listed per request (highest score first). */
export const RISK_PAGE_SIZE = 200;

/** Suspends an account (admin/users.ts suspendUser plus its after-commit effects), bound in modules/index.ts. */
export type SuspendAccount = (staffId: number, userId: number, reason: string) => Promise<unknown>;

/**
 * Writes `findings` as queue items: a new key inserts an `open` item, a known key refreshes its
 * evidence, accounts, score, money at stake (from `stakes`, céntimos; 0 without) and
 * `last_seen_at` and keeps its status (a dismissed item stays dismissed). Returns how many were
 * created and updated.
 */
export async function upsertFindings(
  db: Executor,
  findings: RiskFinding[],
  stakes: Map<number, AccountStake> = new Map(),
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
          stakeCents: stakeOf(stakes, f.userIds),
        })),
      )
      .onConflictDoUpdate({
        target: riskItems.key,
        set: {
          userIds: sql`excluded.user_ids`,
          evidence: sql`excluded.evidence`,
          score: sql`excluded.score`,
          stakeCents: sql`excluded.stake_cents`,
          lastSeenAt: sql`now()`,
        },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const r of rows) if (r.inserted) created += 1;
    updated += rows.length - rows.filter((r) => r.inserted).length;
  }
  return { created, updated };
}

/** What a scan did (counts of items). `skipped`: another node held the claim, or it was not due. */
export interface ScanOutcome {
  created: number;
  updated: number;
  /** Findings and groups the scan saw. */
  total: number;
  /** Decided group items reopened by new evidence. */
  reopened: number;
  /** Open items absorbed into a group item. */
  merged: number;
  skipped: boolean;
}

const SKIPPED: ScanOutcome = {
  created: 0,
  updated: 0,
  total: 0,
  reopened: 0,
  merged: 0,
  skipped: true,
};

/**
 * Runs `work` holding the scan claim (the one `risk_scan_state` row, locked `FOR UPDATE` until
 * the transaction ends), so two scans never run at once on any node. `skipIfBusy`: when another
 * transaction holds it, return null at once (`SKIP LOCKED`) instead of waiting.
 */
async function withScanClaim<T>(
  db: Executor,
  skipIfBusy: boolean,
  work: (tx: Tx, state: typeof riskScanState.$inferSelect) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    await tx.insert(riskScanState).values({ id: 1 }).onConflictDoNothing();
    const query = tx.select().from(riskScanState).where(eq(riskScanState.id, 1));
    const [state] = skipIfBusy
      ? await query.for('update', { skipLocked: true })
      : await query.for('update');
    if (!state) return null;
    return work(tx, state);
  });
}

/** Writes pair findings and groups with the accounts' money at stake, inside the claim. */
async function writeScan(
  tx: Tx,
  findings: RiskFinding[],
  groups: LinkedGroup[],
): Promise<Omit<ScanOutcome, 'skipped'>> {
  const stakes = await moneyAtStake(tx, [
    ...findings.flatMap((f) => f.userIds),
    ...groups.flatMap((g) => g.userIds),
  ]);
  const pairs = await upsertFindings(tx, findings, stakes);
  const written = await writeGroups(tx, groups, stakes);
  return {
    created: pairs.created + written.created,
    updated: pairs.updated + written.updated + written.reopened,
    total: findings.length + groups.length,
    reopened: written.reopened,
    merged: written.merged,
  };
}

/**
 * One full scan (docs/decisions/032-risk-signals.md, 049): every pair and reference signal over
 * the last 90 days (signals.ts) and every group of linked accounts (groups.ts), written with the
 * money at stake of their accounts, under the scan claim: scans on several nodes, "Recalcular"
 * and the incremental scans run one after the other and never duplicate an item. With
 * `ifOlderThanMs` (the periodic job) it does not wait: it skips when another node is scanning or
 * a full scan ran less than that many ms before `now`.
 */
export async function scanRisk(
  db: Executor,
  now: Date = new Date(),
  options: { ifOlderThanMs?: number } = {},
): Promise<ScanOutcome> {
  const periodic = options.ifOlderThanMs !== undefined;
  const out = await withScanClaim(db, periodic, async (tx, state) => {
    if (
      periodic &&
      state.lastFullScanAt &&
      now.getTime() - state.lastFullScanAt.getTime() < options.ifOlderThanMs!
    )
      return null;
    const findings = await findSignals(tx, now);
    const groups = await linkedGroupsOf(tx, now);
    const result = await writeScan(tx, findings, groups);
    await tx
      .update(riskScanState)
      .set({ lastFullScanAt: now, lastScanAt: now, lastResult: { kind: 'full', ...result } })
      .where(eq(riskScanState.id, 1));
    return { ...result, skipped: false };
  });
  return out ?? SKIPPED;
}

/** Incremental scans stop widening a group past this many accounts (a full scan sees the rest). */
export const INCREMENTAL_MAX_ACCOUNTS = 5_000;

/**
 * The incremental scan of some players (those of a settled match, decision 049), under the scan
 * claim (waits for a running scan): the whole group of linked accounts of each (the link graph
 * widened from them until nothing new, at most {@link INCREMENTAL_MAX_ACCOUNTS} accounts), and
 * chip dumping between each and anyone they played in the window. Co-seating and shared
 * references need every match of a pool or every recharge: the periodic full scan finds them.
 */
export async function scanPlayers(
  db: Executor,
  userIds: number[],
  now: Date = new Date(),
): Promise<ScanOutcome> {
  const players = [...new Set(userIds)];
  if (players.length === 0) return { ...SKIPPED, skipped: false };
  const out = await withScanClaim(db, false, async (tx) => {
    let reach = new Set(players);
    let frontier = players;
    while (frontier.length > 0 && reach.size < INCREMENTAL_MAX_ACCOUNTS) {
      const next = await linkNeighbours(tx, frontier, now);
      frontier = [...next].filter((id) => !reach.has(id));
      reach = new Set([...reach, ...frontier]);
    }
    const mine = (ids: number[]) => ids.some((id) => players.includes(id));
    const groups = (await linkedGroupsOf(tx, now, [...reach])).filter((g) => mine(g.userIds));
    const seats = await loadSeatRows(tx, new Date(now.getTime() - RISK_WINDOW_MS), players);
    const findings = chipDumpingFindings(seats).filter((f) => mine(f.userIds));
    const result = await writeScan(tx, findings, groups);
    await tx
      .update(riskScanState)
      .set({ lastScanAt: now, lastResult: { kind: 'players', players, ...result } })
      .where(eq(riskScanState.id, 1));
    return { ...result, skipped: false };
  });
  return out ?? SKIPPED;
}

/**
 * Queue items with `status` (most money at stake first, then highest score, then newest; decision
 * 049), optionally only those naming `userId`, each with its accounts (name, e-mail, status,
 * marks), its money at stake and evidence in bolívares.
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
    .orderBy(
      desc(riskItems.stakeCents),
      desc(riskItems.score),
      desc(riskItems.lastSeenAt),
      desc(riskItems.id),
    )
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
      // Listing asks for one of RISK_STATUSES; `merged` items are never listed (decision 049).
      status: r.status as RiskStatus,
      score: r.score,
      stake: centsToBolivares(Number(r.stakeCents)),
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
    case 'linked': {
      // A group (decision 049) has its links and each account's stake; a pair item of an earlier
      // scan (decision 032) only its signals.
      const g = e as Partial<GroupFacts> & { signals: string[] };
      return {
        ...base,
        kind: 'linked',
        evidence: {
          signals: g.signals,
          ...(g.links ? { links: g.links } : {}),
          ...(g.stakes_cents
            ? {
                stakes: Object.fromEntries(
                  Object.entries(g.stakes_cents).map(([id, c]) => [id, centsToBolivares(c)]),
                ),
              }
            : {}),
        },
      };
    }
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
    case 'hand_sharing':
      // Stored in its wire shape: points and tiles, no money (decision 059).
      return { ...base, kind: 'hand_sharing', evidence: e as unknown as HandSharingEvidence };
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
