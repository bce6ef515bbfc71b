import { describe, expect, it, vi } from 'vitest';
import { SERVER_EVENTS } from '@domino/contracts';
import { RealtimeHub } from '../realtime/hub';
import { ROOMS } from '../realtime/rooms';
import {
  SPECTATOR_COUNT_NODE_EVENT,
  SPECTATOR_RECOUNT_MS,
  listenForSpectatorCounts,
  refreshSpectatorCount,
  spectatorCount,
  spectatorCountForMove,
} from './spectators';

/**
 * When a node counts a match's watchers (docs/decisions/077-spectator-count-learnt.md): on a
 * start or stop of watching, told to the rooms and the other nodes; on the move path only when
 * what the node knows is older than SPECTATOR_RECOUNT_MS; and what other nodes tell is learnt.
 */

/** A hub whose adapter answers `usersIn` from `watchers` and records what it sends. */
function fakeHub(watchers: () => number[]) {
  const hub = new RealtimeHub();
  const usersIn = vi.fn(async (_room: string) => watchers());
  const toRoom = vi.fn();
  const toNodes = vi.fn();
  const listeners = new Map<string, (payload: unknown) => void>();
  hub.usersIn = usersIn;
  hub.toRoom = toRoom;
  hub.toNodes = toNodes;
  hub.onNodes = (event, handler) => void listeners.set(event, handler);
  return {
    hub,
    usersIn,
    toRoom,
    toNodes,
    fromNode: (p: unknown) => listeners.get(SPECTATOR_COUNT_NODE_EVENT)?.(p),
  };
}

describe('spectator count', () => {
  it('counts on the move path only when what the node knows is older than the recount interval', async () => {
    let watchers = [7];
    const { hub, usersIn } = fakeHub(() => watchers);
    const t0 = Date.now();
    expect(await spectatorCountForMove(hub, 'g1', t0)).toBe(1); // never learnt: counted
    expect(usersIn).toHaveBeenCalledTimes(1);
    expect(usersIn).toHaveBeenCalledWith(ROOMS.watch('g1'));
    watchers = [7, 8];
    // Within the interval every move takes the learnt count, without asking the nodes.
    for (let i = 0; i < 50; i++) expect(await spectatorCountForMove(hub, 'g1', t0 + 1_000)).toBe(1);
    expect(usersIn).toHaveBeenCalledTimes(1);
    // Past it, the next move counts again. The count was learnt at the clock's time of its answer,
    // which a loaded machine may put well after t0: "past" is measured from now.
    expect(await spectatorCountForMove(hub, 'g1', Date.now() + SPECTATOR_RECOUNT_MS)).toBe(2);
    expect(usersIn).toHaveBeenCalledTimes(2);
    expect(spectatorCount(hub, 'g1')).toBe(2);
  });

  it('tells the rooms and every other node when someone starts or stops watching', async () => {
    const { hub, toRoom, toNodes } = fakeHub(() => [1, 2]);
    expect(await refreshSpectatorCount(hub, 'g2', true)).toBe(2);
    const event = { game_id: 'g2', count: 2 };
    expect(toRoom).toHaveBeenCalledWith(ROOMS.game('g2'), SERVER_EVENTS.gameSpectators, event);
    expect(toRoom).toHaveBeenCalledWith(ROOMS.watch('g2'), SERVER_EVENTS.gameSpectators, event);
    expect(toNodes).toHaveBeenCalledWith(SPECTATOR_COUNT_NODE_EVENT, event);
    // A recount that finds the same count tells nobody.
    toRoom.mockClear();
    toNodes.mockClear();
    expect(await refreshSpectatorCount(hub, 'g2')).toBe(2);
    expect(toRoom).not.toHaveBeenCalled();
    expect(toNodes).not.toHaveBeenCalled();
  });

  it('learns what other nodes counted, and the move path then uses it without asking', async () => {
    const { hub, usersIn, fromNode } = fakeHub(() => []);
    listenForSpectatorCounts(hub);
    expect(await spectatorCountForMove(hub, 'g3')).toBe(0);
    expect(usersIn).toHaveBeenCalledTimes(1);
    fromNode({ game_id: 'g3', count: 3 });
    expect(spectatorCount(hub, 'g3')).toBe(3);
    expect(await spectatorCountForMove(hub, 'g3')).toBe(3);
    expect(usersIn).toHaveBeenCalledTimes(1);
    // Malformed messages change nothing.
    for (const bad of [
      null,
      'x',
      { game_id: 'g3' },
      { game_id: 'g3', count: -1 },
      { game_id: 5, count: 1 },
      { game_id: 'g3', count: 1.5 },
    ])
      fromNode(bad);
    expect(spectatorCount(hub, 'g3')).toBe(3);
  });

  it('recounts at the next move when another node told a different count while this one asked', async () => {
    let release: (ids: number[]) => void = () => undefined;
    const hub = new RealtimeHub();
    const listeners = new Map<string, (payload: unknown) => void>();
    hub.onNodes = (event, handler) => void listeners.set(event, handler);
    hub.toRoom = vi.fn();
    hub.toNodes = vi.fn();
    const usersIn = vi.fn(() => new Promise<number[]>((resolve) => (release = resolve)));
    hub.usersIn = usersIn;
    listenForSpectatorCounts(hub);
    const asking = refreshSpectatorCount(hub, 'g4');
    await new Promise((r) => setImmediate(r));
    listeners.get(SPECTATOR_COUNT_NODE_EVENT)!({ game_id: 'g4', count: 1 });
    release([]);
    expect(await asking).toBe(0);
    const next = spectatorCountForMove(hub, 'g4');
    release([9]);
    expect(await next).toBe(1);
    expect(usersIn).toHaveBeenCalledTimes(2);
  });
});

describe('hub between nodes', () => {
  it('sends and listens only when clustered', () => {
    const on = vi.fn();
    const serverSideEmit = vi.fn();
    const single = new RealtimeHub();
    single.onNodes('e', () => undefined);
    single.attach({ on, serverSideEmit } as never, { clustered: false });
    single.toNodes('e', { a: 1 });
    expect(on).not.toHaveBeenCalled();
    expect(serverSideEmit).not.toHaveBeenCalled();
    const node = new RealtimeHub();
    const handler = () => undefined;
    node.onNodes('e', handler);
    node.attach({ on, serverSideEmit } as never, { clustered: true });
    node.onNodes('f', handler);
    node.toNodes('e', { a: 1 });
    expect(on.mock.calls).toEqual([
      ['e', handler],
      ['f', handler],
    ]);
    expect(serverSideEmit).toHaveBeenCalledWith('e', { a: 1 });
  });
});
