import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

/**
 * The service worker as shipped (apps/web/public/sw.js; decision 025), run in a VM context with a
 * fake worker scope: what it stores on install, which requests it answers (page navigations
 * only, with the offline page when the network fails), what a push shows, and where a click on
 * a notification goes (same-origin paths only).
 */

const publicDir = path.resolve(import.meta.dirname, '../../public');
const source = fs.readFileSync(path.join(publicDir, 'sw.js'), 'utf8');
const offlineHtml = fs.readFileSync(path.join(publicDir, 'offline.html'), 'utf8');
const ORIGIN = 'https://domino.example';

type Listener = (event: Record<string, unknown>) => void;

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** Loads sw.js into a fresh fake scope; `network` answers fetch(). */
function loadWorker(network: (req: Request) => Promise<Response>, windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, Response>>();
  const caches = {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        add: async (req: Request) => {
          const res = await network(req);
          store.set(new URL(req.url, ORIGIN).pathname, res);
        },
        match: async (url: string) => store.get(url)?.clone(),
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const clients = {
    claim: vi.fn(async () => undefined),
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
  };
  const self = {
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
  const context = vm.createContext({
    self,
    caches,
    fetch: (req: Request) => network(req),
    Request: class extends Request {
      constructor(input: string, init?: RequestInit) {
        super(new URL(input, ORIGIN), init);
      }
    },
    Response,
    URL,
    Promise,
  });
  vm.runInContext(source, context);

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
  return { dispatch, stores, shown, clients };
}

const page = (status = 200, body = '<p>app</p>') =>
  new Response(body, { status, headers: { 'content-type': 'text/html' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the service worker', () => {
  it('names its cache after the offline page it stores', () => {
    const hash = createHash('sha256').update(offlineHtml).digest('hex').slice(0, 8);
    expect(source, 'offline.html changed: put its new hash in OFFLINE_CACHE').toContain(
      `'domino-offline-${hash}'`,
    );
    expect(offlineHtml).toContain('<h1>Sin conexión</h1>');
    expect(offlineHtml).toContain('lang="es"');
    // Self-contained: nothing to fetch when there is no network.
    expect(offlineHtml).not.toMatch(/<script|<link|src="\/|url\(/i);
  });

  it('stores only the offline page on install and drops older caches on activate', async () => {
    const network = vi.fn(async (req: Request) =>
      new URL(req.url).pathname === '/offline.html' ? page(200, offlineHtml) : page(404),
    );
    const w = loadWorker(network);
    await w.dispatch('install', {});
    expect(network).toHaveBeenCalledTimes(1);
    expect(network.mock.calls[0]![0].cache).toBe('reload');
    const [name] = [...w.stores.keys()];
    expect(name).toMatch(/^domino-offline-[0-9a-f]{8}$/);
    expect([...w.stores.get(name!)!.keys()]).toEqual(['/offline.html']);
    w.stores.set('domino-offline-00000000', new Map());
    await w.dispatch('activate', {});
    expect([...w.stores.keys()]).toEqual([name]);
    expect(w.clients.claim).toHaveBeenCalled();
  });

  it('answers a navigation from the network, and with "Sin conexión" when the network fails', async () => {
    let up = true;
    const w = loadWorker(async (req) => {
      if (new URL(req.url).pathname === '/offline.html') return page(200, offlineHtml);
      return up ? page(200, '<p>dashboard</p>') : offline();
    });
    await w.dispatch('install', {});
    const nav = { request: { mode: 'navigate', method: 'GET', url: `${ORIGIN}/dashboard` } };
    expect(await (await w.dispatch('fetch', nav))!.text()).toBe('<p>dashboard</p>');
    up = false;
    const res = (await w.dispatch('fetch', nav))!;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Sin conexión');
  });

  it('never answers (nor stores) API calls, assets or non-GET navigations', async () => {
    const network = vi.fn(async () => page(200, '{"balance":10}'));
    const w = loadWorker(network);
    for (const request of [
      { mode: 'cors', method: 'GET', url: `${ORIGIN}/api/user` },
      { mode: 'same-origin', method: 'GET', url: `${ORIGIN}/assets/index.js` },
      { mode: 'navigate', method: 'POST', url: `${ORIGIN}/login` },
    ]) {
      expect(await w.dispatch('fetch', { request })).toBeUndefined();
    }
    expect(network).not.toHaveBeenCalled();
    expect(w.stores.size).toBe(0);
  });

  it('shows the Spanish notification a push carries, with a same-origin link only', async () => {
    const w = loadWorker(offline);
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
    let w = loadWorker(offline, [other, atGame]);
    await w.dispatch('notificationclick', click('/games/abc'));
    expect(atGame.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();

    const tab = windowAt('/dashboard');
    w = loadWorker(offline, [tab]);
    await w.dispatch('notificationclick', click('/transactions'));
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/transactions`);

    w = loadWorker(offline, []);
    await w.dispatch('notificationclick', click('https://evil.example/x'));
    expect(w.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
