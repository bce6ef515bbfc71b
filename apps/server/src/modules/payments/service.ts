import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FieldErrors } from '@domino/contracts';
import { MSG, MSG_BANK_FLOWS, MSG_PAYMENTS, MSG_PROTECTION } from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { pgConstraint, pgErrorCode } from '../../db/client';
import {
  banks,
  rechargeAccounts,
  recharges,
  userBankAccounts,
  users,
  withdrawals,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { walletBalanceCents } from '../ledger/accounts';
import { systemAccount, transfer, walletAccountId } from '../ledger/ledger';
import type { ClientInfo } from '../protection/request';
import { recentAccountChanges, recordAccountChanges, reviewOf } from '../protection/changes';
import type { NoticeContext } from '../protection/notices';
import { maskAccountNumber, sendChangeNotice } from '../protection/notices';
import type { PasswordGate } from '../protection/password-gate';
import { assertMayDeposit } from '../responsible/guard';
import { creditRecharge } from '../banking/credit';
import type { ProcessedImage } from '../uploads/images';
import { storeImage } from '../uploads/repo';
import { assertMayPayWithdrawal, assertMayWithdraw as assertNoWithdrawalHold } from '../risk/marks';
import { SPEC_BANK_NAMES, sortBanks } from '@domino/contracts';
import { assertMayWithdraw as assertIdentityAllowsWithdrawal } from '../identity/service';

/**
 * Recharges and withdrawals (docs/architecture.md#how-a-payment-flows flows; docs/product.md §5 rules).
 * - Recharge request: no money moves. Approval: pago_movil_in -> wallet, exactly once.
 * - Withdrawal request: wallet -> pending_withdrawals at once. Paid: pending -> pago_movil_out.
 *   Rejected: pending -> wallet.
 * Staff decisions lock the request row, so two staff deciding at once produce one effect; a
 * decision on a decided request is 409 `payments/already_decided`.
 */

const field = (name: string, message: string) =>
  AppError.validation({ [name]: [message] } as FieldErrors);

/**
 * Banks players can choose (docs/product.md §3: status activo/active/absent count as available), in the
 * Spanish alphabetical order of their names (sortBanks; docs/decisions/016), the same order as
 * the staff page. Sorted here, not in SQL: PGlite and PostgreSQL need not share a Spanish
 * collation.
 */
export async function listAvailableBanks(db: Executor) {
  const rows = await db
    .select()
    .from(banks)
    .where(inArray(banks.status, ['activo', 'active']));
  return sortBanks(rows).map((b) => ({ id: b.id, code: b.code, name: b.name, status: b.status }));
}

/** Active platform accounts that receive Pago Móvil recharges (docs/product.md §3 Recharge account). */
export async function listRechargeAccounts(db: Executor) {
  const rows = await db
    .select({ a: rechargeAccounts, bank: banks })
    .from(rechargeAccounts)
    .innerJoin(banks, eq(banks.id, rechargeAccounts.bankId))
    .where(eq(rechargeAccounts.active, true))
    .orderBy(asc(rechargeAccounts.id));
  return rows.map(({ a, bank }) => ({
    id: a.id,
    account_id: a.id,
    account_number: a.accountNumber,
    holder_name: a.holderName,
    bank: { code: bank.code, name: bank.name },
    type_identification: a.typeIdentification,
    n_identification: a.nIdentification,
    phone: a.phone,
  }));
}

/**
 * Creates a pending recharge (no money moves). The same reference for the same destination
 * account is refused unless the earlier one was rejected. Returns the recharge id.
 */
export async function requestRecharge(
  tx: Tx,
  userId: number,
  input: {
    amountCents: number;
    reference: string;
    accountId: number;
    /**
     * The Pago Móvil data an account whose bank connector verifies needs (decision 051): the
     * recharge starts `checking` and the verifier asks the bank. Absent: the manual flow.
     */
    payer?: { phone: string; bankCode: string; paidOn?: string | undefined } | undefined;
  },
  proof: ProcessedImage | null,
): Promise<{ id: number }> {
  const [account] = await tx
    .select({ id: rechargeAccounts.id })
    .from(rechargeAccounts)
    .where(and(eq(rechargeAccounts.id, input.accountId), eq(rechargeAccounts.active, true)));
  if (!account) throw field('account_id', MSG_PAYMENTS.accountUnavailable);
  await assertMayDeposit(tx, userId, input.amountCents);
  const [dup] = await tx
    .select({ id: recharges.id })
    .from(recharges)
    .where(
      and(
        eq(recharges.rechargeAccountId, input.accountId),
        sql`upper(${recharges.reference}) = upper(${input.reference})`,
        sql`${recharges.status} <> 'rechazado'`,
      ),
    );
  if (dup) throw field('reference', MSG_PAYMENTS.referenceDuplicate);
  const proofId = proof ? await storeImage(tx, userId, 'payment_proof', proof) : null;
  try {
    const [row] = await tx
      .insert(recharges)
      .values({
        userId,
        amountCents: input.amountCents,
        reference: input.reference,
        rechargeAccountId: input.accountId,
        proofUploadId: proofId,
        ...(input.payer
          ? {
              payerPhone: input.payer.phone,
              payerBankCode: input.payer.bankCode,
              ...(input.payer.paidOn ? { paidOn: input.payer.paidOn } : {}),
              verificationState: 'checking' as const,
              verifyNextAt: sql`now()`,
            }
          : {}),
      })
      .returning({ id: recharges.id });
    if (!row) throw new Error('recharge insert returned no row');
    return { id: row.id };
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'recharges_account_reference_key') {
      throw field('reference', MSG_PAYMENTS.referenceDuplicate);
    }
    throw err;
  }
}

async function lockRecharge(tx: Tx, id: number) {
  const [row] = await tx.select().from(recharges).where(eq(recharges.id, id)).for('update');
  if (!row) throw new AppError('payments/not_found', 404, 'La solicitud no existe.');
  if (row.status !== 'pendiente')
    throw new AppError('payments/already_decided', 409, MSG_PAYMENTS.alreadyDecided);
  return row;
}

/**
 * Staff approve a recharge: credits the wallet exactly once through banking's `creditRecharge`
 * (docs/decisions/051-bank-connectors.md): the bank movement the recharge declares (or the
 * one a verification already linked to it) is recorded under the credit-once key, then ledger
 * key `recharge:{id}`. Errors: 404 unknown, 409 `payments/already_decided`, 409
 * `banking/movement_used` when that movement already credited another recharge.
 */
export async function approveRecharge(tx: Tx, staffId: number, id: number) {
  const out = await creditRecharge(tx, id, null, 'manual', { staffId });
  if (out.kind !== 'credited') throw new Error(`staff credit ended as ${out.kind}`);
  return { userId: out.userId, status: 'aprobado', balanceCents: out.balanceCents };
}

/**
 * Staff reject a recharge with a reason (no money moves). A C2P charge still `checking` is 409
 * `banking/c2p_in_flight`: the bank's answer decides it.
 */
export async function rejectRecharge(tx: Tx, staffId: number, id: number, reason: string) {
  const row = await lockRecharge(tx, id);
  // A C2P charge still waiting for the bank's answer may be charged yet (decision 051).
  if (row.method === 'c2p' && row.verificationState === 'checking')
    throw new AppError('banking/c2p_in_flight', 409, MSG_BANK_FLOWS.c2pInFlight);
  await tx
    .update(recharges)
    .set({
      status: 'rechazado',
      reason,
      decidedBy: staffId,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(recharges.id, id));
  await audit(tx, {
    actorUserId: staffId,
    action: 'recharge.reject',
    targetType: 'recharge',
    targetId: id,
    before: { status: row.status },
    after: { status: 'rechazado' },
    reason,
  });
  return { userId: row.userId, status: 'rechazado' };
}

/**
 * Requests a withdrawal: the amount leaves the available balance at once (wallet ->
 * pending_withdrawals). Within WITHDRAWAL_REVIEW_HOURS of a change of the e-mail, phone or a bank
 * account it carries a staff review (the changes and the window's end; docs/decisions/013), which
 * staff must acknowledge to pay it. The user row is read before the changes, so a withdrawal that
 * sees a new payout phone also sees the change that set it. Returns the id, the new balance in
 * céntimos and the review (null when none). Errors: 422 with the catalogue's messages (bank, balance).
 */
export async function requestWithdrawal(
  tx: Tx,
  userId: number,
  input: { amountCents: number; bankId: number },
) {
  const [bank] = await tx
    .select()
    .from(banks)
    .where(and(eq(banks.id, input.bankId), inArray(banks.status, ['activo', 'active'])));
  if (!bank) throw field('bank_account', MSG_PAYMENTS.bankUnavailable);
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('auth/unauthenticated', 401, MSG.unauthenticated);
  // A risk hold (decision 032) comes before the identity check (decision 031).
  await assertNoWithdrawalHold(tx, userId);
  await assertIdentityAllowsWithdrawal(tx, userId, input.amountCents);
  const review = reviewOf(await recentAccountChanges(tx, userId));
  const wallet = await walletAccountId(tx, userId);
  const [row] = await tx
    .insert(withdrawals)
    .values({
      userId,
      amountCents: input.amountCents,
      bankId: bank.id,
      payoutPhone: user.phone,
      payoutTypeIdentification: user.typeIdentification,
      payoutNIdentification: user.nIdentification,
      payoutName: user.name,
      reviewUntil: review ? new Date(review.until) : null,
      reviewChanges: review ? review.changes : null,
    })
    .returning({ id: withdrawals.id });
  if (!row) throw new Error('withdrawal insert returned no row');
  const hold = await systemAccount(tx, 'pending_withdrawals');
  try {
    const moved = await transfer(tx, {
      kind: 'withdrawal_hold',
      idempotencyKey: `withdrawal:${row.id}:hold`,
      postings: [
        { accountId: wallet, amountCents: -input.amountCents },
        { accountId: hold, amountCents: input.amountCents },
      ],
      description: `Retiro a ${bank.name}`,
      reference: { type: 'withdrawal', id: row.id },
      actorUserId: userId,
    });
    return { id: row.id, balanceCents: moved.balances.get(wallet) ?? 0, review };
  } catch (err) {
    if (err instanceof AppError && err.code === 'wallet/insufficient_funds')
      throw field('amount', MSG.withdrawExceedsBalance);
    throw err;
  }
}

async function lockWithdrawal(tx: Tx, id: number) {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!row) throw new AppError('payments/not_found', 404, 'La solicitud no existe.');
  if (row.status !== 'pendiente')
    throw new AppError('payments/already_decided', 409, MSG_PAYMENTS.alreadyDecided);
  return row;
}

/**
 * Settles a pending withdrawal exactly once (ledger key `withdrawal:{id}:settle`): paid moves the
 * held amount pending_withdrawals -> pago_movil_out; rejected returns it to the wallet. Records
 * the decision and its audit entry in the same transaction. Returns the wallet balance when it
 * changed (rejection), else null.
 */
async function settleWithdrawal(
  tx: Tx,
  staffId: number,
  id: number,
  decision:
    | { paid: true; payoutReference: string; reviewAcknowledged: boolean }
    | { paid: false; reason: string },
) {
  const row = await lockWithdrawal(tx, id);
  if (decision.paid) await assertMayPayWithdrawal(tx, row.userId);
  const underReview = row.reviewUntil !== null;
  if (decision.paid && underReview && !decision.reviewAcknowledged)
    throw new AppError('payments/review_required', 409, MSG_PROTECTION.reviewRequired);
  const acknowledged = decision.paid && underReview;
  const hold = await systemAccount(tx, 'pending_withdrawals');
  const destination = decision.paid
    ? await systemAccount(tx, 'pago_movil_out')
    : await walletAccountId(tx, row.userId);
  const moved = await transfer(tx, {
    kind: decision.paid ? 'withdrawal_paid' : 'withdrawal_returned',
    idempotencyKey: `withdrawal:${id}:settle`,
    postings: [
      { accountId: hold, amountCents: -row.amountCents },
      { accountId: destination, amountCents: row.amountCents },
    ],
    description: decision.paid
      ? `Pago de retiro ref. ${decision.payoutReference}`
      : `Retiro rechazado: ${decision.reason}`,
    reference: { type: 'withdrawal', id },
    actorUserId: staffId,
  });
  const status = decision.paid ? 'completado' : 'rechazado';
  await tx
    .update(withdrawals)
    .set({
      status,
      ...(decision.paid
        ? { payoutReference: decision.payoutReference }
        : { reason: decision.reason }),
      ...(acknowledged ? { reviewAcknowledgedBy: staffId, reviewAcknowledgedAt: sql`now()` } : {}),
      decidedBy: staffId,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(withdrawals.id, id));
  await audit(tx, {
    actorUserId: staffId,
    action: decision.paid ? 'withdrawal.pay' : 'withdrawal.reject',
    targetType: 'withdrawal',
    targetId: id,
    before: { status: row.status },
    after: decision.paid
      ? {
          status,
          payout_reference: decision.payoutReference,
          ...(acknowledged ? { review_acknowledged: true, review_changes: row.reviewChanges } : {}),
        }
      : { status },
    reason: decision.paid ? null : decision.reason,
  });
  const balanceCents = decision.paid ? null : (moved.balances.get(destination) ?? 0);
  return { userId: row.userId, status, balanceCents };
}

/**
 * Staff mark a withdrawal paid: pending_withdrawals -> pago_movil_out, once. A withdrawal under
 * review (docs/decisions/013) needs `reviewAcknowledged`, else 409 `payments/review_required`
 * (MSG_PROTECTION.reviewRequired); the acknowledgement is stored and audited with the payment.
 */
export function payWithdrawal(
  tx: Tx,
  staffId: number,
  id: number,
  payoutReference: string,
  reviewAcknowledged = false,
) {
  return settleWithdrawal(tx, staffId, id, { paid: true, payoutReference, reviewAcknowledged });
}

/** Staff reject a withdrawal: the amount returns to the wallet, once. */
export function rejectWithdrawal(tx: Tx, staffId: number, id: number, reason: string) {
  return settleWithdrawal(tx, staffId, id, { paid: false, reason });
}

/**
 * Staff adjust a balance (signed céntimos) with a reason: adjustments <-> wallet. Never takes
 * the wallet below zero (422).
 */
export async function adjustBalance(
  tx: Tx,
  staffId: number,
  userId: number,
  amountCents: number,
  reason: string,
  key: string,
) {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('users/not_found', 404, 'El usuario no existe.');
  const wallet = await walletAccountId(tx, userId);
  const adjustments = await systemAccount(tx, 'adjustments');
  const before = await walletBalanceCents(tx, userId);
  try {
    const moved = await transfer(tx, {
      kind: 'adjustment',
      idempotencyKey: key,
      postings: [
        { accountId: adjustments, amountCents: -amountCents },
        { accountId: wallet, amountCents },
      ],
      description: `Ajuste: ${reason}`,
      reference: { type: 'user', id: userId },
      actorUserId: staffId,
    });
    const after = moved.replayed
      ? await walletBalanceCents(tx, userId)
      : (moved.balances.get(wallet) ?? 0);
    await audit(tx, {
      actorUserId: staffId,
      action: 'user.adjust_balance',
      targetType: 'user',
      targetId: userId,
      before: { balance_cents: before },
      after: { balance_cents: after },
      reason,
    });
    return { userId, balanceCents: after };
  } catch (err) {
    if (err instanceof AppError && err.code === 'wallet/insufficient_funds')
      throw field('amount', MSG_PAYMENTS.adjustmentNegative);
    throw err;
  }
}

/** Known bank codes (first four digits of a Venezuelan account number). */
async function bankByCode(db: Executor, code: string) {
  const [row] = await db.select().from(banks).where(eq(banks.code, code));
  return row;
}

/**
 * Stores a player's own bank account (docs/product.md §7 POST /api/bank-accounts): a 20-digit account whose
 * first four digits name a known bank; `bank_name` must match that bank (by name or code).
 */
export async function addBankAccount(
  tx: Tx,
  userId: number,
  input: {
    bank_name: string;
    account_number: string;
    account_type: string;
    account_holder: string;
  },
) {
  const bank = await bankByCode(tx, input.account_number.slice(0, 4));
  if (!bank) throw field('account_number', MSG_PAYMENTS.accountNumberBank);
  const named = input.bank_name.trim().toUpperCase();
  // docs/product.md §3's short name ('VENEZUELA') still names its bank for clients written against it.
  const names = [bank.name.toUpperCase(), bank.code, String(bank.id), SPEC_BANK_NAMES[bank.code]];
  if (!names.includes(named)) {
    throw field('account_number', MSG_PAYMENTS.accountNumberMismatch);
  }
  try {
    const [row] = await tx
      .insert(userBankAccounts)
      .values({
        userId,
        bankId: bank.id,
        accountNumber: input.account_number,
        accountType: input.account_type,
        accountHolder: input.account_holder,
      })
      .returning();
    if (!row) throw new Error('bank account insert returned no row');
    return {
      id: row.id,
      bank_id: bank.id,
      bank_name: bank.name,
      account_number: row.accountNumber,
      account_type: row.accountType,
      account_holder: row.accountHolder,
    };
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw field('account_number', MSG_PAYMENTS.bankAccountDuplicate);
    throw err;
  }
}

/** What adding a bank account needs besides the database (docs/decisions/013). */
export interface BankAccountContext {
  db: Db;
  client: ClientInfo;
  notices: NoticeContext;
  password: PasswordGate;
}

/**
 * POST /api/bank-accounts with the current password (decision 013): checks the password (counted
 * per user; 422 on `current_password`, 429 while blocked), stores the account and records the
 * change (account_changes + audit) in one transaction, then notices the account's e-mail. Returns
 * the stored account. Errors: those of `addBankAccount` and of the password check.
 */
export async function addOwnBankAccount(
  ctx: BankAccountContext,
  userId: number,
  input: Parameters<typeof addBankAccount>[2] & { current_password: string },
) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('auth/unauthenticated', 401, MSG.unauthenticated);
  await ctx.password.verify(
    user.passwordHash,
    input.current_password,
    MSG_PROTECTION.currentPasswordForBank,
  );
  const { account, at } = await ctx.db.transaction(async (tx) => {
    const stored = await addBankAccount(tx, userId, input);
    const when = await recordAccountChanges(
      tx,
      userId,
      [
        {
          kind: 'bank_account',
          before: null,
          after: { bank: stored.bank_name, account_number: stored.account_number },
        },
      ],
      ctx.client,
    );
    return { account: stored, at: when };
  });
  await sendChangeNotice(ctx.notices, {
    to: user.email,
    name: user.name,
    lines: [
      {
        label: 'Cuenta bancaria nueva',
        detail: `${account.bank_name}, ${maskAccountNumber(account.account_number)}`,
      },
    ],
    at,
    client: ctx.client,
  });
  return account;
}

export async function listBankAccounts(db: Executor, userId: number) {
  const rows = await db
    .select({ a: userBankAccounts, bank: banks })
    .from(userBankAccounts)
    .innerJoin(banks, eq(banks.id, userBankAccounts.bankId))
    .where(eq(userBankAccounts.userId, userId))
    .orderBy(desc(userBankAccounts.createdAt));
  return rows.map(({ a, bank }) => ({
    id: a.id,
    bank_id: bank.id,
    bank_name: bank.name,
    account_number: a.accountNumber,
    account_type: a.accountType,
    account_holder: a.accountHolder,
  }));
}
