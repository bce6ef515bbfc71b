import { userSchema, type User } from '@domino/contracts';

/**
 * Browser storage of the session (docs/product.md §3 "Session data", §4). The original client fixed the keys: the token
 * lives in localStorage `auth_token` and the user object in localStorage `user`. Every access is
 * wrapped because storage can throw (private mode, quota, disabled cookies).
 */
export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'user',
  /** Shared across tabs so one idle tab does not log out a tab that is in use (ms since epoch). */
  lastActivity: 'last_activity',
  /** sessionStorage: the monthly pot modal was already shown in this browser session (docs/product.md §4). */
  potModalSeen: 'pot_modal_seen',
  /** localStorage: this browser's random device id, sent as `X-Device-Id` (decision 027). */
  deviceId: 'device_id',
} as const;

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(store: Storage | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(store: Storage | null, key: string, value: string | null): void {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Storage full or unavailable: the in-memory session still works for this tab.
  }
}

export function readToken(): string | null {
  const token = read(local(), STORAGE_KEYS.token);
  return token && token.trim() !== '' ? token : null;
}

/** The stored user, or null when missing or not matching the contracts' user schema. */
export function readUser(): User | null {
  const raw = read(local(), STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSession(token: string, user: User): void {
  write(local(), STORAGE_KEYS.token, token);
  write(local(), STORAGE_KEYS.user, JSON.stringify(user));
}

export function writeUser(user: User): void {
  write(local(), STORAGE_KEYS.user, JSON.stringify(user));
}

/**
 * Removes every trace of the session. The pot modal's mark (the day and pot it was last closed
 * on) stays: a new login the same day does not show it again (decision 050).
 */
export function clearStoredSession(): void {
  write(local(), STORAGE_KEYS.token, null);
  write(local(), STORAGE_KEYS.user, null);
  write(local(), STORAGE_KEYS.lastActivity, null);
}

export function readLastActivity(): number | null {
  const raw = read(local(), STORAGE_KEYS.lastActivity);
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) ? n : null;
}

export function writeLastActivity(at: number): void {
  write(local(), STORAGE_KEYS.lastActivity, String(at));
}

let memoryDeviceId: string | null = null;

/**
 * This browser's device id: a random UUID made once and kept in localStorage (in memory when
 * storage is unavailable). Sent with every API request as `X-Device-Id`; the server records it
 * with sessions and quick-play entries as a linked-accounts signal (docs/decisions/027).
 */
export function deviceId(): string {
  const stored = read(local(), STORAGE_KEYS.deviceId);
  if (stored && /^[A-Za-z0-9-]{8,64}$/.test(stored)) return stored;
  memoryDeviceId ??=
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  write(local(), STORAGE_KEYS.deviceId, memoryDeviceId);
  return memoryDeviceId;
}
