import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ChangePasswordRequest, ProfileUpdateRequest, User } from '@domino/contracts';
import {
  MSG,
  MSG_ACCOUNT,
  changePasswordRequestSchema,
  profileUpdateRequestSchema,
  toFieldErrors,
} from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { isRetryableTxError, pgConstraint, pgErrorCode } from '../../db/client';
import { passwordResetTokens, uploads, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../auth/password';
import { DUPLICATE_BY_CONSTRAINT, duplicateError, revokeAllTokens } from '../auth/service';
import type { ProcessedImage } from '../uploads/images';
import { storeImage } from '../uploads/repo';
import { emailTakenByOther, findUserById, phoneTakenByOther } from './repo';
import type { UserRow } from './serialize';
import { loadUser } from './serialize';

/**
 * The signed-in user's own account (spec §2 Profile; issue 6): edit name, e-mail and phone, change
 * the password, set or remove the profile photo.
 */

/** Cancels every unused recovery link of a user (after a password change or reset). */
export async function cancelResetTokens(db: Executor, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

async function currentRow(db: Executor, userId: number): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('auth/unauthenticated', 401, MSG.unauthenticated);
  return row;
}

/**
 * PATCH /api/user: saves name, e-mail and phone under the registration rules (spec §5) and
 * uniqueness. Returns the updated user object.
 * Errors: 422 field errors (rules; a phone of another account; `rol`/`status` different from the
 * account's: spec §6 "the role cannot be edited"), 409 `auth/email_taken` (MSG.emailInUse) for an
 * e-mail of another account. Races on the same e-mail or phone are settled by the unique indexes
 * and answered with the same errors, never a 500.
 */
export async function updateProfile(
  db: Db,
  self: UserRow,
  input: ProfileUpdateRequest,
): Promise<User> {
  const parsed = profileUpdateRequestSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
  const data = parsed.data;
  if (data.rol !== undefined && data.rol !== self.rol)
    throw AppError.validation({ rol: [MSG_ACCOUNT.roleNotEditable] });
  if (data.status !== undefined && data.status !== self.status)
    throw AppError.validation({ status: [MSG_ACCOUNT.statusNotEditable] });

  const taken: string[] = [];
  if (await emailTakenByOther(db, data.email, self.id)) taken.push('email');
  if (await phoneTakenByOther(db, data.phone, self.id)) taken.push('phone');
  if (taken.length > 0) throw duplicateError(taken);

  try {
    const [row] = await db
      .update(users)
      .set({ name: data.name, email: data.email, phone: data.phone, updatedAt: sql`now()` })
      .where(eq(users.id, self.id))
      .returning();
    return await loadUser(db, row ?? (await currentRow(db, self.id)));
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err;
    const field = DUPLICATE_BY_CONSTRAINT[pgConstraint(err) ?? ''];
    if (field) throw duplicateError([field]);
    throw err;
  }
}

/**
 * POST /api/user/password: checks the current password, sets a new one under the registration
 * rules (spec §5), revokes every OTHER session of the user (the one making the change stays) and
 * cancels unused recovery links. The update is conditional on the password hash read at the start,
 * so two concurrent changes with the same current password cannot both win.
 * Errors: 422 field errors (rules; `current_password` MSG_ACCOUNT.currentPasswordWrong).
 */
export async function changePassword(
  db: Db,
  self: UserRow,
  currentTokenId: number,
  input: ChangePasswordRequest,
): Promise<void> {
  const parsed = changePasswordRequestSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
  const row = await currentRow(db, self.id);
  if (!(await verifyPassword(row.passwordHash, parsed.data.current_password)))
    throw wrongCurrentPassword();
  const passwordHash = await hashPassword(parsed.data.password);
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash)))
      .returning({ id: users.id });
    if (!changed) throw wrongCurrentPassword();
    await revokeAllTokens(tx, row.id, currentTokenId);
    await cancelResetTokens(tx, row.id);
  });
}

/** The 422 of a wrong current password (also what a lost race with another change gets). */
export function wrongCurrentPassword(): AppError {
  return AppError.validation({ current_password: [MSG_ACCOUNT.currentPasswordWrong] });
}

/**
 * POST /api/user/avatar: stores an already processed photo (users/avatar.ts) as an upload with
 * purpose 'avatar', points `users.avatar_upload_id` at it and deletes the previous photo, in one
 * transaction. `image` null removes the photo (DELETE /api/user/avatar). Returns the user object.
 */
export async function setAvatar(
  db: Db,
  userId: number,
  image: ProcessedImage | null,
): Promise<User> {
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ avatarUploadId: users.avatarUploadId })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!locked) throw new AppError('auth/unauthenticated', 401, MSG.unauthenticated);
        const uploadId = image ? await storeImage(tx, userId, 'avatar', image) : null;
        const [updated] = await tx
          .update(users)
          .set({ avatarUploadId: uploadId, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning();
        if (locked.avatarUploadId !== null)
          await tx.delete(uploads).where(eq(uploads.id, locked.avatarUploadId));
        return updated;
      });
      return await loadUser(db, row ?? (await currentRow(db, userId)));
    } catch (err) {
      if (isRetryableTxError(err) && attempt < 3) continue;
      throw err;
    }
  }
}
