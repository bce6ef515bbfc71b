import { and, eq, sql } from 'drizzle-orm';
import { MSG_RISK, type RiskMarks } from '@domino/contracts';
import type { Executor, Tx } from '../../db/client';
import { riskAccountMarks, riskItems, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';

/**
 * Staff marks on an account (docs/decisions/032-risk-signals.md "Actions"): a flag (a visible
 * mark in the console) and a withdrawal hold. A hold refuses new withdrawal requests
 * ({@link assertMayWithdraw}, called by payments/service.ts requestWithdrawal) and the payment of
 * withdrawals already pending ({@link assertMayPayWithdrawal}, called when staff pay one), until
 * staff lift it; rejecting a pending withdrawal stays possible (the money goes back to the
 * wallet). Every change is audited with the staff id and the reason.
 */

/** The mark changes staff make here (suspension is admin/users.ts suspendUser). */
export type MarkAction = 'flag' | 'unflag' | 'hold' | 'release';

const notFound = () => new AppError('admin/user_not_found', 404, 'El usuario no existe.');

/**
 * Refuses a new withdrawal request of an account whose withdrawals are held: 409
 * `risk/withdrawals_held` with {@link MSG_RISK.withdrawalsHeld}. Called inside the request's
 * transaction, before anything is written.
 */
export async function assertMayWithdraw(tx: Executor, userId: number): Promise<void> {
  if (await withdrawalsHeld(tx, userId))
    throw new AppError('risk/withdrawals_held', 409, MSG_RISK.withdrawalsHeld);
}

/**
 * Refuses staff paying a withdrawal of a held account: 409 `risk/payout_held` with
 * {@link MSG_RISK.payoutHeld}. Called inside the settlement's transaction, after the withdrawal row
 * is locked.
 */
export async function assertMayPayWithdrawal(tx: Executor, userId: number): Promise<void> {
  if (await withdrawalsHeld(tx, userId))
    throw new AppError('risk/payout_held', 409, MSG_RISK.payoutHeld);
}

async function withdrawalsHeld(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ held: riskAccountMarks.withdrawalsHeld })
    .from(riskAccountMarks)
    .where(eq(riskAccountMarks.userId, userId));
  return row?.held ?? false;
}

/** The marks on `userId` and how many open queue items name the account. 404 for an unknown user. */
export async function marksOf(db: Executor, userId: number): Promise<RiskMarks> {
  const [user] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  const [mark] = await db
    .select()
    .from(riskAccountMarks)
    .where(eq(riskAccountMarks.userId, userId));
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(riskItems)
    .where(
      and(
        eq(riskItems.status, 'open'),
        sql`${riskItems.userIds} @> ${JSON.stringify([userId])}::jsonb`,
      ),
    );
  return {
    user_id: userId,
    status: user.status,
    flagged: mark?.flagged ?? false,
    flag_reason: mark?.flagged ? mark.flagReason : null,
    withdrawals_held: mark?.withdrawalsHeld ?? false,
    hold_reason: mark?.withdrawalsHeld ? mark.holdReason : null,
    open_items: Number(open?.n ?? 0),
  };
}

/**
 * Applies a mark change to `userId` inside `tx` and audits it (`risk.flag`, `risk.unflag`,
 * `risk.hold`, `risk.release`; before/after, reason, the queue item if any). Errors: 404 unknown
 * user; 409 `risk/no_change` when the account already is in that state.
 */
export async function changeMark(
  tx: Tx,
  staffId: number,
  userId: number,
  action: MarkAction,
  reason: string,
  itemId: number | null,
): Promise<void> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw notFound();
  await tx.insert(riskAccountMarks).values({ userId }).onConflictDoNothing();
  const [before] = await tx
    .select()
    .from(riskAccountMarks)
    .where(eq(riskAccountMarks.userId, userId))
    .for('update');
  const was = { flagged: before!.flagged, withdrawals_held: before!.withdrawalsHeld };
  const set =
    action === 'flag'
      ? { flagged: true, flagReason: reason }
      : action === 'unflag'
        ? { flagged: false, flagReason: null }
        : action === 'hold'
          ? { withdrawalsHeld: true, holdReason: reason }
          : { withdrawalsHeld: false, holdReason: null };
  const now = {
    flagged: 'flagged' in set ? set.flagged : was.flagged,
    withdrawals_held: 'withdrawalsHeld' in set ? set.withdrawalsHeld : was.withdrawals_held,
  };
  if (now.flagged === was.flagged && now.withdrawals_held === was.withdrawals_held)
    throw new AppError('risk/no_change', 409, MSG_RISK.alreadyInState);
  await tx
    .update(riskAccountMarks)
    .set({ ...set, updatedBy: staffId, updatedAt: sql`now()` })
    .where(eq(riskAccountMarks.userId, userId));
  await audit(tx, {
    actorUserId: staffId,
    action: `risk.${action}`,
    targetType: 'user',
    targetId: userId,
    before: was,
    after: { ...now, ...(itemId ? { risk_item: itemId } : {}) },
    reason,
  });
}
