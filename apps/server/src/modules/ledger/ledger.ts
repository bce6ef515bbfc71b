import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, type LedgerKind } from '@domino/contracts';
import type { Executor, Tx } from '../../db/client';
import { pgDetail, pgErrorCode } from '../../db/client';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccountKind } from './accounts';

/**
 * The double-entry ledger (docs/architecture.md#how-a-payment-flows). `transfer` is the only code that writes balances. It runs
 * inside the caller's database transaction, so a money movement commits or rolls back together
 * with the business change it belongs to.
 */

/** One posting: a signed amount of céntimos on an account (+ credit, - debit). */
export interface Posting {
  accountId: number;
  amountCents: number;
}

export interface TransferInput {
  /**
   * What the movement is: one of the contracts' LEDGER_KINDS (recharge, withdrawal_hold,
   * entry_fee, game_payout, ...), each with its Spanish label and listing in LEDGER_KIND_DISPLAY.
   */
  kind: LedgerKind;
  /** Makes a retry harmless: the same key returns the first result; a different request under it is refused. */
  idempotencyKey: string;
  postings: Posting[];
  /** Spanish description shown to players in their transactions. */
  description: string;
  reference?: { type: string; id: string | number };
  actorUserId?: number | null;
}

export interface TransferResult {
  transactionId: number;
  /** True when the key had already been used with the same request (nothing moved this time). */
  replayed: boolean;
  /** Balance after the transfer per account id, in céntimos (empty when replayed). */
  balances: Map<number, number>;
}

/** Accounts that may go below zero: money entering or leaving the platform, and adjustments. */
const NEGATIVE_ALLOWED: readonly AccountKind[] = ['pago_movil_in', 'adjustments'];

function requestHash(input: TransferInput): string {
  const postings = [...input.postings]
    .sort((a, b) => a.accountId - b.accountId || a.amountCents - b.amountCents)
    .map((p) => `${p.accountId}:${p.amountCents}`);
  return createHash('sha256')
    .update(
      JSON.stringify([
        input.kind,
        postings,
        input.reference?.type ?? null,
        String(input.reference?.id ?? ''),
      ]),
    )
    .digest('hex');
}

/**
 * Moves money between accounts as one balanced ledger transaction.
 *
 * Rules: at least two postings, every amount a non-zero safe integer, amounts summing to zero
 * (also enforced by a deferred database trigger). Accounts are locked `FOR UPDATE` in ascending id
 * order (no deadlocks between transfers). Errors: AppError 422 `wallet/insufficient_funds` when an
 * account that may not go negative would; 409 `ledger/idempotency_conflict` when the key was used
 * for a different request; Error for malformed postings (a programming error).
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  if (input.postings.length < 2)
    throw new Error('a ledger transaction needs at least two postings');
  let sum = 0;
  for (const p of input.postings) {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents === 0) {
      throw new Error(`invalid posting amount: ${p.amountCents}`);
    }
    sum += p.amountCents;
  }
  if (sum !== 0) throw new Error(`unbalanced ledger transaction: postings sum to ${sum}`);

  const hash = requestHash(input);
  // Net postings per account, in id order (the function locks them in that order too).
  const net = new Map<number, number>();
  for (const p of input.postings) net.set(p.accountId, (net.get(p.accountId) ?? 0) + p.amountCents);
  const moving = [...net.entries()]
    .filter(([, amount]) => amount !== 0)
    .sort((a, b) => a[0] - b[0]);
  if (moving.length < 2)
    throw new Error('a ledger transaction must move money between two accounts');
  const ids = `{${moving.map(([id]) => id).join(',')}}`;
  const amounts = `{${moving.map(([, amount]) => amount).join(',')}}`;
  let rows: {
    transaction_id: string | number;
    replayed: boolean;
    account_id: string | number | null;
    balance_after: string | number | null;
  }[];
  try {
    const res = await tx.execute(sql`
      select * from ledger_transfer(
        ${input.kind}, ${input.idempotencyKey}, ${hash}, ${input.reference?.type ?? null},
        ${input.reference ? String(input.reference.id) : null}, ${input.actorUserId ?? null}::bigint,
        ${input.description}, ${ids}::bigint[], ${amounts}::bigint[])`);
    rows = (res as unknown as { rows: typeof rows }).rows;
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === 'DL001') {
      throw new AppError(
        'ledger/idempotency_conflict',
        409,
        'Esta operación ya fue registrada con otros datos.',
      );
    }
    if (code === 'DL002') {
      const kind = pgDetail(err);
      throw new AppError(
        'wallet/insufficient_funds',
        422,
        kind === 'wallet' ? MSG.insufficientFunds : 'Fondos insuficientes en la cuenta.',
      );
    }
    throw err;
  }
  const first = rows[0];
  if (!first) throw new Error('ledger_transfer returned no row');
  if (first.replayed)
    return { transactionId: Number(first.transaction_id), replayed: true, balances: new Map() };
  const balances = new Map<number, number>();
  for (const r of rows) balances.set(Number(r.account_id), Number(r.balance_after));
  return { transactionId: Number(first.transaction_id), replayed: false, balances };
}

/**
 * The id of a system account (`house_fees`, `pago_movil_in`, a month's `monthly_pot` with
 * ref '2026-11', a game's `table_escrow` with ref = game id, ...), created on first use.
 */
export async function systemAccount(
  tx: Executor,
  kind: AccountKind,
  ref?: string,
): Promise<number> {
  const refValue = ref ?? null;
  await tx
    .insert(accounts)
    .values({ kind, ref: refValue, allowNegative: NEGATIVE_ALLOWED.includes(kind) })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.kind, kind),
        sql`${accounts.ownerUserId} is null`,
        refValue === null ? sql`${accounts.ref} is null` : eq(accounts.ref, refValue),
      ),
    );
  if (!row) throw new Error(`system account ${kind} missing`);
  return row.id;
}

/** The wallet account id of a user (every user gets one at registration). */
export async function walletAccountId(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.kind, 'wallet'), eq(accounts.ownerUserId, userId)));
  if (!row) throw new Error(`user ${userId} has no wallet`);
  return row.id;
}

/**
 * Ledger-wide invariants (docs/architecture.md#how-a-payment-flows), for tests and the admin consistency check: the sum of all
 * balances is 0, no account that may not go negative is negative, every account's balance equals
 * the sum of its entries, and every transaction's entries sum to 0.
 */
export async function checkLedger(db: Executor): Promise<{
  ok: boolean;
  totalCents: number;
  negativeAccounts: number;
  mismatchedAccounts: number;
  unbalancedTransactions: number;
}> {
  const res = await db.execute(sql`
    select
      (select coalesce(sum(balance_cents), 0)::bigint from accounts) as total,
      (select count(*) from accounts where balance_cents < 0 and not allow_negative)::int as negative,
      (select count(*) from accounts a
         where a.balance_cents <> (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account_id = a.id))::int as mismatched,
      (select count(*) from (select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0) u)::int as unbalanced
  `);
  const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const out = {
    totalCents: Number(row.total ?? 0),
    negativeAccounts: Number(row.negative ?? 0),
    mismatchedAccounts: Number(row.mismatched ?? 0),
    unbalancedTransactions: Number(row.unbalanced ?? 0),
  };
  return {
    ok:
      out.totalCents === 0 &&
      out.negativeAccounts === 0 &&
      out.mismatchedAccounts === 0 &&
      out.unbalancedTransactions === 0,
    ...out,
  };
}
