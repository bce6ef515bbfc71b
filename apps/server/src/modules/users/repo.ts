import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from './serialize';

/** Queries on the users table. Emails are compared lower-cased (unique index on lower(email)). */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function identityExists(db: Executor, type: string, number: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.typeIdentification, type), eq(users.nIdentification, number)));
  return row !== undefined;
}

export async function phoneExists(db: Executor, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return row !== undefined;
}

export async function usernameExists(db: Executor, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row !== undefined;
}

/** Whether another user than `selfId` already has this e-mail (any letter case). */
export async function emailTakenByOther(
  db: Executor,
  email: string,
  selfId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, ne(users.id, selfId)));
  return row !== undefined;
}

/** Whether another user than `selfId` already has this phone. */
export async function phoneTakenByOther(
  db: Executor,
  phone: string,
  selfId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, selfId)));
  return row !== undefined;
}
