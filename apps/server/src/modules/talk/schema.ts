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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../../db/shared-schema';
import { gameTables } from '../catalog/schema';
import { games } from '../games/schema';

/**
 * Tables of the talk module: table messages, mutes, reports and bans
 * (docs/decisions/055-each-module-owns-its-tables.md).
 */

/**
 * What players said at a table (docs/decisions/023-table-talk.md): a reaction or quick phrase
 * (`ref` = its id from packages/contracts talk.ts, `body` = its emoji or text) or free text
 * (`ref` null, `body` as delivered, after the profanity filter; `flagged` when it masked words).
 * `round` is the table's round when it was said, `game_id` the match then running (null in the
 * waiting room). Kept so that a report can copy the conversation.
 */
export const tableMessages = pgTable(
  'table_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableId: bigint('table_id', { mode: 'number' })
      .notNull()
      .references(() => gameTables.id),
    round: integer('round').notNull(),
    gameId: text('game_id').references(() => games.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'reaction' | 'phrase' | 'text'>().notNull(),
    ref: text('ref'),
    body: text('body').notNull(),
    flagged: boolean('flagged').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('table_messages_kind_check', sql`${t.kind} in ('reaction', 'phrase', 'text')`),
    check('table_messages_ref_check', sql`(${t.kind} = 'text') = (${t.ref} is null)`),
    check('table_messages_body_check', sql`char_length(${t.body}) between 1 and 200`),
    index('table_messages_table_idx').on(t.tableId, t.round, t.id),
    index('table_messages_user_idx').on(t.userId, t.tableId, t.round),
  ],
);

/**
 * Per-player mutes (decision 023): `user_id` does not receive what `muted_user_id` says at any
 * table; the server leaves the muter out when it delivers (never a client-side filter).
 */
export const talkMutes = pgTable(
  'talk_mutes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mutedUserId: bigint('muted_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mutedUserId] }),
    check('talk_mutes_not_self', sql`${t.userId} <> ${t.mutedUserId}`),
    index('talk_mutes_muted_idx').on(t.mutedUserId),
  ],
);

/**
 * "Reportar" (decision 023): a player reports another's messages at a table and round. The
 * conversation of that table and round at the time (names in full, for staff) is copied into
 * `transcript`, so it survives whatever happens later. Staff resolve it: `dismissed`, or `banned`
 * (a chat ban, talk_bans); `resolution` says what was done. One open report per reporter,
 * reported player, table and round.
 */
export const talkReports = pgTable(
  'talk_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableId: bigint('table_id', { mode: 'number' })
      .notNull()
      .references(() => gameTables.id),
    round: integer('round').notNull(),
    reporterUserId: bigint('reporter_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reportedUserId: bigint('reported_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    transcript: jsonb('transcript')
      .$type<
        {
          id: number;
          at: string;
          user_id: number;
          name: string;
          kind: 'reaction' | 'phrase' | 'text';
          body: string;
          flagged: boolean;
        }[]
      >()
      .notNull(),
    status: text('status').$type<'open' | 'dismissed' | 'banned'>().notNull().default('open'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('talk_reports_status_check', sql`${t.status} in ('open', 'dismissed', 'banned')`),
    check('talk_reports_reason_check', sql`${t.reason} in ('insultos', 'trampa', 'spam', 'otro')`),
    check('talk_reports_not_self', sql`${t.reporterUserId} <> ${t.reportedUserId}`),
    index('talk_reports_status_idx').on(t.status, t.id),
    uniqueIndex('talk_reports_open_once')
      .on(t.reporterUserId, t.reportedUserId, t.tableId, t.round)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Chat bans (decision 023): the user may not send anything at any table until `banned_until`.
 * One row per user, replaced by a later ban; given by staff (`created_by`) from a report.
 */
export const talkBans = pgTable('talk_bans', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  bannedUntil: timestamp('banned_until', { withTimezone: true, mode: 'date' }).notNull(),
  reportId: bigint('report_id', { mode: 'number' }).references(() => talkReports.id),
  createdBy: bigint('created_by', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  ...timestamps,
});
