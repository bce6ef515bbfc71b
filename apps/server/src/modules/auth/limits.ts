import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { createLimiter } from '../../lib/rate-limit';

/**
 * The rate limiters of decision 006's account endpoints (in Redis when REDIS_URL is set, so every node
 * shares them; in memory otherwise). Windows are 15 minutes unless said otherwise.
 */
export interface AccountLimiters {
  /** Recovery requests per e-mail: 3 (decision 006; at most 3 per 15 min per e-mail). */
  recoveryEmail: RateLimiterAbstract;
  /** Recovery requests per client address: 10 (also bounds probing which e-mails exist). */
  recoveryIp: RateLimiterAbstract;
  /** Failed reset submissions (dead or expired links) per client address: 20. */
  resetIp: RateLimiterAbstract;
  /**
   * Wrong current passwords per user: 5. Counts the password change and the confirmations of an
   * e-mail, phone or bank-account change (docs/decisions/013).
   */
  passwordChange: RateLimiterAbstract;
  /** Profile photo uploads per user: 10 per 10 minutes (each one is decoded and re-encoded). */
  avatar: RateLimiterAbstract;
}

/** Keyed by the app instance's dependencies object (`app.deps`). */
const limitersByApp = new WeakMap<object, AccountLimiters>();

/**
 * The account limiters of an app instance: one set per instance, shared by every module (the
 * profile, the bank accounts and the password change count wrong passwords in the same
 * `passwordChange` counter even without Redis).
 */
export function accountLimiters(app: FastifyInstance): AccountLimiters {
  const existing = limitersByApp.get(app.deps);
  if (existing) return existing;
  const created = buildAccountLimiters(app.deps.redis);
  limitersByApp.set(app.deps, created);
  return created;
}

function buildAccountLimiters(redis: Redis | undefined): AccountLimiters {
  return {
    recoveryEmail: createLimiter(
      { keyPrefix: 'recovery_email', points: 3, durationSec: 900 },
      redis,
    ),
    recoveryIp: createLimiter({ keyPrefix: 'recovery_ip', points: 10, durationSec: 900 }, redis),
    resetIp: createLimiter({ keyPrefix: 'reset_ip', points: 20, durationSec: 900 }, redis),
    passwordChange: createLimiter(
      { keyPrefix: 'password_change', points: 5, durationSec: 900 },
      redis,
    ),
    avatar: createLimiter({ keyPrefix: 'avatar', points: 10, durationSec: 600 }, redis),
  };
}

/** OpenAPI shape of an error answer: `{message, code}` plus `errors` on 409/422 (docs/product.md §7). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
