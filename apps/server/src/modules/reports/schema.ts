import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../../db/shared-schema';

/**
 * Tables of the reports module: the BCV reference rate
 * (docs/decisions/034-daily-report-and-bcv-rate.md,
 * docs/decisions/055-each-module-owns-its-tables.md).
 */

// ---------------------------------------------------------------------------------------------
// Daily report and BCV reference rate (migration 0029;
// docs/decisions/034-daily-report-and-bcv-rate.md)
// ---------------------------------------------------------------------------------------------

/**
 * The BCV reference rate recorded by staff, one row per Caracas calendar day: bolívares per US
 * dollar × 10 000 (36,5210 -> 365210), an integer, never a float. Shown to players only as the
 * "≈ US$" figure beside the authoritative Bs. balance; every record and correction is audited.
 */
export const bcvRates = pgTable(
  'bcv_rates',
  {
    rateDate: text('rate_date').primaryKey(),
    rateScaled: bigint('rate_scaled', { mode: 'number' }).notNull(),
    recordedBy: bigint('recorded_by', { mode: 'number' }).references(() => users.id),
    ...timestamps,
  },
  (t) => [
    check('bcv_rates_rate_check', sql`${t.rateScaled} > 0 and ${t.rateScaled} < 10000000000`),
    check('bcv_rates_date_check', sql`${t.rateDate} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);
