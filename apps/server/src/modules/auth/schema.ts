import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/shared-schema';

/**
 * Tables of the auth module: bearer tokens (sessions) and password-reset tokens
 * (docs/decisions/055-each-module-owns-its-tables.md).
 */

/** Opaque bearer tokens, stored as SHA-256 hashes (docs/product.md §7). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Why it was revoked (a SessionEndReason, migration 0031); NULL for rows revoked before it. */
    revokedReason: text('revoked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The web app's device id (header X-Device-Id), a linked-accounts signal (migration 0022). */
    deviceId: text('device_id'),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
    index('auth_tokens_device_idx')
      .on(t.deviceId)
      .where(sql`${t.deviceId} is not null`),
    index('auth_tokens_ip_idx')
      .on(t.ip, t.createdAt)
      .where(sql`${t.ip} is not null`),
  ],
);

/**
 * Password recovery links (docs/product.md §2 Forgot password): a random token stored as its SHA-256 hash,
 * valid 60 minutes, used once.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    requestedIp: text('requested_ip'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);
