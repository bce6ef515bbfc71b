import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../../db/shared-schema';

/**
 * Tables of the responsible module ("Juego responsable"): settings and limits per player
 * (docs/decisions/030-responsible-gaming.md, docs/decisions/055-each-module-owns-its-tables.md).
 */

// ---- Responsible gaming (docs/decisions/030-responsible-gaming.md) ----

/**
 * A player's responsible-gaming settings, one row per user (created on first need). The row is
 * also the lock every recharge and paid entry takes (`FOR UPDATE`), so two requests at the edge
 * of a limit are judged one after the other. `reminder_minutes` null = no reminder. A pause is
 * `pause_kind` timeout|exclusion until `pause_until` (null with exclusion = permanent).
 */
export const responsibleSettings = pgTable(
  'responsible_settings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    reminderMinutes: integer('reminder_minutes'),
    pauseKind: text('pause_kind').$type<'timeout' | 'exclusion'>(),
    pauseStartedAt: timestamp('pause_started_at', { withTimezone: true, mode: 'date' }),
    pauseUntil: timestamp('pause_until', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('responsible_settings_reminder_check', sql`${t.reminderMinutes} in (15, 30, 60)`),
    check(
      'responsible_settings_pause_check',
      sql`${t.pauseKind} is null or ${t.pauseKind} in ('timeout', 'exclusion')`,
    ),
  ],
);

/**
 * One limit of a player per (kind deposit|loss, period day|week|month): `amount_cents` in force
 * (null = none) and a pending raise or removal (`pending_at` set; `pending_cents` null = removal)
 * that takes over once `pending_at` has passed.
 */
export const responsibleLimits = pgTable(
  'responsible_limits',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'deposit' | 'loss'>().notNull(),
    period: text('period').$type<'day' | 'week' | 'month'>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    pendingCents: bigint('pending_cents', { mode: 'number' }),
    pendingAt: timestamp('pending_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.period] }),
    check('responsible_limits_kind_check', sql`${t.kind} in ('deposit', 'loss')`),
    check('responsible_limits_period_check', sql`${t.period} in ('day', 'week', 'month')`),
    check(
      'responsible_limits_amount_check',
      sql`(${t.amountCents} is null or ${t.amountCents} > 0) and (${t.pendingCents} is null or ${t.pendingCents} > 0)`,
    ),
  ],
);
