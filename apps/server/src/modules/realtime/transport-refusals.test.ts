import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { MSG_REALTIME } from '@domino/contracts';
import type { RunningServer } from '../../server';
import { startMemoryServer } from '../../test/memory-server';
import { isSpanish } from '../../test/spanish';
import { Encoder, PacketType } from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';
import { attachJson } from './preserialised';
import { UNKNOWN_NAMESPACE_CODE, spanishParser } from './transport-refusals';

/**
 * The real-time transport's own refusals reach a client in Spanish (decision 014): a malformed
 * `/socket.io/` request (Engine.IO) and a connection to a namespace the server does not serve.
 */
describe('real-time transport refusals', () => {
  let server: RunningServer;
  let base: string;

  beforeAll(async () => {
    ({ server, base } = await startMemoryServer('admin@transport.local'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['an unknown transport', '/socket.io/?EIO=4&transport=nope', MSG_REALTIME.unknownTransport],
    [
      'an unknown session id',
      '/socket.io/?EIO=4&transport=polling&sid=no-existe',
      MSG_REALTIME.unknownSession,
    ],
    [
      'an old protocol version',
      '/socket.io/?EIO=2&transport=polling',
      MSG_REALTIME.unsupportedProtocol,
    ],
  ])('answers %s in Spanish', async (_name, path, message) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe(message);
    expect(isSpanish(body.message)).toBe(true);
  });

  it('refuses a namespace it does not serve in Spanish, without creating it', async () => {
    const socket = connect(`${base}/admin`, { transports: ['websocket'], reconnection: false });
    const err = await new Promise<Error & { data?: { code?: string } }>((resolve) => {
      socket.once('connect_error', resolve);
    });
    socket.disconnect();
    expect(err.message).toBe(MSG_REALTIME.unknownNamespace);
    expect(err.data).toEqual({ code: UNKNOWN_NAMESPACE_CODE });
    expect((server.io as unknown as { _nsps: Map<string, unknown> })._nsps.has('/admin')).toBe(
      false,
    );
  });
});

/**
 * The encoder skips Socket.IO's search for binary parts in events and acks (decision 035): what it
 * writes must stay byte for byte what the standard encoder writes for the JSON the app sends.
 */
describe('the packet encoder', () => {
  it('encodes events and acks exactly as the standard parser does', () => {
    const ours = new spanishParser.Encoder();
    const standard = new Encoder();
    const packets: Packet[] = [
      { type: PacketType.EVENT, nsp: '/', data: ['game:view', { version: 3, hand: [[6, 6]] }] },
      { type: PacketType.EVENT, nsp: '/', data: ['balance:updated', { balance: 'Bs. 1,00' }] },
      { type: PacketType.ACK, nsp: '/', id: 12, data: [{ ok: true, version: 4 }] },
      { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } },
    ];
    for (const p of packets) expect(ours.encode(p)).toEqual(standard.encode(p));
  });

  it('writes a payload’s attached JSON text as is, and serialises a copy of it whole', () => {
    const ours = new spanishParser.Encoder();
    const standard = new Encoder();
    const view = { version: 3, hand: [[6, 6]], name: 'Año "ñ"' };
    const withText = attachJson({ ...view }, JSON.stringify(view));
    const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['game:view', withText] };
    expect(ours.encode(packet)).toEqual(standard.encode(packet));
    // The text is what is written: a different text shows it was used.
    const marked = attachJson({ ...view }, '{"marked":true}');
    expect(ours.encode({ type: PacketType.EVENT, nsp: '/', data: ['game:view', marked] })).toEqual([
      '2["game:view",{"marked":true}]',
    ]);
    // A copy (as the Redis adapter sends to other nodes) has no text and is serialised whole.
    expect(JSON.stringify(marked)).toBe(JSON.stringify(view));
    const copy = { ...marked };
    expect(ours.encode({ type: PacketType.EVENT, nsp: '/', data: ['game:view', copy] })).toEqual(
      standard.encode({ type: PacketType.EVENT, nsp: '/', data: ['game:view', view] }),
    );
  });

  it('writes an acknowledgement’s attached JSON text as is (a move’s ack with its view)', () => {
    const ours = new spanishParser.Encoder();
    const standard = new Encoder();
    const reply = { ok: true, version: 4, view: { version: 4, hand: [[6, 6]], name: 'Año "ñ"' } };
    for (const nsp of ['/', '/otro']) {
      const withText = attachJson({ ...reply }, JSON.stringify(reply));
      const packet: Packet = { type: PacketType.ACK, nsp, id: 12, data: [withText] };
      expect(ours.encode(packet)).toEqual(standard.encode(packet));
    }
    const marked = attachJson({ ...reply }, '{"marked":true}');
    expect(ours.encode({ type: PacketType.ACK, nsp: '/', id: 7, data: [marked] })).toEqual([
      '37[{"marked":true}]',
    ]);
    // Two arguments, or an event with an id, are serialised whole as the parser does.
    const two: Packet = { type: PacketType.ACK, nsp: '/', id: 7, data: [marked, 1] };
    expect(ours.encode(two)).toEqual(standard.encode(two));
  });
});
