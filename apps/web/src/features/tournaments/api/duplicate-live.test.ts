import { describe, expect, it, vi } from 'vitest';
import { SERVER_EVENTS } from '@domino/contracts';
import {
  type FakeSocket,
  fakeSocketIo,
  freshSocketEachTest,
  signedInSession,
} from '../../../test/fake-socket';

/**
 * The duplicate set page's live channel (`watchDuplicate`, docs/decisions/062-duplicate-domino.md,
 * addendum "A board compared, live"; the reconnection rule of docs/decisions/064-blip-resync.md)
 * against a fake socket: `duplicate:compared` of this set asks for a refetch, another set's or a
 * malformed one does not; a reconnection refetches (a push missed meanwhile is not replayed); the
 * live flag follows the connection (it sets how often the page polls).
 */

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => fakeSocketIo(sockets));
vi.mock('../../../lib/session', () => signedInSession());

freshSocketEachTest(sockets);

describe('the duplicate set page, live', () => {
  it('refetches on its own set being compared and after a reconnection, and nothing else', async () => {
    const { watchDuplicate } = await import('./tournaments');
    let refetches = 0;
    const live: boolean[] = [];
    const close = watchDuplicate(
      12,
      () => (refetches += 1),
      (l) => live.push(l),
    );
    const socket = sockets[0]!;
    socket.serverConnects();
    expect(live).toEqual([true]);
    expect(refetches).toBe(0);

    socket.fire(SERVER_EVENTS.duplicateCompared, { set_id: 12, boards_compared: 1 });
    expect(refetches).toBe(1);
    // Another set's board, or a payload that does not parse: not this page's news.
    socket.fire(SERVER_EVENTS.duplicateCompared, { set_id: 13, boards_compared: 1 });
    socket.fire(SERVER_EVENTS.duplicateCompared, { set_id: 12 });
    expect(refetches).toBe(1);

    // A blip: down, then back with the same identity; what was missed is read again.
    socket.drops();
    expect(live).toEqual([true, false]);
    socket.serverConnects();
    expect(live).toEqual([true, false, true]);
    expect(refetches).toBe(2);

    close();
    socket.fire(SERVER_EVENTS.duplicateCompared, { set_id: 12, boards_compared: 2 });
    expect(refetches).toBe(2);
  });
});
