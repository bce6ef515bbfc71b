import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  date,
  customType,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * The tables that belong to no one module (docs/decisions/055-each-module-owns-its-tables.md):
 * `users`, the account record whose id every other table refers to, from the ledger up, so it sits
 * below all modules (the users module writes it, and so do auth, profile, admin); `uploads`, the
 * re-encoded images, which refers to `users` while `users.avatar_upload_id` refers to it; and
 * `idempotency_requests`, kept by lib/idempotency.ts.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Players and staff (docs/product.md §3 User). Email is stored lower-cased and unique. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    typeIdentification: text('type_identification').notNull(),
    nIdentification: text('n_identification').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    rol: text('rol').notNull().default('jugador'),
    status: text('status').notNull().default('activo'),
    points: integer('points').notNull().default(0),
    /** Profile photo (re-encoded upload, purpose 'avatar'); null shows the placeholder. */
    avatarUploadId: bigint('avatar_upload_id', { mode: 'number' }).references(
      (): AnyPgColumn => uploads.id,
    ),
    /** When the player chose the current username; null = a generated one (migration 0034). */
    usernameChosenAt: timestamp('username_chosen_at', { withTimezone: true }),
    /** Date of birth given at registration, "YYYY-MM-DD" (decision 040). */
    birthDate: date('birth_date', { mode: 'string' }),
    /** When the player declared being 18+; null = not yet (recharges and paid entries wait). */
    adultDeclaredAt: timestamp('adult_declared_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_identity_key').on(t.typeIdentification, t.nIdentification),
    uniqueIndex('users_phone_key').on(t.phone),
    check('users_rol_check', sql`${t.rol} in ('jugador', 'admin')`),
    check('users_status_check', sql`${t.status} in ('activo', 'suspendido')`),
    check('users_type_identification_check', sql`${t.typeIdentification} in ('V', 'E')`),
  ],
);

/** Uploaded images (payment proofs, table images, avatars): re-encoded bytes, never the original. */
export const uploads = pgTable('uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id),
  purpose: text('purpose').notNull(),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * HTTP idempotency (Idempotency-Key header): the first response of a (user, route, key) is stored
 * in the same transaction as its effect and replayed for retries with the same body.
 */
export const idempotencyRequests = pgTable(
  'idempotency_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    route: text('route').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_requests_key').on(t.userId, t.route, t.key)],
);
