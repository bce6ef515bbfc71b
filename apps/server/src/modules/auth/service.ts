import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  RegisterRequest,
  LoginRequest,
  AuthResponse,
  FieldErrors,
  SessionEndReason,
} from '@domino/contracts';
import { MSG, MSG_USERNAME, registerRequestSchema, toFieldErrors } from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { pgConstraint, pgErrorCode } from '../../db/client';
import { authTokens, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createWallet } from '../ledger/accounts';
import { findUserByEmail, identityExists, phoneExists } from '../users/repo';
import { generatedUsername, usernameRefusal } from '../users/usernames';
import type { UserRow } from '../users/serialize';
import { loadUser, serializeUser } from '../users/serialize';
import { hashPassword, verifyDummy, verifyPassword } from '../../lib/password';
import type { ClientInfo } from '../protection/request';
import { hashToken, newToken } from './tokens';

/**
 * Accounts and sessions (docs/product.md §3, §5, §7, §8; docs/product.md §7).
 * Errors: AppError 422 (validation, duplicates of identity/phone), 409 `auth/email_taken`,
 * 401 `auth/invalid_credentials`, 403 `auth/suspended`.
 */

export interface SessionSettings {
  sessionTtlMs: number;
  rememberTtlMs: number;
}

/** The authenticated principal attached to a request. */
export interface AuthContext {
  user: UserRow;
  tokenId: number;
  tokenHash: string;
  /** When the token stops working (fixed at login; docs/product.md §4 session lifetime). */
  expiresAt: Date;
}

/** The unique indexes of `users` and the field each protects (registration and profile edit). */
export const DUPLICATE_BY_CONSTRAINT: Record<string, keyof FieldErrors> = {
  users_email_lower_key: 'email',
  users_identity_key: 'n_identification',
  users_phone_key: 'phone',
};

/**
 * The error for fields already taken by another account (docs/product.md §5, §8): an e-mail alone is 409
 * `auth/email_taken` with MSG.emailInUse; anything else is 422 with each field's message.
 */
export function duplicateError(fields: string[]): AppError {
  const errors: FieldErrors = {};
  if (fields.includes('email')) errors.email = [MSG.emailTaken];
  if (fields.includes('n_identification')) errors.n_identification = [MSG.identificationTaken];
  if (fields.includes('phone')) errors.phone = [MSG.phoneTaken];
  if (fields.length === 1 && fields[0] === 'email') {
    return new AppError('auth/email_taken', 409, MSG.emailInUse, errors);
  }
  return AppError.validation(errors);
}

async function issueToken(
  db: Executor,
  userId: number,
  remember: boolean,
  settings: SessionSettings,
  client: ClientInfo,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(
    Date.now() + (remember ? settings.rememberTtlMs : settings.sessionTtlMs),
  );
  await db.insert(authTokens).values({
    userId,
    tokenHash: hashToken(token),
    remember,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300),
    deviceId: client.deviceId,
  });
  return { token, expiresAt };
}

/**
 * Registers a player (docs/product.md §5 rules, enforced here whatever the client did) and logs them in.
 * New users: rol jugador, status activo, points 0, a wallet with balance 0, the chosen username
 * (or a neutral generated one), and the date of birth and 18+ declaration when sent (decision 040).
 * Uniqueness races are settled by the database's unique indexes and mapped to the same errors.
 */
export async function register(
  db: Db,
  input: RegisterRequest,
  settings: SessionSettings,
  client: ClientInfo,
): Promise<AuthResponse> {
  const parsed = registerRequestSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
  const data = parsed.data;

  const taken: string[] = [];
  if (await findUserByEmail(db, data.email)) taken.push('email');
  if (await identityExists(db, data.type_identification, data.n_identification))
    taken.push('n_identification');
  if (await phoneExists(db, data.phone)) taken.push('phone');
  if (taken.length > 0) throw duplicateError(taken);
  // A chosen username (decision 040): offensive, taken or held names are refused like a field error.
  const chosen = data.username;
  if (chosen !== undefined) {
    const refusal = await usernameRefusal(db, chosen);
    if (refusal) throw AppError.validation({ username: [refusal] });
  }

  const passwordHash = await hashPassword(data.password);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        // Never from the e-mail: the chosen name, or a neutral generated one (decision 040).
        const username = chosen ?? generatedUsername();
        const [row] = await tx
          .insert(users)
          .values({
            name: data.name,
            email: data.email,
            username,
            typeIdentification: data.type_identification,
            nIdentification: data.n_identification,
            phone: data.phone,
            passwordHash,
            usernameChosenAt: chosen === undefined ? null : sql`now()`,
            birthDate: data.birth_date ?? null,
            adultDeclaredAt: data.adult_declaration ? sql`now()` : null,
          })
          .returning();
        if (!row) throw new Error('user insert returned no row');
        await createWallet(tx, row.id);
        const { token, expiresAt } = await issueToken(tx, row.id, false, settings, client);
        return { token, user: serializeUser(row, 0), expires_at: expiresAt.toISOString() };
      });
    } catch (err) {
      if (pgErrorCode(err) !== '23505') throw err;
      const constraint = pgConstraint(err) ?? '';
      if (constraint.startsWith('users_username')) {
        if (chosen !== undefined)
          throw AppError.validation({ username: [MSG_USERNAME.taken] }, MSG_USERNAME.taken);
        if (attempt < 5) continue;
      }
      const field = DUPLICATE_BY_CONSTRAINT[constraint];
      if (field) throw duplicateError([field]);
      throw err;
    }
  }
}

/**
 * Logs in with e-mail and password. Unknown e-mail and wrong password give the same 401 (and take
 * the same time). A suspended account gets 403 `auth/suspended`.
 */
export async function login(
  db: Db,
  input: LoginRequest & { email: string; password: string; remember: boolean },
  settings: SessionSettings,
  client: ClientInfo,
): Promise<AuthResponse> {
  const row = await findUserByEmail(db, input.email);
  if (!row) {
    await verifyDummy(input.password);
    throw new AppError('auth/invalid_credentials', 401, MSG.invalidCredentials);
  }
  if (!(await verifyPassword(row.passwordHash, input.password))) {
    throw new AppError('auth/invalid_credentials', 401, MSG.invalidCredentials);
  }
  if (row.status !== 'activo') throw new AppError('auth/suspended', 403, MSG.accountSuspended);
  const { token, expiresAt } = await issueToken(db, row.id, input.remember, settings, client);
  return { token, user: await loadUser(db, row), expires_at: expiresAt.toISOString() };
}

/**
 * Resolves a bearer token to its user. Returns null when the token is unknown, expired, revoked,
 * or its account is not active (a suspended account's tokens stop working at once).
 */
export async function authenticate(db: Executor, token: string): Promise<AuthContext | null> {
  if (token.length < 20 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, tokenId: authTokens.id, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    );
  if (!row || row.user.status !== 'activo') return null;
  return { user: row.user, tokenId: row.tokenId, tokenHash, expiresAt: row.expiresAt };
}

/**
 * Revokes one token (logout), recording why (`revoked_reason`, migration 0031: a socket that
 * arrives later is told this reason, auth/sessions.ts `endedSessions`). Idempotent: a token already
 * revoked keeps its first time and reason.
 */
export async function revokeToken(
  db: Executor,
  tokenId: number,
  reason: SessionEndReason = 'logged_out',
): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

/**
 * Revokes every live token of a user, optionally sparing one, recording why: `suspended`,
 * `password_changed` (sparing the session that changed it) or `password_reset`.
 */
export async function revokeAllTokens(
  db: Executor,
  userId: number,
  reason: SessionEndReason,
  exceptTokenId?: number,
): Promise<void> {
  const conditions = [eq(authTokens.userId, userId), isNull(authTokens.revokedAt)];
  if (exceptTokenId !== undefined) conditions.push(sql`${authTokens.id} <> ${exceptTokenId}`);
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(...conditions));
}
