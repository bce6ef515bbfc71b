import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, userSchema } from '@domino/contracts';
import { z } from 'zod';
import {
  ApiError,
  apiGet,
  apiRequest,
  apiSend,
  errorMessageFor,
  NO_RESPONSE,
  normaliseList,
  onUnauthorized,
} from './api';

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

function respond(status: number, body: string, statusText = '') {
  return vi.fn(async () => new Response(body, { status, statusText }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('normaliseList', () => {
  it('accepts a bare array', () => {
    expect(normaliseList([1, 2])).toEqual([1, 2]);
  });

  it('accepts the array under data, games or tables', () => {
    expect(normaliseList({ data: [1] })).toEqual([1]);
    expect(normaliseList({ games: [2] })).toEqual([2]);
    expect(normaliseList({ tables: [3] })).toEqual([3]);
  });

  it('returns null for any other shape', () => {
    expect(normaliseList({ items: [] })).toBeNull();
    expect(normaliseList(null)).toBeNull();
    expect(normaliseList('[]')).toBeNull();
    expect(normaliseList({ data: 'x' })).toBeNull();
  });
});

describe('errorMessageFor', () => {
  it('prefers the server message', () => {
    expect(errorMessageFor(403, 'Forbidden', { message: 'Cuenta suspendida', code: 'x' })).toBe(
      'Cuenta suspendida',
    );
  });

  it("falls back to 'Error del servidor: {status} {text}'", () => {
    expect(errorMessageFor(502, 'Bad Gateway', '<html>')).toBe(MSG.serverError(502, 'Bad Gateway'));
    expect(errorMessageFor(500, '', null)).toBe('Error del servidor: 500');
  });
});

describe('apiRequest', () => {
  it('sends JSON, X-Requested-With and the stored bearer token', async () => {
    vi.stubGlobal('window', { localStorage: memoryStorage({ auth_token: 'tok-1' }) });
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Accept).toBe('application/json');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no JSON content type with a bodiless POST (the server refused it as an empty JSON body)', async () => {
    vi.stubGlobal('window', { localStorage: memoryStorage({ auth_token: 'tok-1' }) });
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/logout', { method: 'POST' });
    await apiRequest('/api/tables');
    for (const [, init] of fetchMock.mock.calls as unknown as [string, RequestInit][]) {
      const headers = init.headers as Record<string, string>;
      expect(headers['Content-Type']).toBeUndefined();
      expect(headers.Accept).toBe('application/json');
      expect(init.body).toBeUndefined();
    }
  });

  it('rethrows an abort that cuts the body short, and never checks it as an empty answer', async () => {
    vi.stubGlobal('window', { localStorage: memoryStorage({ auth_token: 'tok-1' }) });
    const controller = new AbortController();
    // Headers arrived, then the screen went away while the body was still coming.
    const body = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('[{"id":1,'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const response = new Response(body, { status: 200 });
        return {
          ok: true,
          status: 200,
          statusText: '',
          text: async () => {
            controller.abort();
            await response.body?.cancel();
            throw new DOMException('The operation was aborted.', 'AbortError');
          },
        } as unknown as Response;
      }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const call = apiGet('/api/banks', z.array(z.object({ id: z.number() })), {
      signal: controller.signal,
    });
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('omits Authorization when no token is stored', async () => {
    vi.stubGlobal('window', { localStorage: memoryStorage() });
    const fetchMock = respond(200, '[]');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/tables');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns a network failure into MSG.networkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await apiRequest('/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(NO_RESPONSE);
    expect((error as ApiError).message).toBe(MSG.networkError);
  });

  it('reads 422 field errors and the error code', async () => {
    vi.stubGlobal(
      'fetch',
      respond(422, JSON.stringify({ message: 'x', errors: { email: ['Malo'], name: [] } })),
    );
    const error = (await apiRequest('/api/register_api').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({ email: ['Malo'] });

    vi.stubGlobal(
      'fetch',
      respond(409, JSON.stringify({ message: MSG.emailInUse, code: 'auth/email_taken' })),
    );
    const conflict = (await apiRequest('/api/register_api').catch((e: unknown) => e)) as ApiError;
    expect(conflict.code).toBe('auth/email_taken');
    expect(conflict.message).toBe(MSG.emailInUse);
  });

  it('uses MSG.serverError for a 5xx without a JSON message', async () => {
    vi.stubGlobal('fetch', respond(503, '<h1>down</h1>', 'Service Unavailable'));
    const error = (await apiRequest('/api/tables').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(MSG.serverError(503, 'Service Unavailable'));
  });

  it('starts the session-invalid flow on a 401 to an authenticated call only', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    try {
      vi.stubGlobal('window', { localStorage: memoryStorage() });
      vi.stubGlobal('fetch', respond(401, JSON.stringify({ message: 'x', code: 'c' })));
      await apiRequest('/api/login_api').catch(() => undefined);
      expect(listener).not.toHaveBeenCalled();

      vi.stubGlobal('window', { localStorage: memoryStorage({ auth_token: 'expired' }) });
      await apiRequest('/api/user').catch(() => undefined);
      expect(listener).toHaveBeenCalledTimes(1);
      // The flow is told which token was refused and why (the body names the reason).
      expect(listener).toHaveBeenLastCalledWith('expired', { message: 'x', code: 'c' });

      await apiRequest('/api/logout', { invalidateOn401: false }).catch(() => undefined);
      expect(listener).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });

  it('rejects a response that does not match the contracts schema', async () => {
    vi.stubGlobal('fetch', respond(200, JSON.stringify({ id: 'not-a-user' })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = (await apiGet('/api/user', userSchema).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(MSG.unexpected);
  });
});

describe('apiSend', () => {
  const okSchema = z.object({ ok: z.boolean() });

  it('sends extra headers and a JSON body with its Content-Type', async () => {
    vi.stubGlobal('window', { localStorage: memoryStorage({ auth_token: 'tok-1' }) });
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiSend('/api/x', okSchema, {
        method: 'PATCH',
        body: { a: 1 },
        headers: { 'Idempotency-Key': 'k-1' },
      }),
    ).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(init.method).toBe('PATCH');
    expect(headers['Idempotency-Key']).toBe('k-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends FormData as multipart and no Content-Type without a JSON body', async () => {
    vi.stubGlobal('window', { localStorage: memoryStorage() });
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('a', '1');
    await apiSend('/api/x', okSchema, { method: 'POST', body: form });
    await apiSend('/api/y', okSchema, { method: 'POST' });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]?.[1].body).toBe(form);
    for (const [, init] of calls) {
      expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    }
  });
});
