import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../../db/shared-schema';
import { ledgerTransactions } from '../ledger/schema';

/**
 * Tables of the pot module: the closed months of the Pote del Mes and their payouts. The points
 * (`pot_points`) are written by games at a match's end and refer to `games`, so they are in
 * games/schema.ts (docs/decisions/055-each-module-owns-its-tables.md).
 */

/**
 * The monthly pot (Pote del Mes) of one Caracas month 'YYYY-MM'. Its money is the ledger account
 * `monthly_pot` ref month. `shares_bps` are the payout shares of positions 1..n (basis points,
 * summing to 10000). status: open, paid (paid to the ranking) or carried (empty ranking: the
 * balance moved to the next month).
 */
export const monthlyPots = pgTable(
  'monthly_pots',
  {
    month: text('month').primaryKey(),
    description: text('description').notNull().default(''),
    sharesBps: jsonb('shares_bps').$type<number[]>().notNull().default([5000, 3000, 2000]),
    status: text('status').notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [check('monthly_pots_status_check', sql`${t.status} in ('open', 'paid', 'carried')`)],
);

/** One payout of a closed month's pot: exactly one row (and one ledger transaction) per position. */
export const potPayouts = pgTable(
  'pot_payouts',
  {
    month: text('month').notNull(),
    position: smallint('position').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    points: integer('points').notNull(),
    matchesWon: integer('matches_won').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.position] }),
    index('pot_payouts_user_idx').on(t.userId),
  ],
);
