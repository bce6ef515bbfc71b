import type { Socket } from 'socket.io';
import { CLIENT_EVENTS, MSG_PUSH, visibilityEventSchema } from '@domino/contracts';
import type { SocketData, SocketSession } from '../realtime/session-guard';

/**
 * `client:visibility {visible}` of an authenticated socket (docs/decisions/025): the tab says
 * whether it is on screen, on every connection and on every change, and the socket's data keeps
 * it, where RealtimeHub.anySocketVisible reads it from any node. Registered through
 * attachRealtime's `onAuthenticated` (push/module.ts, attached by server.ts), so the SessionGuard refuses it once the session
 * is over like every other event. Acks `{ok: true}`, or `{ok: false, code, message}` (Spanish)
 * for a payload that is not `{visible: boolean}`, which changes nothing.
 */
export function registerPushSocket(socket: Socket, _session: SocketSession): void {
  socket.on(CLIENT_EVENTS.visibility, (payload: unknown, ack?: (reply: unknown) => void) => {
    const parsed = visibilityEventSchema.safeParse(payload);
    if (!parsed.success) {
      if (typeof ack === 'function')
        ack({ ok: false, code: 'push/invalid_visibility', message: MSG_PUSH.visibilityInvalid });
      return;
    }
    (socket.data as SocketData).visible = parsed.data.visible;
    if (typeof ack === 'function') ack({ ok: true });
  });
}
