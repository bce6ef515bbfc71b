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
 * Who a per-client rate limit counts (docs/decisions/039): the signed-in account, else the web
 * app's device id (`X-Device-Id`), else the client address. A key per client, so fifty people
 * behind one carrier address do not share one allowance; the per-address ceiling
 * ({@link CLIENT_CEILING_FACTOR} times the per-client limit) bounds a client that invents device
 * ids.
 */
export function clientKey(
  req: Pick<FastifyRequest, 'ip' | 'headers'>,
  userId?: number | undefined,
): string {
  if (userId !== undefined) return `u:${userId}`;
  const device = deviceIdOf(req);
  return device ? `d:${device}` : `a:${req.ip}`;
}

/** How many times the per-client allowance one address may spend in all: 10. */
export const CLIENT_CEILING_FACTOR = 10;

/**
 * Spends one point of a per-client limit (`perClient`, keyed by {@link clientKey}) and, when that
 * allows it, one of the address's ceiling (`perAddress`, keyed by the address). Returns the
 * seconds to wait when either is spent, else null.
 */
export async function consumeForClient(
  perClient: RateLimiterAbstract,
  perAddress: RateLimiterAbstract,
  req: Pick<FastifyRequest, 'ip' | 'headers'>,
  userId?: number | undefined,
): Promise<number | null> {
  return (await consume(perClient, clientKey(req, userId))) ?? (await consume(perAddress, req.ip));
}

/**
 * Spends one question whether an e-mail, cédula or phone is taken for the client of `req`: the
 * one counter of check_email / check_identity / check_phone, registrations and profile edits of
 * the e-mail or phone (docs/decisions/013), AVAILABILITY_LIMIT_PER_MINUTE per client (device id
 * or address, {@link clientKey}; never the account, so many accounts on one browser share one
 * allowance) under ten times that per address (decision 039).
 * Throws a 429 `rate/limited` (Spanish, with Retry-After) when either is spent.
 */
export async function askAvailability(
  deps: {
    limiters: { availability: RateLimiterAbstract; availabilityAddress: RateLimiterAbstract };
  },
  req: Pick<FastifyRequest, 'ip' | 'headers'>,
  userId?: number | undefined,
): Promise<void> {
  const wait = await consumeForClient(
    deps.limiters.availability,
    deps.limiters.availabilityAddress,
    req,
    userId,
  );
  if (wait !== null) throw rateLimited(wait);
}
