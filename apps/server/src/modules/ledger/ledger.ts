import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@domino/contracts';
import type { Executor, Tx } from '../../db/client';
import { accounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccountKind } from './accounts';

/**
 * The double-entry ledger (DESIGN §3). `transfer` is the only code that writes balances. It runs
 * inside the caller's database transaction, so a money movement commits or rolls back together
 * with the business change it belongs to.
 */

/** One posting: a signed amount of céntimos on an account (+ credit, - debit). */
export interface Posting {
  accountId: number;
  amountCents: number;
}

export interface TransferInput {
  /** What the movement is: recharge, withdrawal_hold, withdrawal_paid, entry_fee, payout, ... */
  kind: string;
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
  const inserted = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      requestHash: hash,
      referenceType: input.reference?.type ?? null,
      referenceId: input.reference ? String(input.reference.id) : null,
      actorUserId: input.actorUserId ?? null,
      description: input.description,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  const created = inserted[0];
  if (!created) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id, requestHash: ledgerTransactions.requestHash })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
    if (!existing || existing.requestHash !== hash) {
      throw new AppError(
        'ledger/idempotency_conflict',
        409,
        'Esta operación ya fue registrada con otros datos.',
      );
    }
    return { transactionId: existing.id, replayed: true, balances: new Map() };
  }

  // Net postings per account, then lock the accounts in id order.
  const net = new Map<number, number>();
  for (const p of input.postings) net.set(p.accountId, (net.get(p.accountId) ?? 0) + p.amountCents);
  const ids = [...net.keys()].sort((a, b) => a - b);
  const locked = await tx
    .select({
      id: accounts.id,
      kind: accounts.kind,
      balance: accounts.balanceCents,
      version: accounts.version,
      allowNegative: accounts.allowNegative,
    })
    .from(accounts)
    .where(inArray(accounts.id, ids))
    .orderBy(accounts.id)
    .for('update');
  if (locked.length !== ids.length) throw new Error('transfer to an unknown account');

  const balances = new Map<number, number>();
  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  for (const acc of locked) {
    const delta = net.get(acc.id) ?? 0;
    const after = acc.balance + delta;
    if (after < 0 && !acc.allowNegative) {
      throw new AppError(
        'wallet/insufficient_funds',
        422,
        acc.kind === 'wallet' ? MSG.insufficientFunds : 'Fondos insuficientes en la cuenta.',
      );
    }
    if (!Number.isSafeInteger(after)) throw new Error('balance overflow');
    balances.set(acc.id, after);
    if (delta === 0) continue;
    entries.push({
      transactionId: created.id,
      accountId: acc.id,
      amountCents: delta,
      balanceAfterCents: after,
      accountVersion: acc.version + 1,
    });
  }
  if (entries.length < 2)
    throw new Error('a ledger transaction must move money between two accounts');
  // One statement updates every account (fewer round trips); the rows are already locked above.
  const values = sql.join(
    entries.map(
      (e) =>
        sql`(${e.accountId}::bigint, ${e.balanceAfterCents}::bigint, ${e.accountVersion}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update accounts as a set balance_cents = v.balance, version = v.version
    from (values ${values}) as v(id, balance, version)
    where a.id = v.id`);
  await tx.insert(ledgerEntries).values(entries);
  return { transactionId: created.id, replayed: false, balances };
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
 * Ledger-wide invariants (DESIGN §3), for tests and the admin consistency check: the sum of all
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
