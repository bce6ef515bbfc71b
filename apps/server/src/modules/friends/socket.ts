import type { Socket } from 'socket.io';
import type { Executor } from '../../db/client';
import { CoalescedLookup } from '../../lib/coalesce';
import type { RealtimeHub } from '../realtime/hub';
import type { SocketSession } from '../realtime/session-guard';
import { friendIdsOfMany } from './repo';
import { announce } from './service';

/** Reads a user's accepted friends' ids (a fresh read each call). */
export type FriendIdsReader = (userId: number) => Promise<number[]>;

/**
 * One node's friend-list reader for the sockets' presence hints: the reads of every socket that
 * connects or disconnects meanwhile are coalesced (lib/coalesce.ts) into one query at a time,
 * each answered by a read that started after it was asked (decision 067 addendum "Cheaper
 * connections": a node taking a lost node's players reads their friends in a few queries).
 */
export function friendIdsReader(db: Executor): FriendIdsReader {
  const lookup = new CoalescedLookup<number, number[]>((ids) => friendIdsOfMany(db, ids), []);
  return (userId) => lookup.get(userId);
}

/**
 * Live presence hints (docs/decisions/024): when an authenticated socket connects or disconnects,
 * the user's accepted friends get `friends:changed {kind: 'presence'}` in their user rooms (any
 * node, Redis adapter) and refetch GET /api/friends, which computes presence afresh. The hint
 * carries no name and no state, and goes only to those who are friends at that moment: the
 * friend list is read at the connection and again at the disconnect (`friendIds`, a read that
 * starts after the event), so a player blocked or removed in between hears nothing (decision
 * 048). Registered through attachRealtime's `onAuthenticated` (friends/module.ts, attached by
 * server.ts), so only sockets under the session guard send it. Failures are reported to
 * `onError` and never affect the socket.
 */
export function registerFriendsSocket(
  socket: Socket,
  session: SocketSession,
  friendIds: FriendIdsReader,
  hub: RealtimeHub,
  onError: (err: unknown) => void,
): void {
  friendIds(session.userId)
    .then((ids) => announce(hub, ids, 'presence'))
    .catch(onError);
  socket.on('disconnect', () => {
    // Read again: a friendship that ended (a block, a removal) since the connection no longer
    // hears this player's presence (decision 048).
    friendIds(session.userId)
      .then((ids) => announce(hub, ids, 'presence'))
      .catch(() => undefined);
  });
}
