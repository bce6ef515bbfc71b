import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, MSG_SESSIONS, SESSION_ENDED_CODE } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import type { AuthContext } from './service';
import { authenticate } from './service';
import { endReasonOfToken } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Reads `Authorization: Bearer <token>`; null when absent or malformed. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

/**
 * Makes every route registered in `scope` require a valid session (401 otherwise), and when
 * `role` is given, that role (403 otherwise). Apply inside an encapsulated `app.register` scope;
 * never by URL checks (STYLE, fastify/demo).
 *
 * Without a token: 401 `auth/unauthenticated`. With a token that no longer opens a session: 401
 * `auth/session_ended` with `{reason, message}` as the socket's `session:ended` carries them
 * (docs/decisions/012-sessions-end-everywhere.md), so a request already in flight when the session
 * was closed elsewhere tells the player the same reason the socket would. A token nobody issued
 * reads `revoked`: the answer says nothing a guesser could use.
 */
export function requireAuth(scope: FastifyInstance, role?: 'admin'): void {
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const db = scope.deps.database.db;
    const ctx = token ? await authenticate(db, token) : null;
    if (!ctx && token) {
      const reason = await endReasonOfToken(db, token);
      throw new AppError(SESSION_ENDED_CODE, 401, MSG_SESSIONS[reason], undefined, { reason });
    }
    if (!ctx) throw new AppError('auth/unauthenticated', 401, MSG.unauthenticated);
    if (role && ctx.user.rol !== role) throw new AppError('auth/forbidden', 403, MSG.forbidden);
    request.auth = ctx;
  });
}

/** The session of a request inside a requireAuth scope. */
export function session(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('auth/unauthenticated', 401, MSG.unauthenticated);
  return request.auth;
}
