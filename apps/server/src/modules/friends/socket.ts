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
 * carries no name and no state, so a blocked or removed player learns nothing from it; the
 * friend list is read once at the connection and reused at the disconnect. Registered through
 * attachRealtime's `onAuthenticated` (server.ts), so only sockets under the session guard send it.
 * Failures are reported to `onError` and never affect the socket.
 */
export function registerFriendsSocket(
  socket: Socket,
  session: SocketSession,
  db: Db,
  hub: RealtimeHub,
  onError: (err: unknown) => void,
): void {
  const friends = friendIdsOf(db, session.userId);
  friends.then((ids) => announce(hub, ids, 'presence')).catch(onError);
  socket.on('disconnect', () => {
    friends.then((ids) => announce(hub, ids, 'presence')).catch(() => undefined);
  });
}
