import type { Server, Socket } from 'socket.io';
import type { SessionEndReason } from '@domino/contracts';
import {
  MSG_SESSIONS,
  SESSION_ENDED_CODE,
  SERVER_EVENTS,
  sessionEndedEvent,
} from '@domino/contracts';
import { CoalescedLookup } from '../../lib/coalesce';
import { ROOMS } from './rooms';

/**
 * The session behind an authenticated socket, kept honest for the socket's whole life (decision 012;
 * docs/decisions/012-sessions-end-everywhere.md):
 * - the socket joins `user:<id>` and `session:<tokenId>`, so `endSessions` (auth/sessions.ts) can
 *   reach it from any node;
 * - a timer ends it at its token's `expires_at` (chained: setTimeout caps at 2^31-1 ms, about 24.8
 *   days, and a "Recordarme" token lives 30);
 * - a `socket.use` middleware refuses every event once the session is over as far as this node
 *   knows (ended or past `expires_at`): the event is never served, and its ack, when given, gets
 *   `{ok: false, code: 'auth/session_ended', message}`;
 * - `verify()` re-reads the token in the database (used by `game:join`, which reveals a hand, and
 *   once right after the rooms are joined, which closes the gap between the handshake's read and
 *   the join: a revocation committed in between is broadcast before the socket was in its rooms);
 *   the re-reads of all the node's sockets are coalesced (lib/coalesce.ts): one query at a time
 *   answers every token asked since the previous one started, each from a read that started
 *   after it was asked, so a node taking a lost node's players makes a few queries for them, not
 *   two per socket (decision 067, addendum "Cheaper connections");
 * - every node sweeps its own sockets' tokens in one query every `sweepMs`, which bounds how long a
 *   missed notification (a node that died between commit and emit, a Redis hiccup, a token revoked
 *   by hand) can leave a socket alive.
 * Ending a socket locally sends `session:ended {reason, message}` and then disconnects it.
 */

/** The largest delay setTimeout honours (2^31-1 ms); longer delays fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** How many token ids one sweep query checks at most. */
const SWEEP_BATCH = 1_000;

/** The plain data of a socket (shared across nodes by `fetchSockets`, so no functions here). */
export interface SocketData {
  userId: number | null;
  /** The session's token id (auth_tokens.id), null for an anonymous socket. */
  tokenId: number | null;
  /** When the session's token expires, in ms since the epoch; null for an anonymous socket. */
  expiresAt: number | null;
  /**
   * Whether the tab behind the socket is on screen, as the client last reported it
   * (`client:visibility`, push/socket.ts); null until it reports. Read across nodes by
   * RealtimeHub.anySocketVisible (docs/decisions/025).
   */
  visible: boolean | null;
}

/** The session of an authenticated socket, as its event handlers see it. */
export interface SocketSession {
  readonly userId: number;
  readonly tokenId: number;
  /** Token expiry, ms since the epoch. */
  readonly expiresAt: number;
  /** True once this socket's session ended or expired, as far as this node knows (no DB read). */
  isOver(): boolean;
  /**
   * Re-reads the token in the database: resolves to why the session is over, or null while it
   * lives. Does not end the socket (the caller acknowledges first, then calls `end`). Database
   * errors propagate.
   */
  verify(): Promise<SessionEndReason | null>;
  /** Ends the socket: `session:ended` with the reason's message, then a disconnect. Idempotent. */
  end(reason: SessionEndReason): void;
}

/** The ack of an event refused because its session is over. */
export function sessionEndedAck(reason: SessionEndReason = 'revoked'): {
  ok: false;
  code: typeof SESSION_ENDED_CODE;
  message: string;
} {
  return { ok: false, code: SESSION_ENDED_CODE, message: MSG_SESSIONS[reason] };
}

/**
 * The handshake refusal of a socket whose token does not authenticate: the client gets
 * `connect_error` with `err.data = {code: 'auth/session_ended', reason, message}` and Socket.IO
 * does not retry it (a middleware refusal), so nobody reconnects with a dead token.
 */
export function sessionEndedHandshakeError(reason: SessionEndReason): Error {
  const error = new Error(MSG_SESSIONS[reason]) as Error & { data?: unknown };
  error.data = { code: SESSION_ENDED_CODE, reason, message: MSG_SESSIONS[reason] };
  return error;
}

/**
 * What the socket layer asks of the owner of sessions (the auth module, auth/sessions.ts
 * `socketSessions`). A port bound at composition (server.ts), so realtime never imports auth
 * (docs/decisions/019-module-boundaries.md).
 */
export interface SessionChecks {
  /** The live session of a bearer token (expiry as a Date), or null when it does not authenticate. */
  authenticate(token: string): Promise<{ userId: number; tokenId: number; expiresAt: Date } | null>;
  /** Why a token that did not authenticate is dead (`suspended`, `revoked` or `expired`). */
  endReasonOfToken(token: string): Promise<SessionEndReason>;
  /** Which of `tokenIds` no longer authenticate, and why; live sessions are absent. */
  endedSessions(tokenIds: readonly number[]): Promise<Map<number, SessionEndReason>>;
}

/** Keeps the sessions of one node's authenticated sockets honest (see the module comment). */
export class SessionGuard {
  private readonly sessions = new Map<string, SocketSession>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;
  /** The coalesced `verify()` re-reads: token id -> why its session is over, null while live. */
  private readonly rechecks: CoalescedLookup<number, SessionEndReason | null>;

  /**
   * @param checks where tokens are checked (the database, through the auth module)
   * @param sweepMs how often this node re-checks its sockets' tokens (0 disables the sweep)
   * @param onError where failed background checks are reported
   */
  constructor(
    private readonly checks: SessionChecks,
    private readonly sweepMs: number,
    private readonly onError: (err: unknown) => void,
  ) {
    this.rechecks = new CoalescedLookup(async (tokenIds: number[]) => {
      const ended = await checks.endedSessions(tokenIds);
      return new Map(tokenIds.map((id) => [id, ended.get(id) ?? null]));
    }, null);
  }

  /** How many coalesced `verify()` reads this guard has made (tests; decision 067 addendum). */
  get recheckReads(): number {
    return this.rechecks.reads;
  }

  /** Starts the periodic sweep (no-op when `sweepMs` is 0). */
  start(): void {
    if (this.sweepMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.sweep(), this.sweepMs);
    this.timer.unref();
  }

  /** Stops the periodic sweep. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** How many authenticated sockets this node watches. */
  get size(): number {
    return this.sessions.size;
  }

  /**
   * Takes charge of a socket authenticated at the handshake (`expiresAt` in ms since the epoch):
   * rooms, expiry timer, per-event refusal, and a database re-check once the rooms are joined.
   */
  attach(
    socket: Socket,
    auth: { userId: number; tokenId: number; expiresAt: number },
  ): SocketSession {
    const { userId, tokenId, expiresAt } = auth;
    let ended: SessionEndReason | null = null;
    let timer: NodeJS.Timeout | null = null;

    const session: SocketSession = {
      userId,
      tokenId,
      expiresAt,
      isOver: () => ended !== null || Date.now() >= expiresAt,
      verify: async () => {
        if (session.isOver()) return ended ?? 'expired';
        return this.rechecks.get(tokenId);
      },
      end: (reason) => {
        if (ended !== null) return;
        ended = reason;
        if (timer) clearTimeout(timer);
        this.sessions.delete(socket.id);
        if (!socket.connected) return;
        socket.emit(SERVER_EVENTS.sessionEnded, sessionEndedEvent(reason));
        socket.disconnect(true);
      },
    };

    // Rooms first: a revocation that commits after the re-check below reads the token is
    // broadcast after it, and so reaches this socket.
    void socket.join(ROOMS.user(userId));
    void socket.join(ROOMS.session(tokenId));
    this.sessions.set(socket.id, session);

    const arm = () => {
      const left = expiresAt - Date.now();
      if (left <= 0) return session.end('expired');
      timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
      timer.unref();
    };
    arm();

    socket.use((packet, next) => {
      if (!session.isOver()) return next();
      const ack = packet[packet.length - 1];
      const reason = ended ?? 'expired';
      if (typeof ack === 'function') (ack as (reply: unknown) => void)(sessionEndedAck(reason));
      session.end(reason);
    });

    socket.on('disconnect', () => {
      if (timer) clearTimeout(timer);
      this.sessions.delete(socket.id);
    });

    session
      .verify()
      .then((reason) => reason && session.end(reason))
      .catch(this.onError);
    return session;
  }

  /**
   * Re-checks the tokens of every socket this node holds, in batches of one query each, and ends
   * the sockets whose session is over. Overlapping calls are skipped. Resolves to how many sockets
   * it ended.
   */
  async sweep(): Promise<number> {
    if (this.sweeping) return 0;
    this.sweeping = true;
    let count = 0;
    try {
      const open = [...this.sessions.values()];
      for (let i = 0; i < open.length; i += SWEEP_BATCH) {
        const batch = open.slice(i, i + SWEEP_BATCH);
        const ended = await this.checks.endedSessions(batch.map((s) => s.tokenId));
        for (const s of batch) {
          const reason = ended.get(s.tokenId);
          if (!reason) continue;
          s.end(reason);
          count += 1;
        }
      }
    } catch (err) {
      this.onError(err);
    } finally {
      this.sweeping = false;
    }
    return count;
  }
}

/** The Socket.IO server as attachRealtime builds it (typed socket data, untyped events). */
export type GuardedServer = Server<
  Record<string, never>,
  Record<string, (...args: unknown[]) => void>,
  Record<string, never>,
  SocketData
>;
