import { io, type Socket } from 'socket.io-client';
import {
  SESSION_ENDED_CODE,
  SESSION_ENDED_EVENT,
  TABLE_SOCKET_EVENTS,
  sessionEndedEventSchema,
  tableClosedEventSchema,
  type TableClosedEvent,
} from '@domino/contracts';
import {
  fetchCurrentUser,
  getSession,
  sessionEndedByServer,
  subscribeSession,
  updateUser,
} from './session';

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

/** Whether a handshake refusal says the session has ended (decision 012). */
function refusedAsEnded(error: unknown): boolean {
  const data = (error as { data?: unknown } | null)?.data;
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { code?: unknown }).code === SESSION_ENDED_CODE
  );
}

/**
 * Follows the end of the session a socket was opened with (decision 012). `tokenOf` gives the
 * token the socket currently authenticates with.
 * - `session:ended {reason, message}`: the session-invalid flow with the server's Spanish message
 *   (the server drops the socket right after; Socket.IO does not reconnect a socket the server
 *   dropped, so the old token is never used again);
 * - a handshake refused with `auth/session_ended` (a token that died while the page was away):
 *   GET /api/user decides, as on app start (a 401 ends the session with the usual banner).
 */
export function followSessionEnd(socket: Socket, tokenOf: () => string | null): void {
  socket.on(SESSION_ENDED_EVENT, (payload: unknown) => {
    const parsed = sessionEndedEventSchema.safeParse(payload);
    if (parsed.success) sessionEndedByServer(tokenOf(), parsed.data);
  });
  socket.on('connect_error', (error: unknown) => {
    if (refusedAsEnded(error)) void checkSession(tokenOf());
  });
}

/**
 * GET /api/user for the session of `token` (a 401 runs the session-invalid flow through the API
 * client). Resolves true when the session is still this tab's and valid.
 */
async function checkSession(token: string | null): Promise<boolean> {
  if (!token || getSession().token !== token) return false;
  try {
    const user = await fetchCurrentUser();
    if (getSession().token !== token) return false;
    updateUser(user);
    return true;
  } catch {
    return false;
  }
}

/** How long the shared socket waits before trying again after the server refused or dropped it. */
const RETRY_AFTER_REFUSAL_MS = 5_000;

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
  const s = socket;
  // The session ended (logout elsewhere, expiry, password change or reset, suspension).
  followSessionEnd(s, () => connectedToken);
  let endNoticed = false;
  s.on(SESSION_ENDED_EVENT, () => (endNoticed = true));
  s.on('connect', () => (endNoticed = false));
  // Transport errors (no endpoint yet) are retried by Socket.IO itself. A refusal by the server
  // (`socket.active` false) is not: after a dead session the session change reconnects it; after
  // any other refusal (the server could not check the token), try again later.
  s.on('connect_error', (error: unknown) => {
    if (s.active || refusedAsEnded(error)) return;
    const token = connectedToken;
    window.setTimeout(() => {
      if (!s.connected && !s.active && connectedToken === token) s.connect();
    }, RETRY_AFTER_REFUSAL_MS);
  });
  // Dropped by the server without `session:ended` (a notice lost on the way): reconnect only if
  // the session still holds, never with a dead token. After the notice, the session change (or
  // this tab's own logout finishing) reconnects the socket without the token.
  s.on('disconnect', (reason: string) => {
    if (reason !== 'io server disconnect' || endNoticed) return;
    const token = connectedToken;
    void checkSession(token).then((valid) => {
      if (valid && connectedToken === token && !s.connected) s.connect();
    });
  });

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
