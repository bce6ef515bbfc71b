import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/shared-schema';

/**
 * Tables of the users module: the username history. The `users` table itself is in
 * `db/shared-schema.ts`, since every module's tables refer to it
 * (docs/decisions/055-each-module-owns-its-tables.md).
 */

/**
 * Usernames players left (migration 0034, decision 040): held for their former owner until
 * `heldUntil`, so nobody else can pass for them. Append-only.
 */
export const usernameHistory = pgTable(
  'username_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    username: text('username').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('username_history_lower_idx').on(sql`lower(${t.username})`, t.heldUntil),
    index('username_history_user_idx').on(t.userId, t.releasedAt),
  ],
);
