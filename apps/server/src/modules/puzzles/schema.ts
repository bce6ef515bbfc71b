import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { users } from '../../db/shared-schema';
import { games } from '../games/schema';

/**
 * Tables of the puzzles module, "Problema del día" (docs/decisions/060-puzzles.md, migration
 * 0040). Re-exported by db/schema.ts, so drizzle-kit and the client see them.
 */

/**
 * The pool: one verified puzzle per row, keyed by its id (16 hex characters of the SHA-256 of the
 * position). `position` is the seat's view only (engine `PuzzlePosition`), `best` the answer
 * (a play move), `values` every distinct move with its expected points, best first, `margin` the
 * smallest lead of the best over the second across the checks (points). `source`: `selfplay` (the
 * shipped set, shipped-puzzles.jsonl) or `match` (mined from a finished match's analysis: the
 * game and seat it came from).
 */
export const puzzles = pgTable(
  'puzzles',
  {
    id: text('id').primaryKey(),
    source: text('source').$type<'selfplay' | 'match'>().notNull(),
    gameId: text('game_id').references(() => games.id),
    difficulty: text('difficulty').$type<'facil' | 'media' | 'dificil'>().notNull(),
    position: jsonb('position').notNull(),
    best: jsonb('best').notNull(),
    values: jsonb('values').notNull(),
    margin: doublePrecision('margin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('puzzles_difficulty_idx').on(t.difficulty, t.id),
    check('puzzles_source_check', sql`${t.source} in ('selfplay', 'match')`),
    check('puzzles_difficulty_check', sql`${t.difficulty} in ('facil', 'media', 'dificil')`),
    check('puzzles_id_check', sql`${t.id} ~ '^[0-9a-f]{16}$'`),
  ],
);

/**
 * The daily puzzle of each Caracas calendar day (YYYY-MM-DD), fixed the first time the day is
 * asked for (the choice is deterministic from the day and the pool, service.ts `dailyPuzzle`);
 * once written, a later change of the pool does not change that day's puzzle.
 */
export const puzzleDays = pgTable(
  'puzzle_days',
  {
    day: text('day').primaryKey(),
    puzzleId: text('puzzle_id')
      .notNull()
      .references(() => puzzles.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('puzzle_days_day_check', sql`${t.day} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`)],
);

/**
 * A player's answers to one puzzle: the first answer (`first_correct`, `first_answer`) decides
 * the streak when the puzzle was that day's daily puzzle (`day`); `solved` once any answer was
 * right; `tries` counts every answer.
 */
export const puzzleAttempts = pgTable(
  'puzzle_attempts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    puzzleId: text('puzzle_id')
      .notNull()
      .references(() => puzzles.id),
    day: text('day'),
    firstCorrect: boolean('first_correct').notNull(),
    firstAnswer: jsonb('first_answer').notNull(),
    solved: boolean('solved').notNull(),
    tries: integer('tries').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.puzzleId] }),
    index('puzzle_attempts_day_idx').on(t.userId, t.day),
  ],
);

/**
 * A player's streak: consecutive Caracas days whose daily puzzle they solved at the first try.
 * `current` counts up to `last_day`; it is shown as 0 once a day has passed without a first-try
 * solve (service.ts `streakOf`); `best` is the longest so far.
 */
export const puzzleStreaks = pgTable(
  'puzzle_streaks',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    current: integer('current').notNull().default(0),
    best: integer('best').notNull().default(0),
    lastDay: text('last_day'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('puzzle_streaks_count_check', sql`${t.current} >= 0 and ${t.best} >= ${t.current}`),
  ],
);

/**
 * Which finished analyses the miner has read (game, seat): claimed by inserting the row (one node
 * wins), then the counts of the run: candidates found in the analysis and puzzles verified.
 */
export const puzzleMinedAnalyses = pgTable(
  'puzzle_mined_analyses',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seat: smallint('seat').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    candidates: integer('candidates').notNull().default(0),
    verified: integer('verified').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    check('puzzle_mined_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);
