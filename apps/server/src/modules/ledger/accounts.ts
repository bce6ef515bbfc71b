import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema';

/**
 * Ledger accounts (docs/architecture.md#how-a-payment-flows). This file only creates accounts and reads balances; balances are
 * written exclusively by the ledger's transfer function.
 */

/** Account kinds. Wallets are per user; the others are system accounts. */
export const ACCOUNT_KINDS = [
  'wallet',
  'pending_withdrawals',
  'table_escrow',
  'tournament_escrow',
  'house_fees',
  'monthly_pot',
  'pago_movil_in',
  'pago_movil_out',
  'adjustments',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Creates the wallet of a new user (balance 0) inside the caller's transaction; returns its id. */
export async function createWallet(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .insert(accounts)
    .values({ kind: 'wallet', ownerUserId: userId })
    .returning({ id: accounts.id });
  if (!row) throw new Error('wallet insert returned no row');
  return row.id;
}

/** A user's wallet balance in céntimos (0 if the wallet does not exist). */
export async function walletBalanceCents(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(and(eq(accounts.kind, 'wallet'), eq(accounts.ownerUserId, userId)));
  return row?.balance ?? 0;
}

/** Any account's balance in céntimos, by id (0 if there is no such account). A read only. */
export async function accountBalanceCents(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.balance ?? 0;
}
