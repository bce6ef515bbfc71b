import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MSG_FRIENDS,
  SERVER_EVENTS,
  centsToBolivares,
  invitationLink,
  publicName,
} from '@domino/contracts';
import type { Invitation } from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { gameTables, tableInvitations, tableSeats, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RealtimeHub } from '../realtime/hub';
import { blockedEitherWay, friendshipOf, lockPair } from './repo';

/**
 * Invitations of a friend to a private table (docs/decisions/024). A player who sits at
 * or hosts an open private table (`game_tables.visibility = 'private'`, migration 0017) invites an
 * accepted friend; the invitation is stored (`table_invitations`) and pushed after the commit to
 * the friend's user room as `invitation:received`, which the Redis adapter carries to whichever
 * node holds their sockets. The invitee lists their pending invitations (so a reload still shows
 * them) and may decline one. Joining is the private table's own invitation page,
 * `/invitacion/<code>`, which the invitation links to.
 *
 * An invitation is listed only while it can be used: its table open, private, not expired, not in
 * a rematch window, no match running, a free seat, and the invitee not seated there.
 */

const fromUser = alias(users, 'from_user');
const hostUser = alias(users, 'host_user');

// Subqueries name their tables explicitly: drizzle leaves columns unqualified in a one-table
// select, where `table_id = id` would bind to the subquery's own table.
/** The seat count of a table, as a SQL expression. */
const seatedCount = sql<number>`(select count(*)::int from table_seats s where s.table_id = "game_tables"."id")`;
/** Whether a table's match is running, as a SQL expression. */
const matchRunning = sql<boolean>`exists (select 1 from games g where g.table_id = "game_tables"."id" and g.kind = 'table' and g.status = 'playing')`;

/** The columns an invitation view is built from. */
const viewColumns = {
  id: tableInvitations.id,
  createdAt: tableInvitations.createdAt,
  tableId: gameTables.id,
  tableName: gameTables.name,
  entryCents: gameTables.entryPriceCents,
  rules: gameTables.rules,
  inviteCode: gameTables.inviteCode,
  fromName: fromUser.name,
  hostName: hostUser.name,
  seated: seatedCount,
};

type ViewRow = {
  id: number;
  createdAt: Date;
  tableId: number;
  tableName: string;
  entryCents: number;
  rules: { mode: 'parejas' | 'individual'; players: number };
  inviteCode: string | null;
  fromName: string;
  hostName: string | null;
  seated: number;
};

function toInvitation(r: ViewRow): Invitation {
  return {
    id: r.id,
    table_id: r.tableId,
    table_name: r.tableName,
    from_name: publicName(r.fromName),
    host_name: publicName(r.hostName ?? r.fromName),
    entry_price: centsToBolivares(r.entryCents),
    mode: r.rules.mode,
    players: r.rules.players,
    seated: Number(r.seated),
    link: invitationLink(r.inviteCode ?? ''),
    created_at: r.createdAt.toISOString(),
  };
}

/** Invitation views of `toUserId` (all usable pending ones, or the one with `id`). */
async function invitationViews(db: Executor, toUserId: number, id?: number): Promise<Invitation[]> {
  const rows = await db
    .select(viewColumns)
    .from(tableInvitations)
    .innerJoin(gameTables, eq(gameTables.id, tableInvitations.tableId))
    .innerJoin(fromUser, eq(fromUser.id, tableInvitations.fromUserId))
    .leftJoin(hostUser, eq(hostUser.id, gameTables.hostUserId))
    .where(
      and(
        eq(tableInvitations.toUserId, toUserId),
        eq(tableInvitations.status, 'pending'),
        id === undefined ? sql`true` : eq(tableInvitations.id, id),
        eq(gameTables.visibility, 'private'),
        eq(gameTables.status, 'open'),
        sql`(${gameTables.expiresAt} is null or ${gameTables.expiresAt} > now())`,
        sql`(${gameTables.rematchUntil} is null or ${gameTables.rematchUntil} <= now())`,
        sql`not ${matchRunning}`,
        sql`not exists (select 1 from table_seats s where s.table_id = "game_tables"."id" and s.user_id = ${toUserId})`,
      ),
    )
    .orderBy(desc(tableInvitations.createdAt), desc(tableInvitations.id));
  return (rows as ViewRow[]).filter((r) => Number(r.seated) < r.rules.players).map(toInvitation);
}

/** GET /api/friends/invitations: the caller's usable pending invitations, newest first. */
export function listInvitations(db: Db, me: number): Promise<Invitation[]> {
  return invitationViews(db, me);
}

/**
 * POST /api/friends/invitations: `me` invites friend `to` to private table `tableId`. In one
 * transaction under the pair lock (repo.ts `lockPair`), so a block or removal either comes first
 * (refused) or withdraws it. Idempotent: inviting again to the same table while the invitation is
 * pending answers `created: false` (alreadyInvited) and pushes nothing.
 *
 * Errors: 403 `friends/not_friends` (not accepted friends, or `to` is `me`), 403
 * `friends/blocked`, 404 `friends/table_not_found`, 409 `friends/table_not_private`, 403
 * `friends/not_at_table` (the caller neither sits at nor hosts it), 409
 * `friends/table_unavailable` (closed, expired, match running, rematch window), 409
 * `friends/table_full`, 409 `friends/friend_seated`.
 */
export async function inviteFriend(
  db: Db,
  hub: RealtimeHub,
  me: number,
  to: number,
  tableId: number,
): Promise<{ invitationId: number; created: boolean; view?: Invitation | undefined }> {
  if (to === me) throw new AppError('friends/not_friends', 403, MSG_FRIENDS.inviteOnlyFriends);
  const out = await db.transaction(async (tx) => {
    await lockPair(tx, me, to);
    // A block ends the friendship, so a blocked pair is "not friends" first: the blocked player
    // cannot tell a block from a friendship that ended (decision 048).
    const link = await friendshipOf(tx, me, to);
    if (link?.status !== 'accepted')
      throw new AppError('friends/not_friends', 403, MSG_FRIENDS.inviteOnlyFriends);
    if (await blockedEitherWay(tx, me, to))
      throw new AppError('friends/blocked', 403, MSG_FRIENDS.blocked);
    const [t] = await tx
      .select({
        id: gameTables.id,
        visibility: gameTables.visibility,
        status: gameTables.status,
        hostUserId: gameTables.hostUserId,
        expiresAt: gameTables.expiresAt,
        rematchUntil: gameTables.rematchUntil,
        rules: gameTables.rules,
        running: matchRunning,
      })
      .from(gameTables)
      .where(eq(gameTables.id, tableId))
      .for('share', { of: gameTables });
    if (!t) throw new AppError('friends/table_not_found', 404, MSG_FRIENDS.tableNotFound);
    if (t.visibility !== 'private')
      throw new AppError('friends/table_not_private', 409, MSG_FRIENDS.tableNotPrivate);
    const seats = await tx
      .select({ userId: tableSeats.userId })
      .from(tableSeats)
      .where(eq(tableSeats.tableId, tableId));
    if (t.hostUserId !== me && !seats.some((s) => s.userId === me))
      throw new AppError('friends/not_at_table', 403, MSG_FRIENDS.notAtTable);
    const now = Date.now();
    if (
      t.status !== 'open' ||
      (t.expiresAt && t.expiresAt.getTime() <= now) ||
      (t.rematchUntil && t.rematchUntil.getTime() > now) ||
      t.running
    )
      throw new AppError('friends/table_unavailable', 409, MSG_FRIENDS.tableUnavailable);
    if (seats.some((s) => s.userId === to))
      throw new AppError('friends/friend_seated', 409, MSG_FRIENDS.friendSeated);
    if (seats.length >= t.rules.players)
      throw new AppError('friends/table_full', 409, MSG_FRIENDS.tableFull);
    const [created] = await tx
      .insert(tableInvitations)
      .values({ tableId, fromUserId: me, toUserId: to })
      .onConflictDoNothing()
      .returning({ id: tableInvitations.id });
    if (created) return { invitationId: created.id, created: true };
    const [existing] = await tx
      .select({ id: tableInvitations.id })
      .from(tableInvitations)
      .where(
        and(
          eq(tableInvitations.tableId, tableId),
          eq(tableInvitations.toUserId, to),
          eq(tableInvitations.status, 'pending'),
        ),
      );
    return { invitationId: existing!.id, created: false };
  });
  if (out.created) {
    const [view] = await invitationViews(db, to, out.invitationId).catch(() => []);
    if (view) hub.toUser(to, SERVER_EVENTS.invitationReceived, view);
    return { ...out, view };
  }
  return out;
}

/**
 * POST /api/friends/invitations/{id}/decline: the invitee declines (dismisses) a pending
 * invitation. Only the invitee can; anyone else, or an invitation no longer pending, gets 404
 * `friends/invitation_not_found` (the id says nothing about invitations of others).
 */
export async function declineInvitation(db: Db, me: number, id: number): Promise<void> {
  const updated = await db
    .update(tableInvitations)
    .set({ status: 'declined', respondedAt: new Date() })
    .where(
      and(
        eq(tableInvitations.id, id),
        eq(tableInvitations.toUserId, me),
        eq(tableInvitations.status, 'pending'),
      ),
    )
    .returning({ id: tableInvitations.id });
  if (updated.length === 0)
    throw new AppError('friends/invitation_not_found', 404, MSG_FRIENDS.invitationNotFound);
}
