import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The service worker's own code (src/sw.ts; docs/decisions/041) with Workbox's precache
 * replaced by a map of what the build would have precached, in a fake worker scope: which
 * requests it answers and with what (network first for pages; the app shell for /sin-conexion
 * and "Sin conexión" for the rest when the network fails; precached files from the precache;
 * nothing else), what a push shows, and where a click on a notification goes (same-origin
 * paths only). The built worker in a real browser is checked by e2e/pwa.test.ts and
 * e2e/offline.test.ts.
 */

const ORIGIN = 'https://domino.example';
const publicDir = path.resolve(import.meta.dirname, '../public');
const offlineHtml = fs.readFileSync(path.join(publicDir, 'offline.html'), 'utf8');

const precached = new Map<string, string>();
const calls = { precache: vi.fn(), cleanup: vi.fn() };

vi.mock('workbox-precaching', () => ({
  precache: (entries: unknown) => calls.precache(entries),
  cleanupOutdatedCaches: () => calls.cleanup(),
  getCacheKeyForURL: (url: string) => {
    const p = new URL(url, ORIGIN).pathname;
    return precached.has(p) ? `${ORIGIN}${p}?__WB_REVISION__=1` : undefined;
  },
  matchPrecache: async (url: string) => {
    const body = precached.get(new URL(url, ORIGIN).pathname);
    return body === undefined
      ? undefined
      : new Response(body, { headers: { 'content-type': 'text/html' } });
  },
}));

type Listener = (event: Record<string, unknown>) => void;

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

let network: (req: Request | string) => Promise<Response>;

/** Loads src/sw.ts into a fresh fake scope. */
async function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const clients = {
    claim: vi.fn(async () => undefined),
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
  };
  const scope = {
    __WB_MANIFEST: [{ url: 'index.html', revision: 'abc' }],
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: vi.fn(async () => undefined),
    clients,
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
  };
  vi.stubGlobal('self', scope);
  vi.stubGlobal('fetch', (req: Request | string) => network(req));
  vi.resetModules();
  await import('./sw');

  /** Dispatches an event; resolves with what respondWith got (undefined: not answered). */
  async function dispatch(type: string, init: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    listeners.get(type)!({
      ...init,
      waitUntil: (p: Promise<unknown>) => waits.push(p),
      respondWith: (p: Promise<Response>) => (answer = p),
    });
    await Promise.all(waits);
    return answer ? await answer : undefined;
  }
  return { dispatch, shown, clients, scope };
}

const page = (body: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const navigation = (p: string, method = 'GET') => ({
  request: new Request(`${ORIGIN}${p}`, { method }) as Request & { mode: string },
});
/** A Request whose mode is 'navigate' (the constructor refuses to make one). */
function nav(p: string, method = 'GET') {
  const { request } = navigation(p, method);
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  return { request };
}

beforeEach(() => {
  precached.clear();
  precached.set('/index.html', '<div id="root"></div>');
  precached.set('/offline.html', offlineHtml);
  precached.set('/assets/index-abc.js', 'console.log(1)');
  calls.precache.mockClear();
  network = async () => page('<p>from the network</p>');
});
afterEach(() => vi.unstubAllGlobals());

describe('the service worker', () => {
  it('precaches the build manifest Workbox injected and takes over open pages at once', async () => {
    const w = await loadWorker();
    expect(calls.precache).toHaveBeenCalledWith([{ url: 'index.html', revision: 'abc' }]);
    expect(calls.cleanup).toHaveBeenCalled();
    await w.dispatch('install', {});
    expect(w.scope.skipWaiting).toHaveBeenCalled();
    await w.dispatch('activate', {});
    expect(w.clients.claim).toHaveBeenCalled();
  });

  it('answers pages from the network while there is one', async () => {
    const w = await loadWorker();
    for (const p of ['/dashboard', '/sin-conexion', '/']) {
      expect(await (await w.dispatch('fetch', nav(p)))!.text()).toBe('<p>from the network</p>');
    }
  });

  it('without network serves the app for /sin-conexion and "Sin conexión" for any other page', async () => {
    network = offline;
    const w = await loadWorker();
    for (const p of ['/sin-conexion', '/sin-conexion/partida']) {
      expect(await (await w.dispatch('fetch', nav(p)))!.text()).toBe('<div id="root"></div>');
    }
    for (const p of ['/dashboard', '/sin-conexionx', '/games/abc']) {
      const res = (await w.dispatch('fetch', nav(p)))!;
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<h1>Sin conexión</h1>');
    }
  });

  it('serves precached files from the precache and leaves everything else to the browser', async () => {
    network = offline;
    const w = await loadWorker();
    const asset = await w.dispatch('fetch', {
      request: new Request(`${ORIGIN}/assets/index-abc.js`),
    });
    expect(await asset!.text()).toBe('console.log(1)');
    for (const request of [
      new Request(`${ORIGIN}/api/user`),
      new Request(`${ORIGIN}/assets/AdminPage-xyz.js`),
      new Request(`${ORIGIN}/api/games/1/moves`, { method: 'POST', body: '{}' }),
    ]) {
      expect(await w.dispatch('fetch', { request })).toBeUndefined();
    }
    expect(await w.dispatch('fetch', nav('/login', 'POST'))).toBeUndefined();
  });

  it('the offline page links to offline practice and needs no other file', () => {
    expect(offlineHtml).toContain('<h1>Sin conexión</h1>');
    expect(offlineHtml).toContain('lang="es"');
    expect(offlineHtml).toContain(
      '<a class="offline-play" href="/sin-conexion">Jugar sin conexión</a>',
    );
    // Self-contained: nothing to fetch when there is no network.
    expect(offlineHtml).not.toMatch(/<script|<link|src="\/|url\(/i);
  });

  it('shows the Spanish notification a push carries, with a same-origin link only', async () => {
    const w = await loadWorker();
    const push = (payload: unknown) => ({
      data: {
        json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
      },
    });
    await w.dispatch(
      'push',
      push({ title: 'Es tu turno', body: 'Mesa Caracas', url: '/games/abc', tag: 'turn:abc' }),
    );
    await w.dispatch('push', push({ title: 'x', body: 'y', url: 'https://evil.example/' }));
    await w.dispatch('push', push({ title: 'x', body: 'y', url: '//evil.example/' }));
    await w.dispatch('push', push('not json'));
    await w.dispatch('push', { data: null });
    expect(w.shown[0]).toEqual({
      title: 'Es tu turno',
      options: expect.objectContaining({
        body: 'Mesa Caracas',
        tag: 'turn:abc',
        lang: 'es',
        icon: '/icons/icon-192.png',
        data: { url: '/games/abc' },
      }),
    });
    expect(w.shown.slice(1, 3).map((s) => s.options.data)).toEqual([{ url: '/' }, { url: '/' }]);
    expect(w.shown.slice(3).map((s) => s.title)).toEqual(['Dominó', 'Dominó']);
  });

  it('on a click focuses the tab at that page, else takes an open tab there, else opens one', async () => {
    const windowAt = (p: string): FakeWindow => {
      const w: FakeWindow = {
        url: `${ORIGIN}${p}`,
        focus: vi.fn(async () => w),
        navigate: vi.fn(async () => w),
      };
      return w;
    };
    const click = (url: unknown) => ({
      notification: { close: vi.fn(), data: { url } },
    });

    const atGame = windowAt('/games/abc');
    const other = windowAt('/dashboard');
    let w = await loadWorker([other, atGame]);
    await w.dispatch('notificationclick', click('/games/abc'));
    expect(atGame.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();

    const tab = windowAt('/dashboard');
    w = await loadWorker([tab]);
    await w.dispatch('notificationclick', click('/transactions'));
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/transactions`);

    w = await loadWorker([]);
    await w.dispatch('notificationclick', click('https://evil.example/x'));
    expect(w.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
