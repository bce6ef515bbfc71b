import { afterEach, beforeEach, vi } from 'vitest';

/** A socket event handler as the fake stores it. */
export type Handler = (...args: unknown[]) => void;

/**
 * A stand-in for socket.io-client's `Socket` in unit tests of the web's live channels (talk,
 * the duplicate set page; lib/socket.test.ts extends it): listeners kept per event,
 * `fire` delivers a server event, `serverConnects` and `drops` play a connection and a blip
 * (docs/decisions/064-blip-resync.md). Acknowledged emits are kept in `emitted` with their ack;
 * plain emits go nowhere. A test mocks `socket.io-client`'s `io`
 * to construct it with the options the client passed.
 */
export class FakeSocket {
  connected = false;
  active = true;
  auth: unknown;
  listeners = new Map<string, Handler[]>();
  /** The Manager's parts the client touches: its pace, its options, the engine's transport. */
  io = {
    reconnectionDelay: vi.fn(),
    reconnectionDelayMax: vi.fn(),
    opts: {} as Record<string, unknown>,
    engine: { transport: { name: 'websocket' } },
  };

  constructor(readonly options: Record<string, unknown>) {
    this.auth = options.auth;
    this.io.opts = { ...options };
  }
  on(event: string, handler: Handler) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), handler]);
    return this;
  }
  off(event: string, handler: Handler) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((h) => h !== handler),
    );
    return this;
  }
  emit() {
    return this;
  }
  /** Every emit with an acknowledgement (`timeout(ms).emit`), oldest first, for a test to answer. */
  emitted: { event: string; payload: unknown; ack: Handler }[] = [];
  /** Delivers `event` with `args` to its listeners, as the server's push would. */
  fire(event: string, ...args: unknown[]) {
    for (const h of [...(this.listeners.get(event) ?? [])]) h(...args);
  }
  timeout() {
    return {
      emit: (event: string, payload?: unknown, ack?: Handler): void => {
        this.emitted.push({ event, payload, ack: ack ?? (() => undefined) });
      },
    };
  }
  /** The server accepted the handshake, over `transport` (a WebSocket unless said). */
  serverConnects(transport: 'websocket' | 'polling' = 'websocket') {
    this.io.engine.transport.name = transport;
    this.connected = true;
    this.fire('connect');
  }
  /** The connection dropped (a blip): the client will reconnect by itself. */
  drops() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  disconnect() {
    return this;
  }
  connect() {
    return this;
  }
}

/**
 * The `socket.io-client` module a test mocks with: `io` builds a {@link FakeSocket} from the
 * client's options and records it in `sockets`. Use inside `vi.mock('socket.io-client', () =>
 * fakeSocketIo(sockets))`.
 */
export function fakeSocketIo(sockets: FakeSocket[]) {
  return {
    io: (options: Record<string, unknown>) => {
      const s = new FakeSocket(options);
      sockets.push(s);
      return s;
    },
  };
}

/**
 * The `lib/session` module a live-channel test mocks with: signed in as token `tok-1`, no user
 * loaded, never changing, and offline for `fetchCurrentUser`.
 */
export function signedInSession() {
  return {
    openedInThisPage: () => false,
    getSession: () => ({ token: 'tok-1', user: null }),
    subscribeSession: () => () => undefined,
    fetchCurrentUser: () => Promise.reject(new Error('offline')),
    sessionEndedByServer: vi.fn(),
    updateUser: vi.fn(),
  };
}

/**
 * The hooks of a live-channel test file: before each test, fresh modules (so the client builds a
 * new shared socket), `window` as the global object, and no recorded sockets; the globals restored
 * after each.
 */
export function freshSocketEachTest(sockets: FakeSocket[]): void {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('window', globalThis);
    sockets.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
