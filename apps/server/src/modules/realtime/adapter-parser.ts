import * as msgpack from 'notepack.io';
import { attachedEventJson } from './preserialised';

/**
 * The message parser of the Redis adapter (its `parser` option;
 * docs/decisions/076-cheaper-adapter-messages.md).
 *
 * The adapter (`@socket.io/redis-adapter`) publishes every broadcast to Redis as
 * `parser.encode([uid, packet, opts])` (`uid`: the sending adapter's random id) and, since it
 * subscribes to every room channel of its namespace, receives its own messages back and decodes
 * each one whole before it sees the uid and drops it. Its default parser is MessagePack
 * (notepack.io). For the player views of a move, which already carry their JSON text
 * (preserialised.ts), that meant walking each view a second time to encode it and a third time
 * to decode it on the node that sent it: about a fifth of the server's CPU per move with Redis
 * (docs/performance.md "The adapter's cost").
 *
 * Every message stays MessagePack, readable by a node on the default parser. Two changes:
 *
 * - A broadcast whose packet is `{type, data: [event, payload], nsp}` with a payload that carries
 *   its JSON text is encoded with that text as a MessagePack string in the payload's place and
 *   the packet marked `json: 1` (a string is copied, not walked). A node with this parser puts
 *   the parsed object back; a node on the default parser would pass the string on to its
 *   sockets, which the clients ignore (they validate every view), without failing.
 * - Reading, a broadcast of this parser's own adapters (its uid, learned from the messages it
 *   encoded, read from the message's first bytes) is answered `[uid]` without decoding the rest:
 *   the adapter drops it on the uid alone.
 *
 * One parser per Socket.IO server (`adapterParser()`), never shared between servers: two servers
 * in one process (the tests' two nodes) must each read the other's messages.
 */
export interface AdapterParser {
  encode(value: unknown): unknown;
  decode(message: unknown): unknown;
}

/** MessagePack: a fixarray of three elements, and a fixstr of 0 to 31 bytes. */
const FIXARRAY_3 = 0x93;
const FIXSTR = 0xa0;
const FIXSTR_MAX = 0xbf;

/** The parser for one Socket.IO server's Redis adapter. */
export function adapterParser(): AdapterParser {
  const own = new Set<string>();
  return {
    encode(value: unknown): unknown {
      if (Array.isArray(value) && value.length === 3 && typeof value[0] === 'string') {
        own.add(value[0]);
        const packet = withJsonText(value[1]);
        if (packet) return msgpack.encode([value[0], packet, value[2]]);
      }
      return msgpack.encode(value);
    },
    decode(message: unknown): unknown {
      const uid = uidOf(message);
      if (uid !== undefined && own.has(uid)) return [uid];
      const value: unknown = msgpack.decode(message);
      if (Array.isArray(value) && value.length === 3) {
        const packet = value[1] as { json?: unknown; data?: unknown[] } | null;
        if (packet && packet.json === 1 && Array.isArray(packet.data)) {
          delete packet.json;
          packet.data[1] = JSON.parse(packet.data[1] as string);
        }
      }
      return value;
    },
  };
}

/**
 * The packet with its payload as its JSON text and `json: 1`, when it is exactly
 * `{type, data: [event, payload], nsp}` and the payload carries its text; otherwise undefined.
 */
function withJsonText(packet: unknown): Record<string, unknown> | undefined {
  if (!packet || typeof packet !== 'object') return undefined;
  const p = packet as Record<string, unknown>;
  let keys = 0;
  for (const k in p) {
    if (k !== 'type' && k !== 'data' && k !== 'nsp') return undefined;
    keys += 1;
  }
  const text = keys === 3 ? attachedEventJson(p.data) : undefined;
  if (text === undefined) return undefined;
  return { type: p.type, data: [(p.data as unknown[])[0], text], nsp: p.nsp, json: 1 };
}

/** The sender's uid of a broadcast (`[uid, packet, opts]`) from its first bytes, if it is one. */
function uidOf(message: unknown): string | undefined {
  if (!Buffer.isBuffer(message) || message.length < 2 || message[0] !== FIXARRAY_3)
    return undefined;
  const head = message[1]!;
  if (head < FIXSTR || head > FIXSTR_MAX) return undefined;
  const end = 2 + (head - FIXSTR);
  return end <= message.length ? message.toString('utf8', 2, end) : undefined;
}
