import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accounts,
  ledgerEntries,
  ledgerTransactions,
  recharges,
  responsibleLimits,
  responsibleSettings,
} from '../../db/schema';

/**
 * Queries of responsible gaming (docs/decisions/030-responsible-gaming.md). Amounts in céntimos.
 */

export type SettingsRow = typeof responsibleSettings.$inferSelect;
export type LimitRow = typeof responsibleLimits.$inferSelect;

/**
 * The ledger kinds that are play money: entries paid into a table or tournament escrow, their
 * refunds and the prizes paid out. Their sum on a wallet is the player's net result at play.
 */
export const PLAY_LEDGER_KINDS = [
  'entry_fee',
  'entry_refund',
  'game_payout',
  'tournament_entry',
  'tournament_refund',
  'tournament_payout',
] as const;

/**
 * The player's settings row, created when missing, locked `FOR UPDATE` until the caller's
 * transaction ends: the serialisation point of every recharge and paid entry of this player.
 */
export async function lockSettings(tx: Executor, userId: number): Promise<SettingsRow> {
  await tx.insert(responsibleSettings).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(responsibleSettings)
    .where(eq(responsibleSettings.userId, userId))
    .for('update');
  if (!row) throw new Error('responsible_settings row missing after insert');
  return row;
}

/** The player's settings row without locking; undefined when never written. */
export async function readSettings(db: Executor, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(responsibleSettings)
    .where(eq(responsibleSettings.userId, userId));
  return row;
}

/** Every limit row of the player (any kind and period). */
export async function limitRows(db: Executor, userId: number): Promise<LimitRow[]> {
  return db.select().from(responsibleLimits).where(eq(responsibleLimits.userId, userId));
}

/** Céntimos requested in recharges since `from` that are pending or approved (not rejected). */
export async function depositsSince(db: Executor, userId: number, from: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${recharges.amountCents}), 0)` })
    .from(recharges)
    .where(
      and(
        eq(recharges.userId, userId),
        inArray(recharges.status, ['pendiente', 'aprobado']),
        gte(recharges.createdAt, from),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * The player's net result at play since `from`, céntimos: prizes and refunds received minus
 * entries paid (negative = lost), from the wallet's ledger postings of {@link PLAY_LEDGER_KINDS}.
 */
export async function playResultSince(db: Executor, userId: number, from: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(accounts.kind, 'wallet'),
        eq(accounts.ownerUserId, userId),
        inArray(ledgerTransactions.kind, [...PLAY_LEDGER_KINDS]),
        gte(ledgerEntries.createdAt, from),
      ),
    );
  return Number(row?.total ?? 0);
}
