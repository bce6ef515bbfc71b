import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@domino/contracts';
import { AppError } from '../../lib/errors';

/**
 * True when the request carries `Authorization: Bearer <token>` with exactly `token`. Both sides
 * are hashed (SHA-256) before `timingSafeEqual`, so the comparison takes the same time whatever
 * the length or the first differing character of what was sent.
 */
export function bearerMatches(req: FastifyRequest, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const sent = /^Bearer (\S+)$/i.exec(header)?.[1] ?? '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return sent.length > 0 && timingSafeEqual(digest(sent), digest(token));
}

/**
 * `GET /metrics` for Prometheus (docs/decisions/061-prometheus-metrics.md): the app's
 * `ServerMetrics` in Prometheus text format. Registered only when METRICS_TOKEN is set, so without
 * it the path is an unknown route (404, or the web app's page like any other unknown path); with
 * it, a request without that bearer token gets 401 `auth/unauthenticated` with a Spanish message.
 * Hidden from the public OpenAPI document.
 */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const token = app.deps.config.METRICS_TOKEN;
  if (token === undefined) return;
  const { metrics } = app.deps;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!bearerMatches(req, token)) {
      throw new AppError('auth/unauthenticated', 401, MSG.metricsUnauthorized);
    }
    const text = await metrics.render();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}
