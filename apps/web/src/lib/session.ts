import { useSyncExternalStore } from 'react';
import {
  sessionEndedEventSchema,
  userSchema,
  type AuthResponse,
  type SessionEndReason,
  type SessionEndedEvent,
  type User,
} from '@domino/contracts';
import { apiGet, apiRequest, isApiError, onUnauthorized } from './api';
import { forgetPushSubscription } from './pwa';
import {
  clearStoredSession,
  readToken,
  readUser,
  STORAGE_KEYS,
  writeLastActivity,
  writeSession,
  writeUser,
} from './storage';

/**
 * The session store (docs/product.md §4 "Session"): the bearer token and the user, mirrored in localStorage
 * (`auth_token`, `user`) and restored from there on start. A tiny external store so that the shell,
 * the guards and every feature read one source of truth without importing each other.
 */
export interface SessionState {
  token: string | null;
  user: User | null;
  /** True after the session became invalid until the user dismisses the banner or logs in. */
  expired: boolean;
  /**
   * How the last session ended: a deliberate logout goes to a bare /login, an invalid session keeps
   * the page the user was on as the post-login target.
   */
  endedBy: 'logout' | 'invalid' | null;
  /** Why the session became invalid when it was not a plain expiry (e.g. a suspension); the banner shows it. */
  expiredMessage?: string | null;
}

let state: SessionState = {
  token: readToken(),
  user: readUser(),
  expired: false,
  endedBy: null,
};
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React hook over the session store. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The token of the session opened in this page (login or registration), not restored. */
let openedHere: string | null = null;

/**
 * True when `token` is the session this page opened itself (login or registration since it
 * loaded), false for a session restored from storage at start. The socket uses it to tell news of
 * a session's end from a token that died while the page was away (lib/socket.ts).
 */
export function openedInThisPage(token: string | null): boolean {
  return token !== null && token === openedHere;
}

/** Logged out -> logged in, after login or registration (docs/product.md §4). */
export function startSession(auth: Pick<AuthResponse, 'token' | 'user'>): void {
  openedHere = auth.token;
  writeSession(auth.token, auth.user);
  writeLastActivity(Date.now());
  setState({ token: auth.token, user: auth.user, expired: false, endedBy: null });
}

/** Replaces the stored user (balance refresh, session check). Ignored when logged out. */
export function updateUser(user: User): void {
  if (!state.token) return;
  writeUser(user);
  setState({ ...state, user });
}

/**
 * The session-invalid flow (docs/product.md §4): clears storage and marks the session expired so the shell
 * shows the banner, stops the timers and goes to /login. Does nothing when already logged out, so
 * several failing requests produce one banner. `message` replaces the banner's expiry text when
 * the server said why (staff suspended the account).
 */
export function invalidateSession(message?: string): void {
  if (!state.token && !readToken()) return;
  clearStoredSession();
  setState({
    token: null,
    user: null,
    expired: true,
    endedBy: 'invalid',
    expiredMessage: message ?? null,
  });
}

export function dismissExpired(): void {
  if (state.expired) setState({ ...state, expired: false });
}

/** GET /api/user: the current user (docs/product.md §7). */
export function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  return apiGet('/api/user', userSchema, { signal });
}

/** Refetches the user and stores it (the navbar's balance refresh button). */
export async function refreshUser(): Promise<User> {
  const user = await fetchCurrentUser();
  updateUser(user);
  return user;
}

/**
 * Logout (docs/product.md §4, §7): POST /api/logout when a token is stored, then clears the local session in
 * every case; first this browser's push subscription is forgotten (lib/pwa.ts). Resolves to false
 * when the server call failed (the caller shows MSG.logoutFailed).
 * A 401 means the token is already invalid, which is what logging out wants: not a failure.
 */
export async function logout(): Promise<boolean> {
  let ok = true;
  if (readToken()) {
    // This browser stops receiving the player's notifications first (decision 025).
    await forgetPushSubscription((endpoint) =>
      apiRequest('/api/push/subscriptions', {
        method: 'DELETE',
        body: { endpoint },
        invalidateOn401: false,
      }),
    );
    try {
      await endingSessionHere('logged_out', () =>
        apiRequest('/api/logout', { method: 'POST', invalidateOn401: false }),
      );
    } catch (error) {
      ok = isApiError(error) && error.status === 401;
    }
  }
  endSessionLocally();
  return ok;
}

/** How many requests of this tab are ending its own session, by reason (see endingSessionHere). */
const endingHere = new Map<SessionEndReason, number>();

/**
 * Runs a request by which this tab ends its own session (a logout, a password reset). The server
 * pushes `session:ended` to this tab's sockets before it answers; while the request runs that
 * event is not news (the caller finishes the session its own way, without the banner).
 */
export async function endingSessionHere<T>(
  reason: SessionEndReason,
  run: () => Promise<T>,
): Promise<T> {
  endingHere.set(reason, (endingHere.get(reason) ?? 0) + 1);
  try {
    return await run();
  } finally {
    const left = (endingHere.get(reason) ?? 1) - 1;
    if (left > 0) endingHere.set(reason, left);
    else endingHere.delete(reason);
  }
}

/**
 * The server ended the session of `token` and told its socket (`session:ended`, decision 012):
 * the session-invalid flow with the server's Spanish reason (closed elsewhere, expired, password
 * changed or reset, suspended). Ignored when `token` is no longer this tab's session (a socket of
 * an older session) and while this tab itself is ending it for that reason (endingSessionHere).
 */
export function sessionEndedByServer(token: string | null, event: SessionEndedEvent): void {
  if (!token || token !== state.token) return;
  if (endingHere.has(event.reason)) return;
  invalidateSession(event.message);
}

/**
 * Forgets the session in this browser without calling the server, like a logout (no banner; the
 * guards send to a bare /login). For when the server already revoked it: a password reset revokes
 * every session of the account (decision 006), including one open in this browser.
 */
export function endSessionLocally(): void {
  clearStoredSession();
  setState({ token: null, user: null, expired: false, endedBy: 'logout' });
}

/** Best-effort server-side revocation used by the inactivity logout; never throws. */
export function revokeTokenQuietly(): void {
  if (!readToken()) return;
  apiRequest('/api/logout', { method: 'POST', invalidateOn401: false }).catch(() => undefined);
}

// Any authenticated call answered with 401 invalidates the session (docs/product.md §4). A 401
// `auth/session_ended` names why, as the socket's `session:ended` does: a request in flight when the
// session was closed elsewhere shows that reason, not "expired" (decision 012).
onUnauthorized((token, body) => {
  const ended = sessionEndedEventSchema.safeParse(body);
  if (ended.success) sessionEndedByServer(token, ended.data);
  else invalidateSession();
});

// Keep tabs in step: logging in or out in one tab applies to the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === STORAGE_KEYS.token || event.key === null) {
      const token = readToken();
      if (token === state.token) return;
      setState({
        token,
        user: token ? readUser() : null,
        expired: false,
        endedBy: token ? null : 'logout',
      });
    } else if (event.key === STORAGE_KEYS.user && state.token) {
      setState({ ...state, user: readUser() });
    }
  });
}
