import type { Socket } from 'socket.io';
import { CLIENT_EVENTS, MSG, MSG_REALTIME } from '@domino/contracts';
import type { SocketRefusal } from '@domino/contracts';

const KNOWN = new Set<string>(Object.values(CLIENT_EVENTS));

/**
 * The refusal of a client message that no handler of `socket` serves
 * (docs/decisions/048-strangers-and-acknowledgements.md): an event of this app that needs a
 * session, sent by an anonymous socket, is `auth/unauthenticated` (MSG.unauthenticated); any
 * other name is `realtime/unknown_event` (MSG_REALTIME.unknownEvent). Both Spanish.
 */
export function unservedRefusal(event: unknown, anonymous: boolean): SocketRefusal {
  if (anonymous && typeof event === 'string' && KNOWN.has(event))
    return { ok: false, code: 'auth/unauthenticated', message: MSG.unauthenticated };
  return { ok: false, code: 'realtime/unknown_event', message: MSG_REALTIME.unknownEvent };
}

/**
 * A Socket.IO middleware, added after every handler is registered: a packet whose event has a
 * listener on this socket goes on; any other is acknowledged at once with
 * {@link unservedRefusal} (when it carries an ack) and dropped. So every client message gets an
 * answer, and no client waits for its own timeout.
 */
export function answerUnserved(socket: Socket) {
  return (packet: unknown[], next: (err?: Error) => void): void => {
    const event = packet[0];
    if (typeof event === 'string' && socket.listeners(event).length > 0) return next();
    const ack = packet[packet.length - 1];
    const anonymous = (socket.data as { userId?: number | null }).userId == null;
    if (typeof ack === 'function') (ack as (r: unknown) => void)(unservedRefusal(event, anonymous));
  };
}
