import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { LOGIN_LIMITS } from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { loginDevices, users } from '../../db/schema';
import { blockedFor, consume } from '../../lib/rate-limit';
import { audit } from '../audit/audit';
import { findUserByEmail } from '../users/repo';

/**
 * Login protection an attacker cannot turn on owners (docs/decisions/039-an-address-is-not-a-person.md,
 * superseding the lockout of decision 013), after OWASP's "Blocking Brute Force Attacks" and its
 * device cookies ("Slow down online guessing attacks with device cookies"):
 *
 * - A successful sign-in sets the `domino_device` cookie (random, 256 bits, HttpOnly,
 *   SameSite=Strict, path /api/login_api) and stores its SHA-256 for the account
 *   (`login_devices`). A request carrying a cookie stored for the account it signs in to is a
 *   **known device**: neither the account's backoff nor the address limit refuses it. A known
 *   device that fails LOGIN_LIMITS.perDevice times in the window stops being trusted for the
 *   rest of it (OWASP: lock out the device cookie, not the account).
 * - **Per-account backoff** for unknown devices: after LOGIN_LIMITS.backoffAfter failures on an
 *   account in the window, each further failure makes unknown devices wait 2, 4, 8 … seconds (at
 *   most LOGIN_LIMITS.maxBackoffSeconds) before trying that account again.
 * - **Per-address limit** (LOGIN_ADDRESS_LIMIT failures from one address, any accounts, default
 *   300: ten times the 30 of decision 013, since a carrier's NAT puts thousands of players behind
 *   one address): beyond it, unknown devices from that address wait for the window to end;
 *   known devices and staff accounts never do (staff have the backoff only).
 * - 20 failures for one account from anywhere within 15 minutes are written once to the audit log
 *   (`auth.login_burst`, no actor) for staff, as before.
 * The counters are the app's limiters (Redis with REDIS_URL, so every node shares them).
 */

/** The app's login limiters (AppDeps.limiters, deps.ts, says what each counts). */
export interface LoginLimiters {
  loginBackoff: RateLimiterAbstract;
  loginIp: RateLimiterAbstract;
  loginAccountBurst: RateLimiterAbstract;
  loginDeviceFailures: RateLimiterAbstract;
}

/** The sign-in device cookie's name, path and lifetime (seconds: a year). */
export const DEVICE_COOKIE = {
  name: 'domino_device',
  path: '/api/login_api',
  maxAgeSeconds: 365 * 24 * 60 * 60,
} as const;

/** A well-formed cookie value: 43 base64url characters (32 random bytes). */
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** A bounded key for an e-mail (any length a client sends), lower-cased by the login schema. */
function accountKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

/** The stored form of a device cookie (the raw value never reaches the database). */
export function deviceHash(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('base64url');
}

/** The `domino_device` cookie of a request if well formed, else undefined. */
export function deviceCookieOf(headers: { cookie?: string | undefined }): string | undefined {
  if (!headers.cookie) return undefined;
  const value = parseCookies(headers.cookie)[DEVICE_COOKIE.name];
  return value && COOKIE_VALUE.test(value) ? value : undefined;
}

/**
 * The `Set-Cookie` value that (re)sets the device cookie after a successful sign-in: the request's
 * own well-formed cookie is kept (one browser, one value, whichever accounts it signs in to), a
 * new random one is made otherwise. `secure` when the request came over HTTPS.
 */
export function deviceCookieHeader(current: string | undefined, secure: boolean) {
  const value = current ?? randomBytes(32).toString('base64url');
  return {
    value,
    header: serializeCookie(DEVICE_COOKIE.name, value, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: DEVICE_COOKIE.path,
      maxAge: DEVICE_COOKIE.maxAgeSeconds,
    }),
  };
}

/** Records that the browser with cookie `value` signed in to `userId` (idempotent; touches last seen). */
export async function rememberDevice(db: Executor, userId: number, value: string): Promise<void> {
  await db
    .insert(loginDevices)
    .values({ userId, deviceHash: deviceHash(value) })
    .onConflictDoUpdate({
      target: [loginDevices.userId, loginDevices.deviceHash],
      set: { lastSeenAt: sql`now()` },
    });
}

/** Whether the browser with cookie `value` signed in to the account of `email` before. */
export async function knownDevice(
  db: Executor,
  email: string,
  value: string | undefined,
): Promise<boolean> {
  if (!value) return false;
  const [row] = await db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .innerJoin(users, eq(users.id, loginDevices.userId))
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        eq(loginDevices.deviceHash, deviceHash(value)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Who is signing in, as the guard sees it. */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** The request's well-formed `domino_device` cookie, if any. */
  device?: string | undefined;
}

const deviceKey = (a: LoginAttempt) => `${accountKey(a.email)}:${deviceHash(a.device ?? '')}`;

/**
 * Whether this attempt comes from a device trusted for its account: its cookie is stored for the
 * account and has not failed LOGIN_LIMITS.perDevice times in the window.
 */
export async function trustedDevice(
  db: Executor,
  limiters: LoginLimiters,
  attempt: LoginAttempt,
): Promise<boolean> {
  if (!attempt.device) return false;
  if ((await blockedFor(limiters.loginDeviceFailures, deviceKey(attempt))) !== null) return false;
  return knownDevice(db, attempt.email, attempt.device);
}

/**
 * Seconds this attempt must wait before trying, or null. A trusted device never waits. Otherwise
 * the account's backoff applies, then the address limit unless the account is staff's.
 */
export async function loginWait(
  db: Executor,
  limiters: LoginLimiters,
  attempt: LoginAttempt,
  trusted: boolean,
): Promise<number | null> {
  if (trusted) return null;
  const backoff = await blockedFor(limiters.loginBackoff, accountKey(attempt.email));
  if (backoff !== null) return backoff;
  const address = await blockedFor(limiters.loginIp, attempt.ip);
  if (address === null) return null;
  const user = await findUserByEmail(db, attempt.email);
  return user && user.rol !== 'jugador' ? null : address;
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

/** Seconds an unknown device waits after the account's `failures`-th failure in the window. */
export function backoffSeconds(failures: number): number {
  if (failures < LOGIN_LIMITS.backoffAfter) return 0;
  const exponent = failures - LOGIN_LIMITS.backoffAfter + 1;
  return Math.min(LOGIN_LIMITS.maxBackoffSeconds, 2 ** Math.min(exponent, 20));
}

/**
 * Counts one wrong password (or unknown e-mail) against the account (burst count and backoff)
 * and against the device when trusted, or the address when not.
 */
export async function loginFailed(
  db: Db,
  limiters: LoginLimiters,
  attempt: LoginAttempt,
  trusted: boolean,
): Promise<void> {
  const failures = await countBurst(db, limiters, attempt);
  if (trusted) await consume(limiters.loginDeviceFailures, deviceKey(attempt));
  else await consume(limiters.loginIp, attempt.ip);
  // Every failure moves the account's backoff, which only unknown devices (and a known device
  // that lost its trust) ever wait for.
  const wait = backoffSeconds(failures);
  if (wait > 0) await limiters.loginBackoff.block(accountKey(attempt.email), wait);
}

/**
 * Counts one failed or refused attempt on the account and returns the attempts in the window. The
 * attempt that brings the account to exactly LOGIN_LIMITS.accountBurst writes the audit row: the
 * counter is atomic, so one row per window even across nodes. Attempts the backoff refuses count
 * too (the route calls this for them), so a guesser that keeps knocking is still reported.
 */
export async function countBurst(
  db: Db,
  limiters: LoginLimiters,
  attempt: LoginAttempt,
): Promise<number> {
  const failures = await countUp(limiters.loginAccountBurst, accountKey(attempt.email));
  if (failures !== LOGIN_LIMITS.accountBurst) return failures;
  const user = await findUserByEmail(db, attempt.email);
  if (!user) return failures;
  await audit(db, {
    actorUserId: null,
    action: 'auth.login_burst',
    targetType: 'user',
    targetId: user.id,
    before: null,
    after: {
      failures,
      window_minutes: LOGIN_LIMITS.windowMinutes,
      last_ip: attempt.ip,
    },
    reason: `${failures} contraseñas incorrectas o intentos rechazados en menos de ${LOGIN_LIMITS.windowMinutes} minutos desde una o varias direcciones. La cuenta no se bloqueó: los dispositivos desconocidos esperan entre intentos.`,
  });
  return failures;
}

/** A successful sign-in forgets the failures of its device for the account. */
export async function loginSucceeded(
  limiters: LoginLimiters,
  attempt: LoginAttempt,
): Promise<void> {
  if (attempt.device) await limiters.loginDeviceFailures.delete(deviceKey(attempt));
}
