import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/shared-schema';

/**
 * Tables of the ledger module: accounts, transactions and their balanced entries (only the ledger
 * writes balances; docs/decisions/055-each-module-owns-its-tables.md).
 */

/**
 * Ledger accounts (docs/architecture.md#how-a-payment-flows). One wallet per user; system accounts have no owner.
 * balance is céntimos; only modules/ledger writes it.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id),
    ref: text('ref'),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_kind_owner_ref_key').on(
      t.kind,
      sql`coalesce(${t.ownerUserId}, 0)`,
      sql`coalesce(${t.ref}, '')`,
    ),
    check('accounts_non_negative', sql`${t.allowNegative} or ${t.balanceCents} >= 0`),
  ],
);

/**
 * Ledger transactions (docs/architecture.md#how-a-payment-flows): one per money movement, with a unique idempotency key and the
 * hash of the request that created it, so a retry is harmless and a different request under the
 * same key is refused. Append-only.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey),
    index('ledger_transactions_reference_idx').on(t.referenceType, t.referenceId),
  ],
);

/**
 * Ledger entries (postings): signed céntimos per account; the entries of one transaction sum to
 * zero (checked by a deferred constraint trigger). Never updated or deleted.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    accountVersion: bigint('account_version', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    uniqueIndex('ledger_entries_account_version_key').on(t.accountId, t.accountVersion),
    check('ledger_entries_nonzero', sql`${t.amountCents} <> 0`),
  ],
);
