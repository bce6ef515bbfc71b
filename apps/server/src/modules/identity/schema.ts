import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { uploads, users } from '../../db/shared-schema';

/**
 * Tables of the identity module: the verification threshold and the verifications
 * (docs/decisions/031-identity-verification.md, docs/decisions/055-each-module-owns-its-tables.md).
 */

// ---------------------------------------------------------------------------------------------
// Identity verification (docs/decisions/031-identity-verification.md).
// ---------------------------------------------------------------------------------------------

/**
 * The staff's identity setting (one row, id 1): withdrawals above `thresholdCents` need a
 * verified identity; 0 (the default) means every withdrawal, so the first one.
 */
export const identitySettings = pgTable(
  'identity_settings',
  {
    id: smallint('id').primaryKey(),
    thresholdCents: bigint('threshold_cents', { mode: 'number' }).notNull().default(0),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('identity_settings_singleton_check', sql`${t.id} = 1`),
    check('identity_settings_threshold_check', sql`${t.thresholdCents} >= 0`),
  ],
);

/**
 * Identity verification requests: the cédula type and number and the full name the player read
 * off the card, the two images (uploads, purpose 'identity_document' / 'identity_selfie') and the
 * staff decision. At most one pending and one approved request per user (partial unique indexes).
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status')
      .$type<'pendiente' | 'aprobado' | 'rechazado'>()
      .notNull()
      .default('pendiente'),
    typeIdentification: text('type_identification').notNull(),
    nIdentification: text('n_identification').notNull(),
    fullName: text('full_name').notNull(),
    documentUploadId: bigint('document_upload_id', { mode: 'number' })
      .notNull()
      .references(() => uploads.id),
    selfieUploadId: bigint('selfie_upload_id', { mode: 'number' })
      .notNull()
      .references(() => uploads.id),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check(
      'identity_verifications_status_check',
      sql`${t.status} in ('pendiente', 'aprobado', 'rechazado')`,
    ),
    check(
      'identity_verifications_reason_check',
      sql`(${t.status} = 'rechazado') = (${t.reason} is not null)`,
    ),
    uniqueIndex('identity_verifications_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pendiente'`),
    uniqueIndex('identity_verifications_approved_key')
      .on(t.userId)
      .where(sql`${t.status} = 'aprobado'`),
    index('identity_verifications_queue_idx').on(t.status, t.createdAt),
    index('identity_verifications_user_idx').on(t.userId, t.createdAt),
  ],
);
