import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/shared-schema';
import { gameTables } from '../catalog/schema';

/**
 * Tables of the friends module: friendships, blocks and invitations to private tables
 * (docs/decisions/055-each-module-owns-its-tables.md).
 */

/**
 * Friendships (docs/decisions/024-friends-presence-invitations.md): one row per unordered
 * pair of players, `user_low` < `user_high`, so two players asking each other at once end with one
 * row. `pending` waits for the player who did not ask (`requested_by` is the one who did);
 * `accepted` sets `accepted_at`. Declining, cancelling, removing and blocking delete the row.
 */
export const friendships = pgTable(
  'friendships',
  {
    userLow: bigint('user_low', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    userHigh: bigint('user_high', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').$type<'pending' | 'accepted'>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    index('friendships_user_high_idx').on(t.userHigh),
    check('friendships_order_check', sql`${t.userLow} < ${t.userHigh}`),
    check('friendships_requested_by_check', sql`${t.requestedBy} in (${t.userLow}, ${t.userHigh})`),
    check(
      'friendships_status_check',
      sql`${t.status} in ('pending', 'accepted') and ((${t.status} = 'accepted') = (${t.acceptedAt} is not null))`,
    ),
  ],
);

/**
 * Blocks (decision 024): `blocker_id` blocked `blocked_id`. A block deletes the pair's friendship and
 * refuses friend requests and invitations in both directions while it lasts.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: bigint('blocker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    blockedId: bigint('blocked_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * Invitations of a friend to a private table (decision 024): who invited whom to which table. At most
 * one `pending` invitation per (table, invitee). `declined` by the invitee; `withdrawn` when the
 * two stop being friends (removal or block). Whether a pending invitation is still shown depends on
 * its table (open, not expired, not full, the invitee not seated), read when listing.
 */
export const tableInvitations = pgTable(
  'table_invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableId: bigint('table_id', { mode: 'number' })
      .notNull()
      .references(() => gameTables.id),
    fromUserId: bigint('from_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    toUserId: bigint('to_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status')
      .$type<'pending' | 'declined' | 'withdrawn'>()
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('table_invitations_pending_key')
      .on(t.tableId, t.toUserId)
      .where(sql`${t.status} = 'pending'`),
    index('table_invitations_to_idx')
      .on(t.toUserId)
      .where(sql`${t.status} = 'pending'`),
    check('table_invitations_self_check', sql`${t.fromUserId} <> ${t.toUserId}`),
    check(
      'table_invitations_status_check',
      sql`${t.status} in ('pending', 'declined', 'withdrawn')`,
    ),
  ],
);
