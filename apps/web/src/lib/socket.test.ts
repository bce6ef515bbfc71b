import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_EVENTS, MSG_SESSIONS, SERVER_EVENTS } from '@domino/contracts';
import { FakeSocket as SharedFakeSocket } from '../test/fake-socket';

/**
 * The tab's one Socket.IO client (lib/socket.ts) against a fake socket: a single `io()` however
 * many screens subscribe, each channel's listeners gone when it closes, re-joins on every
 * connection, rooms left when their screen closes, the session's identity and end (decision 012).
 */

/**
 * The shared fake socket (test/fake-socket.ts) with what this file checks besides: `count` of
 * an event's listeners, reconnection cycles, and
 * a client-side disconnect that fires `disconnect` as socket.io-client does.
 */
class FakeSocket extends SharedFakeSocket {
  cycles = 0;

  count(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
  override disconnect() {
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }
  override connect() {
    this.cycles += 1;
    return this;
  }
}

const sockets: FakeSocket[] = [];
const ioMock = vi.fn((options: Record<string, unknown>) => {
  const s = new FakeSocket(options);
  sockets.push(s);
  return s;
});
vi.mock('socket.io-client', () => ({ io: ioMock }));

const session = { token: 'tok-1' as string | null };
const sessionListeners = new Set<() => void>();
const sessionEndedByServer = vi.fn();
const fetchCurrentUser = vi.fn(() => Promise.reject(new Error('offline')));
const opened = { token: null as string | null };
vi.mock('./session', () => ({
  openedInThisPage: (token: string | null) => token !== null && token === opened.token,
  getSession: () => ({ token: session.token, user: null }),
  subscribeSession: (l: () => void) => {
    sessionListeners.add(l);
    return () => sessionListeners.delete(l);
  },
  fetchCurrentUser,
  sessionEndedByServer,
  updateUser: vi.fn(),
}));

async function load() {
  return import('./socket');
}

function theSocket(): FakeSocket {
  expect(sockets).toHaveLength(1);
  return sockets[0]!;
}

function changeSession(token: string | null) {
  session.token = token;
  for (const l of [...sessionListeners]) l();
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  vi.stubGlobal('window', globalThis);
  sockets.length = 0;
  ioMock.mockClear();
  sessionEndedByServer.mockClear();
  fetchCurrentUser.mockClear();
  opened.token = null;
  sessionListeners.clear();
  session.token = 'tok-1';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('one socket per tab', () => {
  it('calls io() once however many features subscribe', async () => {
    const m = await load();
    const closers = [
      m.subscribeToUserEvents({ onBalance: () => undefined }),
      m.subscribeToUserEvents({ onRequest: () => undefined }),
      m.subscribeToTableChanges(() => undefined),
      m.openChannel({ room: { key: 'game:g1', leave: 'on-close' } }).close,
      m.openChannel({ room: { key: 'table:1', leave: 'when-idle' } }).close,
    ];
    for (const close of closers) close();
    m.subscribeToTableChanges(() => undefined);
    expect(ioMock).toHaveBeenCalledTimes(1);
    expect(theSocket().options).toMatchObject({ path: '/socket.io', auth: { token: 'tok-1' } });
  });

  it('names its socket id only while connected (a move over HTTP sends it, decision 068)', async () => {
    const m = await load();
    expect(m.connectedSocketId()).toBeUndefined();
    const close = m.subscribeToTableChanges(() => undefined);
    const s = theSocket() as FakeSocket & { id?: string };
    expect(m.connectedSocketId()).toBeUndefined();
    s.id = 'abcDEF123_-';
    s.serverConnects();
    expect(m.connectedSocketId()).toBe('abcDEF123_-');
    s.disconnect();
    expect(m.connectedSocketId()).toBeUndefined();
    close();
  });

  it('removes exactly the listeners a channel added when it closes', async () => {
    const m = await load();
    m.subscribeToTableChanges(() => undefined); // creates the socket
    const s = theSocket();
    const before = new Map([...s.listeners].map(([e, hs]) => [e, hs.length]));
    const closeUser = m.subscribeToUserEvents({ onBalance: () => undefined });
    const game = m.openChannel({
      listen: { [SERVER_EVENTS.gameView]: () => undefined },
      room: { key: 'game:g1', leave: 'on-close' },
    });
    expect(s.count(SERVER_EVENTS.balanceUpdated)).toBe(1);
    expect(s.count(SERVER_EVENTS.gameView)).toBe(1);
    closeUser();
    game.close();
    game.close();
    const after = new Map([...s.listeners].map(([e, hs]) => [e, hs.length]));
    for (const [event, n] of after) expect([event, n]).toEqual([event, before.get(event) ?? 0]);
  });

  it('delivers only valid payloads and stops delivering after close', async () => {
    const m = await load();
    const balances: number[] = [];
    const requests: unknown[] = [];
    const close = m.subscribeToUserEvents({
      onBalance: (e) => balances.push(e.balance),
      onRequest: (e) => requests.push(e),
    });
    const s = theSocket();
    s.fire(SERVER_EVENTS.balanceUpdated, { balance: 12.5 });
    s.fire(SERVER_EVENTS.balanceUpdated, { balance: '12' });
    s.fire(SERVER_EVENTS.requestUpdated, { kind: 'recharge', id: 3, status: 'aprobada' });
    s.fire(SERVER_EVENTS.requestUpdated, { kind: 'loan', id: 3, status: 'aprobada' });
    close();
    s.fire(SERVER_EVENTS.balanceUpdated, { balance: 99 });
    expect(balances).toEqual([12.5]);
    expect(requests).toEqual([{ kind: 'recharge', id: 3, status: 'aprobada' }]);
  });
});

describe("the user's room joined", () => {
  it('tells a subscription once, when it first finds the socket connected, never on reconnections', async () => {
    const m = await load();
    let joined = 0;
    let reconnected = 0;
    m.subscribeToUserEvents({
      onJoined: () => (joined += 1),
      onReconnect: () => (reconnected += 1),
    });
    const s = theSocket();
    expect(joined).toBe(0); // not connected yet: an event could still be missed
    s.serverConnects();
    expect(joined).toBe(1);
    s.connected = false;
    s.fire('disconnect', 'transport close');
    s.serverConnects();
    expect([joined, reconnected]).toEqual([1, 1]);
    // Opened on a socket already connected: at once.
    let late = 0;
    m.subscribeToUserEvents({ onJoined: () => (late += 1) });
    expect(late).toBe(1);
  });

  it('does not tell a subscription opened during a drop both that it joined and reconnected', async () => {
    const m = await load();
    m.subscribeToUserEvents({});
    const s = theSocket();
    s.serverConnects();
    s.connected = false;
    s.fire('disconnect', 'transport close');
    const told: string[] = [];
    m.subscribeToUserEvents({
      onJoined: () => told.push('joined'),
      onReconnect: () => told.push('reconnected'),
    });
    s.serverConnects();
    expect(told).toEqual(['reconnected']);
  });
});

describe('connections', () => {
  it('joins at once when connected, again on every connection, and reports drops', async () => {
    const m = await load();
    m.openChannel({});
    const s = theSocket();
    s.serverConnects();
    const live: boolean[] = [];
    const channel = m.openChannel({
      room: { key: 'game:g1', leave: 'on-close' },
      onConnect: (ch) =>
        ch.request(CLIENT_EVENTS.joinGame, { game_id: 'g1' }, 8_000, (ack) =>
          live.push(Boolean((ack as { ok?: boolean } | undefined)?.ok)),
        ),
      onDown: () => live.push(false),
    });
    expect(s.emitted.map((e) => [e.event, e.payload])).toEqual([
      [CLIENT_EVENTS.joinGame, { game_id: 'g1' }],
    ]);
    s.emitted[0]!.ack(null, { ok: true });
    s.connected = false;
    s.fire('disconnect', 'transport close');
    s.serverConnects();
    expect(s.emitted).toHaveLength(2);
    s.emitted[1]!.ack(new Error('timeout'));
    channel.close();
    expect(live).toEqual([true, false, false]);
  });

  it('ignores an ack that arrives after the channel closed', async () => {
    const m = await load();
    const acks: unknown[] = [];
    const channel = m.openChannel({});
    channel.request(CLIENT_EVENTS.watchTable, { table_id: 1 }, 8_000, (a) => acks.push(a));
    channel.close();
    theSocket().emitted[0]!.ack(null, { ok: true });
    expect(acks).toEqual([]);
  });

  it('tells subscribers about a reconnection with the same identity, not after a log out', async () => {
    const m = await load();
    const changes = vi.fn();
    m.subscribeToTableChanges(changes);
    const s = theSocket();
    s.serverConnects();
    expect(changes).not.toHaveBeenCalled();
    s.connected = false;
    s.fire('disconnect', 'transport close');
    s.serverConnects();
    expect(changes).toHaveBeenCalledTimes(1);
    s.fire(SERVER_EVENTS.userJoinedTable, { table_id: 1 });
    expect(changes).toHaveBeenCalledTimes(2);

    changeSession(null);
    expect(s.auth).toEqual({});
    expect(s.cycles).toBe(1);
    s.serverConnects();
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('is in the tables channel only while a table list is open (decision 035)', async () => {
    const m = await load();
    const first = m.subscribeToTableChanges(() => undefined);
    const s = theSocket();
    s.serverConnects();
    const names = () => s.emitted.map((e) => e.event);
    expect(names()).toEqual([CLIENT_EVENTS.watchTables]);
    const second = m.subscribeToTableChanges(() => undefined);
    expect(names()).toEqual([CLIENT_EVENTS.watchTables, CLIENT_EVENTS.watchTables]);
    first();
    first();
    expect(names()).not.toContain(CLIENT_EVENTS.unwatchTables);
    second();
    expect(names()).toEqual([
      CLIENT_EVENTS.watchTables,
      CLIENT_EVENTS.watchTables,
      CLIENT_EVENTS.unwatchTables,
    ]);
    // Opened again after a disconnection: watched again on the next connection, no unwatch sent
    // while disconnected.
    const third = m.subscribeToTableChanges(() => undefined);
    s.connected = false;
    s.fire('disconnect', 'transport close');
    third();
    m.subscribeToTableChanges(() => undefined);
    s.serverConnects();
    expect(names().slice(3)).toEqual([CLIENT_EVENTS.watchTables, CLIENT_EVENTS.watchTables]);
  });

  it('reconnects faster while a live screen is open', async () => {
    const m = await load();
    m.subscribeToTableChanges(() => undefined);
    const s = theSocket();
    expect(s.options).toMatchObject({
      reconnectionDelay: 2_000,
      reconnectionDelayMax: 30_000,
      // Spread at random (lib/reconnect-pace.ts): a dead node's players do not return at once.
      randomizationFactor: 0.5,
    });
    const game = m.openChannel({ room: { key: 'game:g1', leave: 'on-close' } });
    expect(s.io.reconnectionDelay).toHaveBeenLastCalledWith(1_000);
    expect(s.io.reconnectionDelayMax).toHaveBeenLastCalledWith(10_000);
    game.close();
    expect(s.io.reconnectionDelay).toHaveBeenLastCalledWith(2_000);
    expect(s.io.reconnectionDelayMax).toHaveBeenLastCalledWith(30_000);
  });
});

describe('transports (decision 073)', () => {
  it('opens over a WebSocket first and falls back to long-polling by itself', async () => {
    const m = await load();
    m.subscribeToTableChanges(() => undefined);
    expect(theSocket().options).toMatchObject({
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
    });
  });

  it('starts with long-polling after a WebSocket attempt that timed out, never before', async () => {
    const m = await load();
    m.subscribeToTableChanges(() => undefined);
    const s = theSocket();
    s.fire('connect_error', new Error('xhr poll error'));
    expect(s.io.opts.transports).toEqual(['websocket', 'polling']);
    s.fire('connect_error', new Error('timeout'));
    expect(s.io.opts.transports).toEqual(['polling', 'websocket']);
  });

  it('keeps the WebSocket first once this tab has held one (a timeout is then the node)', async () => {
    const m = await load();
    m.subscribeToTableChanges(() => undefined);
    const s = theSocket();
    s.serverConnects('websocket');
    s.drops();
    s.fire('connect_error', new Error('timeout'));
    expect(s.io.opts.transports).toEqual(['websocket', 'polling']);
  });

  it('still falls back after a connection that was long-polling only', async () => {
    const m = await load();
    m.subscribeToTableChanges(() => undefined);
    const s = theSocket();
    s.serverConnects('polling');
    s.drops();
    s.fire('connect_error', new Error('timeout'));
    expect(s.io.opts.transports).toEqual(['polling', 'websocket']);
  });
});

describe('rooms', () => {
  it('leaves a game room by reconnecting when its screen closes', async () => {
    const m = await load();
    m.subscribeToUserEvents({});
    const s = theSocket();
    s.serverConnects();
    m.openChannel({ room: { key: 'game:g1', leave: 'on-close' } }).close();
    expect(s.cycles).toBe(0);
    vi.runAllTimers();
    expect(s.cycles).toBe(1);
  });

  it('stays when the same screen opens again at once (a remount)', async () => {
    const m = await load();
    const s = (m.subscribeToUserEvents({}), theSocket());
    s.serverConnects();
    m.openChannel({ room: { key: 'game:g1', leave: 'on-close' } }).close();
    m.openChannel({ room: { key: 'game:g1', leave: 'on-close' } });
    vi.runAllTimers();
    expect(s.cycles).toBe(0);
  });

  it('keeps a watched table until no live screen is left, then leaves everything', async () => {
    const m = await load();
    const s = (m.subscribeToUserEvents({}), theSocket());
    s.serverConnects();
    const table = m.openChannel({ room: { key: 'table:1', leave: 'when-idle' } });
    const game = m.openChannel({ room: { key: 'game:g1', leave: 'on-close' } });
    table.close(); // the waiting room hands over to the game screen
    vi.runAllTimers();
    expect(s.cycles).toBe(0);
    game.close();
    vi.runAllTimers();
    expect(s.cycles).toBe(1);
  });

  it('does not reconnect a socket that is not connected', async () => {
    const m = await load();
    const s = (m.subscribeToUserEvents({}), theSocket());
    m.openChannel({ room: { key: 'game:g1', leave: 'on-close' } }).close();
    vi.runAllTimers();
    expect(s.cycles).toBe(0);
  });
});

describe('a node that stops (server:draining, decision 063)', () => {
  /** A signed-in socket with a game screen open, connected; what the screen was told. */
  async function inAGame() {
    const m = await load();
    const told = { down: 0, reconnected: 0, joins: 0 };
    m.openChannel({
      room: { key: 'game:g1', leave: 'on-close' },
      onConnect: () => (told.joins += 1),
      onDown: () => (told.down += 1),
      onReconnect: () => (told.reconnected += 1),
    });
    const s = theSocket();
    s.serverConnects();
    return { s, told };
  }

  it('reconnects within the window without telling the screen the connection dropped', async () => {
    const { s, told } = await inAGame();
    s.fire(SERVER_EVENTS.serverDraining, { reconnect_within_ms: 2_000 });
    expect(s.cycles).toBe(0);
    vi.advanceTimersByTime(2_000);
    // Still connected when its wait ended: it drops the old node's socket and connects anew.
    expect(s.cycles).toBe(1);
    expect(s.connected).toBe(false);
    s.serverConnects(); // through the balancer, on another node
    expect(told).toEqual({ down: 0, reconnected: 1, joins: 2 });
    expect(fetchCurrentUser).not.toHaveBeenCalled();
  });

  it('waits out its window when the node closes the socket first, without asking about the session', async () => {
    const { s, told } = await inAGame();
    s.fire(SERVER_EVENTS.serverDraining, { reconnect_within_ms: 2_000 });
    s.connected = false;
    s.fire('disconnect', 'io server disconnect');
    expect(fetchCurrentUser).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(s.cycles).toBe(1);
    s.serverConnects();
    expect(told).toEqual({ down: 0, reconnected: 1, joins: 2 });
  });

  it('tells the screen when no other node takes it', async () => {
    const { s, told } = await inAGame();
    s.fire(SERVER_EVENTS.serverDraining, { reconnect_within_ms: 0 });
    vi.advanceTimersByTime(0);
    s.fire('connect_error', new Error('xhr poll error'));
    expect(told.down).toBe(1);
  });

  it('ignores a malformed notice', async () => {
    const { s } = await inAGame();
    s.fire(SERVER_EVENTS.serverDraining, { reconnect_within_ms: 'soon' });
    vi.runAllTimers();
    expect(s.cycles).toBe(0);
  });
});

describe('the end of a session (decision 012)', () => {
  it('runs the session-invalid flow once with the token the socket was opened with', async () => {
    const m = await load();
    m.subscribeToUserEvents({});
    m.openChannel({ room: { key: 'game:g1', leave: 'on-close' } });
    const s = theSocket();
    s.serverConnects();
    const payload = { reason: 'password_changed', message: MSG_SESSIONS.password_changed };
    s.fire(SERVER_EVENTS.sessionEnded, payload);
    s.fire(SERVER_EVENTS.sessionEnded, { reason: 'nope' });
    expect(sessionEndedByServer).toHaveBeenCalledTimes(1);
    expect(sessionEndedByServer).toHaveBeenCalledWith('tok-1', payload);
  });

  /** The handshake refusal of a dead token, as the server's session guard sends it. */
  const refusal = (reason: string) =>
    Object.assign(new Error(MSG_SESSIONS.logged_out), {
      data: { code: 'auth/session_ended', reason, message: MSG_SESSIONS.logged_out },
    });

  it('takes a refused handshake as the end of a session this page opened, with its reason', async () => {
    opened.token = 'tok-1';
    const m = await load();
    m.connectUserSocket();
    const s = theSocket();
    s.fire('connect_error', refusal('logged_out'));
    expect(sessionEndedByServer).toHaveBeenCalledWith('tok-1', {
      reason: 'logged_out',
      message: MSG_SESSIONS.logged_out,
    });
    expect(fetchCurrentUser).not.toHaveBeenCalled();
  });

  it('asks GET /api/user about a refused session restored from storage', async () => {
    const m = await load();
    m.connectUserSocket();
    theSocket().fire('connect_error', refusal('logged_out'));
    expect(sessionEndedByServer).not.toHaveBeenCalled();
    expect(fetchCurrentUser).toHaveBeenCalledTimes(1);
  });

  it('opens no socket for a visitor when asked to connect the user socket', async () => {
    session.token = null;
    const m = await load();
    m.connectUserSocket();
    expect(sockets).toHaveLength(0);
  });
});
