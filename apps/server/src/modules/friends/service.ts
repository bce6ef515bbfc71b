import { and, eq, or } from 'drizzle-orm';
import { MSG_FRIENDS, SERVER_EVENTS } from '@domino/contracts';
import type {
  FriendActionResponse,
  FriendsChangedEvent,
  FriendsOverview,
  Presence,
} from '@domino/contracts';
import type { Db, Tx } from '../../db/client';
import { friendships, tableInvitations, userBlocks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RealtimeHub } from '../realtime/hub';
import {
  blockedBy,
  blocks,
  friendshipOf,
  friendshipsOf,
  lockPair,
  playerByUsername,
  privateTableOf,
  seatedPresence,
  toRequest,
  userById,
} from './repo';

/**
 * Friend requests, friendships and blocks (docs/decisions/024-friends-presence-invitations.md).
 * Every change between two players runs in one transaction holding the pair's advisory lock
 * (repo.ts `lockPair`), so requests, acceptances, removals, blocks and invitations of one pair are
 * serialised: two players asking each other at once become friends (the second request finds the
 * first and accepts it), and a block cannot be overtaken by a request or an invitation. The row is
 * unique per unordered pair (primary key `(user_low, user_high)`), so there is never a second row
 * whatever happens. Pushes (`friends:changed`) go out after the commit.
 *
 * Refusals (AppError, Spanish messages of MSG_FRIENDS): 404 `friends/user_not_found` (no active
 * player with that username), 404 `friends/player_not_found` (no such player id), 422
 * `friends/self`, 403 `friends/blocked` (either side blocked; it does not say which), 404
 * `friends/request_not_found`, 404 `friends/not_friends`, 404 `friends/not_blocked`.
 */

const notFound = (code: string, message: string) => new AppError(code, 404, message);

/** Pushes `friends:changed` to each user (after the commit). */
export function announce(hub: RealtimeHub, userIds: number[], kind: FriendsChangedEvent['kind']) {
  for (const id of userIds) hub.toUser(id, SERVER_EVENTS.friendsChanged, { kind });
}

/** A player who may take part in friendships: an active player account (not staff). */
function isPlayer(u: { rol: string; status: string } | undefined): boolean {
  return u !== undefined && u.rol === 'jugador' && u.status === 'activo';
}

/** Withdraws the pending invitations between two players, both ways (removal or block). */
async function withdrawInvitations(tx: Tx, a: number, b: number): Promise<void> {
  await tx
    .update(tableInvitations)
    .set({ status: 'withdrawn', respondedAt: new Date() })
    .where(
      and(
        eq(tableInvitations.status, 'pending'),
        or(
          and(eq(tableInvitations.fromUserId, a), eq(tableInvitations.toUserId, b)),
          and(eq(tableInvitations.fromUserId, b), eq(tableInvitations.toUserId, a)),
        ),
      ),
    );
}

/**
 * POST /api/friends/requests: `me` asks the player named `username` (lower-cased) to be friends.
 * Idempotent: asking again while pending answers `pending` with MSG_FRIENDS.alreadyRequested;
 * asking someone who already asked `me` accepts their request (`friends`); asking a friend answers
 * `friends` with alreadyFriends. Staff accounts and suspended players are "not found" like
 * unknown names, so the answer tells nothing about an account but that a player has that name.
 */
export async function requestFriend(
  db: Db,
  hub: RealtimeHub,
  me: number,
  username: string,
): Promise<FriendActionResponse> {
  const out = await db.transaction(async (tx) => {
    const target = await playerByUsername(tx, username);
    if (!target || !isPlayer(target))
      throw notFound('friends/user_not_found', MSG_FRIENDS.userNotFound);
    if (target.id === me) throw new AppError('friends/self', 422, MSG_FRIENDS.self);
    const { low, high } = await lockPair(tx, me, target.id);
    // The caller's own block is theirs to know; a block by the other player is never told
    // (decision 048): the request is stored and answered as usual, but the blocker is not told
    // and does not see it while the block lasts.
    if (await blocks(tx, me, target.id))
      throw new AppError('friends/blocked', 403, MSG_FRIENDS.blocked);
    const silenced = await blocks(tx, target.id, me);
    const row = await friendshipOf(tx, me, target.id);
    if (!row) {
      await tx.insert(friendships).values({ userLow: low, userHigh: high, requestedBy: me });
      return {
        other: target.id,
        result: silenced ? ('sent_unseen' as const) : ('requested' as const),
      };
    }
    if (row.status === 'accepted') return { other: target.id, result: 'already_friends' as const };
    if (row.requestedBy === me) return { other: target.id, result: 'already_requested' as const };
    await tx
      .update(friendships)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(and(eq(friendships.userLow, low), eq(friendships.userHigh, high)));
    return { other: target.id, result: 'accepted' as const };
  });
  switch (out.result) {
    case 'requested':
      announce(hub, [out.other], 'requests');
      return { status: 'pending', message: MSG_FRIENDS.requestSent };
    case 'sent_unseen':
      return { status: 'pending', message: MSG_FRIENDS.requestSent };
    case 'already_requested':
      return { status: 'pending', message: MSG_FRIENDS.alreadyRequested };
    case 'already_friends':
      return { status: 'friends', message: MSG_FRIENDS.alreadyFriends };
    case 'accepted':
      announce(hub, [me, out.other], 'friends');
      return { status: 'friends', message: MSG_FRIENDS.nowFriends };
  }
}

/**
 * Accepts the pending request `other` sent to `me`. Idempotent for a pair already friends.
 * Errors: 404 `friends/request_not_found` (no request from `other` to `me`: none, or `me` sent it).
 */
export async function acceptRequest(
  db: Db,
  hub: RealtimeHub,
  me: number,
  other: number,
): Promise<FriendActionResponse> {
  const changed = await db.transaction(async (tx) => {
    const { low, high } = await lockPair(tx, me, other);
    const row = await friendshipOf(tx, me, other);
    if (row?.status === 'accepted') return false;
    // A request from a player `me` blocked is hidden from `me` while the block lasts.
    if (!row || row.requestedBy !== other || (await blocks(tx, me, other)))
      throw notFound('friends/request_not_found', MSG_FRIENDS.requestNotFound);
    await tx
      .update(friendships)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(and(eq(friendships.userLow, low), eq(friendships.userHigh, high)));
    return true;
  });
  if (!changed) return { status: 'friends', message: MSG_FRIENDS.alreadyFriends };
  announce(hub, [me, other], 'friends');
  return { status: 'friends', message: MSG_FRIENDS.accepted };
}

/**
 * Deletes the pair's row when it matches `which` for `me`: an incoming pending request
 * (decline), an outgoing one (cancel) or an accepted friendship (remove; pending invitations
 * between the two are withdrawn). Errors: 404 with the matching code.
 */
async function dropLink(
  db: Db,
  hub: RealtimeHub,
  me: number,
  other: number,
  which: 'incoming' | 'outgoing' | 'friend',
): Promise<void> {
  await db.transaction(async (tx) => {
    const { low, high } = await lockPair(tx, me, other);
    const row = await friendshipOf(tx, me, other);
    const matches =
      row !== undefined &&
      (which === 'friend'
        ? row.status === 'accepted'
        : row.status === 'pending' && row.requestedBy === (which === 'incoming' ? other : me));
    if (!matches)
      throw which === 'friend'
        ? notFound('friends/not_friends', MSG_FRIENDS.notFriends)
        : notFound('friends/request_not_found', MSG_FRIENDS.requestNotFound);
    await tx
      .delete(friendships)
      .where(and(eq(friendships.userLow, low), eq(friendships.userHigh, high)));
    if (which === 'friend') await withdrawInvitations(tx, me, other);
  });
  announce(hub, [me, other], which === 'friend' ? 'friends' : 'requests');
}

/** Declines the pending request `other` sent to `me`. Errors: 404 `friends/request_not_found`. */
export async function declineRequest(
  db: Db,
  hub: RealtimeHub,
  me: number,
  other: number,
): Promise<FriendActionResponse> {
  await dropLink(db, hub, me, other, 'incoming');
  return { status: 'none', message: MSG_FRIENDS.declined };
}

/** Cancels the pending request `me` sent to `other`. Errors: 404 `friends/request_not_found`. */
export async function cancelRequest(
  db: Db,
  hub: RealtimeHub,
  me: number,
  other: number,
): Promise<FriendActionResponse> {
  await dropLink(db, hub, me, other, 'outgoing');
  return { status: 'none', message: MSG_FRIENDS.cancelled };
}

/** Ends the friendship of `me` and `other`. Errors: 404 `friends/not_friends`. */
export async function removeFriend(
  db: Db,
  hub: RealtimeHub,
  me: number,
  other: number,
): Promise<FriendActionResponse> {
  await dropLink(db, hub, me, other, 'friend');
  return { status: 'none', message: MSG_FRIENDS.removed };
}

/**
 * `me` blocks `other`: the block row (idempotent), the pair's friendship or request deleted and
 * their pending invitations withdrawn, in one transaction under the pair lock. `other` is told only
 * that their friends page changed. Errors: 422 `friends/self`, 404 `friends/player_not_found`.
 */
export async function blockUser(
  db: Db,
  hub: RealtimeHub,
  me: number,
  other: number,
): Promise<FriendActionResponse> {
  if (other === me) throw new AppError('friends/self', 422, MSG_FRIENDS.selfBlock);
  const hadLink = await db.transaction(async (tx) => {
    const target = await userById(tx, other);
    if (!target || target.rol !== 'jugador')
      throw notFound('friends/player_not_found', MSG_FRIENDS.playerNotFound);
    const { low, high } = await lockPair(tx, me, other);
    await tx.insert(userBlocks).values({ blockerId: me, blockedId: other }).onConflictDoNothing();
    const removed = await tx
      .delete(friendships)
      .where(and(eq(friendships.userLow, low), eq(friendships.userHigh, high)))
      .returning({ low: friendships.userLow });
    await withdrawInvitations(tx, me, other);
    return removed.length > 0;
  });
  announce(hub, hadLink ? [me, other] : [me], 'friends');
  return { status: 'blocked', message: MSG_FRIENDS.blockDone };
}

/** `me` lifts the block of `other` (no friendship comes back). Errors: 404 `friends/not_blocked`. */
export async function unblockUser(
  db: Db,
  hub: RealtimeHub,
  me: number,
  other: number,
): Promise<FriendActionResponse> {
  await db.transaction(async (tx) => {
    await lockPair(tx, me, other);
    const removed = await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, other)))
      .returning({ id: userBlocks.blockedId });
    if (removed.length === 0) throw notFound('friends/not_blocked', MSG_FRIENDS.notBlocked);
  });
  announce(hub, [me], 'friends');
  return { status: 'none', message: MSG_FRIENDS.unblocked };
}

/**
 * Each friend's presence (decision 024): `playing` (seated at a table whose match runs),
 * `waiting` (seated, no match yet), both read from the database whether or not they have a
 * socket; otherwise `online` when an authenticated socket of theirs is connected on any node
 * (RealtimeHub.onlineUsers), else `offline`.
 */
export async function presenceOf(
  db: Db,
  hub: RealtimeHub,
  userIds: readonly number[],
): Promise<Map<number, Presence>> {
  const [seated, online] = await Promise.all([
    seatedPresence(db, userIds),
    hub.onlineUsers(userIds),
  ]);
  const out = new Map<number, Presence>();
  for (const id of userIds) out.set(id, seated.get(id) ?? (online.has(id) ? 'online' : 'offline'));
  return out;
}

/**
 * GET /api/friends: the caller's username, friends with presence (playing first, then waiting,
 * online, offline; by name within each), incoming and outgoing requests, blocked players and the
 * private table "Invitar" sends to.
 */
export async function friendsOverview(
  db: Db,
  hub: RealtimeHub,
  me: number,
): Promise<FriendsOverview> {
  const [meRow, rows, blocked, table] = await Promise.all([
    userById(db, me),
    friendshipsOf(db, me),
    blockedBy(db, me),
    privateTableOf(db, me),
  ]);
  const accepted = rows.filter((r) => r.status === 'accepted');
  const presence = await presenceOf(
    db,
    hub,
    accepted.map((r) => r.user_id),
  );
  const order: Presence[] = ['playing', 'waiting', 'online', 'offline'];
  const friends = accepted
    .map((r) => ({
      user_id: r.user_id,
      name: r.name,
      username: r.username,
      presence: presence.get(r.user_id) ?? 'offline',
      since: (r.acceptedAt ?? r.createdAt).toISOString(),
    }))
    .sort((a, b) => order.indexOf(a.presence) - order.indexOf(b.presence));
  return {
    me: { username: meRow?.username ?? '' },
    friends,
    // Requests of players `me` blocked wait unseen until the block is lifted (decision 048).
    incoming: rows
      .filter(
        (r) =>
          r.status === 'pending' &&
          r.requestedBy !== me &&
          !blocked.some((b) => b.user_id === r.user_id),
      )
      .map(toRequest),
    outgoing: rows.filter((r) => r.status === 'pending' && r.requestedBy === me).map(toRequest),
    blocked,
    private_table: table ?? null,
  };
}
