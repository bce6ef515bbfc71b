import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../../db/shared-schema';
import { rechargeAccounts } from '../catalog/schema';
import { recharges } from '../banking/schema';

/**
 * Tables of the reconciliation module: column mappings, bank statements and their lines
 * (docs/decisions/033-bank-reconciliation.md, docs/decisions/055-each-module-owns-its-tables.md).
 */

// ---------------------------------------------------------------------------------------------
// Bank reconciliation (docs/decisions/033-bank-reconciliation.md, migration 0028)
// ---------------------------------------------------------------------------------------------

/**
 * How staff read one recharge account's bank statements (modules/reconciliation): the header row
 * (1-based), the header text of each column, the date format and the amount format and mode
 * (`signed`: one amount column; `split`: credit and debit columns).
 */
export const reconciliationMappings = pgTable(
  'reconciliation_mappings',
  {
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .primaryKey()
      .references(() => rechargeAccounts.id),
    headerRow: integer('header_row').notNull(),
    dateColumn: text('date_column').notNull(),
    dateFormat: text('date_format').notNull(),
    referenceColumn: text('reference_column').notNull(),
    amountMode: text('amount_mode').$type<'signed' | 'split'>().notNull(),
    amountColumn: text('amount_column'),
    creditColumn: text('credit_column'),
    debitColumn: text('debit_column'),
    amountFormat: text('amount_format').$type<'ve' | 'plain'>().notNull(),
    descriptionColumn: text('description_column'),
    updatedBy: bigint('updated_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (t) => [
    check('reconciliation_mappings_header_row_check', sql`${t.headerRow} between 1 and 100`),
    check('reconciliation_mappings_amount_mode_check', sql`${t.amountMode} in ('signed', 'split')`),
    check('reconciliation_mappings_amount_format_check', sql`${t.amountFormat} in ('ve', 'plain')`),
  ],
);

/**
 * One uploaded statement file. The same content (SHA-256 `content_hash`) for the same account is
 * stored once: uploading it again answers the stored statement.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    contentHash: text('content_hash').notNull(),
    fileName: text('file_name').notNull(),
    kind: text('kind').$type<'csv' | 'xlsx'>().notNull(),
    rejectedRows: jsonb('rejected_rows').$type<{ row: number; message: string }[]>().notNull(),
    ignoredRows: integer('ignored_rows').notNull(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statements_account_hash_key').on(t.rechargeAccountId, t.contentHash),
    check('bank_statements_kind_check', sql`${t.kind} in ('csv', 'xlsx')`),
  ],
);

/**
 * The credit lines of a statement (`posted_on` is the bank's day, `YYYY-MM-DD`; `amount_cents`
 * positive céntimos). A line that approved a recharge carries it (`recharge_id`); the same bank
 * line (account + day + reference + amount) can approve at most one recharge, whichever statement
 * it came in (partial unique index), and a recharge is approved by at most one line.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => bankStatements.id),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    rowNumber: integer('row_number').notNull(),
    postedOn: text('posted_on').notNull(),
    reference: text('reference').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description'),
    rechargeId: bigint('recharge_id', { mode: 'number' }).references(() => recharges.id),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_statement_key').on(
      t.statementId,
      t.postedOn,
      t.reference,
      t.amountCents,
    ),
    uniqueIndex('bank_statement_lines_used_key')
      .on(t.rechargeAccountId, t.postedOn, t.reference, t.amountCents)
      .where(sql`${t.rechargeId} is not null`),
    uniqueIndex('bank_statement_lines_recharge_key')
      .on(t.rechargeId)
      .where(sql`${t.rechargeId} is not null`),
    check('bank_statement_lines_amount_check', sql`${t.amountCents} > 0`),
    check('bank_statement_lines_day_check', sql`${t.postedOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);
