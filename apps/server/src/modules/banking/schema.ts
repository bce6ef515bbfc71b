import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { uploads, users } from '../../db/shared-schema';
import { ledgerTransactions } from '../ledger/schema';
import { rechargeAccounts } from '../catalog/schema';

/**
 * Tables of the banking module: the connectors, their call log, the bank movements, and
 * `recharges`: payments creates them, banking credits them and `bank_movements` refers to them, so
 * they sit on the lower of the two floors (docs/decisions/051-bank-connectors.md,
 * docs/decisions/055-each-module-owns-its-tables.md).
 */

/** Pago Móvil recharge requests (docs/product.md §2 Recharge; docs/architecture.md#how-a-payment-flows: no money moves until approval). */
export const recharges = pgTable(
  'recharges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    proofUploadId: bigint('proof_upload_id', { mode: 'number' }).references(() => uploads.id),
    status: text('status').notNull().default('pendiente'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    /**
     * Bank connectors (docs/decisions/051-bank-connectors.md): how the player paid
     * ('pago_movil' they declare, 'c2p' we charged), the payer's phone and bank code (what a
     * verification asks the bank), the Caracas day they say they paid (`YYYY-MM-DD`), and the
     * automatic verification: its state, attempts, next try and what the bank said last.
     */
    method: text('method').$type<'pago_movil' | 'c2p'>().notNull().default('pago_movil'),
    payerPhone: text('payer_phone'),
    payerBankCode: text('payer_bank_code'),
    paidOn: text('paid_on')
      .notNull()
      .default(sql`to_char(now() at time zone 'America/Caracas', 'YYYY-MM-DD')`),
    verificationState: text('verification_state')
      .$type<'manual' | 'checking' | 'verified' | 'needs_staff'>()
      .notNull()
      .default('manual'),
    verifyAttempts: integer('verify_attempts').notNull().default(0),
    verifyNextAt: timestamp('verify_next_at', { withTimezone: true, mode: 'date' }),
    bankAnswer: jsonb('bank_answer').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    index('recharges_verify_due_idx')
      .on(t.verifyNextAt)
      .where(sql`${t.verificationState} = 'checking'`),
    check('recharges_method_check', sql`${t.method} in ('pago_movil', 'c2p')`),
    check(
      'recharges_verification_state_check',
      sql`${t.verificationState} in ('manual', 'checking', 'verified', 'needs_staff')`,
    ),
    check('recharges_paid_on_check', sql`${t.paidOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    // The same reference for the same destination account can only be claimed once (unless rejected).
    uniqueIndex('recharges_account_reference_key')
      .on(t.rechargeAccountId, sql`upper(${t.reference})`)
      .where(sql`${t.status} <> 'rechazado'`),
    index('recharges_user_idx').on(t.userId, t.createdAt),
    index('recharges_status_idx').on(t.status, t.createdAt),
    check('recharges_amount_check', sql`${t.amountCents} > 0`),
    check('recharges_status_check', sql`${t.status} in ('pendiente', 'aprobado', 'rechazado')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Bank connectors: configuration and call log (docs/decisions/051-bank-connectors.md).
// ---------------------------------------------------------------------------------------------

/**
 * A recharge account's connection to its bank's API (one per account). `credentialsCiphertext`
 * is sealed by modules/banking/vault.ts (never clear text; null when none were given);
 * `credentialNames` lists which fields it holds, so staff see what is set without the key.
 * The `*Enabled` switches are what staff turned on, each allowed only where the provider can.
 * `notificationToken` is the secret last segment of the URL the bank posts notifications to.
 */
export const bankConnectors = pgTable(
  'bank_connectors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    provider: text('provider').$type<'bdv' | 'mercantil' | 'r4'>().notNull(),
    baseUrl: text('base_url').notNull(),
    credentialsCiphertext: text('credentials_ciphertext'),
    credentialNames: jsonb('credential_names').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(false),
    verifyEnabled: boolean('verify_enabled').notNull().default(false),
    chargeEnabled: boolean('charge_enabled').notNull().default(false),
    notifyEnabled: boolean('notify_enabled').notNull().default(false),
    payoutEnabled: boolean('payout_enabled').notNull().default(false),
    notificationToken: text('notification_token').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bank_connectors_account_key').on(t.rechargeAccountId),
    uniqueIndex('bank_connectors_notification_token_key').on(t.notificationToken),
    check('bank_connectors_provider_check', sql`${t.provider} in ('bdv', 'mercantil', 'r4')`),
    check('bank_connectors_token_check', sql`length(${t.notificationToken}) >= 32`),
  ],
);

/**
 * One HTTP call to a bank (modules/banking/config.ts makeBankHttp), written outside the caller's
 * transaction. `detail` is redacted of every credential value and at most 300 characters;
 * `related_*` names the recharge or withdrawal it was made for. Kept when the connector is
 * removed (`connector_id` becomes null; `recharge_account_id` stays).
 */
export const bankConnectorCalls = pgTable(
  'bank_connector_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectorId: bigint('connector_id', { mode: 'number' }).references(() => bankConnectors.id, {
      onDelete: 'set null',
    }),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    operation: text('operation').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    outcome: text('outcome')
      .$type<'ok' | 'not_found' | 'declined' | 'refused' | 'unavailable' | 'error'>()
      .notNull(),
    httpStatus: integer('http_status'),
    detail: text('detail'),
    relatedType: text('related_type').$type<'recharge' | 'withdrawal'>(),
    relatedId: bigint('related_id', { mode: 'number' }),
  },
  (t) => [
    index('bank_connector_calls_connector_idx').on(t.connectorId, t.startedAt),
    index('bank_connector_calls_account_idx').on(t.rechargeAccountId, t.startedAt),
    check(
      'bank_connector_calls_outcome_check',
      sql`${t.outcome} in ('ok', 'not_found', 'declined', 'refused', 'unavailable', 'error')`,
    ),
    check('bank_connector_calls_detail_check', sql`length(${t.detail}) <= 300`),
    check(
      'bank_connector_calls_related_check',
      sql`${t.relatedType} is null or ${t.relatedType} in ('recharge', 'withdrawal')`,
    ),
    check('bank_connector_calls_duration_check', sql`${t.durationMs} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Bank connectors: the movements that credit recharges (docs/decisions/051-bank-connectors.md).
// ---------------------------------------------------------------------------------------------

/**
 * One bank movement (a Pago Móvil received or a C2P charge) as a verification, a notification, a
 * statement line, a staff approval or a charge reported it: `day` is the bank's Caracas day
 * (`YYYY-MM-DD`), `amount_cents` positive céntimos. The credit-once key (account, upper(reference),
 * day, amount) makes one movement credit at most one recharge whatever path reports it first;
 * `recharge_id` (unique) is the recharge it credited, null while unclaimed (a notification no
 * pending recharge matched yet).
 */
export const bankMovements = pgTable(
  'bank_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    reference: text('reference').notNull(),
    day: text('day').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    payerPhone: text('payer_phone'),
    payerBankCode: text('payer_bank_code'),
    payerIdentification: text('payer_identification'),
    source: text('source')
      .$type<'verification' | 'notification' | 'statement' | 'manual' | 'c2p'>()
      .notNull(),
    rechargeId: bigint('recharge_id', { mode: 'number' }).references(() => recharges.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_movements_credit_once_key').on(
      t.rechargeAccountId,
      sql`upper(${t.reference})`,
      t.day,
      t.amountCents,
    ),
    uniqueIndex('bank_movements_recharge_key').on(t.rechargeId),
    index('bank_movements_unclaimed_idx')
      .on(t.rechargeAccountId, t.amountCents)
      .where(sql`${t.rechargeId} is null`),
    check('bank_movements_amount_check', sql`${t.amountCents} > 0`),
    check('bank_movements_day_check', sql`${t.day} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check(
      'bank_movements_source_check',
      sql`${t.source} in ('verification', 'notification', 'statement', 'manual', 'c2p')`,
    ),
  ],
);
