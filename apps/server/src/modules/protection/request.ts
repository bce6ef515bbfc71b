import type { FastifyRequest } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consume, rateLimited } from '../../lib/rate-limit';

/** Who is asking: the client address and User-Agent of a request (sessions, notices, audit). */
export interface ClientInfo {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** The client's address (TRUST_PROXY-aware `req.ip`) and User-Agent. */
export function clientOf(req: Pick<FastifyRequest, 'ip' | 'headers'>): ClientInfo {
  const agent = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

/**
 * Spends one question whether an e-mail, cédula or phone is taken for the address `ip`: the one
 * counter of check_email / check_identity / check_phone, registrations and profile edits of the
 * e-mail or phone (docs/decisions/013). Throws a 429 `rate/limited` (Spanish, with
 * Retry-After) when the address has spent AVAILABILITY_LIMIT_PER_MINUTE.
 */
export async function askAvailability(
  deps: { limiters: { availability: RateLimiterAbstract } },
  ip: string,
): Promise<void> {
  const wait = await consume(deps.limiters.availability, ip);
  if (wait !== null) throw rateLimited(wait);
}
