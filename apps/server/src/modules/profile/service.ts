import { and, eq, sql } from 'drizzle-orm';
import type { ChangePasswordRequest, ProfileUpdateRequest, User } from '@domino/contracts';
import {
  MSG,
  MSG_ACCOUNT,
  MSG_PROTECTION,
  changePasswordRequestSchema,
  profileUpdateRequestSchema,
  toFieldErrors,
} from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { isRetryableTxError, pgConstraint, pgErrorCode } from '../../db/client';
import { uploads, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { cancelResetTokens } from '../auth/recovery';
import { DUPLICATE_BY_CONSTRAINT, duplicateError, revokeAllTokens } from '../auth/service';
import type { ChangeToRecord } from '../protection/changes';
import { recordAccountChanges } from '../protection/changes';
import type { NoticeContext } from '../protection/notices';
import { maskPhone, sendChangeNotice } from '../protection/notices';
import type { PasswordGate } from '../protection/password-gate';
import type { ClientInfo } from '../protection/request';
import type { ProcessedImage } from '../uploads/images';
import { storeImage } from '../uploads/repo';
import { emailTakenByOther, findUserById, phoneTakenByOther } from '../users/repo';
import type { UserRow } from '../users/serialize';
import { loadUser } from '../users/serialize';

/**
 * The signed-in user's own account (docs/product.md §2 Profile; decision 006): edit name, e-mail and phone, change
 * the password, set or remove the profile photo.
 */

async function currentRow(db: Executor, userId: number): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('auth/unauthenticated', 401, MSG.unauthenticated);
  return row;
}

/** What a profile edit needs besides the database: guards, the client, and the notice mailer. */
export interface ProfileEditContext {
  db: Db;
  client: ClientInfo;
  notices: NoticeContext;
  /** Spends one "is this e-mail/phone taken?" question of the client's address (429 when spent). */
  availability: () => Promise<void>;
  /** Confirms the current password (counted per user; 429 while blocked). */
  password: PasswordGate;
  /** The `nameChanged` port of `ProfilePorts`, called inside the name's transaction. */
  nameChanged: ProfilePorts['nameChanged'];
}

/**
 * What the profile needs from modules on higher floors (docs/architecture.md module table,
 * decision 019), bound at composition in modules/index.ts.
 */
export interface ProfilePorts {
  /**
   * The user's display name changed: called inside that transaction (`tx`) so that live games
   * show the new name from their next move (bound to games' `refreshLiveSeats`, decision 037).
   */
  nameChanged: (tx: Executor, userId: number) => Promise<void>;
}

/** The sensitive fields `email` and `phone` would change on `row`, with audit values. */
function contactChanges(row: UserRow, email: string, phone: string): ChangeToRecord[] {
  const changes: ChangeToRecord[] = [];
  if (email !== row.email.toLowerCase())
    changes.push({ kind: 'email', before: { email: row.email }, after: { email } });
  if (phone !== row.phone)
    changes.push({ kind: 'phone', before: { phone: row.phone }, after: { phone } });
  return changes;
}

/**
 * PATCH /api/user: saves name, e-mail and phone under the registration rules (docs/product.md §5) and
 * uniqueness. The phone is optional (absent = unchanged). Changing the e-mail or the phone needs
 * the current password, spends one availability question of the client's address, records the
 * change (account_changes + audit log) and, after commit, sends a notice to the e-mail the account
 * had before (docs/decisions/013). Returns the updated user object.
 * Errors: 422 field errors (rules; a phone of another account; `current_password` missing or
 * wrong; `rol`/`status` different from the account's: docs/product.md §6 "the role cannot be edited"),
 * 409 `auth/email_taken` (MSG.emailInUse) for an e-mail of another account, 429 when the address
 * asked too often or the user typed too many wrong passwords. Races on the same e-mail or phone
 * are settled by the unique indexes and answered with the same errors, never a 500; a change of
 * the e-mail or phone made by another request meanwhile is re-checked under the row lock.
 */
export async function updateProfile(
  ctx: ProfileEditContext,
  self: UserRow,
  input: ProfileUpdateRequest,
): Promise<User> {
  const { db } = ctx;
  const parsed = profileUpdateRequestSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
  const data = parsed.data;
  if (data.rol !== undefined && data.rol !== self.rol)
    throw AppError.validation({ rol: [MSG_ACCOUNT.roleNotEditable] });
  if (data.status !== undefined && data.status !== self.status)
    throw AppError.validation({ status: [MSG_ACCOUNT.statusNotEditable] });

  const row = await currentRow(db, self.id);
  const phone = data.phone ?? row.phone;
  const planned = contactChanges(row, data.email, phone);
  if (planned.length > 0) {
    await ctx.availability();
    await ctx.password.verify(
      row.passwordHash,
      data.current_password,
      MSG_PROTECTION.currentPasswordForContact,
    );
  }

  const taken: string[] = [];
  if (await emailTakenByOther(db, data.email, self.id)) taken.push('email');
  if (await phoneTakenByOther(db, phone, self.id)) taken.push('phone');
  if (taken.length > 0) throw duplicateError(taken);

  let result: { row: UserRow; before: UserRow; changes: ChangeToRecord[]; at: Date | null };
  try {
    result = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(users).where(eq(users.id, self.id)).for('update');
      if (!locked) throw new AppError('auth/unauthenticated', 401, MSG.unauthenticated);
      const changes = contactChanges(locked, data.email, phone);
      // Another request changed the e-mail or phone (or the password) since it was read: what
      // this one changes now must still have been confirmed with the current password.
      const confirmed = new Set(planned.map((c) => c.kind));
      if (changes.some((c) => !confirmed.has(c.kind)))
        throw AppError.validation(
          { current_password: [MSG_PROTECTION.currentPasswordForContact] },
          MSG_PROTECTION.currentPasswordForContact,
        );
      if (changes.length > 0 && locked.passwordHash !== row.passwordHash)
        throw wrongCurrentPassword();
      const [updated] = await tx
        .update(users)
        .set({ name: data.name, email: data.email, phone, updatedAt: sql`now()` })
        .where(eq(users.id, self.id))
        .returning();
      // The seats of a match in progress show the new name from the next move on.
      if (updated && updated.name !== locked.name) await ctx.nameChanged(tx, self.id);
      const at =
        changes.length > 0 ? await recordAccountChanges(tx, self.id, changes, ctx.client) : null;
      return { row: updated ?? locked, before: locked, changes, at };
    });
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err;
    const field = DUPLICATE_BY_CONSTRAINT[pgConstraint(err) ?? ''];
    if (field) throw duplicateError([field]);
    throw err;
  }
  if (result.at && result.changes.length > 0) {
    await sendChangeNotice(ctx.notices, {
      to: result.before.email,
      name: result.before.name,
      lines: result.changes.map((c) =>
        c.kind === 'email'
          ? { label: 'Correo electrónico', detail: `ahora es ${data.email}` }
          : { label: 'Teléfono de Pago Móvil', detail: `ahora es ${maskPhone(phone)}` },
      ),
      at: result.at,
      client: ctx.client,
    });
  }
  return loadUser(db, result.row);
}

/**
 * POST /api/user/password: checks the current password, sets a new one under the registration
 * rules (docs/product.md §5), revokes every OTHER session of the user (the one making the change stays) and
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
    await revokeAllTokens(tx, row.id, 'password_changed', currentTokenId);
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
