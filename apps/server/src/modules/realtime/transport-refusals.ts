import type { Server } from 'socket.io';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';
import { MSG_REALTIME } from '@domino/contracts';
import { attachedEventJson, attachedJson } from './preserialised';

/**
 * Spanish for the refusals the real-time transport writes by itself (docs/decisions/014: no English
 * reaches a client). Engine.IO answers a bad `/socket.io/` request with `{code, message}` where
 * `code` is its protocol number (0-5, which its clients read) and `message` is English; Socket.IO
 * answers a connection to a namespace we do not serve with a `connect_error` "Invalid namespace".
 * The first comes from Engine.IO's public `errorMessages` table, the second is rewritten by the
 * packet encoder we give Socket.IO (its `parser` option), so no namespace is ever created for it.
 */
export const ENGINE_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  0: MSG_REALTIME.unknownTransport,
  1: MSG_REALTIME.unknownSession,
  2: MSG_REALTIME.badHandshake,
  3: MSG_REALTIME.badRequest,
  4: MSG_REALTIME.forbidden,
  5: MSG_REALTIME.unsupportedProtocol,
};

/** The code a client reads in `connect_error.data.code` for a namespace we do not serve. */
export const UNKNOWN_NAMESPACE_CODE = 'socket/unknown_namespace';

/**
 * Socket.IO's own packet encoder, with its "Invalid namespace" refusal in Spanish and without the
 * search for binary attachments (see encode).
 */
class SpanishRefusalEncoder extends Encoder {
  override encode(packet: Packet): ReturnType<Encoder['encode']> {
    const data = packet.data as { message?: unknown } | undefined;
    if (packet.type === PacketType.CONNECT_ERROR && data?.message === 'Invalid namespace') {
      return super.encode({
        ...packet,
        data: { message: MSG_REALTIME.unknownNamespace, data: { code: UNKNOWN_NAMESPACE_CODE } },
      });
    }
    // Events and acks: the app only ever sends JSON (the contracts' payloads), never binary, so
    // the parser's search of every payload for binary parts (a walk over the whole object, 1-2%
    // of the server's CPU per move: decision 035) is skipped. Same wire format.
    if (packet.type === PacketType.EVENT || packet.type === PacketType.ACK) {
      // A payload that carries its JSON text (preserialised.ts: the player views of a move) is
      // written as is: `<type>[<event>,<payload>]`, what the parser would write for it.
      const data = packet.data as unknown[] | undefined;
      const nsp = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : '';
      if (packet.type === PacketType.EVENT) {
        const text = attachedEventJson(data);
        if (text !== undefined && packet.id === undefined) {
          return [`${packet.type}${nsp}[${JSON.stringify(data![0])},${text}]`];
        }
      } else {
        // An acknowledgement with one argument that carries its text (a move's ack with the
        // mover's view, decision 068): `<type><id>[<reply>]`, again the parser's own format.
        const text = Array.isArray(data) && data.length === 1 ? attachedJson(data[0]) : undefined;
        if (text !== undefined && packet.id !== undefined) {
          return [`${packet.type}${nsp}${packet.id}[${text}]`];
        }
      }
      return [(this as unknown as StringEncoder).encodeAsString(packet)];
    }
    return super.encode(packet);
  }
}

/** The parser's own string encoding of a packet (a private method of its Encoder). */
interface StringEncoder {
  encodeAsString(packet: Packet): string;
}

/** The `parser` option for `new Server(...)`: the standard parser with Spanish refusals. */
export const spanishParser = { Encoder: SpanishRefusalEncoder, Decoder };

/** Puts Engine.IO's refusal messages of `io` in Spanish (a process-wide table, set idempotently). */
export function spanishEngineRefusals(io: Server): void {
  const engineClass = io.engine.constructor as unknown as {
    errorMessages: Record<number, string>;
  };
  Object.assign(engineClass.errorMessages, ENGINE_ERROR_MESSAGES);
}
