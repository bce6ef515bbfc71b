import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type {
  AdminPotResponse,
  PotCurrentResponse,
  PotHistoryMonth,
  PotPlayer,
  PotRankingResponse,
  PotStaffHistoryMonth,
  PotStaffPlayer,
} from '@domino/contracts';
import {
  DEFAULT_POT_SHARES_BPS,
  POT_RANKING_SIZE,
  POT_TOP_PLAYERS,
  centsToBolivares,
  monthNameEs,
  nextMonthKey,
  parseMonthKey,
  publicName,
  splitPotShares,
} from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { readTogether } from '../../db/client';
import {
  accounts,
  auditLog,
  ledgerEntries,
  ledgerTransactions,
  monthlyPots,
  potPayouts,
  users,
} from '../../db/schema';
import { caracasMidnight } from '../../lib/time';
import { audit } from '../audit/audit';
import { systemAccount, transfer } from '../ledger/ledger';
import { potMonth } from './month';
import type { RankingRow } from './ranking';
import { monthRanking } from './ranking';

/**
 * The monthly pot (Pote del Mes; decision 007, docs/product.md §2/§3/§4/§7).
 *
 * A month is a Caracas calendar month keyed 'YYYY-MM' (`potMonth`). Its money is the ledger
 * account `monthly_pot` ref month, funded by every settled match's pot share (games/finish.ts) and
 * by staff top-ups (here). Its settings (description, payout shares) are the `monthly_pots` row,
 * created on first need with the shares of the latest earlier month (so staff configure once) and
 * an empty description. Closing a month is `close.ts`.
 */

export type PotMonthRow = typeof monthlyPots.$inferSelect;

/** The instant a month 'YYYY-MM' ends: Caracas midnight of the 1st of the next month. */
export function monthEndsAt(key: string): Date {
  const { year, month } = parseMonthKey(nextMonthKey(key));
  return caracasMidnight(year, month, 1);
}

/** The balance of a month's pot account in céntimos (0 when no money ever reached it). */
export async function potBalanceCents(db: Executor, key: string): Promise<number> {
  const [row] = await db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(
      and(eq(accounts.kind, 'monthly_pot'), eq(accounts.ref, key), isNull(accounts.ownerUserId)),
    );
  return Number(row?.balance ?? 0);
}

/**
 * The settings row of a month as it is or would be created: the stored row, else the shares of the
 * latest earlier month (or 50/30/20) with an empty description. Does not write.
 */
export async function potMonthSettings(
  db: Executor,
  key: string,
): Promise<{ description: string; sharesBps: number[]; status: string }> {
  const [row] = await db.select().from(monthlyPots).where(eq(monthlyPots.month, key));
  if (row) return { description: row.description, sharesBps: row.sharesBps, status: row.status };
  const [previous] = await db
    .select({ sharesBps: monthlyPots.sharesBps })
    .from(monthlyPots)
    .where(lt(monthlyPots.month, key))
    .orderBy(desc(monthlyPots.month))
    .limit(1);
  return {
    description: '',
    sharesBps: previous?.sharesBps ?? [...DEFAULT_POT_SHARES_BPS],
    status: 'open',
  };
}

/** Creates a month's settings row if missing (shares inherited as potMonthSettings says). */
export async function ensurePotMonth(db: Executor, key: string): Promise<void> {
  const settings = await potMonthSettings(db, key);
  await db
    .insert(monthlyPots)
    .values({ month: key, description: settings.description, sharesBps: settings.sharesBps })
    .onConflictDoNothing();
}

/**
 * The name a player (`viewerId`; null for a visitor) sees for the ranked player `userId` whose
 * stored name is `name`: the public short name ('María G.'), or their own name on their own rows
 * (decision 007, 2026-11-22). Staff see stored names (`staffPlayerJson`, `potHistory`).
 */
const nameFor = (viewerId: number | null, userId: number, name: string) =>
  viewerId === userId ? name : publicName(name);

/** A ranking row as the player `viewerId` (null: a visitor) sees it: no account id. */
const playerJson = (r: RankingRow, viewerId: number | null): PotPlayer => ({
  position: r.position,
  name: nameFor(viewerId, r.userId, r.name),
  points: r.points,
  matches_won: r.matchesWon,
});

const staffPlayerJson = (r: RankingRow): PotStaffPlayer => ({
  position: r.position,
  user_id: r.userId,
  name: r.name,
  points: r.points,
  matches_won: r.matchesWon,
});

const monthJson = (key: string) => {
  const { year, month } = parseMonthKey(key);
  return { year, month, month_name: monthNameEs(month) };
};

/**
 * GET /api/monthly-pot/current (docs/product.md §7, decision 007): the current Caracas month's pot — amount in
 * bolívares (and céntimos), year, month 1-12, Spanish month name, description — and the top 10
 * with public short names and no account ids (the endpoint is public; decision 007, 2026-11-22).
 * `has_pot` is true when the pot account holds money (the modal only shows then, docs/product.md §4).
 */
export async function currentPot(
  db: Executor,
  now: Date = new Date(),
): Promise<PotCurrentResponse> {
  const key = potMonth(now);
  const [balance, settings, top] = await readTogether(db, [
    () => potBalanceCents(db, key),
    () => potMonthSettings(db, key),
    () => monthRanking(db, key, { limit: POT_TOP_PLAYERS }),
  ]);
  return {
    success: true,
    has_pot: balance > 0,
    pot: {
      amount: centsToBolivares(balance),
      amount_cents: balance,
      ...monthJson(key),
      description: settings.description,
    },
    top_players: top.map((r) => playerJson(r, null)),
  };
}

/**
 * Closed months, newest first (at most `limit`), as staff see them: how each was closed, what was
 * paid to whom (account id and full name), and what was carried to the next month (unpaid shares
 * or the whole pot of an empty ranking). Players get `historyForPlayer` of it.
 */
export async function potHistory(db: Executor, limit = 12): Promise<PotStaffHistoryMonth[]> {
  const months = await db
    .select()
    .from(monthlyPots)
    .where(inArray(monthlyPots.status, ['paid', 'carried']))
    .orderBy(desc(monthlyPots.month))
    .limit(limit);
  if (months.length === 0) return [];
  const keys = months.map((m) => m.month);
  const payouts = await db
    .select({ p: potPayouts, name: users.name })
    .from(potPayouts)
    .innerJoin(users, eq(users.id, potPayouts.userId))
    .where(inArray(potPayouts.month, keys))
    .orderBy(asc(potPayouts.month), asc(potPayouts.position));
  // What left each month's account for the next one (carry transactions credit the next month).
  const carries = await db
    .select({
      month: ledgerTransactions.referenceId,
      cents: sql<number>`sum(${ledgerEntries.amountCents})::bigint`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.kind, 'pot_carry'),
        eq(ledgerTransactions.referenceType, 'pot'),
        inArray(ledgerTransactions.referenceId, keys),
        sql`${ledgerEntries.amountCents} > 0`,
      ),
    )
    .groupBy(ledgerTransactions.referenceId);
  return months.map((m) => {
    const winners = payouts
      .filter((x) => x.p.month === m.month)
      .map(({ p, name }) => ({
        position: p.position,
        user_id: p.userId,
        name,
        points: p.points,
        matches_won: p.matchesWon,
        amount: centsToBolivares(p.amountCents),
        amount_cents: p.amountCents,
      }));
    const paidCents = winners.reduce((a, w) => a + w.amount_cents, 0);
    const carriedCents = Number(carries.find((c) => c.month === m.month)?.cents ?? 0);
    return {
      period: m.month,
      ...monthJson(m.month),
      status: m.status as 'paid' | 'carried',
      description: m.description,
      paid: centsToBolivares(paidCents),
      paid_cents: paidCents,
      carried: centsToBolivares(carriedCents),
      carried_cents: carriedCents,
      closed_at: m.closedAt?.toISOString() ?? null,
      winners,
    };
  });
}

/** Closed months as the player `userId` sees them: short names, their own name on their wins. */
function historyForPlayer(months: PotStaffHistoryMonth[], userId: number): PotHistoryMonth[] {
  return months.map((m) => ({
    ...m,
    winners: m.winners.map(({ user_id, name, ...w }) => ({
      ...w,
      name: nameFor(userId, user_id, name),
    })),
  }));
}

/** Each rewarded position's estimated prize if the month closed with `balanceCents` now. */
function sharesJson(balanceCents: number, sharesBps: number[]) {
  const amounts = splitPotShares(balanceCents, sharesBps);
  return sharesBps.map((bps, i) => ({
    position: i + 1,
    bps,
    amount: centsToBolivares(amounts[i] ?? 0),
    amount_cents: amounts[i] ?? 0,
  }));
}

/**
 * GET /api/monthly-pot/ranking (the /pote page, decision 007): the current pot with the instant the
 * month ends (Caracas) and the server's clock, the shares with their estimated amounts, the top
 * 50, the caller's own position and points (even outside the top 50; null position when not
 * ranked), how many players are ranked, and the closed months with their winners. Other players
 * appear by their public short names; the caller's own rows carry the caller's own name.
 */
export async function potRankingPage(
  db: Executor,
  userId: number,
  now: Date = new Date(),
): Promise<PotRankingResponse> {
  const key = potMonth(now);
  const [balance, settings, full, history] = await readTogether(db, [
    () => potBalanceCents(db, key),
    () => potMonthSettings(db, key),
    () => monthRanking(db, key),
    () => potHistory(db),
  ]);
  const mine = full.find((r) => r.userId === userId);
  return {
    pot: {
      period: key,
      amount: centsToBolivares(balance),
      amount_cents: balance,
      ...monthJson(key),
      description: settings.description,
      ends_at: monthEndsAt(key).toISOString(),
      server_time: now.toISOString(),
    },
    shares: sharesJson(balance, settings.sharesBps),
    ranking: full.slice(0, POT_RANKING_SIZE).map((r) => playerJson(r, userId)),
    me: {
      position: mine?.position ?? null,
      points: mine?.points ?? 0,
      matches_won: mine?.matchesWon ?? 0,
    },
    ranked_players: full.length,
    history: historyForPlayer(history, userId),
  };
}

/** Staff top-ups of a month, newest first, read from the audit log (who, how much, why). */
async function topUps(db: Executor, key: string) {
  const rows = await db
    .select({ a: auditLog, staff: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.action, 'pot.top_up'),
        eq(auditLog.targetType, 'monthly_pot'),
        eq(auditLog.targetId, key),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(50);
  return rows.map(({ a, staff }) => {
    const after = (a.after ?? {}) as { top_up_cents?: number };
    const cents = Number(after.top_up_cents ?? 0);
    return {
      id: a.id,
      amount: centsToBolivares(cents),
      amount_cents: cents,
      reason: a.reason ?? '',
      staff,
      created_at: a.createdAt.toISOString(),
    };
  });
}

/**
 * GET /api/admin/pot (staff): the current month's settings, balance, ranked players and top 10,
 * its top-ups, and the closed months.
 */
export async function adminPotView(
  db: Executor,
  now: Date = new Date(),
): Promise<AdminPotResponse> {
  const key = potMonth(now);
  const [balance, settings, full, ups, history] = await readTogether(db, [
    () => potBalanceCents(db, key),
    () => potMonthSettings(db, key),
    () => monthRanking(db, key),
    () => topUps(db, key),
    () => potHistory(db, 24),
  ]);
  return {
    period: key,
    ...monthJson(key),
    description: settings.description,
    shares_bps: settings.sharesBps,
    amount: centsToBolivares(balance),
    amount_cents: balance,
    ends_at: monthEndsAt(key).toISOString(),
    ranked_players: full.length,
    top_players: full.slice(0, POT_TOP_PLAYERS).map(staffPlayerJson),
    top_ups: ups,
    history,
  };
}

/**
 * PATCH /api/admin/pot (staff): sets the current month's description and/or payout shares
 * (validated by the contracts: 1-10 positive integers in basis points summing to 10000). Locks
 * the month's row; audited with before/after in the same transaction. The close uses the shares
 * stored when it runs, so a change made before the month ends applies to that month.
 */
export async function updatePotSettings(
  db: Db,
  staffId: number,
  input: { description?: string | undefined; sharesBps?: number[] | undefined },
  now: Date = new Date(),
): Promise<void> {
  return db.transaction(async (tx) => {
    const key = potMonth(now);
    await ensurePotMonth(tx, key);
    const [row] = await tx
      .select()
      .from(monthlyPots)
      .where(eq(monthlyPots.month, key))
      .for('update');
    if (!row) throw new Error(`pot month ${key} missing`);
    const next = {
      description: input.description ?? row.description,
      sharesBps: input.sharesBps ?? row.sharesBps,
    };
    await tx
      .update(monthlyPots)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(monthlyPots.month, key));
    await audit(tx, {
      actorUserId: staffId,
      action: 'pot.update_settings',
      targetType: 'monthly_pot',
      targetId: key,
      before: { description: row.description, shares_bps: row.sharesBps },
      after: { description: next.description, shares_bps: next.sharesBps },
    });
  });
}

/**
 * POST /api/admin/pot/top-ups (staff): moves `amountCents` (> 0) from the `adjustments` system
 * account into the current month's pot account under the ledger key `key` (a retry with the same
 * key moves nothing again), audited with the pot balance before/after and the reason. Returns the
 * pot's balance in céntimos.
 */
export async function topUpPot(
  tx: Tx,
  staffId: number,
  amountCents: number,
  reason: string,
  key: string,
  now: Date = new Date(),
): Promise<{ balanceCents: number; month: string }> {
  const month = potMonth(now);
  await ensurePotMonth(tx, month);
  const pot = await systemAccount(tx, 'monthly_pot', month);
  const adjustments = await systemAccount(tx, 'adjustments');
  const before = await potBalanceCents(tx, month);
  const moved = await transfer(tx, {
    kind: 'pot_top_up',
    idempotencyKey: key,
    postings: [
      { accountId: adjustments, amountCents: -amountCents },
      { accountId: pot, amountCents },
    ],
    description: `Aporte al Pote del Mes: ${reason}`,
    reference: { type: 'pot', id: month },
    actorUserId: staffId,
  });
  const after = moved.replayed ? await potBalanceCents(tx, month) : (moved.balances.get(pot) ?? 0);
  if (!moved.replayed)
    await audit(tx, {
      actorUserId: staffId,
      action: 'pot.top_up',
      targetType: 'monthly_pot',
      targetId: month,
      before: { balance_cents: before },
      after: { balance_cents: after, top_up_cents: amountCents },
      reason,
    });
  return { balanceCents: after, month };
}
