import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { MSG, MSG_ACCOUNT, RESET_TOKEN_TTL_MINUTES } from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../mail/mailer';
import { recoveryMail } from '../mail/templates';
import { findUserByEmail, findUserById } from '../users/repo';
import { hashPassword } from '../../lib/password';
import { revokeAllTokens } from './service';
import { hashToken, newToken } from './tokens';

/**
 * Password recovery by e-mail (docs/product.md §2 Forgot password, §5, §8; decision 006).
 *
 * A request stores a new token (256 random bits; only its SHA-256 is kept) valid for
 * RESET_TOKEN_TTL_MINUTES, commits, and only then e-mails the link `<PUBLIC_URL>/reset-password
 * ?token=...` — mail is never sent inside a database transaction. Once the mail is accepted, the
 * user's older unused links are cancelled (so only the newest link works). If the mail cannot be
 * sent, the new token is deleted (the older links keep working) and the caller gets 503.
 *
 * A reset claims the token with one conditional UPDATE (unused and unexpired), in the same
 * transaction as the new password hash and the revocation of every session, so a link works once
 * even under concurrent submissions.
 *
 * Suspended accounts (docs/decisions/006): no link is sent (403 MSG.accountSuspended, the message
 * the login shows them), and a link issued before the suspension cannot be used — a reset would
 * not let them in anyway, and staff suspension must not be undone by a mailbox.
 */

/** What the route needs to send a recovery mail. */
export interface RecoveryContext {
  db: Db;
  mailer: Mailer;
  /** Base of the link, e.g. https://domino.example (no trailing slash). */
  publicUrl: string;
  log: { error: (obj: object, msg: string) => void };
}

/**
 * Sends a recovery link to `email` (already validated and lower-cased).
 * Errors: 404 `recovery/not_found` (MSG.recoveryNotFound, docs/product.md §8), 403 `auth/suspended`,
 * 503 `mail/unavailable` (MSG_ACCOUNT.recoveryMailFailed) when the mail could not be sent.
 */
export async function requestPasswordRecovery(
  ctx: RecoveryContext,
  email: string,
  requestedIp: string | undefined,
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError('recovery/not_found', 404, MSG.recoveryNotFound);
  if (user.status !== 'activo') throw new AppError('auth/suspended', 403, MSG.accountSuspended);

  const token = newToken();
  const [created] = await ctx.db
    .insert(passwordResetTokens)
    .values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(mins => ${RESET_TOKEN_TTL_MINUTES})`,
      requestedIp,
    })
    .returning({ id: passwordResetTokens.id });
  if (!created) throw new Error('reset token insert returned no row');

  const link = `${ctx.publicUrl}/reset-password?token=${token}`;
  try {
    await ctx.mailer.send(
      recoveryMail({
        to: user.email,
        name: user.name,
        link,
        validMinutes: RESET_TOKEN_TTL_MINUTES,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, userId: user.id }, 'recovery mail could not be sent');
    await ctx.db.delete(passwordResetTokens).where(eq(passwordResetTokens.id, created.id));
    throw new AppError('mail/unavailable', 503, MSG_ACCOUNT.recoveryMailFailed);
  }
  await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.userId, user.id),
        isNull(passwordResetTokens.usedAt),
        lt(passwordResetTokens.id, created.id),
      ),
    );
}

function invalidToken(): AppError {
  return new AppError('recovery/invalid_token', 410, MSG_ACCOUNT.resetTokenInvalid);
}

/** 410 for a link that is unknown, used or cancelled, or expired (each with its own message). */
async function tokenProblem(db: Db, tokenHash: string): Promise<AppError | null> {
  const [row] = await db
    .select({
      usedAt: passwordResetTokens.usedAt,
      expired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()`,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  if (!row || row.usedAt !== null) return invalidToken();
  if (row.expired)
    return new AppError('recovery/expired_token', 410, MSG_ACCOUNT.resetTokenExpired);
  return null;
}

/**
 * Checks a recovery link without using it (so /reset-password can say at once that a link is
 * dead). Returns when it expires. Errors: the 410s of `resetPassword`.
 */
export async function checkResetToken(db: Db, token: string): Promise<{ expiresAt: Date }> {
  const tokenHash = hashToken(token);
  const problem = await tokenProblem(db, tokenHash);
  if (problem) throw problem;
  const [row] = await db
    .select({ expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  if (!row) throw invalidToken();
  return row;
}

/**
 * Sets a new password with a recovery link's token (payload already validated under the docs/product.md §5
 * rules), marks the token used and revokes ALL sessions of the user. Resolves to the user's id (the
 * caller ends the user's sockets after the commit: auth/sessions.ts `endSessions`).
 * Errors: 410 `recovery/invalid_token` (unknown, used or superseded), 410 `recovery/expired_token`,
 * 403 `auth/suspended`.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<number> {
  const tokenHash = hashToken(token);
  // Cheap check first: a dead link does not cost an argon2 hash.
  const early = await tokenProblem(db, tokenHash);
  if (early) throw early;
  const passwordHash = await hashPassword(password);
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return 'lost' as const;
    const user = await findUserById(tx, claimed.userId);
    if (!user || user.status !== 'activo')
      throw new AppError('auth/suspended', 403, MSG.accountSuspended);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await revokeAllTokens(tx, user.id, 'password_reset');
    await cancelResetTokens(tx, user.id);
    return user.id;
  });
  if (outcome === 'lost') throw (await tokenProblem(db, tokenHash)) ?? invalidToken();
  return outcome;
}

/** Cancels every unused recovery link of a user (after a password change or reset). */
export async function cancelResetTokens(db: Executor, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
