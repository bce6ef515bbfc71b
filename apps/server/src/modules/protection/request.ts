import type { FastifyRequest } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consume, rateLimited } from '../../lib/rate-limit';

/** Who is asking: the client address and User-Agent of a request (sessions, notices, audit). */
export interface ClientInfo {
  ip?: string | undefined;
  userAgent?: string | undefined;
  /**
   * The web app's device id (header `X-Device-Id`: a random id the app makes once and keeps in
   * localStorage), when it is well formed; a linked-accounts signal (risk/linked.ts, decision 027).
   */
  deviceId?: string | undefined;
}

/** A well-formed device id: 8 to 64 letters, digits or '-' (anything else is ignored). */
const DEVICE_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The `X-Device-Id` header of a request if well formed, else undefined. */
export function deviceIdOf(req: Pick<FastifyRequest, 'headers'>): string | undefined {
  const raw = req.headers['x-device-id'];
  return typeof raw === 'string' && DEVICE_ID.test(raw) ? raw : undefined;
}

/** The client's address (TRUST_PROXY-aware `req.ip`), User-Agent and device id. */
export function clientOf(req: Pick<FastifyRequest, 'ip' | 'headers'>): ClientInfo {
  const agent = req.headers['user-agent'];
  return {
    ip: req.ip,
    userAgent: typeof agent === 'string' ? agent : undefined,
    deviceId: deviceIdOf(req),
  };
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
