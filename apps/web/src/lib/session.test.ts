import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, MSG_SESSIONS, sessionEndedEvent, type User } from '@domino/contracts';

/**
 * The session store against the server's end of a session (decision 012): logout
 * sends a bodiless POST without a JSON content type, and a `session:ended` heard on a socket ends
 * the session with the server's reason, unless it belongs to an older session or to this tab's
 * own logout.
 */

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

const user = {
  id: 7,
  name: 'Ana',
  email: 'ana@example.com',
} as unknown as User;

let storage: Storage;
beforeEach(() => {
  vi.resetModules();
  storage = memoryStorage();
  vi.stubGlobal('window', {
    localStorage: storage,
    sessionStorage: memoryStorage(),
    addEventListener: vi.fn(),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fresh copy of the store (it reads storage when loaded) with `token` logged in. */
async function loggedIn(token: string) {
  const session = await import('./session');
  session.startSession({ token, user });
  return session;
}

describe('logout', () => {
  it('posts /api/logout with the token, no body and no JSON content type, then forgets the session', async () => {
    const session = await loggedIn('tok-1');
    const fetchMock = vi.fn(
      async () => new Response('{"message":"Sesión cerrada correctamente"}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(session.logout()).resolves.toBe(true);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/logout');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(session.getSession()).toMatchObject({ token: null, expired: false, endedBy: 'logout' });
    expect(storage.getItem('auth_token')).toBeNull();
  });

  it('reports a refused logout (the caller shows MSG.logoutFailed) and still forgets the session', async () => {
    const session = await loggedIn('tok-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    await expect(session.logout()).resolves.toBe(false);
    expect(session.getSession().token).toBeNull();
    expect(MSG.logoutFailed).toBe('Hubo un problema al cerrar sesión.');
  });

  it('shows no banner when its own session:ended arrives before the logout answer', async () => {
    const session = await loggedIn('tok-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // The server pushes the event to this tab's socket before it answers the request.
        session.sessionEndedByServer('tok-1', sessionEndedEvent('logged_out'));
        return new Response('{"message":"ok"}', { status: 200 });
      }),
    );
    await expect(session.logout()).resolves.toBe(true);
    expect(session.getSession()).toMatchObject({ token: null, expired: false, endedBy: 'logout' });
  });
});

describe('a session ended by the server', () => {
  it.each([
    ['logged_out', MSG_SESSIONS.logged_out],
    ['password_changed', MSG_SESSIONS.password_changed],
    ['password_reset', MSG_SESSIONS.password_reset],
    ['suspended', MSG_SESSIONS.suspended],
    ['expired', MSG.sessionExpired],
  ] as const)('ends the session with the banner for %s', async (reason, message) => {
    const session = await loggedIn('tok-1');
    session.sessionEndedByServer('tok-1', sessionEndedEvent(reason));
    expect(session.getSession()).toMatchObject({
      token: null,
      user: null,
      expired: true,
      endedBy: 'invalid',
      expiredMessage: message,
    });
    expect(storage.getItem('auth_token')).toBeNull();
  });

  it('leaves a password reset made in this tab to the reset page (no banner meanwhile)', async () => {
    const session = await loggedIn('tok-1');
    await session.endingSessionHere('password_reset', async () => {
      session.sessionEndedByServer('tok-1', sessionEndedEvent('password_reset'));
      expect(session.getSession()).toMatchObject({ token: 'tok-1', expired: false });
    });
    // Once the request is over, the same news from the server is news again.
    session.sessionEndedByServer('tok-1', sessionEndedEvent('password_reset'));
    expect(session.getSession()).toMatchObject({ token: null, expired: true });
  });

  it('ignores the end of an older session of this tab', async () => {
    const session = await loggedIn('tok-2');
    session.sessionEndedByServer('tok-1', sessionEndedEvent('password_changed'));
    session.sessionEndedByServer(null, sessionEndedEvent('password_changed'));
    expect(session.getSession()).toMatchObject({ token: 'tok-2', expired: false });
    expect(storage.getItem('auth_token')).toBe('tok-2');
  });
});

describe('a 401 answer', () => {
  /** fetch answering every call with a 401 of `body`. */
  const refuse = (body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 401 })),
    );

  it('shows the reason a request in flight was refused for (closed elsewhere), not "expired"', async () => {
    const session = await loggedIn('tok-1');
    refuse({ code: 'auth/session_ended', reason: 'logged_out', message: MSG_SESSIONS.logged_out });
    await session.fetchCurrentUser().catch(() => undefined);
    expect(session.getSession()).toMatchObject({
      token: null,
      expired: true,
      expiredMessage: MSG_SESSIONS.logged_out,
    });
  });

  it('falls back to the usual banner for a 401 that names no reason', async () => {
    const session = await loggedIn('tok-1');
    refuse({ code: 'auth/unauthenticated', message: MSG.unauthenticated });
    await session.fetchCurrentUser().catch(() => undefined);
    expect(session.getSession()).toMatchObject({
      token: null,
      expired: true,
      expiredMessage: null,
    });
  });

  it("leaves the new session alone when an older session's request comes back refused", async () => {
    const session = await loggedIn('tok-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // The player logged in again while the old session's request was on its way.
        session.startSession({ token: 'tok-2', user });
        return new Response(
          JSON.stringify({
            code: 'auth/session_ended',
            reason: 'logged_out',
            message: MSG_SESSIONS.logged_out,
          }),
          { status: 401 },
        );
      }),
    );
    await session.fetchCurrentUser().catch(() => undefined);
    expect(session.getSession()).toMatchObject({ token: 'tok-2', expired: false });
  });
});
