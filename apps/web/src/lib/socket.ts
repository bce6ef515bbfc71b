import { io, type Socket } from 'socket.io-client';
import {
  ACCOUNT_SUSPENDED_EVENT,
  MSG_ADMIN,
  TABLE_SOCKET_EVENTS,
  tableClosedEventSchema,
  type TableClosedEvent,
} from '@domino/contracts';
import { getSession, invalidateSession, subscribeSession } from './session';

/**
 * The realtime connection (spec §7 "Realtime", DESIGN §5): one Socket.IO client to the same origin,
 * authenticated with `auth: {token}` when logged in. The server puts every socket in the public room
 * `tables`, whose `UserJoinedTable` event means the table list changed.
 *
 * The connection is optional: when the server has no socket endpoint (or refuses it) the client keeps
 * retrying quietly with back-off and the pages keep working from plain HTTP.
 */

export const TABLE_EVENTS = { userJoinedTable: 'UserJoinedTable' } as const;

let socket: Socket | null = null;
let connectedToken: string | null = null;

function authPayload(token: string | null): Record<string, string> {
  return token ? { token } : {};
}

function ensureSocket(): Socket {
  if (socket) return socket;
  connectedToken = getSession().token;
  socket = io({
    path: '/socket.io',
    auth: authPayload(connectedToken),
    reconnectionDelay: 2_000,
    reconnectionDelayMax: 30_000,
    timeout: 10_000,
  });
  // Swallow handshake errors (no endpoint yet, invalid token): reconnection handles recovery.
  socket.on('connect_error', () => undefined);
  // Staff suspended this account: end the session at once with the reason (issue 6). The
  // server revoked every token already; it drops the sockets right after this event.
  socket.on(ACCOUNT_SUSPENDED_EVENT, () => invalidateSession(MSG_ADMIN.suspendedNotice));

  // Log in or out: reconnect so the server sees the right identity.
  subscribeSession(() => {
    const token = getSession().token;
    if (!socket || token === connectedToken) return;
    connectedToken = token;
    socket.auth = authPayload(token);
    socket.disconnect().connect();
  });
  return socket;
}

/**
 * Calls `onChange` whenever the public table list may have changed: on `UserJoinedTable` and after a
 * reconnection (events may have been missed meanwhile). Returns the unsubscribe function.
 */
export function subscribeToTableChanges(onChange: () => void): () => void {
  let s: Socket;
  try {
    s = ensureSocket();
  } catch {
    return () => undefined;
  }
  const handler = () => onChange();
  s.on(TABLE_EVENTS.userJoinedTable, handler);
  s.io.on('reconnect', handler);
  return () => {
    s.off(TABLE_EVENTS.userJoinedTable, handler);
    s.io.off('reconnect', handler);
  };
}

/** Per-user events (DESIGN §5: a room per user; the server joins each authenticated socket). */
export const USER_EVENTS = {
  balanceUpdated: 'balance:updated',
  requestUpdated: 'request:updated',
  tableClosed: TABLE_SOCKET_EVENTS.tableClosed,
} as const;

/** `balance:updated`: the wallet balance after a money movement, in bolívares. */
export interface BalanceUpdatedEvent {
  balance: number;
}

/** `request:updated`: a recharge or withdrawal changed status (Spanish status as stored). */
export interface RequestUpdatedEvent {
  kind: 'recharge' | 'withdrawal';
  id: number;
  status: string;
}

export interface UserEventHandlers {
  onBalance?: (event: BalanceUpdatedEvent) => void;
  onRequest?: (event: RequestUpdatedEvent) => void;
  /** Staff closed the table this user waited at and refunded the entry (decision 010). */
  onTableClosed?: (event: TableClosedEvent) => void;
  /** After a reconnection: events may have been missed meanwhile, so refetch what matters. */
  onReconnect?: () => void;
}

function isBalanceEvent(value: unknown): value is BalanceUpdatedEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { balance?: unknown }).balance === 'number' &&
    Number.isFinite((value as { balance: number }).balance)
  );
}

function isRequestEvent(value: unknown): value is RequestUpdatedEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.kind === 'recharge' || v.kind === 'withdrawal') &&
    typeof v.id === 'number' &&
    typeof v.status === 'string'
  );
}

/**
 * Subscribes to the signed-in user's events (`balance:updated`, `request:updated`,
 * `table:closed`). Malformed payloads are ignored. Returns the unsubscribe function.
 */
export function subscribeToUserEvents(handlers: UserEventHandlers): () => void {
  let s: Socket;
  try {
    s = ensureSocket();
  } catch {
    return () => undefined;
  }
  const onBalance = (payload: unknown) => {
    if (isBalanceEvent(payload)) handlers.onBalance?.(payload);
  };
  const onRequest = (payload: unknown) => {
    if (isRequestEvent(payload)) handlers.onRequest?.(payload);
  };
  const onTableClosed = (payload: unknown) => {
    const parsed = tableClosedEventSchema.safeParse(payload);
    if (parsed.success) handlers.onTableClosed?.(parsed.data);
  };
  const onReconnect = () => handlers.onReconnect?.();
  s.on(USER_EVENTS.balanceUpdated, onBalance);
  s.on(USER_EVENTS.requestUpdated, onRequest);
  s.on(USER_EVENTS.tableClosed, onTableClosed);
  s.io.on('reconnect', onReconnect);
  return () => {
    s.off(USER_EVENTS.balanceUpdated, onBalance);
    s.off(USER_EVENTS.requestUpdated, onRequest);
    s.off(USER_EVENTS.tableClosed, onTableClosed);
    s.io.off('reconnect', onReconnect);
  };
}
