import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { SessionEndReason } from '@domino/contracts';
import { SESSION_ENDED_EVENT, SESSION_END_REASONS, sessionEndedEvent } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { CoalescedLookup } from '../../lib/coalesce';
import { authTokens, users } from '../../db/schema';
import type { RealtimeHub } from '../realtime/hub';
import { ROOMS } from '../realtime/rooms';
import type { SessionChecks } from '../realtime/session-guard';
import { revokeToken } from './service';
import { hashToken } from './tokens';

/**
 * How an ended session reaches its sockets (docs/decisions/012-sessions-end-everywhere.md).
 *
 * Every way a session ends (logout, password change, password reset, suspension) first commits the
 * revocation in the database and then calls `endSessions`, which pushes `session:ended {reason,
 * message}` to the sockets of the ended session(s) and disconnects them, on every node through the
 * Socket.IO adapter (Redis with several nodes). Expiry needs no call: each socket has a timer at its
 * token's `expires_at` (realtime/session-guard.ts). Whatever a notification misses (a node that
 * died between commit and emit, a Redis hiccup, a token revoked by hand) is caught by the guard's
 * database checks: `endedSessions` at the handshake, at `game:join` and in each node's periodic
 * sweep of its sockets.
 */

/** Whose sockets to end: one session (a token id), or every session of a user but one. */
export type SessionTarget = { tokenId: number } | { userId: number; exceptTokenId?: number };

/**
 * Ends the sockets of `target` on every node: `session:ended` with the Spanish message of `reason`,
 * then a server-side disconnect. Call it after the revocation has committed (a socket told to end
 * must find its token dead if it reconnects). Without a Socket.IO server (route tests) it does
 * nothing.
 */
export function endSessions(
  hub: RealtimeHub,
  target: SessionTarget,
  reason: SessionEndReason,
): void {
  const payload = sessionEndedEvent(reason);
  if ('tokenId' in target) {
    hub.closeRoom(ROOMS.session(target.tokenId), SESSION_ENDED_EVENT, payload);
  } else {
    hub.closeRoom(
      ROOMS.user(target.userId),
      SESSION_ENDED_EVENT,
      payload,
      target.exceptTokenId === undefined ? undefined : ROOMS.session(target.exceptTokenId),
    );
  }
}

/**
 * POST /api/logout (docs/product.md §7): revokes the session's token (idempotent) and ends its sockets on
 * every node. Other sessions of the same user stay open.
 */
export async function logout(db: Executor, hub: RealtimeHub, tokenId: number): Promise<void> {
  await revokeToken(db, tokenId, 'logged_out');
  endSessions(hub, { tokenId }, 'logged_out');
}

/** A reason read from `revoked_reason` (migration 0031); NULL or anything unknown is `revoked`. */
function storedReason(value: string | null): SessionEndReason {
  return (SESSION_END_REASONS as readonly string[]).includes(value ?? '')
    ? (value as SessionEndReason)
    : 'revoked';
}

/**
 * Which of `tokenIds` no longer authenticate, and why: `suspended` when the account is not active,
 * the reason recorded when the token was revoked (`logged_out`, `password_changed`,
 * `password_reset`; `revoked` for rows revoked before it was recorded, or a token that no longer
 * exists), `expired` when it reached `expires_at` (database clock). Live sessions are absent from
 * the result. One query.
 */
export async function endedSessions(
  db: Executor,
  tokenIds: readonly number[],
): Promise<Map<number, SessionEndReason>> {
  const ended = new Map<number, SessionEndReason>();
  if (tokenIds.length === 0) return ended;
  const ids = [...new Set(tokenIds)];
  const rows = await db
    .select({
      id: authTokens.id,
      revoked: sql<boolean>`${authTokens.revokedAt} is not null`,
      revokedReason: authTokens.revokedReason,
      expired: sql<boolean>`${authTokens.expiresAt} <= now()`,
      status: users.status,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(inArray(authTokens.id, ids));
  const seen = new Set<number>();
  for (const row of rows) {
    seen.add(row.id);
    if (row.status !== 'activo') ended.set(row.id, 'suspended');
    else if (row.revoked) ended.set(row.id, storedReason(row.revokedReason));
    else if (row.expired) ended.set(row.id, 'expired');
  }
  for (const id of ids) if (!seen.has(id)) ended.set(id, 'revoked');
  return ended;
}

/**
 * Why a bearer token that did not authenticate is dead (for the socket handshake's refusal):
 * `suspended`, `revoked` or `expired` as in `endedSessions`; an unknown token is `revoked`.
 */
export async function endReasonOfToken(db: Executor, token: string): Promise<SessionEndReason> {
  if (token.length < 20 || token.length > 200) return 'revoked';
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(eq(authTokens.tokenHash, hashToken(token)));
  if (!row) return 'revoked';
  return (await endedSessions(db, [row.id])).get(row.id) ?? 'revoked';
}

/** A live session as the socket handshake needs it (no user row beyond its id). */
interface LiveSocketSession {
  userId: number;
  tokenId: number;
  expiresAt: Date;
}

/**
 * The live sessions of several token hashes in one query, by the rule of `authenticate`
 * (auth/service.ts): the token exists, is not revoked, has not reached `expires_at` (database
 * clock), and its account is active. Hashes that do not authenticate are absent from the map.
 */
export async function liveSessionsByHash(
  db: Executor,
  tokenHashes: readonly string[],
): Promise<Map<string, LiveSocketSession>> {
  const live = new Map<string, LiveSocketSession>();
  if (tokenHashes.length === 0) return live;
  const rows = await db
    .select({
      tokenHash: authTokens.tokenHash,
      tokenId: authTokens.id,
      expiresAt: authTokens.expiresAt,
      userId: users.id,
      status: users.status,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        inArray(authTokens.tokenHash, [...new Set(tokenHashes)]),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    );
  for (const r of rows) {
    if (r.status !== 'activo') continue;
    live.set(r.tokenHash, { userId: r.userId, tokenId: r.tokenId, expiresAt: r.expiresAt });
  }
  return live;
}

/**
 * The session checks the socket layer needs (realtime/session-guard.ts `SessionChecks`), answered
 * from `db`: the handshake's authentication, the reason a dead token ended, and which sessions
 * ended since. Bound at composition (server.ts), once per node.
 *
 * The handshakes' token reads are coalesced (lib/coalesce.ts, decision 067 addendum "Cheaper
 * connections"): one query at a time answers every handshake that arrived since the previous
 * one started, each from a read that started after its handshake asked, by the same rule as
 * `authenticate` (`liveSessionsByHash`). When a node's players all arrive at another at once,
 * that node makes a few queries for them instead of one per socket.
 */
export function socketSessions(db: Executor): SessionChecks {
  const handshakes = new CoalescedLookup<string, LiveSocketSession | null>(
    (hashes) => liveSessionsByHash(db, hashes),
    null,
  );
  return {
    async authenticate(token) {
      if (token.length < 20 || token.length > 200) return null;
      return handshakes.get(hashToken(token));
    },
    endReasonOfToken: (token) => endReasonOfToken(db, token),
    endedSessions: (tokenIds) => endedSessions(db, tokenIds),
  };
}
