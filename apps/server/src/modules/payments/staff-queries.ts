import { alias } from 'drizzle-orm/pg-core';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AccountChangeKind, AdminRecharge, AdminWithdrawal } from '@domino/contracts';
import { centsToBolivares, staffReviewMessage } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { banks, rechargeAccounts, recharges, users, withdrawals } from '../../db/schema';

/** Staff review queues (docs/architecture.md#how-a-payment-flows): pending first (oldest first), then decided (newest first). */

const decider = alias(users, 'decider');
const reviewer = alias(users, 'reviewer');
const PENDING_FIRST = (status: typeof recharges.status | typeof withdrawals.status) =>
  sql`case when ${status} = 'pendiente' then 0 else 1 end`;

export async function listRecharges(db: Executor, status?: string): Promise<AdminRecharge[]> {
  const rows = await db
    .select({ r: recharges, u: users, a: rechargeAccounts, b: banks, decider: decider.name })
    .from(recharges)
    .innerJoin(users, eq(users.id, recharges.userId))
    .innerJoin(rechargeAccounts, eq(rechargeAccounts.id, recharges.rechargeAccountId))
    .innerJoin(banks, eq(banks.id, rechargeAccounts.bankId))
    .leftJoin(decider, eq(decider.id, recharges.decidedBy))
    .where(status ? eq(recharges.status, status) : sql`true`)
    .orderBy(
      PENDING_FIRST(recharges.status),
      sql`case when ${recharges.status} = 'pendiente' then ${recharges.createdAt} end asc`,
      desc(recharges.createdAt),
    )
    .limit(200);
  return rows.map(({ r, u, a, b, decider: deciderName }) => ({
    id: r.id,
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      phone: u.phone,
      n_identification: `${u.typeIdentification}-${u.nIdentification}`,
    },
    amount: centsToBolivares(r.amountCents),
    reference: r.reference,
    account: { id: a.id, bank: `${b.code} ${b.name}`, account_number: a.accountNumber },
    proof_url: r.proofUploadId !== null ? `/api/recharges/${r.id}/proof` : null,
    status: r.status as AdminRecharge['status'],
    reason: r.reason,
    decided_by: deciderName,
    decided_at: r.decidedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    method: r.method,
    verification: r.verificationState,
    bank_answer: (r.bankAnswer as AdminRecharge['bank_answer']) ?? null,
  }));
}

export async function listWithdrawals(db: Executor, status?: string): Promise<AdminWithdrawal[]> {
  const rows = await db
    .select({
      w: withdrawals,
      u: users,
      b: banks,
      decider: decider.name,
      reviewer: reviewer.name,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(banks, eq(banks.id, withdrawals.bankId))
    .leftJoin(decider, eq(decider.id, withdrawals.decidedBy))
    .leftJoin(reviewer, eq(reviewer.id, withdrawals.reviewAcknowledgedBy))
    .where(status ? eq(withdrawals.status, status) : sql`true`)
    .orderBy(
      PENDING_FIRST(withdrawals.status),
      sql`case when ${withdrawals.status} = 'pendiente' then ${withdrawals.createdAt} end asc`,
      desc(withdrawals.createdAt),
      asc(withdrawals.id),
    )
    .limit(200);
  return rows.map(({ w, u, b, decider: deciderName, reviewer: reviewerName }) => ({
    id: w.id,
    user: { id: u.id, name: u.name, email: u.email },
    amount: centsToBolivares(w.amountCents),
    bank: { id: b.id, code: b.code, name: b.name },
    payout: {
      phone: w.payoutPhone,
      type_identification: w.payoutTypeIdentification,
      n_identification: w.payoutNIdentification,
      name: w.payoutName,
    },
    status: w.status as AdminWithdrawal['status'],
    payout_reference: w.payoutReference,
    reason: w.reason,
    decided_by: deciderName,
    decided_at: w.decidedAt?.toISOString() ?? null,
    created_at: w.createdAt.toISOString(),
    review: reviewOfWithdrawal(w, reviewerName),
  }));
}

/**
 * The staff view of a withdrawal's review (docs/decisions/013): the account changes it was
 * requested after, the end of their window, an explanation, and who acknowledged it; null when the
 * withdrawal was not flagged.
 */
function reviewOfWithdrawal(
  w: typeof withdrawals.$inferSelect,
  reviewerName: string | null,
): AdminWithdrawal['review'] {
  if (w.reviewUntil === null) return null;
  const changes = (w.reviewChanges ?? []).map((c) => ({
    kind: c.kind as AccountChangeKind,
    at: c.at,
  }));
  return {
    changes,
    until: w.reviewUntil.toISOString(),
    message: changes.length > 0 ? staffReviewMessage(changes) : '',
    acknowledged_by: reviewerName,
    acknowledged_at: w.reviewAcknowledgedAt?.toISOString() ?? null,
  };
}
