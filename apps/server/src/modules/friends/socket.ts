import type { Socket } from 'socket.io';
import type { Db } from '../../db/client';
import type { RealtimeHub } from '../realtime/hub';
import type { SocketSession } from '../realtime/session-guard';
import { friendIdsOf } from './repo';
import { announce } from './service';

/**
 * Live presence hints (docs/decisions/024): when an authenticated socket connects or disconnects,
 * the user's accepted friends get `friends:changed {kind: 'presence'}` in their user rooms (any
 * node, Redis adapter) and refetch GET /api/friends, which computes presence afresh. The hint
 * carries no name and no state, and goes only to those who are friends at that moment: the
 * friend list is read at the connection and again at the disconnect, so a player blocked or
 * removed in between hears nothing (decision 048). Registered through
 * attachRealtime's `onAuthenticated` (friends/module.ts, attached by server.ts), so only sockets under the session guard send it.
 * Failures are reported to `onError` and never affect the socket.
 */
export function registerFriendsSocket(
  socket: Socket,
  session: SocketSession,
  db: Db,
  hub: RealtimeHub,
  onError: (err: unknown) => void,
): void {
  friendIdsOf(db, session.userId)
    .then((ids) => announce(hub, ids, 'presence'))
    .catch(onError);
  socket.on('disconnect', () => {
    // Read again: a friendship that ended (a block, a removal) since the connection no longer
    // hears this player's presence (decision 048).
    friendIdsOf(db, session.userId)
      .then((ids) => announce(hub, ids, 'presence'))
      .catch(() => undefined);
  });
}
