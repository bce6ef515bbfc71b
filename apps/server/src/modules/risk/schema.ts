import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { users } from '../../db/shared-schema';

/**
 * Tables of the risk module: the risk queue, the scanner's position, the account marks and the
 * hand-sharing scores (docs/decisions/032-risk-signals.md, 059-hand-sharing-detector.md,
 * docs/decisions/055-each-module-owns-its-tables.md).
 */

// ---------------------------------------------------------------------------------------------
// Risk queue: fraud and collusion signals (docs/decisions/032-risk-signals.md,
// migration 0027)
// ---------------------------------------------------------------------------------------------

/**
 * One signal for staff to review (modules/risk/queue.ts). `key` is the signal kind plus the sorted
 * account ids (and the reference for `shared_reference`): a re-run of the scan updates the row's
 * `evidence` and `last_seen_at` instead of adding one. `user_ids` is the jsonb array of the
 * accounts involved; `score` orders the queue (higher first). Status: `open`, `dismissed` (with
 * the staff note) or `actioned` (an action was taken on one of its accounts).
 */
export const riskItems = pgTable(
  'risk_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind')
      .$type<'linked' | 'co_seating' | 'chip_dumping' | 'shared_reference' | 'hand_sharing'>()
      .notNull(),
    key: text('key').notNull(),
    userIds: jsonb('user_ids').$type<number[]>().notNull(),
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
    score: doublePrecision('score').notNull(),
    /** `merged`: absorbed into the group item `merged_into` (decision 049); never listed. */
    status: text('status')
      .$type<'open' | 'dismissed' | 'actioned' | 'merged'>()
      .notNull()
      .default('open'),
    /**
     * Money at stake of the item's accounts at the last scan, in céntimos: wallets + escrow (seats,
     * tournament entries) + pending withdrawals and recharges (decision 049). The queue's order.
     */
    stakeCents: bigint('stake_cents', { mode: 'number' }).notNull().default(0),
    mergedInto: bigint('merged_into', { mode: 'number' }).references(
      (): AnyPgColumn => riskItems.id,
    ),
    note: text('note'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_items_key').on(t.key),
    index('risk_items_status_idx').on(t.status, t.stakeCents, t.score),
    index('risk_items_user_ids_idx').using('gin', t.userIds),
    check(
      'risk_items_kind_check',
      sql`${t.kind} in ('linked', 'co_seating', 'chip_dumping', 'shared_reference', 'hand_sharing')`,
    ),
    check(
      'risk_items_status_check',
      sql`${t.status} in ('open', 'dismissed', 'actioned', 'merged')`,
    ),
  ],
);

/**
 * The risk scan's claim (docs/decisions/049-risk-scanning-and-groups.md): one row, locked by the
 * node that scans (`FOR UPDATE`; the periodic job uses `SKIP LOCKED` and skips when another node
 * holds it), so two scans never run at once; `last_full_scan_at` makes the periodic full scan run
 * once per interval across all nodes.
 */
export const riskScanState = pgTable(
  'risk_scan_state',
  {
    id: smallint('id').primaryKey().default(1),
    lastFullScanAt: timestamp('last_full_scan_at', { withTimezone: true, mode: 'date' }),
    lastScanAt: timestamp('last_scan_at', { withTimezone: true, mode: 'date' }),
    lastResult: jsonb('last_result').$type<Record<string, unknown>>(),
  },
  (t) => [check('risk_scan_state_one_row', sql`${t.id} = 1`)],
);

/**
 * Staff marks on an account (modules/risk/marks.ts): `flagged` is a visible mark in the console;
 * `withdrawals_held` refuses new withdrawal requests and the payment of pending ones until lifted.
 * One row per account that was ever marked; the reasons are in the audit log.
 */
export const riskAccountMarks = pgTable('risk_account_marks', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  flagged: boolean('flagged').notNull().default(false),
  flagReason: text('flag_reason'),
  withdrawalsHeld: boolean('withdrawals_held').notNull().default(false),
  holdReason: text('hold_reason'),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Partners who share their hands (docs/decisions/059-hand-sharing-detector.md, migration 0041)
// ---------------------------------------------------------------------------------------------

/**
 * Hand-sharing scores (docs/decisions/059-hand-sharing-detector.md, migration 0041; written by hand-sharing.ts): one row per
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
    /** The match (`games.id`; no foreign key: risk sits below games, decision 019). */
    gameId: text('game_id').notNull(),
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
