import { and, eq, sql } from 'drizzle-orm';
import { MSG_BANK_FLOWS, MSG_PAYMENTS, type BankAnswer } from '@domino/contracts';
import type { Executor, Tx } from '../../db/client';
import { bankMovements, recharges, riskAccountMarks, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { systemAccount, transfer, walletAccountId } from '../ledger/ledger';
import { assertMayDeposit } from '../responsible/guard';
import type { BankMovement } from './connector';

/**
 * Crediting a recharge exactly once, whichever path reports its bank movement
 * (docs/decisions/051-bank-connectors.md "Crediting once").
 *
 * Every credit of a recharge goes through {@link creditRecharge}: a staff approval, a statement
 * line approved by staff (reconciliation), an automatic verification with the bank, a signed
 * notification, a C2P charge. Each records the bank movement in `bank_movements`, whose unique
 * key (account, upper(reference), day, amount) lets one movement credit at most one recharge and
 * whose unique `recharge_id` lets a recharge be credited by at most one movement; the ledger key
 * `recharge:{id}` makes the money move once. All in the caller's transaction.
 */

/** Where a movement came from (`bank_movements.source`). */
export type MovementSource = 'verification' | 'notification' | 'statement' | 'manual' | 'c2p';

/** Who credits: a staff member (manual, statement) or the system (automatic paths). */
export type CreditActor = { staffId: number } | { system: true };

/** What a credit did. */
export type CreditOutcome =
  | { kind: 'credited'; rechargeId: number; userId: number; balanceCents: number }
  /** The recharge was already decided (approved or rejected): nothing moved. */
  | { kind: 'already_decided'; rechargeId: number; userId: number; status: string }
  /** The movement already credited another recharge: nothing moved. */
  | { kind: 'movement_used'; rechargeId: number; userId: number }
  /** A limit refused the automatic credit: the recharge went to staff with the reason. */
  | { kind: 'needs_staff'; rechargeId: number; userId: number; reason: string };

/** The bank's answer as staff see it (`recharges.bank_answer`): no secrets, short Spanish detail. */
export function bankAnswer(
  kind: string,
  parts: { detail?: string | null; bankCode?: string | null; bankMessage?: string | null } = {},
  at: Date = new Date(),
): BankAnswer {
  return {
    kind,
    detail: parts.detail ?? null,
    bank_code: parts.bankCode ?? null,
    bank_message: parts.bankMessage ?? null,
    at: at.toISOString(),
  };
}

/** A movement's row in `bank_movements`, or null. */
type MovementRow = typeof bankMovements.$inferSelect;

/**
 * Records `movement` for account `accountId` and claims it for `rechargeId`: inserts it (the
 * credit-once key; an existing identical movement is found instead) and sets its recharge when
 * unclaimed. Returns the row, or null when it already credited another recharge.
 */
async function claimMovement(
  tx: Tx,
  accountId: number,
  rechargeId: number,
  movement: BankMovement,
  source: MovementSource,
): Promise<MovementRow | null> {
  // ON CONFLICT on the expression index: the first report of a movement stores it; any later
  // (a notification after a verification, a statement after a notification) finds it.
  await tx.execute(sql`
    insert into bank_movements
      (recharge_account_id, reference, day, amount_cents, payer_phone, payer_bank_code,
       payer_identification, source)
    values (${accountId}, ${movement.reference}, ${movement.day}, ${movement.amountCents},
      ${movement.payerPhone}, ${movement.payerBankCode}, ${movement.payerIdentification}, ${source})
    on conflict (recharge_account_id, upper(reference), day, amount_cents) do nothing`);
  const [row] = await tx
    .select()
    .from(bankMovements)
    .where(
      and(
        eq(bankMovements.rechargeAccountId, accountId),
        sql`upper(${bankMovements.reference}) = upper(${movement.reference})`,
        eq(bankMovements.day, movement.day),
        eq(bankMovements.amountCents, movement.amountCents),
      ),
    )
    .for('update');
  if (!row) throw new Error('bank movement insert returned no row');
  if (row.rechargeId !== null) return row.rechargeId === rechargeId ? row : null;
  const [claimed] = await tx
    .update(bankMovements)
    .set({ rechargeId })
    .where(eq(bankMovements.id, row.id))
    .returning();
  return claimed ?? null;
}

/**
 * Why an automatic credit must wait for staff, or null when it may go ahead: a responsible-gaming
 * pause or deposit limit (decision 030; the recharge itself is already counted as pending, so
 * the check adds nothing to it), a suspended account or held withdrawals (decision 032), a payer
 * whose identification the bank reports and which is not the player's (decision 031).
 */
async function automaticRefusal(
  tx: Tx,
  userId: number,
  movement: BankMovement | null,
): Promise<string | null> {
  try {
    await assertMayDeposit(tx, userId, 0);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return MSG_BANK_FLOWS.limitDeposit;
    throw err;
  }
  const [user] = await tx
    .select({
      status: users.status,
      n: users.nIdentification,
      held: riskAccountMarks.withdrawalsHeld,
    })
    .from(users)
    .leftJoin(riskAccountMarks, eq(riskAccountMarks.userId, users.id))
    .where(eq(users.id, userId));
  if (!user || user.status !== 'activo' || user.held) return MSG_BANK_FLOWS.limitRisk;
  const payer = movement?.payerIdentification?.replace(/\D/g, '') ?? '';
  if (payer !== '' && payer.replace(/^0+/, '') !== user.n.replace(/^0+/, ''))
    return MSG_BANK_FLOWS.limitIdentity;
  return null;
}

/**
 * Credits recharge `rechargeId` with `movement` (null for a staff approval without a bank
 * movement: the recharge's own reference, day paid and amount stand for it), in `tx`:
 *
 * 1. locks the recharge; a decided one is `already_decided` (staff paths: 409
 *    `payments/already_decided`);
 * 2. claims the movement (a movement already linked to this recharge is reused); one that
 *    credited another recharge is `movement_used` (staff paths: 409 `banking/movement_used`);
 * 3. automatic sources only (verification, notification, c2p): limits, account and payer checks;
 *    a refusal sets `verification_state = 'needs_staff'` with the reason in `bank_answer` and
 *    moves nothing (staff then decide);
 * 4. the ledger transfer pago_movil_in → wallet with key `recharge:{id}`, the recharge approved,
 *    and the `recharge.approve` audit row (actor null for the system, with the source).
 *
 * Returns the outcome; the caller notifies the player after commit when `credited`.
 */
export async function creditRecharge(
  tx: Tx,
  rechargeId: number,
  movement: BankMovement | null,
  source: MovementSource,
  actor: CreditActor,
): Promise<CreditOutcome> {
  const staff = 'staffId' in actor;
  const [row] = await tx.select().from(recharges).where(eq(recharges.id, rechargeId)).for('update');
  if (!row) throw new AppError('payments/not_found', 404, 'La solicitud no existe.');
  if (row.status !== 'pendiente') {
    if (staff) throw new AppError('payments/already_decided', 409, MSG_PAYMENTS.alreadyDecided);
    return { kind: 'already_decided', rechargeId, userId: row.userId, status: row.status };
  }
  // A C2P charge still waiting for the bank's answer is decided by that answer, not by staff.
  if (staff && row.method === 'c2p' && row.verificationState === 'checking')
    throw new AppError('banking/c2p_in_flight', 409, MSG_BANK_FLOWS.c2pInFlight);
  const [linked] = await tx
    .select()
    .from(bankMovements)
    .where(eq(bankMovements.rechargeId, rechargeId));
  const own: BankMovement = movement ?? {
    reference: row.reference,
    day: row.paidOn,
    amountCents: row.amountCents,
    payerPhone: row.payerPhone,
    payerBankCode: row.payerBankCode,
    payerIdentification: null,
  };
  const claimed =
    linked ?? (await claimMovement(tx, row.rechargeAccountId, rechargeId, own, source));
  if (!claimed) {
    if (staff) throw new AppError('banking/movement_used', 409, MSG_BANK_FLOWS.movementUsed);
    await toStaff(
      tx,
      rechargeId,
      bankAnswer('movement_used', { detail: MSG_BANK_FLOWS.movementUsed }),
    );
    return { kind: 'movement_used', rechargeId, userId: row.userId };
  }
  if (!staff) {
    const reason = await automaticRefusal(tx, row.userId, movement);
    if (reason) {
      await toStaff(tx, rechargeId, bankAnswer('limit', { detail: reason }));
      return { kind: 'needs_staff', rechargeId, userId: row.userId, reason };
    }
  }
  const from = await systemAccount(tx, 'pago_movil_in');
  const wallet = await walletAccountId(tx, row.userId);
  const staffId = staff ? actor.staffId : null;
  const moved = await transfer(tx, {
    kind: 'recharge',
    idempotencyKey: `recharge:${rechargeId}`,
    postings: [
      { accountId: from, amountCents: -row.amountCents },
      { accountId: wallet, amountCents: row.amountCents },
    ],
    description:
      row.method === 'c2p'
        ? `Recarga con clave (C2P) ref. ${claimed.reference}`
        : `Recarga Pago Móvil ref. ${row.reference}`,
    reference: { type: 'recharge', id: rechargeId },
    actorUserId: staffId,
  });
  await tx
    .update(recharges)
    .set({
      status: 'aprobado',
      decidedBy: staffId,
      decidedAt: sql`now()`,
      ledgerTransactionId: moved.transactionId,
      ...(staff ? {} : { verificationState: 'verified' as const, verifyNextAt: null }),
      updatedAt: sql`now()`,
    })
    .where(eq(recharges.id, rechargeId));
  await audit(tx, {
    actorUserId: staffId,
    action: 'recharge.approve',
    targetType: 'recharge',
    targetId: rechargeId,
    before: { status: row.status },
    after: {
      status: 'aprobado',
      amount_cents: row.amountCents,
      source,
      bank_reference: claimed.reference,
      bank_day: claimed.day,
    },
  });
  return {
    kind: 'credited',
    rechargeId,
    userId: row.userId,
    balanceCents: moved.balances.get(wallet) ?? 0,
  };
}

/** Sends a pending recharge to staff with the bank's answer (no money moves). */
export async function toStaff(tx: Executor, rechargeId: number, answer: BankAnswer): Promise<void> {
  await tx
    .update(recharges)
    .set({
      verificationState: 'needs_staff',
      verifyNextAt: null,
      bankAnswer: answer,
      updatedAt: sql`now()`,
    })
    .where(and(eq(recharges.id, rechargeId), eq(recharges.status, 'pendiente')));
}
