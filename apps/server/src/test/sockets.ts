import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { SESSION_ENDED_EVENT, sessionEndedEventSchema } from '@domino/contracts';
import type { SessionEndedEvent } from '@domino/contracts';

/**
 * Test support for sockets and sessions (decision 012): a real Socket.IO client that never
 * reconnects by itself, a record of how its session ended, and a small HTTP client.
 */

/** A JSON call to a running server; `body` undefined sends no body and no content type. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** What a socket saw of its session's end. */
export interface SocketEnd {
  /** The `session:ended` payload, when one arrived. */
  event: SessionEndedEvent | null;
  /** Socket.IO's disconnect reason ('io server disconnect' when the server dropped it). */
  reason: string;
}

/** A connected client socket with the record of what it received. */
export interface TestSocket {
  socket: Socket;
  /** Every event received, in order (name and payload). */
  received: { event: string; payload: unknown }[];
  /** Resolves when the socket is disconnected. */
  ended: Promise<SocketEnd>;
}

/**
 * Connects to `base` (WebSocket only, no automatic reconnection) with `token` if given and
 * resolves once connected. Rejects with the handshake error (its `data` holds the server's code).
 */
export function openSocket(base: string, token?: string): Promise<TestSocket> {
  const socket = connect(base, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const received: TestSocket['received'] = [];
  let event: SessionEndedEvent | null = null;
  socket.onAny((name: string, payload: unknown) => {
    received.push({ event: name, payload });
    if (name === SESSION_ENDED_EVENT) event = sessionEndedEventSchema.parse(payload);
  });
  const ended = new Promise<SocketEnd>((resolve) =>
    socket.once('disconnect', (reason) => resolve({ event, reason })),
  );
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, received, ended }));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The handshake refusal of a socket opened with `token` (fails if the handshake succeeds). */
export async function refusedHandshake(base: string, token: string): Promise<unknown> {
  try {
    const s = await openSocket(base, token);
    s.socket.close();
  } catch (err) {
    return (err as { data?: unknown }).data;
  }
  throw new Error('the handshake was accepted');
}

/**
 * How long a test waits for a socket event that only the mechanism under test can cause (a
 * session's end with the periodic sweep off, a push): a bound for a loaded machine, neither a
 * pause nor a speed target (speed is measured by the benches in bench/, docs/performance.md).
 */
export const EVENT_WAIT_MS = 10_000;

/** Resolves with `promise`, or rejects when it takes longer than `ms`. */
export async function within<T>(ms: number, promise: Promise<T>, what = 'the event'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Emits with an ack and resolves with the ack, or with 'no answer' after `ms` (EVENT_WAIT_MS
 * unless told: a test that expects no answer passes its own, shorter, `ms`).
 */
export async function ask(socket: Socket, event: string, payload: unknown, ms = EVENT_WAIT_MS) {
  try {
    return (await socket.timeout(ms).emitWithAck(event, payload)) as Record<string, unknown>;
  } catch {
    return 'no answer' as const;
  }
}

/**
 * Polls `probe` every `everyMs` milliseconds (default 20) until it answers something other than
 * undefined, null or false, and resolves with that. Rejects with "`what` did not happen within
 * `ms` ms" after `ms` milliseconds (default 5 s). For conditions nothing pushes (a database row,
 * an HTTP answer, a record a socket keeps): the interval is how often to look, not a wait.
 */
export async function eventually<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 5_000,
  everyMs = 20,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A round trip on `socket` that the server answers after everything it sent this socket before:
 * an event no handler serves, which the server still answers (decision 048). Socket.IO keeps one
 * connection's packets in order, so once the answer is here, any event the server emitted to the
 * socket before reading the question has arrived too; also proves the connection handler ran
 * (the socket's rooms joined, its handlers registered). The barrier of "nothing arrives" checks on
 * one node (across nodes, wait for a later event that must follow instead). Rejects after `ms`.
 */
export async function roundTrip(socket: Socket, ms = 5_000): Promise<void> {
  await socket.timeout(ms).emitWithAck('test:barrier', {});
}
