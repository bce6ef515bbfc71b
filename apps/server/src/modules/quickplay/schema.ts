import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/shared-schema';
import { gameTables } from '../catalog/schema';

/**
 * Tables of the quickplay module: the "Jugar ahora" queue (docs/decisions/027-quick-play.md,
 * docs/decisions/055-each-module-owns-its-tables.md).
 */

// ---------------------------------------------------------------------------------------------
// Quick play "Jugar ahora" (docs/decisions/027-quick-play.md, migration 0022)
// ---------------------------------------------------------------------------------------------

/**
 * Players waiting for the matcher to seat them (modules/quickplay). One `waiting` entry per user
 * (unique partial index); an entry ends `seated` (with the table it formed), `left` (the player
 * cancelled) or `dropped` (the formation found the player could not pay or sit; `message` says
 * why, in Spanish). `rating` is the snapshot taken at enqueue; `entry_cents` the entry price in
 * céntimos; `device_id` and `ip` are the linked-accounts signals of the enqueue request.
 */
export const quickPlayQueue = pgTable(
  'quick_play_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').$type<'parejas' | 'individual'>().notNull(),
    entryCents: bigint('entry_cents', { mode: 'number' }).notNull(),
    rating: integer('rating').notNull(),
    deviceId: text('device_id'),
    ip: text('ip'),
    status: text('status')
      .$type<'waiting' | 'seated' | 'left' | 'dropped'>()
      .notNull()
      .default('waiting'),
    tableId: bigint('table_id', { mode: 'number' }).references(() => gameTables.id),
    gameId: text('game_id'),
    message: text('message'),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('quick_play_queue_mode_check', sql`${t.mode} in ('parejas', 'individual')`),
    check('quick_play_queue_entry_check', sql`${t.entryCents} > 0`),
    check(
      'quick_play_queue_status_check',
      sql`${t.status} in ('waiting', 'seated', 'left', 'dropped')`,
    ),
    check(
      'quick_play_queue_seated_check',
      sql`(${t.status} = 'seated') = (${t.tableId} is not null)`,
    ),
    uniqueIndex('quick_play_queue_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'waiting'`),
    index('quick_play_queue_waiting_idx')
      .on(t.mode, t.entryCents, t.queuedAt)
      .where(sql`${t.status} = 'waiting'`),
    index('quick_play_queue_user_idx').on(t.userId, t.queuedAt),
  ],
);
