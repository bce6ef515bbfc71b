import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/shared-schema';

/**
 * Tables of the protection module: the browsers each account signed in from and the account-change
 * records (docs/decisions/055-each-module-owns-its-tables.md).
 */

/**
 * The browsers each account signed in from (migration 0033, docs/decisions/039): the SHA-256 of
 * the `domino_device` cookie the server sets on a successful sign-in. Evidence that this browser
 * signed in to this account before (the per-address login limit never refuses it) and a
 * linked-accounts signal (two accounts, one browser; risk/linked.ts).
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    uniqueIndex('login_devices_user_device_key').on(t.userId, t.deviceHash),
    index('login_devices_device_idx').on(t.deviceHash, t.lastSeenAt),
  ],
);

/**
 * Sensitive account changes (docs/decisions/013): the e-mail, the phone (the Pago
 * Móvil payout destination) or a new bank account, with when and from where. Append-only. A
 * withdrawal requested within 24 hours of one goes to staff review.
 */
export const accountChanges = pgTable(
  'account_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('account_changes_user_idx').on(t.userId, t.createdAt),
    check('account_changes_kind_check', sql`${t.kind} in ('email', 'phone', 'bank_account')`),
  ],
);
