import { io, type Socket } from 'socket.io-client';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  SESSION_ENDED_CODE,
  balanceUpdatedEventSchema,
  requestUpdatedEventSchema,
  serverDrainingEventSchema,
  sessionEndedEventSchema,
  tableClosedEventSchema,
  type BalanceUpdatedEvent,
  type ClientEventName,
  type RequestUpdatedEvent,
  type ServerEventName,
  type TableClosedEvent,
} from '@domino/contracts';
import {
  fetchCurrentUser,
  getSession,
  openedInThisPage,
  sessionEndedByServer,
  subscribeSession,
  updateUser,
} from './session';
import { IDLE_RECONNECTION, LIVE_RECONNECTION, RECONNECTION_JITTER } from './reconnect-pace';

/**
 * The realtime connection (docs/architecture.md "Live events (Socket.IO)"): ONE Socket.IO client per tab,
 * to the same origin, authenticated with `auth: {token}` when logged in and shared by every screen
 * (balance and request events, the table list, the waiting room, the game). This module is the only
 * place that calls `io()`; features open a {@link Channel} on the shared socket and name events
 * with SERVER_EVENTS / CLIENT_EVENTS of @domino/contracts.
 *
 * - The socket is created on the first channel and then lives as long as the tab.
 * - Log in or out: the socket reconnects with the new identity; channels re-join on `connect`.
 * - The session ended (decision 012, `session:ended`): the session-invalid flow runs once, here.
 * - Rooms: the server never lets a socket leave a room, so a screen that put the socket in a room
 *   (a game's presence room, a watched table) gets out of it by a short reconnection when it
 *   closes, exactly as its own socket's disconnect did before the sockets were shared
 *   ({@link ChannelSpec.room}).
 * - The node stops (`server:draining`, docs/decisions/063-cluster-and-drain.md): the socket
 *   reconnects after a random wait within the server's window, through the balancer to another
 *   node, quietly: the screens are not told the connection dropped, only that it came back
 *   (`onReconnect`, to refetch what they show).
 * - The connection is optional: when the server has no socket endpoint (or refuses it) the client
 *   keeps retrying quietly with back-off and the pages keep working from plain HTTP.
 */

/** How long the shared socket waits before trying again after the server refused or dropped it. */
const RETRY_AFTER_REFUSAL_MS = 5_000;

/** One open subscription to the shared socket (see {@link openChannel}). */
export interface Channel {
  /**
   * Emits a client event with an acknowledgement. `onAck` gets the server's ack, or `undefined`
   * when none came within `timeoutMs` (or the socket dropped); never after the channel closed.
   */
  request(
    event: ClientEventName,
    payload: unknown,
    timeoutMs: number,
    onAck: (ack: unknown) => void,
  ): void;
  /** Removes every listener of the channel; leaves its room (see ChannelSpec.room). Idempotent. */
  close(): void;
}

export interface ChannelSpec {
  /** Server events to listen to while the channel is open. Payloads are unchecked: validate. */
  listen?: Partial<Record<ServerEventName, (payload: unknown) => void>>;
  /** On every connection while open, and at once when the socket is already connected. */
  onConnect?: (channel: Channel) => void;
  /** The socket disconnected, or a connection attempt failed. */
  onDown?: () => void;
  /**
   * The socket connected again with the same identity after having been connected: events may
   * have been missed meanwhile, so refetch what matters. Not called after a log in or out.
   */
  onReconnect?: () => void;
  /**
   * The server room this channel's `onConnect` joins, as a key (e.g. `game:<id>`). While such a
   * channel is open the socket reconnects faster. When it closes and no open channel holds the same
   * room, the socket leaves it by reconnecting: at once for `leave: 'on-close'` (a game room, whose
   * membership is the player's presence), or once no room-holding channel is left for
   * `leave: 'when-idle'` (a watched table, which only receives pushes).
   */
  room?: { key: string; leave: 'on-close' | 'when-idle' };
}

interface OpenChannel {
  spec: ChannelSpec;
  channel: Channel;
}

let socket: Socket | null = null;
/** The token the socket currently authenticates with. */
let connectedToken: string | null = null;
/** The token of the last successful connection; undefined before the first one. */
let lastConnectionToken: string | null | undefined;
const channels = new Set<OpenChannel>();

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

function holdsRoom(): boolean {
  for (const open of channels) if (open.spec.room) return true;
  return false;
}

/** Faster reconnection while a live screen is open (as that screen's own socket had). */
function reconnectionPace(): { delay: number; max: number } {
  return holdsRoom() ? LIVE_RECONNECTION : IDLE_RECONNECTION;
}

function applyPace(): void {
  if (!socket) return;
  const pace = reconnectionPace();
  socket.io.reconnectionDelay(pace.delay);
  socket.io.reconnectionDelayMax(pace.max);
}

/** Drops the connection and opens a new one: the server forgets every room the socket was in. */
function reconnectNow(s: Socket): void {
  s.disconnect().connect();
}

/**
 * Tells the server whether this tab is on screen (`client:visibility`), on a signed-in socket:
 * the server sends a "your turn" or "your table starts" push only when none of the player's tabs
 * is (docs/decisions/025). Called on every connection and on every visibility change.
 */
function reportVisibility(s: Socket): void {
  if (!connectedToken || !s.connected || typeof document === 'undefined') return;
  s.emit(CLIENT_EVENTS.visibility, { visible: document.visibilityState === 'visible' });
}

/** The transports the socket tries, in order (docs/decisions/073-websocket-first.md). */
export const WEBSOCKET_FIRST = ['websocket', 'polling'] as const;
/** After a hanging WebSocket attempt: Socket.IO's default order, polling then the upgrade. */
export const POLLING_FIRST = ['polling', 'websocket'] as const;

function ensureSocket(): Socket {
  if (socket) return socket;
  connectedToken = getSession().token;
  const pace = reconnectionPace();
  const s = io({
    path: '/socket.io',
    auth: authPayload(connectedToken),
    reconnectionDelay: pace.delay,
    reconnectionDelayMax: pace.max,
    // Spread at random, so a dead node's players do not all reach the others at once (067).
    randomizationFactor: RECONNECTION_JITTER,
    timeout: 10_000,
    // WebSocket first, long-polling where a WebSocket fails (decision 073): one upgrade request
    // instead of Socket.IO's default polling handshake, POST, GET and upgrade, half the node's
    // CPU per connection, which is what a node taking a lost node's players spends.
    transports: [...WEBSOCKET_FIRST],
    tryAllTransports: true,
  });
  socket = s;
  /** This socket has been connected over a WebSocket at least once (decision 073). */
  let websocketHeld = false;
  /** `session:ended` came on this connection (the server drops the socket right after). */
  let endNoticed = false;
  /**
   * `server:draining` came on this connection: the socket is moving to another node on purpose,
   * so its disconnection is not news for the screens (until a connection attempt fails).
   */
  let moving = false;

  s.on('connect', () => {
    if (s.io.engine?.transport?.name === 'websocket') websocketHeld = true;
    const again = lastConnectionToken !== undefined && lastConnectionToken === connectedToken;
    lastConnectionToken = connectedToken;
    endNoticed = false;
    moving = false;
    reportVisibility(s);
    for (const open of [...channels]) {
      if (!channels.has(open)) continue;
      if (again) open.spec.onReconnect?.();
      if (channels.has(open)) open.spec.onConnect?.(open.channel);
    }
  });
  const down = () => {
    for (const open of [...channels]) if (channels.has(open)) open.spec.onDown?.();
  };
  s.on('disconnect', () => {
    if (!moving) down();
  });
  s.on('connect_error', (error: unknown) => {
    moving = false;
    down();
    // A WebSocket that hangs (a proxy that neither upgrades it nor refuses it) ends in the
    // attempt's timeout, which the fallback does not see: the next attempts start with
    // long-polling. Not once this tab has held a WebSocket: then the timeout is the node's.
    if (!websocketHeld && error instanceof Error && error.message === 'timeout') {
      s.io.opts.transports = [...POLLING_FIRST];
    }
  });

  // The node is stopping (decision 063): reconnect after a random wait within its window, so
  // its players spread over the other nodes; the node closes the socket itself after the window.
  s.on(SERVER_EVENTS.serverDraining, (payload: unknown) => {
    const parsed = serverDrainingEventSchema.safeParse(payload);
    if (!parsed.success || moving) return;
    moving = true;
    const token = connectedToken;
    window.setTimeout(() => {
      if (connectedToken !== token || !moving) return;
      if (s.connected) reconnectNow(s);
      else s.connect();
    }, Math.random() * parsed.data.reconnect_within_ms);
  });

  // The session ended (logout elsewhere, expiry, password change or reset, suspension):
  // - `session:ended {reason, message}`: the session-invalid flow with the server's Spanish
  //   message (the server drops the socket right after; Socket.IO does not reconnect a socket the
  //   server dropped, so the old token is never used again);
  // - a handshake refused with `auth/session_ended`: for a session this page opened, the same
  //   flow with the refusal's reason; for a token that died while the page was away, GET
  //   /api/user decides, as on app start (a 401 ends the session with the usual banner).
  s.on(SERVER_EVENTS.sessionEnded, (payload: unknown) => {
    endNoticed = true;
    const parsed = sessionEndedEventSchema.safeParse(payload);
    if (parsed.success) sessionEndedByServer(connectedToken, parsed.data);
  });
  // Transport errors (no endpoint yet) are retried by Socket.IO itself. A refusal by the server
  // (`socket.active` false) is not: after a dead session the session change reconnects it; after
  // any other refusal (the server could not check the token), try again later.
  s.on('connect_error', (error: unknown) => {
    if (refusedAsEnded(error)) {
      // A session this page opened itself and that ended before its socket was in: the refusal
      // is the news, with the server's reason (read from the database), like `session:ended`.
      // A session restored from storage: GET /api/user decides, as on app start.
      const notice = sessionEndedEventSchema.safeParse((error as { data?: unknown }).data);
      if (notice.success && openedInThisPage(connectedToken)) {
        endNoticed = true;
        sessionEndedByServer(connectedToken, notice.data);
      } else void checkSession(connectedToken);
      return;
    }
    if (s.active) return;
    const token = connectedToken;
    window.setTimeout(() => {
      if (!s.connected && !s.active && connectedToken === token) s.connect();
    }, RETRY_AFTER_REFUSAL_MS);
  });
  // Dropped by the server without `session:ended` (a notice lost on the way): reconnect only if
  // the session still holds, never with a dead token. After the notice, the session change (or
  // this tab's own logout finishing) reconnects the socket without the token.
  s.on('disconnect', (reason: string) => {
    if (reason !== 'io server disconnect' || endNoticed || moving) return;
    const token = connectedToken;
    void checkSession(token).then((valid) => {
      if (valid && connectedToken === token && !s.connected) s.connect();
    });
  });

  if (typeof document !== 'undefined')
    document.addEventListener('visibilitychange', () => reportVisibility(s));

  // Log in or out: reconnect so the server sees the right identity.
  subscribeSession(() => {
    const token = getSession().token;
    if (token === connectedToken) return;
    connectedToken = token;
    s.auth = authPayload(token);
    reconnectNow(s);
  });
  return s;
}

/**
 * After a room-holding channel closed: leave its room by reconnecting, unless an open channel still
 * holds it (the same screen mounted again) or, for `when-idle`, another room is still held. Runs
 * after the current task, so a screen replaced by another in the same render is seen open.
 */
function leaveRoomLater(room: NonNullable<ChannelSpec['room']>): void {
  window.setTimeout(() => {
    const s = socket;
    if (!s?.connected) return; // not connected: in no room, and the next connection joins only open ones
    for (const open of channels) {
      if (open.spec.room?.key === room.key) return;
      if (room.leave === 'when-idle' && open.spec.room) return;
    }
    reconnectNow(s);
  }, 0);
}

/**
 * The id of this tab's shared socket while it is connected, else undefined. A move sent over HTTP
 * names it (`X-Socket-Id`) so the server does not push to this socket the view the HTTP answer
 * already carries (docs/decisions/068-move-view-in-the-ack.md).
 */
export function connectedSocketId(): string | undefined {
  return socket?.connected ? socket.id : undefined;
}

/**
 * Opens a channel on the tab's shared socket (created on first use): attaches `spec.listen`, calls
 * `spec.onConnect` now if connected and on every later connection, `spec.onDown` on every
 * disconnection. `close()` removes exactly this channel's listeners (React effects return it).
 * Without a usable Socket.IO client the channel reports `onDown` once and does nothing else.
 */
export function openChannel(spec: ChannelSpec): Channel {
  let s: Socket;
  try {
    s = ensureSocket();
  } catch {
    spec.onDown?.();
    return { request: () => undefined, close: () => undefined };
  }
  let closed = false;
  const listeners = Object.entries(spec.listen ?? {}) as [string, (payload: unknown) => void][];
  const channel: Channel = {
    request(event, payload, timeoutMs, onAck) {
      if (closed) return;
      s.timeout(timeoutMs).emit(event, payload, (err: Error | null, ack: unknown) => {
        if (!closed) onAck(err ? undefined : ack);
      });
    },
    close() {
      if (closed) return;
      closed = true;
      channels.delete(open);
      for (const [event, handler] of listeners) s.off(event, handler);
      applyPace();
      if (spec.room) leaveRoomLater(spec.room);
    },
  };
  const open: OpenChannel = { spec, channel };
  for (const [event, handler] of listeners) s.on(event, handler);
  channels.add(open);
  applyPace();
  if (s.connected) spec.onConnect?.(channel);
  return channel;
}

/** Open subscriptions to the table list's channel in this tab. */
let tableListeners = 0;
const TABLES_ACK_MS = 8_000;

/**
 * Calls `onChange` whenever the public table list may have changed: on `UserJoinedTable` and after
 * a reconnection (events may have been missed meanwhile). The socket joins the `tables` channel
 * (`tables:watch`, on every connection) while at least one subscription is open, and leaves it
 * (`tables:unwatch`) when the last one closes: the server sends every table change to every socket
 * in the channel (decision 035), so a player in a game is not in it. Returns the unsubscribe
 * function.
 */
/**
 * Opens the tab's socket now, for a signed-in session: the session manager calls it as soon as a
 * session exists, so that the server's notice of the session's end (decision 012) reaches this
 * tab even before a screen opens a channel (the player's navbar loads lazily, decision 036).
 */
export function connectUserSocket(): void {
  if (getSession().token) ensureSocket();
}

export function subscribeToTableChanges(onChange: () => void): () => void {
  tableListeners += 1;
  const channel = openChannel({
    listen: { [SERVER_EVENTS.userJoinedTable]: () => onChange() },
    onConnect: (ch) => ch.request(CLIENT_EVENTS.watchTables, {}, TABLES_ACK_MS, () => undefined),
    onReconnect: () => onChange(),
  });
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    tableListeners -= 1;
    // Disconnected: the next connection is in no room anyway (and a buffered unwatch could undo
    // the watch of a list opened meanwhile).
    if (tableListeners === 0 && socket?.connected) {
      channel.request(CLIENT_EVENTS.unwatchTables, {}, TABLES_ACK_MS, () => undefined);
    }
    channel.close();
  };
}

export type { BalanceUpdatedEvent, RequestUpdatedEvent };

export interface UserEventHandlers {
  onBalance?: (event: BalanceUpdatedEvent) => void;
  onRequest?: (event: RequestUpdatedEvent) => void;
  /** Staff closed the table this user waited at and refunded the entry (decision 010). */
  onTableClosed?: (event: TableClosedEvent) => void;
  /** After a reconnection: events may have been missed meanwhile, so refetch what matters. */
  onReconnect?: () => void;
  /**
   * Once per subscription, when it first finds the socket connected (at once if it already is):
   * the server puts a socket in the user's room as it connects, so an event sent between the
   * screen's last read of the data and that moment never reached it (a recharge approved while
   * a slow mobile connection was still opening its socket). Refetch what the events keep fresh.
   */
  onJoined?: () => void;
}

/**
 * Subscribes to the signed-in user's events (`balance:updated`, `request:updated`,
 * `table:closed`; the server sends them to the user's room). Malformed payloads are ignored.
 * `onJoined` runs once, when the subscription first finds the socket connected; `onReconnect`
 * after every later connection with the same identity. Returns the unsubscribe function.
 */
export function subscribeToUserEvents(handlers: UserEventHandlers): () => void {
  let joined = false;
  return openChannel({
    listen: {
      [SERVER_EVENTS.balanceUpdated]: (payload) => {
        const parsed = balanceUpdatedEventSchema.safeParse(payload);
        if (parsed.success) handlers.onBalance?.(parsed.data);
      },
      [SERVER_EVENTS.requestUpdated]: (payload) => {
        const parsed = requestUpdatedEventSchema.safeParse(payload);
        if (parsed.success) handlers.onRequest?.(parsed.data);
      },
      [SERVER_EVENTS.tableClosed]: (payload) => {
        const parsed = tableClosedEventSchema.safeParse(payload);
        if (parsed.success) handlers.onTableClosed?.(parsed.data);
      },
    },
    onConnect: () => {
      if (joined) return;
      joined = true;
      handlers.onJoined?.();
    },
    // A reconnection (called before onConnect) refetches already: not onJoined as well.
    onReconnect: () => {
      joined = true;
      handlers.onReconnect?.();
    },
  }).close;
}
