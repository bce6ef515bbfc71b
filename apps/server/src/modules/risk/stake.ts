import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accounts,
  recharges,
  tableSeats,
  tournamentEntries,
  tournaments,
  withdrawals,
} from '../../db/schema';

/**
 * Money at stake of accounts (docs/decisions/049-risk-scanning-and-groups.md): what one person
 * behind them could move or take out now, in céntimos. Per account: the wallet balance, the
 * escrow it paid (a seat at a table, an entry to a tournament not finished yet), its pending
 * withdrawals (already out of the wallet, not paid yet) and its pending recharges (claimed, not
 * approved yet). Reads only; the ledger stays the only writer of balances.
 */

/** One account's money at stake, in céntimos, by where it is. */
export interface AccountStake {
  wallet_cents: number;
  escrow_cents: number;
  pending_withdrawals_cents: number;
  pending_recharges_cents: number;
  total_cents: number;
}

const empty = (): AccountStake => ({
  wallet_cents: 0,
  escrow_cents: 0,
  pending_withdrawals_cents: 0,
  pending_recharges_cents: 0,
  total_cents: 0,
});

/**
 * The money at stake of each of `userIds` (every id gets an entry, zeros when nothing): five
 * indexed reads over those users only.
 */
export async function moneyAtStake(
  db: Executor,
  userIds: number[],
): Promise<Map<number, AccountStake>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, AccountStake>(ids.map((id) => [id, empty()]));
  if (ids.length === 0) return out;
  const add = (
    rows: { userId: number | null; cents: number | string | null }[],
    field: keyof AccountStake,
  ) => {
    for (const r of rows) {
      const s = r.userId === null ? undefined : out.get(Number(r.userId));
      if (!s) continue;
      const cents = Number(r.cents ?? 0);
      s[field] += cents;
      s.total_cents += cents;
    }
  };
  add(
    await db
      .select({ userId: accounts.ownerUserId, cents: accounts.balanceCents })
      .from(accounts)
      .where(and(eq(accounts.kind, 'wallet'), inArray(accounts.ownerUserId, ids))),
    'wallet_cents',
  );
  add(
    await db
      .select({ userId: tableSeats.userId, cents: sql<string>`sum(${tableSeats.entryCents})` })
      .from(tableSeats)
      .where(inArray(tableSeats.userId, ids))
      .groupBy(tableSeats.userId),
    'escrow_cents',
  );
  add(
    await db
      .select({
        userId: tournamentEntries.userId,
        cents: sql<string>`sum(${tournamentEntries.paidCents})`,
      })
      .from(tournamentEntries)
      .innerJoin(tournaments, eq(tournaments.id, tournamentEntries.tournamentId))
      .where(
        and(
          inArray(tournamentEntries.userId, ids),
          eq(tournamentEntries.status, 'registered'),
          inArray(tournaments.status, ['scheduled', 'running']),
        ),
      )
      .groupBy(tournamentEntries.userId),
    'escrow_cents',
  );
  add(
    await db
      .select({ userId: withdrawals.userId, cents: sql<string>`sum(${withdrawals.amountCents})` })
      .from(withdrawals)
      .where(and(inArray(withdrawals.userId, ids), eq(withdrawals.status, 'pendiente')))
      .groupBy(withdrawals.userId),
    'pending_withdrawals_cents',
  );
  add(
    await db
      .select({ userId: recharges.userId, cents: sql<string>`sum(${recharges.amountCents})` })
      .from(recharges)
      .where(and(inArray(recharges.userId, ids), eq(recharges.status, 'pendiente')))
      .groupBy(recharges.userId),
    'pending_recharges_cents',
  );
  return out;
}

/** The sum of `userIds`' totals in `stakes` (céntimos). */
export function stakeOf(stakes: Map<number, AccountStake>, userIds: readonly number[]): number {
  let sum = 0;
  for (const id of new Set(userIds)) sum += stakes.get(id)?.total_cents ?? 0;
  return sum;
}
