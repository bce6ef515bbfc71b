import { and, asc, eq, sql } from 'drizzle-orm';
import type { AccountChange, AccountChangeKind, WithdrawalReview } from '@domino/contracts';
import { WITHDRAWAL_REVIEW_HOURS, withdrawalReviewMessage } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { accountChanges } from '../../db/schema';
import { audit } from '../audit/audit';
import type { ClientInfo } from './request';
import { describeDevice } from './device';

/**
 * Sensitive account changes (docs/decisions/013): the record of each change
 * (account_changes, append-only) with its audit row, and the review they put on withdrawals for
 * WITHDRAWAL_REVIEW_HOURS.
 */

/** The audit action of each kind of change (labels in contracts PROTECTION_AUDIT_ACTION_LABELS). */
const AUDIT_ACTIONS: Record<AccountChangeKind, string> = {
  email: 'account.email_change',
  phone: 'account.phone_change',
  bank_account: 'account.bank_account_add',
};

export interface ChangeToRecord {
  kind: AccountChangeKind;
  /** Audited values before and after (e.g. `{email}`); never a secret. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

/**
 * Records changes made by the user themself, inside the caller's transaction (so the record
 * exists exactly when the change does): one account_changes row and one audit row (actor = the
 * user, target = the user, reason = where it came from) per change. Returns the instant recorded.
 */
export async function recordAccountChanges(
  tx: Executor,
  userId: number,
  changes: ChangeToRecord[],
  client: ClientInfo,
): Promise<Date> {
  let at = new Date();
  const origin = `Hecho por el jugador desde ${client.ip ?? 'una dirección desconocida'} (${describeDevice(client.userAgent)})`;
  for (const change of changes) {
    const [row] = await tx
      .insert(accountChanges)
      .values({
        userId,
        kind: change.kind,
        ip: client.ip ?? null,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      })
      .returning({ createdAt: accountChanges.createdAt });
    if (row) at = row.createdAt;
    await audit(tx, {
      actorUserId: userId,
      action: AUDIT_ACTIONS[change.kind],
      targetType: 'user',
      targetId: userId,
      before: change.before,
      after: change.after,
      reason: origin,
    });
  }
  return at;
}

/** The user's changes of the last WITHDRAWAL_REVIEW_HOURS (database clock), oldest first. */
export async function recentAccountChanges(db: Executor, userId: number): Promise<AccountChange[]> {
  const rows = await db
    .select({ kind: accountChanges.kind, at: accountChanges.createdAt })
    .from(accountChanges)
    .where(
      and(
        eq(accountChanges.userId, userId),
        sql`${accountChanges.createdAt} > now() - make_interval(hours => ${WITHDRAWAL_REVIEW_HOURS})`,
      ),
    )
    .orderBy(asc(accountChanges.createdAt), asc(accountChanges.id));
  return rows.map((r) => ({ kind: r.kind as AccountChangeKind, at: r.at.toISOString() }));
}

/** The end of the review window of `changes`: the latest change plus WITHDRAWAL_REVIEW_HOURS. */
export function reviewUntil(changes: readonly AccountChange[]): Date {
  const latest = Math.max(...changes.map((c) => Date.parse(c.at)));
  return new Date(latest + WITHDRAWAL_REVIEW_HOURS * 3_600_000);
}

/** The review a withdrawal requested now would carry (null without recent changes). */
export function reviewOf(changes: AccountChange[]): WithdrawalReview | null {
  if (changes.length === 0) return null;
  const until = reviewUntil(changes).toISOString();
  return { changes, until, message: withdrawalReviewMessage(changes, until) };
}
