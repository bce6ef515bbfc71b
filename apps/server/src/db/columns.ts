import { timestamp } from 'drizzle-orm/pg-core';

/**
 * `created_at` and `updated_at`: `timestamptz` read as `Date`, both defaulting to now() (the code
 * sets `updated_at` when it changes a row). Spread into the tables of several modules, so it sits
 * in db/ below all of them (docs/decisions/055-each-module-owns-its-tables.md).
 */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
