import { sql } from 'drizzle-orm';
import type { TableRules } from '@domino/contracts';
import {
  bigint,
  bigserial,
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../../db/shared-schema';
import { gameTables } from '../catalog/schema';

/**
 * Tables of the games module: matches, their seats and the append-only move log, plus the two
 * tables that refer to `games` and are written at a match's end by a lower module's function:
 * `pot_points` (read by pot) and `rating_changes` (written by ratings)
 * (docs/decisions/055-each-module-owns-its-tables.md).
 */

/**
 * Matches (docs/architecture.md#how-a-move-flows): the authoritative engine state as jsonb, an optimistic version, and the
 * time the sweeper must act next (`due_at`: a bot turn or a turn deadline).
 */
export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    tableId: bigint('table_id', { mode: 'number' }).references(() => gameTables.id),
    /**
     * The engine state, without its `history` once `history` below is set. Read a row's state
     * with games/repo.ts `toGameRow` or `rowState`, never this column alone
     * (docs/decisions/075-history-apart.md).
     */
    storedState: jsonb('state').notNull(),
    /**
     * The finished hands' summaries (the state's `history`), kept apart so that a move does not
     * rewrite them (migration 0044), or null while they are inside `state`.
     */
    history: jsonb('history'),
    version: integer('version').notNull().default(0),
    status: text('status').notNull().default('playing'),
    commitment: text('commitment').notNull(),
    turnDeadline: timestamp('turn_deadline', { withTimezone: true, mode: 'date' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    /** Real-money matches: the table round, when play starts, and the entry per seat (céntimos). */
    round: integer('round'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    entryCents: bigint('entry_cents', { mode: 'number' }),
    /** Immutable facts for views: table name and fee rates at the start. */
    meta: jsonb('meta'),
    /** The rules the match plays by (the same value as `state.config`, in the rules shape). */
    rules: jsonb('rules').$type<TableRules>().notNull(),
    /** Settlement of a real-money match: pot, house fee, pot share, prize per winner (céntimos). */
    settlement: jsonb('settlement'),
    ...timestamps,
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The live games, for the sweeper's poll of due times. The due time itself is not indexed,
    // so that a move's update of the row is heap-only (HOT: no new index entries); the table's
    // fill factor is 50 (migration 0032, docs/decisions/037-hot-moves.md).
    index('games_playing_idx')
      .on(t.id)
      .where(sql`${t.status} = 'playing'`),
    // A table runs one match at a time.
    uniqueIndex('games_one_live_match_per_table')
      .on(t.tableId)
      .where(sql`${t.status} = 'playing' and ${t.kind} = 'table'`),
    check('games_kind_check', sql`${t.kind} in ('practice', 'table')`),
    check('games_status_check', sql`${t.status} in ('playing', 'finished')`),
  ],
);

/** Who occupies each seat of a game: a user (possibly played by a bot while away) or a bot. */
export const gamePlayers = pgTable(
  'game_players',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seat: smallint('seat').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    botLevel: text('bot_level'),
    clientSeed: text('client_seed').notNull(),
    /** Consecutive turns the bot played for this user after a timeout (reset when they move). */
    autoplayedTurns: integer('autoplayed_turns').notNull().default(0),
    /** Set when the player's last socket left the game (they are away until they come back). */
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true, mode: 'date' }),
    /** Real-money matches after settlement: win/loss and the céntimos paid to this seat. */
    result: text('result'),
    payoutCents: bigint('payout_cents', { mode: 'number' }),
    /**
     * Raised by one on every update of the row (a trigger, migration 0032): a node's copy of the
     * seats is exact while the sum of their revisions is the database's (decision 037).
     */
    rev: integer('rev').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    index('game_players_user_idx').on(t.userId),
    check('game_players_occupant_check', sql`${t.userId} is not null or ${t.botLevel} is not null`),
  ],
);

/** Append-only move log (docs/architecture.md#how-a-move-flows): UNIQUE(game_id, seq); replaying it rebuilds the state. */
export const gameMoves = pgTable(
  'game_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seq: integer('seq').notNull(),
    seat: smallint('seat').notNull(),
    move: jsonb('move').notNull(),
    /** player: the seat's user; bot: a CPU seat; autoplay: the bot played for an absent user. */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('game_moves_game_seq_key').on(t.gameId, t.seq)],
);

/**
 * Points earned in finished real-money matches (one row per player per match, written in the
 * settlement transaction). `month` is the Caracas calendar month 'YYYY-MM' of the settlement; the
 * monthly ranking sums these rows. `points` is what the player's side scored in the match.
 */
export const potPoints = pgTable(
  'pot_points',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    month: text('month').notNull(),
    points: integer('points').notNull(),
    won: boolean('won').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index('pot_points_month_idx').on(t.month, t.userId),
    check('pot_points_points_check', sql`${t.points} >= 0`),
  ],
);

/** One rated match's effect on one player: the rating, RD and volatility before and after. */
export const ratingChanges = pgTable(
  'rating_changes',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').$type<'parejas' | 'individual'>().notNull(),
    ratingBefore: doublePrecision('rating_before').notNull(),
    ratingAfter: doublePrecision('rating_after').notNull(),
    rdBefore: doublePrecision('rd_before').notNull(),
    rdAfter: doublePrecision('rd_after').notNull(),
    volatilityBefore: doublePrecision('volatility_before').notNull(),
    volatilityAfter: doublePrecision('volatility_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index('rating_changes_user_idx').on(t.userId),
    check('rating_changes_mode_check', sql`${t.mode} in ('parejas', 'individual')`),
  ],
);

/**
 * The whole engine state of a stored row: `state` with `history` put back when the history
 * column is set (migration 0044, docs/decisions/075-history-apart.md). Every read of a game's
 * state goes through here or games/repo.ts `toGameRow`; `state` alone lacks the finished hands.
 */
export function rowState(state: unknown, history: unknown): unknown {
  if (history === null || history === undefined) return state;
  return { ...(state as Record<string, unknown>), history };
}
