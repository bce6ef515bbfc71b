import { and, asc, eq } from 'drizzle-orm';
import { MSG_BANK_FLOWS, MSG_PAYMENTS, MSG_PROTECTION } from '@domino/contracts';
import type { Db } from '../../db/client';
import { banks, rechargeAccounts, withdrawals } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { payWithdrawal } from './service';
import { assertMayPayWithdrawal } from '../risk/marks';
import type { PayoutResult } from '../banking/connector';
import { bankAnswer } from '../banking/credit';
import type { BankConnectors, BoundConnector } from '../banking/port';

/**
 * Paying a withdrawal through the bank, an outgoing Pago Móvil where a provider offers it
 * (docs/decisions/051-bank-connectors.md "Player flows"). One bank call per withdrawal: a
 * transaction claims it (`bank_payout_state = 'sending'`, only from none or 'declined'; the same
 * checks as a manual payment: pending, no risk hold, review acknowledged), then the call with
 * key `withdrawal:{id}`:
 *
 * - paid → settled exactly as a manual payment (`payWithdrawal`, ledger key
 *   `withdrawal:{id}:settle`) with the bank's reference;
 * - declined → stays pending with the bank's answer (staff may try again or reject);
 * - unavailable → stays pending as 'unknown' and is never retried blindly: staff check with the
 *   bank, then mark it paid or reject it by hand.
 */

async function payingConnector(db: Db, connectors: BankConnectors): Promise<BoundConnector> {
  const accounts = await db
    .select({ id: rechargeAccounts.id })
    .from(rechargeAccounts)
    .where(eq(rechargeAccounts.active, true))
    .orderBy(asc(rechargeAccounts.id));
  for (const a of accounts) {
    const bound = await connectors.forAccount(db, a.id);
    if (bound?.connector.capabilities.payout && bound.connector.payout) return bound;
  }
  throw new AppError('banking/payout_unavailable', 422, MSG_BANK_FLOWS.payoutNotAvailable);
}

/**
 * Staff "Pagar por el banco" for withdrawal `id`. Returns the Spanish message, the status and,
 * when settled, whom to notify. Errors: 404, 409 (decided, in progress or unknown, review
 * required, risk hold), 422 (no connector pays; the bank declined, with its reason).
 */
export async function payWithdrawalByBank(
  db: Db,
  connectors: BankConnectors,
  staffId: number,
  id: number,
  reviewAcknowledged: boolean,
): Promise<{ message: string; status: string; settled: { userId: number } | null }> {
  const bound = await payingConnector(db, connectors);
  const w = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ w: withdrawals, bankCode: banks.code })
      .from(withdrawals)
      .innerJoin(banks, eq(banks.id, withdrawals.bankId))
      .where(eq(withdrawals.id, id))
      .for('update', { of: withdrawals });
    if (!row) throw new AppError('payments/not_found', 404, 'La solicitud no existe.');
    if (row.w.status !== 'pendiente')
      throw new AppError('payments/already_decided', 409, MSG_PAYMENTS.alreadyDecided);
    if (row.w.bankPayoutState !== null && row.w.bankPayoutState !== 'declined')
      throw new AppError('banking/payout_in_progress', 409, MSG_BANK_FLOWS.payoutInProgress);
    await assertMayPayWithdrawal(tx, row.w.userId);
    if (row.w.reviewUntil !== null && !reviewAcknowledged)
      throw new AppError('payments/review_required', 409, MSG_PROTECTION.reviewRequired);
    await tx
      .update(withdrawals)
      .set({ bankPayoutState: 'sending' })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pendiente')));
    return row;
  });
  let result: PayoutResult;
  try {
    result = await bound.connector.payout!(
      bound.config,
      {
        invoice: `withdrawal:${id}`,
        amountCents: w.w.amountCents,
        payeePhone: w.w.payoutPhone,
        payeeTypeIdentification: w.w.payoutTypeIdentification,
        payeeNIdentification: w.w.payoutNIdentification,
        payeeBankCode: w.bankCode,
        concept: `Retiro ${id}`,
      },
      bound.http,
    );
  } catch {
    result = { kind: 'unavailable', detail: MSG_BANK_FLOWS.bankUnavailable };
  }
  if (result.kind === 'paid') {
    const reference = result.reference;
    const out = await db.transaction(async (tx) => {
      const settled = await payWithdrawal(tx, staffId, id, reference, reviewAcknowledged);
      await tx
        .update(withdrawals)
        .set({ bankPayoutState: 'paid', bankAnswer: bankAnswer('paid', { detail: reference }) })
        .where(eq(withdrawals.id, id));
      return settled;
    });
    return {
      message: 'Retiro pagado por el banco',
      status: out.status,
      settled: { userId: out.userId },
    };
  }
  const answer =
    result.kind === 'declined'
      ? bankAnswer('declined', {
          detail: result.reason,
          bankCode: result.bankCode,
          bankMessage: result.bankMessage,
        })
      : bankAnswer('unavailable', { detail: result.detail });
  await db
    .update(withdrawals)
    .set({
      bankPayoutState: result.kind === 'declined' ? 'declined' : 'unknown',
      bankAnswer: answer,
    })
    .where(eq(withdrawals.id, id));
  if (result.kind === 'declined')
    throw new AppError(
      'banking/payout_declined',
      422,
      `${MSG_BANK_FLOWS.payoutDeclined} ${result.reason}`,
    );
  return { message: MSG_BANK_FLOWS.payoutUnknown, status: 'pendiente', settled: null };
}
