import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { idempotencyScope, runIdempotent } from '../../lib/idempotency';
import { session } from './plugin';

/** One staff decision on a queued item (approve, reject with a reason, pay), for `staffDecision`. */
export interface StaffDecision<T extends { status: string }> {
  /** The idempotency route name, with the item's id (`identity.approve:7`, `recharge.reject:9`). */
  route: string;
  /** What an `Idempotency-Key` is bound to: the id and the request body. */
  fingerprint: unknown;
  /** The queued item's id, echoed in the answer. */
  id: number;
  /** The Spanish confirmation the staff member reads (from packages/contracts or the route). */
  message: string;
  /**
   * The decision itself, a service call in `tx`: it locks the item's row (an `AppError` 409 when
   * it was already decided), changes it and writes the audit row with `staffId` and the reason.
   * Its result is stored as the idempotent response and must be JSON.
   */
  work: (tx: Tx, staffId: number) => Promise<T>;
  /**
   * After the commit, once, never on a replay: the player's live events and push notice (e.g. the
   * new balance of a recharge, decision 025).
   */
  afterCommit?: (outcome: T) => void;
}

/**
 * The server side of the staff decision modal (docs/decisions/054-one-entry-point-per-module.md),
 * shared by every queue whose decisions honour `Idempotency-Key`: identity verifications
 * (identity/staff-routes.ts) and recharges and withdrawals (payments/staff-routes.ts). Reads the
 * staff member from the request's session (the route is behind `requireAuth(scope, 'admin')`),
 * runs `work` in one transaction with the idempotency record (lib/idempotency.ts: a retry with the
 * same key and body replays the first answer without a second effect; the same key with another
 * body is 422 `idempotency/key_reuse`; a malformed key is 400), then calls `afterCommit` unless
 * the answer was replayed. Answers `{message, id, status}` (status: the item's new state, as
 * stored); refusals of `work` (404, 409, 422) propagate unchanged.
 */
export async function staffDecision<T extends { status: string }>(
  db: Db,
  req: FastifyRequest,
  decision: StaffDecision<T>,
): Promise<{ message: string; id: number; status: string }> {
  const staffId = session(req).user.id;
  const scope = idempotencyScope(req, staffId, decision.route, decision.fingerprint);
  const res = await runIdempotent(db, scope, async (tx) => {
    const out = await decision.work(tx, staffId);
    return { status: 200, body: { ...out } };
  });
  if (!res.replayed) decision.afterCommit?.(res.body);
  return { message: decision.message, id: decision.id, status: res.body.status };
}
