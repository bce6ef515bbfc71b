import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isRetryableTxError } from '../../db/client';
import { bankMovements, recharges } from '../../db/schema';
import { daysBetween, referenceKey } from './references';
import type { BankMovement, IncomingNotification } from './connector';
import { creditRecharge, type CreditOutcome } from './credit';
import type { BoundConnector } from './port';

/**
 * Signed notifications of each Pago Móvil received, and movements waiting for their recharge
 * (docs/decisions/051-bank-connectors.md "Player flows"). The connector checks the
 * signature over the raw body and reads the movement (`connector.notification`); the movement is
 * stored under the credit-once key (a duplicate or late notification finds it and changes
 * nothing); a pending recharge that matches it is credited; otherwise it waits unclaimed until
 * a recharge requested later matches it ({@link creditFromUnclaimed}).
 *
 * A movement and a recharge match when they are on the same account, of the same amount, their
 * references agree (equal ignoring case, or the same last 6 digits: the reconciliation rule of
 * decision 033), the bank's day is at most one day from the day the player says they paid, and
 * the payer phones agree when both are known. Only a single candidate is credited: two or more
 * are left to staff.
 */

/** `day` (`YYYY-MM-DD`) moved by `days`. */
function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether a movement and a recharge's declaration agree (see the module comment). */
export function movementMatches(
  m: Pick<BankMovement, 'reference' | 'day' | 'amountCents' | 'payerPhone'>,
  r: { reference: string; paidOn: string; amountCents: number; payerPhone: string | null },
): boolean {
  if (m.amountCents !== r.amountCents) return false;
  const same =
    m.reference.trim().toUpperCase() === r.reference.trim().toUpperCase() ||
    (referenceKey(m.reference) !== null && referenceKey(m.reference) === referenceKey(r.reference));
  if (!same) return false;
  if (Math.abs(daysBetween(r.paidOn, m.day)) > 1) return false;
  return !(m.payerPhone && r.payerPhone && m.payerPhone !== r.payerPhone);
}

/**
 * Whether a recharge of the account already approved matches movement `m` (staff approved it
 * with the reference the player typed, which need not be the bank's spelling): then the movement
 * is already paid for and must not credit another recharge; it is left to staff.
 */
async function approvedMatch(
  tx: Tx,
  accountId: number,
  m: Pick<BankMovement, 'reference' | 'day' | 'amountCents' | 'payerPhone'>,
  exceptId?: number,
): Promise<boolean> {
  const approved = await tx
    .select({
      id: recharges.id,
      reference: recharges.reference,
      paidOn: recharges.paidOn,
      amountCents: recharges.amountCents,
      payerPhone: recharges.payerPhone,
    })
    .from(recharges)
    .where(
      and(
        eq(recharges.rechargeAccountId, accountId),
        eq(recharges.status, 'aprobado'),
        eq(recharges.amountCents, m.amountCents),
        sql`${recharges.paidOn} between ${shiftDay(m.day, -1)} and ${shiftDay(m.day, 1)}`,
      ),
    );
  return approved.some((r) => r.id !== exceptId && movementMatches(m, r));
}

/**
 * In the request's transaction: a recharge just requested that matches exactly one unclaimed
 * movement of its account is credited at once with it (source 'notification'). Returns the
 * outcome, or null when nothing matched.
 */
export async function creditFromUnclaimed(
  tx: Tx,
  rechargeId: number,
): Promise<CreditOutcome | null> {
  const [r] = await tx.select().from(recharges).where(eq(recharges.id, rechargeId));
  if (!r || r.method !== 'pago_movil') return null;
  const candidates = await tx
    .select()
    .from(bankMovements)
    .where(
      and(
        eq(bankMovements.rechargeAccountId, r.rechargeAccountId),
        eq(bankMovements.amountCents, r.amountCents),
        isNull(bankMovements.rechargeId),
      ),
    );
  const fits = candidates.filter((m) => movementMatches(m, r));
  if (fits.length !== 1 || !fits[0]) return null;
  const m = fits[0];
  if (await approvedMatch(tx, r.rechargeAccountId, m, rechargeId)) return null;
  return creditRecharge(
    tx,
    rechargeId,
    {
      reference: m.reference,
      day: m.day,
      amountCents: m.amountCents,
      payerPhone: m.payerPhone,
      payerBankCode: m.payerBankCode,
      payerIdentification: m.payerIdentification,
    },
    'notification',
    { system: true },
  );
}

/** What a notification did, besides the reply the bank expects. */
export type NotificationOutcome =
  | { kind: 'rejected'; status: 401 | 400 }
  | { kind: 'ignored'; reply: unknown }
  | { kind: 'stored'; reply: unknown; credit: CreditOutcome | null; duplicate: boolean };

/**
 * Handles one notification for `bound`'s account: the connector reads it; a movement is stored
 * once and credits the single pending recharge it matches, in one transaction (retried on
 * serialization failures). The caller answers `reply` to the bank and notifies the player when
 * `credit` is credited.
 */
export async function receiveNotification(
  db: Db,
  bound: BoundConnector,
  incoming: IncomingNotification,
): Promise<NotificationOutcome> {
  if (!bound.connector.notification) return { kind: 'rejected', status: 400 };
  const read = bound.connector.notification(bound.config, incoming);
  if (read.kind === 'bad_signature') return { kind: 'rejected', status: 401 };
  if (read.kind === 'malformed') return { kind: 'rejected', status: 400 };
  if (read.kind === 'ignored') return { kind: 'ignored', reply: read.reply };
  const accountId = bound.config.account.rechargeAccountId;
  const m = read.movement;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [known] = await tx
          .select()
          .from(bankMovements)
          .where(
            and(
              eq(bankMovements.rechargeAccountId, accountId),
              sql`upper(${bankMovements.reference}) = upper(${m.reference})`,
              eq(bankMovements.day, m.day),
              eq(bankMovements.amountCents, m.amountCents),
            ),
          );
        // A duplicate of a movement that already credited a recharge changes nothing.
        if (known?.rechargeId != null)
          return { kind: 'stored', reply: read.reply, credit: null, duplicate: true } as const;
        // The recharge is locked before the movement row (creditRecharge's order), as on every
        // other path, so two paths racing for one movement wait for each other, never deadlock.
        const pending = await tx
          .select()
          .from(recharges)
          .where(
            and(
              eq(recharges.rechargeAccountId, accountId),
              eq(recharges.status, 'pendiente'),
              eq(recharges.method, 'pago_movil'),
              eq(recharges.amountCents, m.amountCents),
            ),
          );
        const fits = pending.filter((r) => movementMatches(m, r));
        const only =
          fits.length === 1 && !(await approvedMatch(tx, accountId, m)) ? fits[0] : undefined;
        const credit = only
          ? await creditRecharge(tx, only.id, m, 'notification', { system: true })
          : null;
        if (!credit || credit.kind === 'already_decided') {
          // Unclaimed until a recharge requested later matches it (or staff decide).
          await tx.execute(sql`
            insert into bank_movements
              (recharge_account_id, reference, day, amount_cents, payer_phone, payer_bank_code,
               payer_identification, source)
            values (${accountId}, ${m.reference}, ${m.day}, ${m.amountCents}, ${m.payerPhone},
              ${m.payerBankCode}, ${m.payerIdentification}, 'notification')
            on conflict (recharge_account_id, upper(reference), day, amount_cents) do nothing`);
        }
        return {
          kind: 'stored',
          reply: read.reply,
          credit: credit?.kind === 'already_decided' ? null : credit,
          duplicate: known !== undefined,
        } as const;
      });
    } catch (err) {
      if (isRetryableTxError(err) && attempt < 5) continue;
      throw err;
    }
  }
}
