import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@domino/contracts';
import type { RunningServer } from '../../server';
import { startMemoryServer } from '../../test/memory-server';
import { ask, openSocket, roundTrip } from '../../test/sockets';
import type { TestSocket } from '../../test/sockets';

/**
 * The public `tables` channel (docs/product.md §7, UserJoinedTable) reaches only the sockets that
 * asked for it with `tables:watch`, until `tables:unwatch` (decision 035): a player in a game is
 * not sent every table change of the site.
 */
describe('the tables channel', () => {
  let server: RunningServer;
  let base: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    ({ server, base } = await startMemoryServer('admin@channel.local'));
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await server?.close();
  });

  const heard = (s: TestSocket) =>
    s.received.filter((r) => r.event === SERVER_EVENTS.userJoinedTable).map((r) => r.payload);
  /** Publishes a table change, then a round trip on every socket: whatever it sent has come. */
  async function publish(tableId: number) {
    server.app.deps.hub.toTables(SERVER_EVENTS.userJoinedTable, { table_id: tableId });
    await Promise.all(sockets.map((s) => roundTrip(s.socket)));
  }

  it('sends table changes only to the sockets watching the list', async () => {
    const [lobby, player] = [await openSocket(base), await openSocket(base)];
    sockets.push(lobby, player);
    expect(await ask(lobby.socket, CLIENT_EVENTS.watchTables, {})).toEqual({ ok: true });
    await publish(1);
    expect(heard(lobby)).toEqual([{ table_id: 1 }]);
    expect(heard(player)).toEqual([]);

    expect(await ask(lobby.socket, CLIENT_EVENTS.unwatchTables, {})).toEqual({ ok: true });
    expect(await ask(player.socket, CLIENT_EVENTS.watchTables, undefined)).toEqual({ ok: true });
    await publish(2);
    expect(heard(lobby)).toEqual([{ table_id: 1 }]);
    expect(heard(player)).toEqual([{ table_id: 2 }]);
  });
});
