import { randomInt } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import {
  MSG_USERNAME,
  USERNAME_CHANGE_DAYS,
  USERNAME_HOLD_DAYS,
  adultDeclarationRequestSchema,
  toFieldErrors,
  usernameKey,
  usernameProblems,
} from '@domino/contracts';
import type { AdultDeclarationRequest } from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { pgConstraint, pgErrorCode } from '../../db/client';
import { usernameHistory, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { UserRow } from './serialize';
import { isOffensiveUsername } from './username-words';

/**
 * Usernames players choose and the 18+ declaration (docs/decisions/040-phones-usernames-adults.md).
 * Rules of shape and reserved words live in packages/contracts/src/usernames.ts; this module adds
 * offensive words, uniqueness ignoring case, names held for their former owner, and the limit of
 * one change every USERNAME_CHANGE_DAYS.
 */

const DAY_MS = 86_400_000;

/** A neutral generated name, "jugador" + 6 random digits (registrations without a chosen one). */
export function generatedUsername(): string {
  return `jugador${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * Why `username` cannot be taken by `selfId` (or by a new account when undefined), as one Spanish
 * message, or null when it can: shape rules, reserved and offensive words, another account's
 * name in any letter case, a name another player left less than USERNAME_HOLD_DAYS ago.
 */
export async function usernameRefusal(
  db: Executor,
  username: string,
  selfId?: number,
): Promise<string | null> {
  const problem = usernameProblems(username)[0];
  if (problem) return problem;
  if (isOffensiveUsername(username)) return MSG_USERNAME.offensive;
  const key = usernameKey(username);
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${key}`);
  if (owner && owner.id !== selfId) return MSG_USERNAME.taken;
  const held = await db
    .select({ id: usernameHistory.id })
    .from(usernameHistory)
    .where(
      and(
        sql`lower(${usernameHistory.username}) = ${key}`,
        gt(usernameHistory.heldUntil, sql`now()`),
        selfId === undefined ? undefined : ne(usernameHistory.userId, selfId),
      ),
    )
    .limit(1);
  return held.length > 0 ? MSG_USERNAME.held : null;
}

/** When `row` may next change a chosen username, or null when it may now (or never chose one). */
export function usernameChangeAfter(row: UserRow): Date | null {
  if (!row.usernameChosenAt) return null;
  const next = new Date(row.usernameChosenAt.getTime() + USERNAME_CHANGE_DAYS * DAY_MS);
  return next.getTime() > Date.now() ? next : null;
}

/**
 * Changes the signed-in player's username. The first choice after a generated name is free; a
 * chosen name changes at most once every USERNAME_CHANGE_DAYS (422 on `username` saying from
 * which day). The name left is held USERNAME_HOLD_DAYS for its owner (a generated one is not).
 * Errors: 422 on `username` (rules, offensive, taken, held, same, too soon). Returns the new row.
 */
export async function changeUsername(db: Db, self: UserRow, input: string): Promise<UserRow> {
  const username = input.trim();
  const refuse = (message: string) => AppError.validation({ username: [message] }, message);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(users).where(eq(users.id, self.id)).for('update');
      if (!row) throw refuse(MSG_USERNAME.required);
      if (row.username === username) throw refuse(MSG_USERNAME.same);
      const after = usernameChangeAfter(row);
      if (after) throw refuse(MSG_USERNAME.tooSoon(after.toISOString()));
      const refusal = await usernameRefusal(tx, username, row.id);
      if (refusal) throw refuse(refusal);
      if (row.usernameChosenAt)
        await tx.insert(usernameHistory).values({
          userId: row.id,
          username: row.username,
          heldUntil: new Date(Date.now() + USERNAME_HOLD_DAYS * DAY_MS),
        });
      const [updated] = await tx
        .update(users)
        .set({ username, usernameChosenAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, row.id))
        .returning();
      if (!updated) throw new Error('username update returned no row');
      return updated;
    });
  } catch (err) {
    // Two players choosing the same free name at once: the unique index settles it.
    if (pgErrorCode(err) === '23505' && (pgConstraint(err) ?? '').startsWith('users_username'))
      throw refuse(MSG_USERNAME.taken);
    throw err;
  }
}

/**
 * Records the date of birth and the 18+ declaration of an account made before registration asked
 * for them (asked once: a second call changes nothing). Errors: 422 on `birth_date` (missing,
 * invalid, under 18) or `adult_declaration` (not declared).
 */
export async function declareAdult(
  db: Executor,
  self: UserRow,
  input: AdultDeclarationRequest,
): Promise<UserRow> {
  const parsed = adultDeclarationRequestSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
  const [row] = await db
    .update(users)
    .set({
      birthDate: parsed.data.birth_date.trim(),
      adultDeclaredAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, self.id), sql`${users.adultDeclaredAt} is null`))
    .returning();
  if (row) return row;
  const [current] = await db.select().from(users).where(eq(users.id, self.id));
  if (!current) throw new Error('user vanished');
  return current;
}

/**
 * Refuses money in or at stake (a recharge request, a paid entry) for an account that has not
 * declared being 18+: 403 `account/adult_declaration_required` with the Spanish way to fix it.
 */
export async function assertAdultDeclared(db: Executor, userId: number): Promise<void> {
  const [row] = await db
    .select({ at: users.adultDeclaredAt })
    .from(users)
    .where(eq(users.id, userId));
  if (row && row.at === null)
    throw new AppError(
      'account/adult_declaration_required',
      403,
      MSG_USERNAME.adultDeclarationNeeded,
    );
}
