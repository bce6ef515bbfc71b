/**
 * Dominó's service worker (docs/decisions/041-offline-practice.md, which supersedes the
 * worker part of decision 025). Built by vite-plugin-pwa in injectManifest mode: Workbox fills
 * `self.__WB_MANIFEST` with the files of the build that offline practice needs (the app shell,
 * the /sin-conexion pages and the match worker, plus offline.html and the icons; see
 * vite.config.ts), each with a revision, and `precache` stores them on install and drops
 * outdated ones on activate. What it does:
 *
 * 1. Page navigations: network first, always (a deploy is seen at once; nothing authenticated
 *    is ever stored). Without network, /sin-conexion and /sin-conexion/partida get the
 *    precached app shell (index.html), so offline practice opens; every other page gets
 *    "Sin conexión" (offline.html), which links to it.
 * 2. Other GET requests of our origin that are precached (the build's hashed scripts and
 *    styles, icons) are answered from the precache, falling back to the network. Anything not
 *    precached — API calls, Socket.IO, images, other chunks — is not answered by the worker at
 *    all and never stored.
 * 3. `push`: shows the notification the server sent, `{title, body, url, tag?}` in Spanish
 *    (apps/server/src/modules/push), never a player's tiles (decision 025).
 * 4. `notificationclick`: focuses a tab already at the notification's page, or takes an open
 *    tab there, or opens a window. Only same-origin paths are followed.
 */
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precache,
  type PrecacheEntry,
} from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

/** Paths whose navigation gets the precached app shell when the network is down. */
const OFFLINE_APP_PATHS = ['/sin-conexion'];
const SHELL_URL = '/index.html';
const OFFLINE_URL = '/offline.html';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-72.png';

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** True when `pathname` is one of OFFLINE_APP_PATHS or below one. */
function isOfflineAppPath(pathname: string): boolean {
  return OFFLINE_APP_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

async function navigation(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const path = new URL(request.url).pathname;
    const page = isOfflineAppPath(path) ? SHELL_URL : OFFLINE_URL;
    return (await matchPrecache(page)) ?? (await matchPrecache(OFFLINE_URL)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
    return;
  }
  if (!getCacheKeyForURL(request.url)) return;
  event.respondWith(matchPrecache(request.url).then((hit) => hit ?? fetch(request)));
});

/** A same-origin path to open, or '/' when `url` is anything else (another site, garbage). */
function safePath(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/';
  try {
    const resolved = new URL(url, self.location.origin);
    if (resolved.origin !== self.location.origin) return '/';
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return '/';
  }
}

/** The notification a push message asks for; a payload that is not our JSON shows a plain one. */
function notificationOf(data: PushMessageData | null): {
  title: string;
  options: NotificationOptions;
} {
  let message: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } | null;
  try {
    message = data ? (data.json() as typeof message) : null;
  } catch {
    message = null;
  }
  const title =
    message && typeof message.title === 'string' && message.title ? message.title : 'Dominó';
  const options: NotificationOptions = {
    body: message && typeof message.body === 'string' ? message.body : '',
    icon: ICON,
    badge: BADGE,
    lang: 'es',
    data: { url: safePath(message?.url) },
  };
  if (message && typeof message.tag === 'string' && message.tag) options.tag = message.tag;
  return { title, options };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(safePath(data?.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const same = windows.find((w) => w.url === target);
      if (same) return same.focus();
      const any = windows.find((w) => new URL(w.url).origin === self.location.origin);
      // navigate() needs a tab this worker controls; otherwise a new window.
      if (any)
        return any
          .focus()
          .then((w) => (w ?? any).navigate(target))
          .catch(() => self.clients.openWindow(target));
      return self.clients.openWindow(target);
    }),
  );
});
