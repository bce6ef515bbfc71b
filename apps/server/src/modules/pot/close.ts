import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  centsToBolivares,
  monthNameEs,
  nextMonthKey,
  parseMonthKey,
  splitPotShares,
} from '@domino/contracts';
import type { Db, Tx } from '../../db/client';
import { isRetryableTxError } from '../../db/client';
import { accounts, monthlyPots, potPayouts } from '../../db/schema';
import { systemAccount, transfer, walletAccountId } from '../ledger/ledger';
import type { RealtimeHub } from '../realtime/hub';
import { potMonth } from './month';
import { monthRanking } from './ranking';
import { ensurePotMonth } from './service';

/**
 * Month close of the Pote del Mes (decision 007; docs/architecture.md#how-a-payment-flows): when a month ends, the sweeper pays the
 * month's pot to the top players, each (month, position) exactly once whatever the retries or
 * nodes (monthly_pot -> wallets); an empty ranking carries the pot over to the next month.
 *
 * For every month before the current Caracas month whose pot account holds money:
 * - open month: in ONE transaction, lock its `monthly_pots` row with `FOR UPDATE SKIP LOCKED`
 *   (a node that finds it locked leaves it to the node holding it), re-check it is still open,
 *   rank the month (`monthRanking`: active accounts with more than 0 points, read now, so a
 *   player suspended at close time is skipped) and pay the balance by the stored `shares_bps`:
 *   amount_i = floor(balance × share_i / 10000), with the céntimos that floor leaves over added
 *   to position 1 (`splitPotShares`). One ledger transfer per position (kind `pot_payout`, key
 *   `pot:YYYY-MM:N`) and one `pot_payouts` row (PK month+position). Shares of positions nobody
 *   reached (fewer ranked players than shares) are carried to the next month's pot (key
 *   `pot:YYYY-MM:carry`). An empty ranking carries the whole balance (same key). The row becomes
 *   `paid` (or `carried`) with `closed_at`, in the same transaction: a crash rolls all of it
 *   back, a retry finds it closed, and the ledger keys refuse a second movement anyway.
 * - already-closed month that still holds money (a match settled in the last instant of the
 *   month committed after the close): that late money is carried to the next month (key
 *   `pot:YYYY-MM:late:V`, V = the pot account's version, so each late arrival moves once).
 * Winners' new balances are pushed over the socket after commit (`balance:updated`).
 */

export interface CloseReport {
  /** Months closed by this call: paid to the ranking or carried whole. */
  closed: { month: string; status: 'paid' | 'carried'; payouts: number }[];
  /** Months whose late money was carried to the next month. */
  lateCarried: string[];
}

/** Months before `current` whose pot account holds money, oldest first. */
async function monthsWithMoney(db: Db, current: string) {
  const rows = await db
    .select({
      month: accounts.ref,
      balance: accounts.balanceCents,
      status: monthlyPots.status,
    })
    .from(accounts)
    .leftJoin(monthlyPots, eq(monthlyPots.month, accounts.ref))
    .where(
      and(
        eq(accounts.kind, 'monthly_pot'),
        isNull(accounts.ownerUserId),
        lt(accounts.ref, current),
        sql`${accounts.balanceCents} > 0`,
      ),
    )
    .orderBy(accounts.ref);
  return rows.map((r) => ({ month: r.month as string, status: r.status ?? 'open' }));
}

/** Runs `work` in a transaction, retrying serialization failures and deadlocks. */
async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (isRetryableTxError(err) && attempt < 5) continue;
      throw err;
    }
  }
}

/** Locks a month's pot account and returns its id, balance (céntimos) and version. */
async function lockPotAccount(tx: Tx, month: string) {
  const id = await systemAccount(tx, 'monthly_pot', month);
  const [row] = await tx
    .select({ balance: accounts.balanceCents, version: accounts.version })
    .from(accounts)
    .where(eq(accounts.id, id))
    .for('update');
  return { id, balance: Number(row?.balance ?? 0), version: Number(row?.version ?? 0) };
}

const label = (month: string) => {
  const { year, month: m } = parseMonthKey(month);
  return `${monthNameEs(m)} ${year}`;
};

/**
 * Closes one open month (see the file comment). Returns null when another node holds the month
 * or it is no longer open; otherwise what happened and the winners' new wallet balances.
 */
async function closeMonth(
  db: Db,
  month: string,
): Promise<{
  status: 'paid' | 'carried';
  payouts: number;
  balances: Map<number, number>;
} | null> {
  await ensurePotMonth(db, month);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(monthlyPots)
      .where(and(eq(monthlyPots.month, month), eq(monthlyPots.status, 'open')))
      .for('update', { skipLocked: true });
    if (!row) return null;
    const pot = await lockPotAccount(tx, month);
    const next = await systemAccount(tx, 'monthly_pot', nextMonthKey(month));
    const ranking = await monthRanking(tx, month, { limit: row.sharesBps.length });
    const amounts = splitPotShares(pot.balance, row.sharesBps);
    const balances = new Map<number, number>();
    let carryCents = 0;
    for (const [i, amountCents] of amounts.entries()) {
      const winner = ranking[i];
      if (!winner) {
        carryCents += amountCents;
        continue;
      }
      let ledgerTransactionId: number | null = null;
      if (amountCents > 0) {
        const wallet = await walletAccountId(tx, winner.userId);
        const moved = await transfer(tx, {
          kind: 'pot_payout',
          idempotencyKey: `pot:${month}:${winner.position}`,
          postings: [
            { accountId: pot.id, amountCents: -amountCents },
            { accountId: wallet, amountCents },
          ],
          description: `Pote del Mes de ${label(month)}: ${winner.position}.º lugar`,
          reference: { type: 'pot', id: month },
        });
        ledgerTransactionId = moved.transactionId;
        if (!moved.replayed) balances.set(winner.userId, moved.balances.get(wallet) ?? 0);
      }
      await tx.insert(potPayouts).values({
        month,
        position: winner.position,
        userId: winner.userId,
        points: winner.points,
        matchesWon: winner.matchesWon,
        amountCents,
        ledgerTransactionId,
      });
    }
    if (carryCents > 0) {
      await transfer(tx, {
        kind: 'pot_carry',
        idempotencyKey: `pot:${month}:carry`,
        postings: [
          { accountId: pot.id, amountCents: -carryCents },
          { accountId: next, amountCents: carryCents },
        ],
        description: `Pote del Mes de ${label(month)} acumulado al mes siguiente`,
        reference: { type: 'pot', id: month },
      });
    }
    const status = ranking.length === 0 ? 'carried' : 'paid';
    await tx
      .update(monthlyPots)
      .set({ status, closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(monthlyPots.month, month));
    return { status, payouts: ranking.length, balances };
  });
}

/** Carries money that reached an already-closed month's account to the next month. */
async function carryLateMoney(db: Db, month: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(monthlyPots)
      .where(eq(monthlyPots.month, month))
      .for('update', { skipLocked: true });
    if (!row || row.status === 'open') return false;
    const pot = await lockPotAccount(tx, month);
    if (pot.balance <= 0) return false;
    const next = await systemAccount(tx, 'monthly_pot', nextMonthKey(month));
    await transfer(tx, {
      kind: 'pot_carry',
      idempotencyKey: `pot:${month}:late:${pot.version}`,
      postings: [
        { accountId: pot.id, amountCents: -pot.balance },
        { accountId: next, amountCents: pot.balance },
      ],
      description: `Saldo tardío del Pote del Mes de ${label(month)} acumulado al mes siguiente`,
      reference: { type: 'pot', id: month },
    });
    return true;
  });
}

/**
 * Closes every month before the one containing `now` (Caracas) that holds money (see the file
 * comment). Safe to call from any number of nodes at once and as often as wanted. `hub` receives
 * the winners' balance pushes after each month's commit.
 */
export async function closeDueMonths(
  db: Db,
  opts: { now?: Date; hub?: RealtimeHub | null } = {},
): Promise<CloseReport> {
  const current = potMonth(opts.now ?? new Date());
  const report: CloseReport = { closed: [], lateCarried: [] };
  // A carried month fills the next one, which may itself be past (a server down for months):
  // go round again while something moved, oldest month first.
  for (let round = 0; round < 36; round++) {
    let progressed = false;
    for (const { month, status } of await monthsWithMoney(db, current)) {
      if (status === 'open') {
        const out = await closeMonth(db, month);
        if (!out) continue;
        progressed = true;
        report.closed.push({ month, status: out.status, payouts: out.payouts });
        for (const [userId, cents] of out.balances)
          opts.hub?.toUser(userId, 'balance:updated', { balance: centsToBolivares(cents) });
      } else if (await carryLateMoney(db, month)) {
        progressed = true;
        report.lateCarried.push(month);
      }
    }
    if (!progressed) break;
  }
  return report;
}
