import { and, desc, eq, sql } from 'drizzle-orm';
import {
  IDENTITY_CODES,
  MSG,
  MSG_IDENTITY,
  centsToBolivares,
  type IdentityState,
  type IdentityStatus,
} from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { pgConstraint, pgErrorCode } from '../../db/client';
import { identitySettings, identityVerifications, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { ProcessedImage } from '../uploads/images';
import { storeImage } from '../uploads/repo';

/**
 * Identity verification (docs/decisions/031-identity-verification.md). The rule: a withdrawal of
 * more than `identity_settings.threshold_cents` (céntimos; 0 by default, so every withdrawal and
 * therefore the first) needs an approved verification. A player sends the cédula type and number
 * and the full name as printed plus two images; the number and type must be the account's; one
 * pending request at a time (a partial unique index, so two concurrent submissions leave one row);
 * staff approve or reject with a reason, audited in the same transaction.
 */

export type VerificationRow = typeof identityVerifications.$inferSelect;

/** The withdrawal threshold in céntimos (0 when the settings row is missing). */
export async function thresholdCents(db: Executor): Promise<number> {
  const [row] = await db
    .select({ cents: identitySettings.thresholdCents })
    .from(identitySettings)
    .where(eq(identitySettings.id, 1));
  return row?.cents ?? 0;
}

/**
 * Staff set the threshold (céntimos, >= 0): one transaction that writes it and audits the change
 * (`identity.threshold`). Returns the new value.
 */
export async function setThreshold(db: Db, staffId: number, cents: number): Promise<number> {
  return db.transaction((tx) => writeThreshold(tx, staffId, cents));
}

async function writeThreshold(tx: Tx, staffId: number, cents: number): Promise<number> {
  const before = await thresholdCents(tx);
  await tx
    .insert(identitySettings)
    .values({ id: 1, thresholdCents: cents, updatedBy: staffId })
    .onConflictDoUpdate({
      target: identitySettings.id,
      set: { thresholdCents: cents, updatedBy: staffId, updatedAt: sql`now()` },
    });
  await audit(tx, {
    actorUserId: staffId,
    action: 'identity.threshold',
    targetType: 'identity_settings',
    targetId: 1,
    before: { threshold_cents: before },
    after: { threshold_cents: cents },
  });
  return cents;
}

/** The user's latest request (newest first), or undefined. */
async function latestRequest(db: Executor, userId: number): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id))
    .limit(1);
  return row;
}

/** The state a request puts its player in: none / pending / rejected / verified. */
function stateOf(row: VerificationRow | undefined): IdentityState {
  if (!row) return 'none';
  if (row.status === 'aprobado') return 'verified';
  if (row.status === 'pendiente') return 'pending';
  return 'rejected';
}

/** GET /api/identity: the caller's state, latest request and the threshold (bolívares). */
export async function identityStatusOf(db: Executor, userId: number): Promise<IdentityStatus> {
  // An approved request stays the answer even if a later row exists (it cannot: the submission
  // refuses a verified player), so the latest row is the state.
  const row = await latestRequest(db, userId);
  return {
    state: stateOf(row),
    request: row
      ? {
          id: row.id,
          status: row.status,
          type_identification: row.typeIdentification,
          n_identification: row.nIdentification,
          full_name: row.fullName,
          reason: row.reason,
          created_at: row.createdAt.toISOString(),
          decided_at: row.decidedAt?.toISOString() ?? null,
        }
      : null,
    threshold: centsToBolivares(await thresholdCents(db)),
  };
}

/**
 * The check `requestWithdrawal` (payments/service.ts) makes before holding the amount: a
 * withdrawal of `amountCents` céntimos above the threshold needs an approved verification.
 * Throws AppError 403 `identity/verification_required` with the Spanish message (its pending
 * variant when a request is under review); the web sends the player to /verificacion.
 */
export async function assertMayWithdraw(
  tx: Executor,
  userId: number,
  amountCents: number,
): Promise<void> {
  if (amountCents <= (await thresholdCents(tx))) return;
  const row = await latestRequest(tx, userId);
  const state = stateOf(row);
  if (state === 'verified') return;
  throw new AppError(
    IDENTITY_CODES.required,
    403,
    state === 'pending' ? MSG_IDENTITY.requiredPending : MSG_IDENTITY.required,
  );
}

/** What the player states, already validated by the contracts schema. */
export interface StatedIdentity {
  typeIdentification: string;
  nIdentification: string;
  fullName: string;
}

/**
 * Files a verification request for `userId` in one transaction: stores both re-encoded images
 * (uploads purposes 'identity_document' / 'identity_selfie', owned by the player) and the row.
 * Throws 422 `identity/document_mismatch` (field errors) when the stated type or number is not
 * the account's, 409 `identity/already_verified`, 409 `identity/already_pending` (also when a
 * concurrent submission won the partial unique index). Returns the new request id.
 */
export async function submitVerification(
  db: Db,
  userId: number,
  stated: StatedIdentity,
  images: { document: ProcessedImage; selfie: ProcessedImage },
): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new AppError('auth/unauthenticated', 401, MSG.unauthenticated);
      const errors: Record<string, string[]> = {};
      if (stated.typeIdentification !== user.typeIdentification)
        errors.type_identification = [MSG_IDENTITY.typeMismatch];
      if (stated.nIdentification !== user.nIdentification)
        errors.n_identification = [MSG_IDENTITY.numberMismatch];
      if (Object.keys(errors).length > 0)
        throw new AppError(IDENTITY_CODES.mismatch, 422, Object.values(errors)[0]![0]!, errors);
      const state = stateOf(await latestRequest(tx, userId));
      if (state === 'verified')
        throw new AppError(IDENTITY_CODES.alreadyVerified, 409, MSG_IDENTITY.alreadyVerified);
      if (state === 'pending')
        throw new AppError(IDENTITY_CODES.alreadyPending, 409, MSG_IDENTITY.alreadyPending);
      const documentUploadId = await storeImage(tx, userId, 'identity_document', images.document);
      const selfieUploadId = await storeImage(tx, userId, 'identity_selfie', images.selfie);
      const [row] = await tx
        .insert(identityVerifications)
        .values({
          userId,
          typeIdentification: stated.typeIdentification,
          nIdentification: stated.nIdentification,
          fullName: stated.fullName,
          documentUploadId,
          selfieUploadId,
        })
        .returning({ id: identityVerifications.id });
      if (!row) throw new Error('identity verification insert returned no row');
      return { id: row.id };
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'identity_verifications_pending_key')
      throw new AppError(IDENTITY_CODES.alreadyPending, 409, MSG_IDENTITY.alreadyPending);
    throw err;
  }
}

/** Locks a pending request for a decision; 404 when missing, 409 when already decided. */
async function lockPending(tx: Tx, id: number): Promise<VerificationRow> {
  const [row] = await tx
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.id, id))
    .for('update');
  if (!row) throw new AppError('identity/not_found', 404, 'La solicitud no existe.');
  if (row.status !== 'pendiente')
    throw new AppError(IDENTITY_CODES.alreadyDecided, 409, MSG_IDENTITY.alreadyDecided);
  return row;
}

/**
 * Staff approve a pending request: status `aprobado`, the reviewer and time recorded, and an
 * audit row `identity.approve` with the reviewer. Returns the player's id.
 */
export async function approveVerification(
  tx: Tx,
  staffId: number,
  id: number,
): Promise<{ userId: number; status: 'aprobado' }> {
  const row = await lockPending(tx, id);
  await tx
    .update(identityVerifications)
    .set({ status: 'aprobado', decidedBy: staffId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(identityVerifications.id, id), eq(identityVerifications.status, 'pendiente')));
  await audit(tx, {
    actorUserId: staffId,
    action: 'identity.approve',
    targetType: 'identity_verification',
    targetId: id,
    before: { status: row.status },
    after: {
      status: 'aprobado',
      user_id: row.userId,
      type_identification: row.typeIdentification,
      n_identification: row.nIdentification,
    },
  });
  return { userId: row.userId, status: 'aprobado' };
}

/**
 * Staff reject a pending request with a reason (3-500 characters, checked by the route's
 * schema), which the player reads; audited as `identity.reject`. The player may then resubmit.
 */
export async function rejectVerification(
  tx: Tx,
  staffId: number,
  id: number,
  reason: string,
): Promise<{ userId: number; status: 'rechazado' }> {
  const row = await lockPending(tx, id);
  await tx
    .update(identityVerifications)
    .set({
      status: 'rechazado',
      reason,
      decidedBy: staffId,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(identityVerifications.id, id));
  await audit(tx, {
    actorUserId: staffId,
    action: 'identity.reject',
    targetType: 'identity_verification',
    targetId: id,
    before: { status: row.status },
    after: { status: 'rechazado', user_id: row.userId },
    reason,
  });
  return { userId: row.userId, status: 'rechazado' };
}
