import * as msgpack from 'notepack.io';
import { describe, expect, it } from 'vitest';
import { adapterParser } from './adapter-parser';
import { attachJson } from './preserialised';

/** A player view as the broadcast attaches it: an object with its exact JSON text. */
function attachedView(): Record<string, unknown> {
  const view = {
    game_id: '0b6f6c2e-6f4e-4d1a-9f3a-1c2d3e4f5a6b',
    version: 41,
    hand: [
      [6, 6],
      [0, 3],
    ],
    seats: [{ seat: 0, name: 'José Peña', is_bot: false, rating: null }],
    turn_deadline: '2026-11-30T20:00:00.000Z',
    result: null,
    note: 'comillas " y barra \\ y salto\n',
  };
  return attachJson(view, JSON.stringify(view));
}

const opts = { rooms: ['user:7'], except: ['sock-1'], flags: {} };

describe('the Redis adapter parser (decision 076)', () => {
  it('sends a view that carries its JSON text as that text, and another node reads back what MessagePack would give', () => {
    const sender = adapterParser();
    const receiver = adapterParser();
    const view = attachedView();
    const message = ['Ab3-_z', { type: 2, data: ['game:view', view], nsp: '/' }, opts] as const;
    const wire = sender.encode(message) as Buffer;
    // Still MessagePack: the view travels as its text, the packet marked.
    expect(msgpack.decode(wire)).toEqual([
      'Ab3-_z',
      { type: 2, data: ['game:view', JSON.stringify(view)], nsp: '/', json: 1 },
      opts,
    ]);
    expect(receiver.decode(wire)).toEqual(msgpack.decode(msgpack.encode(message)));
    expect(receiver.decode(wire)).toEqual(JSON.parse(JSON.stringify(message)));
  });

  it("drops its own adapters' messages on the uid alone, and reads everyone else's whole", () => {
    const node = adapterParser();
    const other = adapterParser();
    const view = ['game:view', attachedView()];
    const balance = ['balance:updated', { balance: '12,50' }];
    for (const data of [view, balance]) {
      const mine = node.encode(['mine01', { type: 2, data, nsp: '/' }, opts]);
      const theirs = other.encode(['their1', { type: 2, data, nsp: '/' }, opts]);
      expect(node.decode(mine)).toEqual(['mine01']);
      expect(other.decode(theirs)).toEqual(['their1']);
      const read = JSON.parse(JSON.stringify(['x', { type: 2, data, nsp: '/' }, opts]));
      expect(node.decode(theirs)).toEqual(['their1', ...read.slice(1)]);
      expect(other.decode(mine)).toEqual(['mine01', ...read.slice(1)]);
    }
  });

  it('keeps MessagePack, byte for byte, for everything else, and reads the default parser', () => {
    const parser = adapterParser();
    const plain = [
      'u1u1u1',
      { type: 2, data: ['balance:updated', { balance: '12,50' }], nsp: '/' },
      opts,
    ];
    const withAck = [
      'u1u1u1',
      { type: 2, data: ['game:view', attachedView()], nsp: '/', id: 3 },
      opts,
    ];
    const twoArgs = ['u1u1u1', { type: 2, data: ['x', attachedView(), 1], nsp: '/' }, opts];
    const request = {
      uid: 'u1u1u1',
      requestId: 'r',
      type: 3,
      opts: { rooms: ['game:1'], except: [] },
    };
    for (const value of [plain, withAck, twoArgs, request]) {
      const wire = parser.encode(value);
      expect(Buffer.compare(wire as Buffer, msgpack.encode(value) as Buffer)).toBe(0);
      expect(adapterParser().decode(wire)).toEqual(msgpack.decode(msgpack.encode(value)));
    }
    // A node on the default parser: its messages read the same.
    expect(adapterParser().decode(msgpack.encode(plain))).toEqual(plain);
  });
});
