import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import type { AuthContext } from './service';
import { authenticate } from './service';

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
 */
export function requireAuth(scope: FastifyInstance, role?: 'admin'): void {
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const ctx = token ? await authenticate(scope.deps.database.db, token) : null;
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
