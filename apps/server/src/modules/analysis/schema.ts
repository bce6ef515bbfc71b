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
import { users } from '../../db/shared-schema';
import { games } from '../games/schema';

/**
 * Tables of the analysis module: the post-game analyses, queue and cache
 * (docs/decisions/029-post-game-analysis.md, docs/decisions/055-each-module-owns-its-tables.md).
 */

/* ---------------------------------------------------------------------------------------------
 * Post-game analysis, "Análisis" (docs/decisions/029-post-game-analysis.md)
 * ------------------------------------------------------------------------------------------- */

/**
 * One row per (game, seat) whose player asked for its analysis: the job (pending, or running
 * under a lease until `lease_until`, `attempts` claims so far) and the cached result (done: the
 * engine's `MatchReview` as jsonb, `cpu_ms` of the run) or the give-up (failed, `error`).
 */
export const gameAnalyses = pgTable(
  'game_analyses',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seat: smallint('seat').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    result: jsonb('result'),
    error: text('error'),
    cpuMs: integer('cpu_ms'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    index('game_analyses_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    check(
      'game_analyses_status_check',
      sql`${t.status} in ('pending', 'running', 'done', 'failed')`,
    ),
    check('game_analyses_done_check', sql`(${t.status} = 'done') = (${t.result} is not null)`),
  ],
);
