import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/shared-schema';

/**
 * Tables of the push module: Web Push subscriptions, switches per kind and the VAPID keys
 * (docs/decisions/055-each-module-owns-its-tables.md).
 */

/**
 * Web Push subscriptions (docs/decisions/025-installable-app-and-web-push.md): one row per
 * browser (`endpoint`, the push service's URL for it, is unique: a browser that another player
 * signs in on moves to that player). `p256dh` and `auth` are the browser's keys the payload is
 * encrypted with (base64url). `last_success_at` is the last time the push service accepted a
 * message; a 404 or 410 from it deletes the row (the browser unsubscribed or expired).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * A player's switch per kind of notification (contracts NOTIFICATION_TYPES). No row means every
 * kind on (DEFAULT_NOTIFICATION_PREFS); the row is written the first time the player saves.
 */
export const notificationPrefs = pgTable('notification_prefs', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  turn: boolean('turn').notNull().default(true),
  tableStart: boolean('table_start').notNull().default(true),
  invitation: boolean('invitation').notNull().default(true),
  payment: boolean('payment').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The VAPID key pair generated on first use when the server runs on the embedded database and
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not set (a development convenience, README.md
 * "Configuration"); one row (id 1). With PostgreSQL the keys come from the environment only and
 * this table stays empty. Keys are base64url: the public key an uncompressed P-256 point (65
 * bytes), the private key its 32-byte scalar.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('vapid_keys_single_row', sql`${t.id} = 1`)],
);
