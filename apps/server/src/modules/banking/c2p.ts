import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MSG_BANK_FLOWS, MSG_PAYMENTS, centsToBolivares } from '@domino/contracts';
import type { Db, Tx } from '../../db/client';
import { isRetryableTxError, pgConstraint, pgErrorCode } from '../../db/client';
import { rechargeAccounts, recharges, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { walletBalanceCents } from '../ledger/accounts';
import { assertMayDeposit } from '../responsible/guard';
import type { BankMovement, ChargeRequest, ChargeResult } from './connector';
import { bankAnswer, creditRecharge, toStaff, type CreditOutcome } from './credit';
import type { BankConnectors, BoundConnector } from './port';

/**
 * C2P recharges: the platform charges the payer's account with the one-time key their bank sent
 * them (docs/decisions/051-bank-connectors.md "Player flows"). Order of a charge:
 *
 * 1. one transaction: the account, the deposit limits and pauses (`assertMayDeposit` with the
 *    amount: a charge above a limit is never attempted) and a reservation — a pending recharge
 *    (method 'c2p', reference = our invoice, `checking`) that counts against the limits, so two
 *    charges at once cannot both pass a limit;
 * 2. the bank call, outside any transaction, with the invoice as idempotency key;
 * 3. approved → `creditRecharge` (source 'c2p') with the bank's movement, answer the new
 *    balance; declined → the reservation deleted, an audit row, 422 with the bank's reason;
 *    unavailable → `findCharge`: found → credited; otherwise the recharge goes to staff
 *    (`needs_staff`, "estamos confirmando con tu banco") and is never charged again.
 *
 * The invoice comes from the request's Idempotency-Key (per player), so a retried request finds
 * its reservation and answers its state instead of charging twice. The payment key is only
 * passed to the connector: never stored, logged, audited or put in an answer.
 */

/** The player's C2P data (validated by contracts' c2p schemas; amount in céntimos). */
export interface C2pInput {
  accountId: number;
  amountCents: number;
  typeIdentification: string;
  nIdentification: string;
  phone: string;
  bankCode: string;
}

/** The answer of a charge: HTTP status and body (c2pChargeResponseSchema), and what to notify. */
export interface C2pAnswer {
  status: 201 | 202;
  body: {
    message: string;
    id: number;
    status: 'aprobado' | 'pendiente';
    verification: 'verified' | 'needs_staff' | 'checking';
    new_balance: number | null;
  };
  credit: CreditOutcome | null;
}

const notAvailable = () =>
  new AppError('banking/c2p_unavailable', 422, MSG_BANK_FLOWS.c2pNotAvailable);
const bankDown = () => new AppError('banking/unavailable', 503, MSG_BANK_FLOWS.bankUnavailable);

async function chargingConnector(
  db: Db,
  connectors: BankConnectors,
  accountId: number,
): Promise<BoundConnector & { connector: Required<Pick<BoundConnector['connector'], 'charge'>> }> {
  const [account] = await db
    .select({ id: rechargeAccounts.id })
    .from(rechargeAccounts)
    .where(and(eq(rechargeAccounts.id, accountId), eq(rechargeAccounts.active, true)));
  if (!account) throw AppError.validation({ account_id: [MSG_PAYMENTS.accountUnavailable] });
  const bound = await connectors.forAccount(db, accountId);
  if (!bound?.connector.capabilities.charge || !bound.connector.charge) throw notAvailable();
  return bound as BoundConnector & {
    connector: Required<Pick<BoundConnector['connector'], 'charge'>>;
  };
}

/**
 * POST /api/recharges/c2p/key: checks the limits for `amountCents`, then asks the payer's bank
 * to SMS the key. Errors: 422 (account, limits, no key by this way, the bank's refusal in
 * Spanish), 403 (paused), 503 (the bank does not answer).
 */
export async function requestC2pKey(
  db: Db,
  connectors: BankConnectors,
  userId: number,
  input: C2pInput,
): Promise<{ message: string }> {
  const bound = await chargingConnector(db, connectors, input.accountId);
  if (!bound.connector.capabilities.requestKey || !bound.connector.requestKey)
    throw new AppError('banking/key_unavailable', 422, MSG_BANK_FLOWS.c2pKeyNotAvailable);
  await db.transaction(async (tx) => {
    await assertOwnAccount(tx, userId, input);
    await assertMayDeposit(tx, userId, input.amountCents);
  });
  const res = await bound.connector.requestKey(
    bound.config,
    {
      payerPhone: input.phone,
      payerTypeIdentification: input.typeIdentification,
      payerNIdentification: input.nIdentification,
      payerBankCode: input.bankCode,
      amountCents: input.amountCents,
    },
    bound.http,
  );
  if (res.kind === 'sent') return { message: MSG_BANK_FLOWS.c2pKeySent };
  if (res.kind === 'declined') throw new AppError('banking/declined', 422, res.reason);
  throw bankDown();
}

/**
 * A C2P charge is made only on the player's own account: the cédula charged must be the one the
 * player registered with (decision 031), checked before the bank is asked anything, so a charge
 * never has to wait for staff for that reason. 422 on `n_identification` otherwise.
 */
async function assertOwnAccount(db: Db | Tx, userId: number, input: C2pInput): Promise<void> {
  const [user] = await db
    .select({ t: users.typeIdentification, n: users.nIdentification })
    .from(users)
    .where(eq(users.id, userId));
  const digits = (v: string) => v.replace(/\D/g, '').replace(/^0+/, '');
  if (
    !user ||
    user.t !== input.typeIdentification ||
    digits(user.n) !== digits(input.nIdentification)
  )
    throw AppError.validation({ n_identification: [MSG_BANK_FLOWS.c2pOwnAccount] });
}

/**
 * Our invoice for a charge: stable per (player, Idempotency-Key), else random. Letters only after
 * the prefix, so the reconciliation's digit rule (decision 033) never pairs a bank line with it.
 */
export function c2pInvoice(userId: number, idempotencyKey: string | null): string {
  const hex =
    idempotencyKey === null
      ? randomUUID().replace(/-/g, '')
      : createHash('sha256').update(`${userId}:${idempotencyKey}`).digest('hex');
  const letters = [...hex.slice(0, 16)].map((c) => 'ABCDEFGHJKLMNPQR'[parseInt(c, 16)]).join('');
  return `C2P-${letters}`;
}

async function retrying<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (isRetryableTxError(err) && attempt < 5) continue;
      throw err;
    }
  }
}

/** The answer for a recharge that already exists (a retried request). */
async function stateAnswer(db: Db, row: typeof recharges.$inferSelect): Promise<C2pAnswer> {
  if (row.status === 'aprobado')
    return {
      status: 201,
      body: {
        message: MSG_BANK_FLOWS.rechargeCredited,
        id: row.id,
        status: 'aprobado',
        verification: 'verified',
        new_balance: centsToBolivares(await walletBalanceCents(db, row.userId)),
      },
      credit: null,
    };
  return {
    status: 202,
    body: {
      message: MSG_BANK_FLOWS.c2pConfirming,
      id: row.id,
      status: 'pendiente',
      verification: row.verificationState === 'needs_staff' ? 'needs_staff' : 'checking',
      new_balance: null,
    },
    credit: null,
  };
}

async function findByInvoice(db: Db | Tx, accountId: number, invoice: string) {
  const [row] = await db
    .select()
    .from(recharges)
    .where(and(eq(recharges.rechargeAccountId, accountId), eq(recharges.reference, invoice)));
  return row;
}

/**
 * POST /api/recharges/c2p (see the module comment). `idempotencyKey` is the request's
 * Idempotency-Key header or null. Errors: 422 (account, C2P not offered, limits, the bank's
 * refusal in Spanish, the same key with another amount), 403 (paused).
 */
export async function chargeC2p(
  db: Db,
  connectors: BankConnectors,
  userId: number,
  input: C2pInput,
  paymentKey: string,
  idempotencyKey: string | null,
): Promise<C2pAnswer> {
  const bound = await chargingConnector(db, connectors, input.accountId);
  const invoice = c2pInvoice(userId, idempotencyKey);
  const earlier = await findByInvoice(db, input.accountId, invoice);
  const sameRequest = (row: typeof recharges.$inferSelect) => {
    if (row.userId !== userId || row.amountCents !== input.amountCents)
      throw new AppError('idempotency/key_reuse', 422, MSG_PAYMENTS.idempotencyMismatch);
    return row;
  };
  if (earlier) return stateAnswer(db, sameRequest(earlier));

  // 1. Limits first, and the reservation that makes the limit hold for concurrent charges.
  let id: number;
  try {
    id = await retrying(db, async (tx) => {
      await assertOwnAccount(tx, userId, input);
      await assertMayDeposit(tx, userId, input.amountCents);
      const [row] = await tx
        .insert(recharges)
        .values({
          userId,
          amountCents: input.amountCents,
          reference: invoice,
          rechargeAccountId: input.accountId,
          method: 'c2p',
          payerPhone: input.phone,
          payerBankCode: input.bankCode,
          verificationState: 'checking',
          bankAnswer: bankAnswer('charging', {
            detail: `Cobro C2P a ${input.typeIdentification}-${input.nIdentification}, ${input.phone}, banco ${input.bankCode}`,
          }),
        })
        .returning({ id: recharges.id });
      if (!row) throw new Error('recharge insert returned no row');
      return row.id;
    });
  } catch (err) {
    // The same Idempotency-Key at the same moment: the other request charges; answer its state
    // (its reservation may also be why this one met the limit, or the unique reference).
    const raced =
      (pgErrorCode(err) === '23505' && pgConstraint(err) === 'recharges_account_reference_key') ||
      (err instanceof AppError && err.status < 500);
    const other = raced ? await findByInvoice(db, input.accountId, invoice) : undefined;
    if (other) return stateAnswer(db, sameRequest(other));
    throw err;
  }

  // 2. The bank call, outside any transaction.
  const request: ChargeRequest = {
    invoice,
    amountCents: input.amountCents,
    payerPhone: input.phone,
    payerTypeIdentification: input.typeIdentification,
    payerNIdentification: input.nIdentification,
    payerBankCode: input.bankCode,
    paymentKey,
  };
  let result: ChargeResult;
  try {
    result = await bound.connector.charge(bound.config, request, bound.http);
  } catch {
    result = { kind: 'unavailable', detail: MSG_BANK_FLOWS.bankUnavailable };
  }

  // 3. The outcome.
  if (result.kind === 'declined') {
    const declined = result;
    await retrying(db, async (tx) => {
      await tx
        .delete(recharges)
        .where(and(eq(recharges.id, id), eq(recharges.status, 'pendiente')));
      await audit(tx, {
        actorUserId: null,
        action: 'recharge.c2p_declined',
        targetType: 'user',
        targetId: userId,
        before: null,
        after: {
          invoice,
          amount_cents: input.amountCents,
          bank_code: declined.bankCode,
          bank_message: declined.bankMessage,
        },
        reason: declined.reason,
      });
    });
    throw new AppError('banking/declined', 422, declined.reason);
  }
  let movement: BankMovement | null = result.kind === 'approved' ? result.movement : null;
  let answer = bankAnswer('unavailable', {
    detail: result.kind === 'unavailable' ? result.detail : null,
  });
  if (result.kind === 'unavailable' && bound.connector.findCharge) {
    try {
      const found = await bound.connector.findCharge(bound.config, request, bound.http);
      if (found.kind === 'found') movement = found.movement;
      else
        answer = bankAnswer(found.kind, {
          detail: found.kind === 'unavailable' ? found.detail : MSG_BANK_FLOWS.c2pConfirming,
        });
    } catch {
      // Unknown still: staff confirm with the bank.
    }
  }
  if (movement && movement.amountCents !== input.amountCents) {
    answer = bankAnswer('mismatch', {
      detail: `El banco reporta ${movement.amountCents} céntimos, no ${input.amountCents}.`,
    });
    movement = null;
  }
  if (movement) {
    const charged = movement;
    const credit = await retrying(db, (tx) =>
      creditRecharge(tx, id, charged, 'c2p', { system: true }),
    );
    if (credit.kind === 'credited')
      return {
        status: 201,
        body: {
          message: MSG_BANK_FLOWS.rechargeCredited,
          id,
          status: 'aprobado',
          verification: 'verified',
          new_balance: centsToBolivares(credit.balanceCents),
        },
        credit,
      };
    return {
      status: 202,
      body: {
        message: MSG_BANK_FLOWS.rechargeToStaff,
        id,
        status: 'pendiente',
        verification: 'needs_staff',
        new_balance: null,
      },
      credit,
    };
  }
  // Outcome unknown: never charged again; staff confirm with the bank.
  await toStaff(db, id, answer);
  return {
    status: 202,
    body: {
      message: MSG_BANK_FLOWS.c2pConfirming,
      id,
      status: 'pendiente',
      verification: 'needs_staff',
      new_balance: null,
    },
    credit: { kind: 'needs_staff', rechargeId: id, userId, reason: MSG_BANK_FLOWS.c2pConfirming },
  };
}
