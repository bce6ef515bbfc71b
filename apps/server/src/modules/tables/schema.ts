import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../../db/shared-schema';
import { gameTables } from '../catalog/schema';

/**
 * Tables of the tables module: who sits at a table (also cleared by games at a match's end) and the
 * private tables' settings (docs/decisions/055-each-module-owns-its-tables.md).
 */

/** Who sits at a table waiting for or playing its current match. */
export const tableSeats = pgTable(
  'table_seats',
  {
    tableId: bigint('table_id', { mode: 'number' })
      .notNull()
      .references(() => gameTables.id),
    seat: smallint('seat').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The player's contribution to the provably fair deal (docs/fairness.md). */
    clientSeed: text('client_seed').notNull().default(''),
    /**
     * The entry fee this seat paid into the round's escrow, in céntimos: what a refund gives back
     * (leave, table closed) and what settlement checks the escrow against (decision 010).
     */
    entryCents: bigint('entry_cents', { mode: 'number' }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.seat] }),
    uniqueIndex('table_seats_user_key').on(t.userId),
    check('table_seats_entry_check', sql`${t.entryCents} >= 0`),
  ],
);

/**
 * What staff allow for private tables (docs/decisions/021-private-tables.md), one row (id 1): the
 * entry prices a host may pick (céntimos; 0 is the free "amistosa"), per rule the values a host
 * may pick (a rule absent from `allowed_rules` allows every value of the rules schema), how long
 * an unfilled private table waits before it expires, and the fee rates its matches settle with.
 */
export const privateTableSettings = pgTable(
  'private_table_settings',
  {
    id: smallint('id').primaryKey().default(1),
    entryPricesCents: jsonb('entry_prices_cents')
      .$type<number[]>()
      .notNull()
      .default([0, 10000, 50000, 100000]),
    allowedRules: jsonb('allowed_rules')
      .$type<Partial<Record<string, (string | number | boolean)[]>>>()
      .notNull()
      .default({}),
    expiryMinutes: integer('expiry_minutes').notNull().default(30),
    houseFeeBps: integer('house_fee_bps').notNull().default(800),
    potShareBps: integer('pot_share_bps').notNull().default(200),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
    ...timestamps,
  },
  (t) => [
    check('private_table_settings_single_row', sql`${t.id} = 1`),
    check('private_table_settings_expiry_check', sql`${t.expiryMinutes} between 5 and 1440`),
    check(
      'private_table_settings_fees_check',
      sql`${t.houseFeeBps} >= 0 and ${t.potShareBps} >= 0 and ${t.houseFeeBps} + ${t.potShareBps} < 10000`,
    ),
  ],
);
