import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { games } from '../games/schema';
import { users } from '../../db/shared-schema';

/**
 * Hand-sharing scores (docs/decisions/059-hand-sharing-detector.md, migration 0040): one row per
 * (settled parejas match, side) whose two seats were two different people. The row is the job
 * (pending, or running under a lease until `lease_until`, `attempts` claims so far; claimed with
 * SKIP LOCKED like the analysis queue) and its result: the pair's hands in that match
 * (`hands`), its decisions, ΣD and ΣD² of the hand scores (points, points²) and `detail`, each
 * hand's score with its decisions (packages/domino integrity.ts `SharingHand`, tiles as text).
 * A pair's statistic is the sum over its `done` rows (`user_low`, `user_high`: the two user
 * ids, smaller first).
 */
export const handSharingScores = pgTable(
  'hand_sharing_scores',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    /** 0: seats 0+2, 1: seats 1+3. */
    side: smallint('side').notNull(),
    userLow: bigint('user_low', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    userHigh: bigint('user_high', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    hands: integer('hands').notNull().default(0),
    decisions: integer('decisions').notNull().default(0),
    scoreSum: doublePrecision('score_sum').notNull().default(0),
    scoreSquares: doublePrecision('score_squares').notNull().default(0),
    detail: jsonb('detail'),
    error: text('error'),
    cpuMs: integer('cpu_ms'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.side] }),
    index('hand_sharing_scores_pair_idx').on(t.userLow, t.userHigh),
    index('hand_sharing_scores_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    check(
      'hand_sharing_scores_status_check',
      sql`${t.status} in ('pending', 'running', 'done', 'failed')`,
    ),
    check('hand_sharing_scores_side_check', sql`${t.side} in (0, 1)`),
    check('hand_sharing_scores_pair_check', sql`${t.userLow} < ${t.userHigh}`),
  ],
);
