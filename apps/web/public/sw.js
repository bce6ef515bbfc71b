/**
 * Dominó's service worker (docs/decisions/025-installable-app-and-web-push.md). Hand-written and
 * deliberately small; it does three things and nothing else:
 *
 * 1. Offline page: on install it stores `/offline.html` ("Sin conexión"), a self-contained page
 *    (inline styles and artwork, no script). A page navigation whose network request fails gets
 *    that page instead of the browser's error. Nothing else is ever cached: API answers, the
 *    app's files and anything authenticated go to the network exactly as without a worker
 *    (the fetch handler does not even answer them).
 * 2. `push`: shows the notification the server sent. The payload is `{title, body, url, tag?}`
 *    in Spanish (apps/server/src/modules/push), never a player's tiles.
 * 3. `notificationclick`: focuses a tab of the app already showing the notification's page, or
 *    takes an open tab there, or opens a new window. Only same-origin paths are followed.
 *
 * OFFLINE_CACHE carries the first 8 hex digits of the SHA-256 of offline.html: a changed page
 * needs a new name (apps/web/src/lib/sw.test.ts fails until it has one), which makes the browser
 * install this worker again and store the new page; `activate` deletes the old caches.
 */

const OFFLINE_CACHE = 'domino-offline-1930384a';
const OFFLINE_URL = '/offline.html';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-72.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('domino-') && name !== OFFLINE_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Only page navigations are answered; every other request (API, sockets, scripts, images)
  // is left to the browser and never stored.
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  event.respondWith(
    fetch(request).catch(() =>
      caches
        .open(OFFLINE_CACHE)
        .then((cache) => cache.match(OFFLINE_URL))
        .then((page) => page || Response.error()),
    ),
  );
});

/** A same-origin path to open, or '/' when `url` is anything else (another site, garbage). */
function safePath(url) {
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
function notificationOf(data) {
  let message;
  try {
    message = data ? data.json() : null;
  } catch {
    message = null;
  }
  const title =
    message && typeof message.title === 'string' && message.title ? message.title : 'Dominó';
  const options = {
    body: message && typeof message.body === 'string' ? message.body : '',
    icon: ICON,
    badge: BADGE,
    lang: 'es',
    data: { url: safePath(message && message.url) },
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
  const path = safePath(event.notification.data && event.notification.data.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const same = windows.find((w) => w.url === target);
      if (same) return same.focus();
      const any = windows.find((w) => new URL(w.url).origin === self.location.origin);
      // navigate() needs a tab this worker controls; otherwise a new window.
      if (any)
        return any
          .focus()
          .then((w) => (w || any).navigate(target))
          .catch(() => self.clients.openWindow(target));
      return self.clients.openWindow(target);
    }),
  );
});
