import { createHash } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { LOGIN_LIMITS } from '@domino/contracts';
import type { Db } from '../../db/client';
import { blockedFor, consume } from '../../lib/rate-limit';
import { audit } from '../audit/audit';
import { findUserByEmail } from '../users/repo';

/**
 * Login lockout (docs/decisions/013):
 * - 5 failures for one account from one address refuse that (account, address) pair for the rest
 *   of the 15-minute window: an attacker cannot lock the owner out from the owner's own address;
 * - 30 failures from one address (any accounts) refuse the address, as before;
 * - 20 failures for one account from any addresses within 15 minutes are written once to the
 *   audit log (`auth.login_burst`, no actor) for staff, and lock nothing.
 * The counters are the app's limiters (Redis with REDIS_URL, so every node shares them).
 */

/** The app's login limiters (AppDeps.limiters, deps.ts, says what each counts). */
export interface LoginLimiters {
  loginAccountAddress: RateLimiterAbstract;
  loginIp: RateLimiterAbstract;
  loginAccountBurst: RateLimiterAbstract;
}

/** A bounded key for an e-mail (any length a client sends), lower-cased by the login schema. */
function accountKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

function pairKey(email: string, ip: string): string {
  return `${accountKey(email)}:${ip}`;
}

/** Seconds this address must wait before trying this account again, or null. */
export async function loginWait(
  limiters: LoginLimiters,
  email: string,
  ip: string,
): Promise<number | null> {
  return (
    (await blockedFor(limiters.loginIp, ip)) ??
    (await blockedFor(limiters.loginAccountAddress, pairKey(email, ip)))
  );
}

/** A successful login forgets this address's failures for the account. */
export async function loginSucceeded(
  limiters: LoginLimiters,
  email: string,
  ip: string,
): Promise<void> {
  await limiters.loginAccountAddress.delete(pairKey(email, ip));
}

/** Adds one point and returns the points used in the window, allowed or not. */
async function countUp(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    return (await limiter.consume(key)).consumedPoints;
  } catch (res) {
    if (res instanceof RateLimiterRes) return res.consumedPoints;
    throw res;
  }
}

/**
 * Counts one wrong password (or unknown e-mail) for the pair, the address and the account. The
 * failure that brings the account to exactly LOGIN_LIMITS.accountBurst in its window writes the
 * audit row: the counter is atomic, so one row per window even across nodes.
 */
export async function loginFailed(
  db: Db,
  limiters: LoginLimiters,
  email: string,
  ip: string,
): Promise<void> {
  await consume(limiters.loginAccountAddress, pairKey(email, ip));
  await consume(limiters.loginIp, ip);
  const failures = await countUp(limiters.loginAccountBurst, accountKey(email));
  if (failures !== LOGIN_LIMITS.accountBurst) return;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await audit(db, {
    actorUserId: null,
    action: 'auth.login_burst',
    targetType: 'user',
    targetId: user.id,
    before: null,
    after: {
      failures,
      window_minutes: LOGIN_LIMITS.windowMinutes,
      last_ip: ip,
    },
    reason: `${failures} contraseñas incorrectas en menos de ${LOGIN_LIMITS.windowMinutes} minutos desde una o varias direcciones. La cuenta no se bloqueó.`,
  });
}
