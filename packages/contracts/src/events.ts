import { z } from 'zod';
import type { DuplicateComparedEvent } from './duplicate';
import type { FriendsChangedEvent, InvitationReceivedEvent } from './friends';
import type { GameView } from './games';
import type { QuickMatchedEvent } from './quickplay';
import type { SessionEndedEvent } from './sessions';
import type { SpectatorCountEvent, SpectatorView } from './spectate';
import type { TableClosedEvent, TableDetail } from './tables';
import type { TalkMessage } from './talk';
import type { TournamentMatchReadyEvent, TournamentUpdatedEvent } from './tournaments';

/**
 * The Socket.IO event names of the whole app, in one place for the server and the web client
 * (docs/architecture.md "Live events (Socket.IO)"). A name written as a bare string anywhere else is a
 * bug waiting for a typo: import these constants instead.
 *
 * Rooms (server side, apps/server/src/modules/realtime/rooms.ts): every socket is in the public
 * `tables` room; an authenticated one also in `user:<id>` and `session:<tokenId>`; `table:watch`
 * adds `table:<id>` and `game:join` adds `game:<id>`.
 * Table talk goes to the user rooms of the table's players, one by one, so a mute is applied
 * by the server (decision 023).
 */

/** Events the server pushes to clients. */
export const SERVER_EVENTS = {
  /**
   * Public `tables` room: a seat changed somewhere, so the table list changed.
   * Payload {@link UserJoinedTableEvent}. The name keeps the spelling of the original API.
   */
  userJoinedTable: 'UserJoinedTable',
  /** Table room: the table changed. Payload: TableDetail (tableDetailSchema). */
  tableUpdated: 'table:updated',
  /**
   * User room: staff closed the table this player waited at and refunded the entry. Payload
   * TableClosedEvent (tableClosedEventSchema); `balance:updated` is pushed just before.
   */
  tableClosed: 'table:closed',
  /** User room: the wallet balance after a money movement. Payload {@link BalanceUpdatedEvent}. */
  balanceUpdated: 'balance:updated',
  /** User room: a recharge or withdrawal changed status. Payload {@link RequestUpdatedEvent}. */
  requestUpdated: 'request:updated',
  /**
   * User room: the receiving seat's own view of a game after every change (hidden information
   * stays hidden: each seated user gets only their view). Payload: GameView (gameViewSchema).
   * Not sent to the socket whose own move's answer carried the view (`game:move` with
   * `ack_view`, or named by an HTTP move's SOCKET_ID_HEADER: decision 068).
   */
  gameView: 'game:view',
  /**
   * Session room or user room: the session ended; the server drops the socket right after
   * (docs/decisions/012-sessions-end-everywhere.md). Payload: SessionEndedEvent.
   */
  sessionEnded: 'session:ended',
  /**
   * User room of each player of the table who did not mute the sender (table talk, decision
   * 023): a reaction, quick phrase or free text. Payload: TalkMessage (talkMessageSchema).
   */
  talkMessage: 'talk:message',
  /**
   * Spectators' room `game:<id>:watch`: the spectator view after every change of the match (no
   * hand; two moves behind at a paid table). Payload: SpectatorView (spectatorViewSchema).
   */
  gameSpectate: 'game:spectate',
  /**
   * Players' room `game:<id>` and spectators' room `game:<id>:watch`: how many watch the match
   * now, after someone starts or stops watching. Payload {@link SpectatorCountEvent}.
   */
  gameSpectators: 'game:spectators',
  /**
   * User room: the user's friends page is stale (a request, an acceptance, a removal, a block,
   * or a friend's presence changed); the client refetches GET /api/friends. Payload
   * FriendsChangedEvent (friendsChangedEventSchema), no names.
   */
  friendsChanged: 'friends:changed',
  /**
   * User room: a friend invited the user to a private table (decision 024). Payload
   * InvitationReceivedEvent (invitationReceivedEventSchema): table, host, entry price in Bs.,
   * mode and the link `/invitacion/<code>`. Reaches every node through the Redis adapter.
   */
  invitationReceived: 'invitation:received',
  /**
   * Tournament room `tournament:<id>`: the tournament changed; refetch its detail. Payload
   * TournamentUpdatedEvent (tournaments.ts, decision 028).
   */
  tournamentUpdated: 'tournament:updated',
  /**
   * User room: the player's tournament match is ready; open `game_path` within 2 minutes.
   * Payload TournamentMatchReadyEvent (tournaments.ts).
   */
  tournamentMatchReady: 'tournament:match_ready',
  /**
   * User room of each player of a duplicate set (never a stranger, never a spectator): a board
   * was just compared, i.e. the second of the set's two tables finished it
   * (docs/decisions/062-duplicate-domino.md). Payload DuplicateComparedEvent (duplicate.ts): the
   * set and how many boards are compared, no scores; the set's page refetches its comparison.
   */
  duplicateCompared: 'duplicate:compared',
  /**
   * User room: quick play seated the user at a table it formed (docs/decisions/027). Payload
   * QuickMatchedEvent (quickMatchedEventSchema); the client goes to the table.
   */
  quickMatched: 'quickplay:matched',
  /**
   * Every socket of a node that is stopping (SIGTERM, docs/decisions/063-cluster-and-drain.md):
   * the node takes no new sockets and closes this one soon. The client disconnects and connects
   * again (the balancer sends it to another node) after a random wait of up to
   * `reconnect_within_ms`, so the node's players do not all arrive at once; nothing is shown to
   * the player. Payload {@link ServerDrainingEvent}; no text.
   */
  serverDraining: 'server:draining',
} as const;

/** Events clients send to the server; every one is acknowledged (`{ok, ...}`). */
export const CLIENT_EVENTS = {
  /** Watch a table's room. Payload `{table_id}`; ack {@link WatchTableAck}. */
  watchTable: 'table:watch',
  /**
   * Join a game's room (and take the seat back from the bot). Payload `{game_id}`; ack
   * {@link JoinGameAck} with the caller's own view.
   */
  joinGame: 'game:join',
  /**
   * Play a move. Payload `{game_id, version, tile, end}` or `{game_id, version, action}`
   * (moveRequestSchema plus `game_id`, and optionally `ack_view: true`); ack {@link MoveGameAck}:
   * `{ok: true, version}` or a {@link SocketRefusal}. With `ack_view: true` the ack also carries
   * the mover's new view and this socket gets no `game:view` for the move (the user's other
   * sockets still do): one frame per move fewer (docs/decisions/068-move-view-in-the-ack.md).
   */
  move: 'game:move',
  /**
   * Say something at a table (decision 023). Payload {@link TalkSend} (`{table_id, kind:
   * 'reaction'|'phrase', id}` or `{table_id, kind: 'text', text}`); ack {@link TalkSendAck}.
   */
  talkSend: 'talk:send',
  /**
   * Watch a match as a spectator (a public table's, or a private one's with its invitation code).
   * Payload `{game_id, code?}` (watchGameRequestSchema); ack {@link WatchGameAck}; then
   * `game:spectate` and `game:spectators` follow.
   */
  watchGame: 'game:watch',
  /**
   * Whether this tab is on screen (`document.visibilityState === 'visible'`), sent on every
   * connection and whenever it changes. Payload {@link VisibilityEvent}; ack `{ok: true}` or a
   * {@link SocketRefusal}. The server sends a "your turn" or "your table starts" push only when
   * none of the player's sockets, on any node, says visible (docs/decisions/025).
   */
  visibility: 'client:visibility',
  /** Watch a tournament's room (any socket). Payload `{tournament_id}`; ack TournamentWatchAck. */
  watchTournament: 'tournament:watch',
  /** Leave a tournament's room. Payload `{tournament_id}`; ack `{ok: true}`. */
  unwatchTournament: 'tournament:unwatch',
  /**
   * The signed-in player's tournament calls still open (ack TournamentCallsAck, tournaments.ts):
   * asked by the screen that shows them on every connection, once it listens, so a call pushed
   * while it was not listening is not lost (docs/decisions/079-tournament-calls-asked-for.md).
   */
  tournamentCalls: 'tournament:calls',
  /**
   * Join the public `tables` channel (docs/product.md §7: `UserJoinedTable` whenever the seats of a
   * table change). Only a screen that shows the table list asks (decision 035): a socket is not in
   * it by default, or every join would be sent to every connected player. No payload; ack
   * `{ok: true}`.
   */
  watchTables: 'tables:watch',
  /** Leave the public `tables` channel. No payload; ack `{ok: true}`. */
  unwatchTables: 'tables:unwatch',
} as const;

export type ServerEventName = (typeof SERVER_EVENTS)[keyof typeof SERVER_EVENTS];
export type ClientEventName = (typeof CLIENT_EVENTS)[keyof typeof CLIENT_EVENTS];

/** `UserJoinedTable`: the id of the table whose seats changed. */
export const userJoinedTableEventSchema = z.object({ table_id: z.number().int().positive() });
export type UserJoinedTableEvent = z.infer<typeof userJoinedTableEventSchema>;

/** `balance:updated`: the wallet balance after a money movement, in bolívares (finite). */
export const balanceUpdatedEventSchema = z.object({ balance: z.number() });
export type BalanceUpdatedEvent = z.infer<typeof balanceUpdatedEventSchema>;

/** `request:updated`: a recharge or withdrawal changed status (the Spanish status as stored). */
export const requestUpdatedEventSchema = z.object({
  kind: z.enum(['recharge', 'withdrawal']),
  id: z.number(),
  status: z.string(),
  /** A recharge's automatic verification state, when it has one (decision 051). */
  verification: z.enum(['manual', 'checking', 'verified', 'needs_staff']).optional(),
});
export type RequestUpdatedEvent = z.infer<typeof requestUpdatedEventSchema>;

/**
 * `server:draining`: reconnect after a random wait in [0, reconnect_within_ms] milliseconds
 * (drawn by each client; the node spreads its players over that window).
 */
export const serverDrainingEventSchema = z.object({
  reconnect_within_ms: z.number().int().min(0).max(10_000),
});
export type ServerDrainingEvent = z.infer<typeof serverDrainingEventSchema>;

/** `client:visibility`: whether the tab that owns the socket is on screen. */
export const visibilityEventSchema = z.strictObject({ visible: z.boolean() });
export type VisibilityEvent = z.infer<typeof visibilityEventSchema>;

/** The payload type of each server event. */
export interface ServerEventPayloads {
  [SERVER_EVENTS.userJoinedTable]: UserJoinedTableEvent;
  [SERVER_EVENTS.tableUpdated]: TableDetail;
  [SERVER_EVENTS.tableClosed]: TableClosedEvent;
  [SERVER_EVENTS.balanceUpdated]: BalanceUpdatedEvent;
  [SERVER_EVENTS.requestUpdated]: RequestUpdatedEvent;
  [SERVER_EVENTS.gameView]: GameView;
  [SERVER_EVENTS.sessionEnded]: SessionEndedEvent;
  [SERVER_EVENTS.talkMessage]: TalkMessage;
  [SERVER_EVENTS.gameSpectate]: SpectatorView;
  [SERVER_EVENTS.gameSpectators]: SpectatorCountEvent;
  [SERVER_EVENTS.friendsChanged]: FriendsChangedEvent;
  [SERVER_EVENTS.invitationReceived]: InvitationReceivedEvent;
  [SERVER_EVENTS.tournamentUpdated]: TournamentUpdatedEvent;
  [SERVER_EVENTS.tournamentMatchReady]: TournamentMatchReadyEvent;
  [SERVER_EVENTS.quickMatched]: QuickMatchedEvent;
  [SERVER_EVENTS.duplicateCompared]: DuplicateComparedEvent;
  [SERVER_EVENTS.serverDraining]: ServerDrainingEvent;
}

/** A client event the server refused: a code and the Spanish message to show. */
export interface SocketRefusal {
  ok: false;
  code: string;
  message: string;
}

/** Ack of `table:watch`: the table's snapshot, after which `table:updated` follows. */
export type WatchTableAck = { ok: true; table: TableDetail } | SocketRefusal;

/** Ack of `game:join`: the caller's own view of the game. */
export type JoinGameAck = { ok: true; view: GameView } | SocketRefusal;

/**
 * The request header of `POST /api/games/{id}/moves` naming the mover's own connected socket
 * (its Socket.IO id): the answer carries the mover's view, so that socket gets no `game:view`
 * push for the move; the player's other sockets still do
 * (docs/decisions/068-move-view-in-the-ack.md). Optional; an id that is not one of the player's
 * own sockets changes nothing.
 */
export const SOCKET_ID_HEADER = 'x-socket-id';

/**
 * Ack of `game:move`: the version the move produced, and with `ack_view: true` in the request the
 * mover's own view of it (the same object `game:view` would have carried to this socket, which
 * then is not sent: docs/decisions/068-move-view-in-the-ack.md).
 */
export type MoveGameAck = { ok: true; version: number; view?: GameView } | SocketRefusal;

/** Ack of `game:watch`: the spectator view of the match. */
export type WatchGameAck = { ok: true; view: SpectatorView } | SocketRefusal;
