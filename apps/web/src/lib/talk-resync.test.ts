import { describe, expect, it, vi } from 'vitest';
import { SERVER_EVENTS, type TalkMessage, type TalkState } from '@domino/contracts';
import {
  type FakeSocket,
  fakeSocketIo,
  freshSocketEachTest,
  signedInSession,
} from '../test/fake-socket';

/**
 * The talk channel after a blip (lib/talk.ts `openTalkChannel`, docs/decisions/064-blip-resync.md)
 * against a fake socket: after a reconnection it reads every message after the last one it held,
 * page after page, and the panel's merge shows them once and in order, whatever pushes arrive
 * around the catch-up.
 */

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => fakeSocketIo(sockets));
vi.mock('./session', () => signedInSession());

const TABLE = 7;
const msg = (id: number, userId = 2): TalkMessage => ({
  id,
  table_id: TABLE,
  kind: 'phrase',
  ref: 'hola',
  body: '¡Hola!',
  from: { user_id: userId, name: 'Ana P.', seat: 1 },
  at: new Date(id * 1000).toISOString(),
});
const page = (ids: number[], more: boolean): TalkState => ({
  table_id: TABLE,
  moment: 'hand',
  can_talk: true,
  free_text: false,
  phrases: ['hola'],
  banned_until: null,
  messages: ids.map((id) => msg(id)),
  muted: [],
  more,
});

freshSocketEachTest(sockets);

describe('the talk channel after a reconnection', () => {
  it('reads every message after the last one held, page after page, and the merge shows each once, in order', async () => {
    const { openTalkChannel, mergeMessages } = await import('./talk');
    // The server's talk while the socket was away: 4..8, in pages of three.
    const server = new Map<number, TalkState>([
      [3, page([4, 5, 6], true)],
      [6, page([5, 6, 7, 8], false)], // the next page starts with the overlap (decision 064)
    ]);
    const asked: number[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const fetchPage = async (since: number) => {
      asked.push(since);
      if (since === 6) await gate; // a push arrives while the second page is on its way
      const answer = server.get(since);
      if (!answer) throw new Error(`unexpected cursor ${since}`);
      return answer;
    };
    let log: TalkMessage[] = [];
    let reconnects = 0;
    const ch = openTalkChannel(
      TABLE,
      {
        onMessages: (messages) => (log = mergeMessages(log, messages, [])),
        onReconnect: () => (reconnects += 1),
      },
      fetchPage,
    );
    const socket = sockets[0]!;
    socket.serverConnects();
    // The HTTP read gave 1 and 2; message 3 was pushed; another table's push is not ours.
    ch.seen([msg(1), msg(2)]);
    log = mergeMessages(log, [msg(1), msg(2)], []);
    socket.fire(SERVER_EVENTS.talkMessage, msg(3));
    socket.fire(SERVER_EVENTS.talkMessage, { ...msg(99), table_id: TABLE + 1 });
    socket.fire(SERVER_EVENTS.talkMessage, { nonsense: true });
    expect(log.map((m) => m.id)).toEqual([1, 2, 3]);

    // The blip: nothing is asked while the socket is away, and a connection is not a catch-up
    // until it is a reconnection.
    socket.drops();
    expect(asked).toEqual([]);
    socket.serverConnects();
    expect(reconnects).toBe(1);
    await vi.waitFor(() => expect(asked).toEqual([3, 6]));
    // Message 7 is pushed live while the page that also holds it is on its way.
    socket.fire(SERVER_EVENTS.talkMessage, msg(7));
    release();
    await vi.waitFor(() => expect(log.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]));
    // A later push of a message already caught up changes nothing.
    socket.fire(SERVER_EVENTS.talkMessage, msg(8));
    expect(log.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    // Another blip: the cursor is now the newest message held.
    server.set(8, page([9], false));
    socket.drops();
    socket.serverConnects();
    await vi.waitFor(() => expect(log.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(asked).toEqual([3, 6, 8]);

    // Closed: no listener left, no catch-up after a later reconnection.
    ch.close();
    socket.drops();
    socket.serverConnects();
    socket.fire(SERVER_EVENTS.talkMessage, msg(10));
    expect(asked).toEqual([3, 6, 8]);
    expect(log.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('without a message held, leaves the read to the panel; a failed page waits for the next reconnection', async () => {
    const { openTalkChannel } = await import('./talk');
    const asked: number[] = [];
    let fail = true;
    const got: number[] = [];
    let reconnects = 0;
    const ch = openTalkChannel(
      TABLE,
      {
        onMessages: (messages) => got.push(...messages.map((m) => m.id)),
        onReconnect: () => (reconnects += 1),
      },
      async (since) => {
        asked.push(since);
        if (fail) throw new Error('offline');
        return page([since + 1], false);
      },
    );
    const socket = sockets[0]!;
    socket.serverConnects();
    socket.drops();
    socket.serverConnects();
    expect(reconnects).toBe(1);
    expect(asked).toEqual([]);

    socket.fire(SERVER_EVENTS.talkMessage, msg(4));
    socket.drops();
    socket.serverConnects();
    await vi.waitFor(() => expect(asked).toEqual([4]));
    fail = false;
    socket.drops();
    socket.serverConnects();
    await vi.waitFor(() => expect(got).toEqual([4, 5]));
    expect(asked).toEqual([4, 4]);
    ch.close();
  });
});
