import { sql } from 'drizzle-orm';
import type { TableRules } from '@domino/contracts';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/shared-schema';
import { gameTables } from '../catalog/schema';
import { games } from '../games/schema';
import { quickPlayQueue } from '../quickplay/schema';

/**
 * Tables of the tournaments module: tournaments, entrants, entries and matches, and
 * `player_places`: written only by database triggers and read by places, it refers to quick-play
 * entries and tournaments, so it sits on the lowest floor that sees both
 * (docs/decisions/055-each-module-owns-its-tables.md).
 */

// ---------------------------------------------------------------------------------------------
// Tournaments (migration 0023; docs/decisions/028-tournaments.md)
// ---------------------------------------------------------------------------------------------

/**
 * A tournament: staff-set format, rules, money (entry per player and house fee, céntimos and basis
 * points), capacity in players, minimum entrants (pairs or players), prize split (bps of the pool
 * after the fee, place 1 first). `payout` keeps the facts of the final transfer.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    status: text('status')
      .$type<'scheduled' | 'running' | 'finished' | 'cancelled'>()
      .notNull()
      .default('scheduled'),
    format: text('format').$type<'single_elimination' | 'swiss' | 'duplicate'>().notNull(),
    rules: jsonb('rules').$type<TableRules>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    entryFeeCents: bigint('entry_fee_cents', { mode: 'number' }).notNull(),
    houseFeeBps: integer('house_fee_bps').notNull(),
    capacity: integer('capacity').notNull(),
    minEntrants: integer('min_entrants').notNull(),
    prizeSplitBps: jsonb('prize_split_bps').$type<number[]>().notNull(),
    swissRounds: integer('swiss_rounds'),
    /** Duplicate only (migration 0043): hands per set, both tables. */
    boards: integer('boards'),
    totalRounds: integer('total_rounds'),
    currentRound: integer('current_round').notNull().default(0),
    drawSeed: text('draw_seed'),
    cancelledReason: text('cancelled_reason'),
    payout: jsonb('payout'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('tournaments_due_idx')
      .on(t.startsAt)
      .where(sql`${t.status} in ('scheduled', 'running')`),
    check(
      'tournaments_status_check',
      sql`${t.status} in ('scheduled', 'running', 'finished', 'cancelled')`,
    ),
    check(
      'tournaments_format_check',
      sql`${t.format} in ('single_elimination', 'swiss', 'duplicate')`,
    ),
    check(
      'tournaments_boards_check',
      sql`(${t.format} = 'duplicate') = (${t.boards} is not null) and (${t.boards} is null or ${t.boards} between 1 and 32)`,
    ),
    check(
      'tournaments_money_check',
      sql`${t.entryFeeCents} >= 0 and ${t.houseFeeBps} between 0 and 5000`,
    ),
    check('tournaments_capacity_check', sql`${t.capacity} >= 2 and ${t.minEntrants} >= 2`),
  ],
);

/** A competitor, made at the start: a pair (parejas) or a player; `seed` 1 = top. */
export const tournamentEntrants = pgTable(
  'tournament_entrants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tournamentId: bigint('tournament_id', { mode: 'number' })
      .notNull()
      .references(() => tournaments.id),
    seed: integer('seed').notNull(),
    player1Id: bigint('player1_id', { mode: 'number' }).notNull(),
    player2Id: bigint('player2_id', { mode: 'number' }),
    name: text('name').notNull(),
    eliminated: boolean('eliminated').notNull().default(false),
    place: integer('place'),
    prizeCents: bigint('prize_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('tournament_entrants_seed_key').on(t.tournamentId, t.seed)],
);

/**
 * A player's registration and its money: `paid_cents` is in the escrow while `registered`;
 * `registrations` counts (re)registrations and keys their ledger transfers. `partner_user_id`:
 * the partner this player named (parejas); a pair is two rows naming each other.
 */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tournamentId: bigint('tournament_id', { mode: 'number' })
      .notNull()
      .references(() => tournaments.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').$type<'registered' | 'refunded'>().notNull(),
    partnerUserId: bigint('partner_user_id', { mode: 'number' }),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    registrations: integer('registrations').notNull().default(1),
    entrantId: bigint('entrant_id', { mode: 'number' }),
    prizeCents: bigint('prize_cents', { mode: 'number' }).notNull().default(0),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('tournament_entries_user_key').on(t.tournamentId, t.userId),
    index('tournament_entries_user_idx').on(t.userId),
    check('tournament_entries_status_check', sql`${t.status} in ('registered', 'refunded')`),
    check('tournament_entries_paid_check', sql`${t.paidCents} >= 0 and ${t.prizeCents} >= 0`),
  ],
);

/** One pairing of a round; `entrant_b` null = bye. `ready_at`: when its game was created. */
export const tournamentMatches = pgTable(
  'tournament_matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tournamentId: bigint('tournament_id', { mode: 'number' })
      .notNull()
      .references(() => tournaments.id),
    round: integer('round').notNull(),
    slot: integer('slot').notNull(),
    entrantA: bigint('entrant_a', { mode: 'number' }),
    entrantB: bigint('entrant_b', { mode: 'number' }),
    status: text('status').$type<'pending' | 'playing' | 'decided'>().notNull().default('pending'),
    result: text('result').$type<'played' | 'forfeit' | 'double_forfeit' | 'bye'>(),
    winner: bigint('winner', { mode: 'number' }),
    tableId: bigint('table_id', { mode: 'number' }),
    gameId: text('game_id').references(() => games.id),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    scoreA: integer('score_a'),
    scoreB: integer('score_b'),
  },
  (t) => [
    uniqueIndex('tournament_matches_slot_key').on(t.tournamentId, t.round, t.slot),
    index('tournament_matches_game_idx').on(t.gameId),
    check('tournament_matches_status_check', sql`${t.status} in ('pending', 'playing', 'decided')`),
    check(
      'tournament_matches_result_check',
      sql`${t.result} is null or ${t.result} in ('played', 'forfeit', 'double_forfeit', 'bye')`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// One player, one place at a time (migration 0035, docs/decisions/047-one-place-at-a-time.md)
// ---------------------------------------------------------------------------------------------

/**
 * Where each player is: at most one row per user (the primary key is the rule). Written only by
 * the database's triggers: a `table_seats` row claims `table`, a `waiting` quick-play entry
 * `quick`, a tournament entrant not eliminated `tournament` (until the tournament ends); deleting
 * or ending that row releases it. A claim while the user holds another place raises
 * unique_violation on `player_places_pkey` (modules/places turns it into 409 `place/elsewhere`).
 */
export const playerPlaces = pgTable(
  'player_places',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    kind: text('kind').$type<'table' | 'quick' | 'tournament'>().notNull(),
    tableId: bigint('table_id', { mode: 'number' }).references(() => gameTables.id, {
      onDelete: 'cascade',
    }),
    queueEntryId: bigint('queue_entry_id', { mode: 'number' }).references(() => quickPlayQueue.id, {
      onDelete: 'cascade',
    }),
    tournamentId: bigint('tournament_id', { mode: 'number' }).references(() => tournaments.id, {
      onDelete: 'cascade',
    }),
    since: timestamp('since', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'player_places_kind_check',
      sql`(${t.kind} = 'table' and ${t.tableId} is not null and ${t.queueEntryId} is null and ${t.tournamentId} is null) or (${t.kind} = 'quick' and ${t.queueEntryId} is not null and ${t.tableId} is null and ${t.tournamentId} is null) or (${t.kind} = 'tournament' and ${t.tournamentId} is not null and ${t.tableId} is null and ${t.queueEntryId} is null)`,
    ),
    index('player_places_table_idx')
      .on(t.tableId)
      .where(sql`${t.tableId} is not null`),
    index('player_places_tournament_idx')
      .on(t.tournamentId)
      .where(sql`${t.tournamentId} is not null`),
  ],
);
