import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../../db/shared-schema';
import { banks } from '../catalog/schema';

/**
 * Tables of the payments module: withdrawals and the players' own bank accounts
 * (docs/decisions/055-each-module-owns-its-tables.md).
 */

/**
 * Withdrawal requests (docs/architecture.md#how-a-payment-flows): the amount moves wallet -> pending_withdrawals at request time;
 * paid moves it out, rejected moves it back. Payout goes by Pago Móvil to the player's phone and
 * cédula at the chosen bank (snapshotted here).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    bankId: bigint('bank_id', { mode: 'number' })
      .notNull()
      .references(() => banks.id),
    payoutPhone: text('payout_phone').notNull(),
    payoutTypeIdentification: text('payout_type_identification').notNull(),
    payoutNIdentification: text('payout_n_identification').notNull(),
    payoutName: text('payout_name').notNull(),
    status: text('status').notNull().default('pendiente'),
    payoutReference: text('payout_reference'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /**
     * Staff review (docs/decisions/013): set when requested within 24 h of a sensitive account
     * change. `reviewUntil` ends the window of the latest change; `reviewChanges` lists the changes
     * ({kind, at}); paying needs the acknowledgement, recorded here.
     */
    reviewUntil: timestamp('review_until', { withTimezone: true, mode: 'date' }),
    reviewChanges: jsonb('review_changes').$type<{ kind: string; at: string }[]>(),
    reviewAcknowledgedBy: bigint('review_acknowledged_by', { mode: 'number' }).references(
      () => users.id,
    ),
    reviewAcknowledgedAt: timestamp('review_acknowledged_at', { withTimezone: true, mode: 'date' }),
    /**
     * A payout through the bank (docs/decisions/051-bank-connectors.md): 'sending' claims
     * the one call, then 'paid', 'declined' (staff may try again) or 'unknown' (never retried
     * blindly); `bankAnswer` is what the bank said last, for staff.
     */
    bankPayoutState: text('bank_payout_state').$type<'sending' | 'paid' | 'declined' | 'unknown'>(),
    bankAnswer: jsonb('bank_answer').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    check(
      'withdrawals_bank_payout_state_check',
      sql`${t.bankPayoutState} in ('sending', 'paid', 'declined', 'unknown')`,
    ),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_amount_check', sql`${t.amountCents} > 0`),
    index('withdrawals_payout_phone_idx').on(t.payoutPhone),
    check('withdrawals_status_check', sql`${t.status} in ('pendiente', 'completado', 'rechazado')`),
  ],
);

/** A player's own bank accounts (docs/product.md §7 POST /api/bank-accounts). */
export const userBankAccounts = pgTable(
  'user_bank_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    bankId: bigint('bank_id', { mode: 'number' })
      .notNull()
      .references(() => banks.id),
    accountNumber: text('account_number').notNull(),
    accountType: text('account_type').notNull(),
    accountHolder: text('account_holder').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_bank_accounts_number_key').on(t.userId, t.accountNumber),
    index('user_bank_accounts_account_idx').on(t.accountNumber),
  ],
);
