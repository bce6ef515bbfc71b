import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  allowConsoleErrors,
  browserAvailable,
  capture,
  launchBrowser,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * A stand-in for the browser's push service in the page (no push service is reachable here):
 * PushManager.subscribe/getSubscription answer with a subscription on FCM's host whose keys are
 * real P-256 and auth values, remembered in localStorage across reloads with the server key it
 * was made with. Everything else — the permission prompt (granted by the context), the service
 * worker, the calls to our server — is the real thing.
 */
function pushManagerStub(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const sub = {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
  return `(() => {
    const SUB = ${JSON.stringify(sub)};
    const make = (key) => ({
      endpoint: SUB.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
      toJSON: () => ({ endpoint: SUB.endpoint, expirationTime: null, keys: SUB.keys }),
      unsubscribe: async () => { localStorage.removeItem('e2e-push-key'); return true; },
    });
    PushManager.prototype.subscribe = async function (options) {
      const key = Array.from(new Uint8Array(options.applicationServerKey));
      localStorage.setItem('e2e-push-key', JSON.stringify(key));
      return make(key);
    };
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem('e2e-push-key');
      return key ? make(JSON.parse(key)) : null;
    };
  })();`;
}

/**
 * The installable app (decision 025) in real Chromium against the built app, checked against
 * Lighthouse's installability criteria one by one (the lighthouse package needs Node 22): the
 * page links a manifest served from the app's origin with a Spanish name and short name,
 * `start_url` inside `scope`, `display: standalone`, the palette's colours, and PNG icons of 192
 * and 512 px (plus maskable ones) that the browser actually decodes at those sizes; the service
 * worker registers, has a fetch handler and controls the page. Offline (context.setOffline), a
 * navigation shows the branded "Sin conexión" page, and the app comes back once online again.
 * Screenshots of the offline page at 360x740 and 1366x900. The profile's "Notificaciones"
 * section turns notifications on (permission, subscription with the server's VAPID key, stored
 * on the server) and off, and its switches are saved on the server and shown again after a
 * reload; a logout makes the server and the browser forget the device. Screenshots of the
 * section at both sizes.
 */
describe('the installable app in the browser', () => {
  // The headless shell, like the other journeys; the notifications test starts the whole browser
  // for itself, since the shell denies notifications whatever the context grants (about twice
  // the CPU: docs/decisions/045-fast-test-databases.md, "Addendum 2026-12-02 (third)").
  const journey = useJourney();
  const wholeBrowser = journey.ok && browserAvailable(true);

  /** A context (`newContext`) of `browser` in which the app may register its service worker. */
  const withWorker = (viewport: typeof PHONE, browser: Browser = journey.browser) =>
    newContext(browser, journey.app.baseUrl, viewport, 'reduce', 'allow');

  /** Opens `/` and waits until the service worker controls the page. */
  async function controlledPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // clients.claim() in `activate` hands the open page to the worker without a reload.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
        timeout: 15_000,
      })
      .toBe(`${journey.app.baseUrl}/sw.js`);
    return page;
  }

  it.skipIf(!journey.ok)(
    'links a valid manifest whose icons decode at their declared sizes',
    async () => {
      const context = await withWorker(DESKTOP);
      journey.contexts.push(context);
      const page = await context.newPage();
      const errors = trackErrors(page);
      await page.goto('/');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      const manifestUrl = new URL(href!, journey.app.baseUrl);
      expect(manifestUrl.origin).toBe(journey.app.baseUrl);
      const res = await fetch(manifestUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await res.json()) as {
        name: string;
        short_name: string;
        lang: string;
        start_url: string;
        scope: string;
        display: string;
        theme_color: string;
        background_color: string;
        prefer_related_applications?: boolean;
        icons: { src: string; sizes: string; type: string; purpose?: string }[];
      };
      expect(manifest.name).toBe('Dominó');
      expect(manifest.short_name).toBe('Dominó');
      expect(manifest.lang).toBe('es');
      expect(manifest.display).toBe('standalone');
      expect(manifest.prefer_related_applications).not.toBe(true);
      const scope = new URL(manifest.scope, manifestUrl).href;
      const start = new URL(manifest.start_url, manifestUrl).href;
      expect(start.startsWith(scope)).toBe(true);
      expect(new URL(start).origin).toBe(journey.app.baseUrl);
      // The palette: the theme colour is the page's own <meta name="theme-color">.
      expect(manifest.theme_color).toBe(
        await page.locator('meta[name="theme-color"]').getAttribute('content'),
      );
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
      // The start page itself is served (a player not signed in is sent to log in).
      expect((await fetch(start)).status).toBe(200);

      const decoded: string[] = [];
      for (const icon of manifest.icons) {
        const size = await page.evaluate(async (src) => {
          const blob = await (await fetch(src)).blob();
          const bitmap = await createImageBitmap(blob);
          return { type: blob.type, width: bitmap.width, height: bitmap.height };
        }, icon.src);
        expect(icon.type).toBe('image/png');
        expect(size.type).toBe('image/png');
        expect(`${size.width}x${size.height}`).toBe(icon.sizes);
        decoded.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
      }
      expect(decoded).toEqual(
        expect.arrayContaining([
          '192x192 any',
          '512x512 any',
          '192x192 maskable',
          '512x512 maskable',
        ]),
      );
      expect(errors).toEqual([]);
    },
  );

  it.skipIf(!journey.ok)(
    'registers a service worker that controls the page and shows "Sin conexión" offline',
    async () => {
      for (const [label, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const context = await withWorker(viewport);
        journey.contexts.push(context);
        const page = await controlledPage(context);
        // A fetch handler is what Lighthouse looks for; the worker is served from our origin.
        const sw = await fetch(`${journey.app.baseUrl}/sw.js`);
        expect(sw.status).toBe(200);
        expect(sw.headers.get('content-type')).toMatch(/javascript/);
        // Built by vite-plugin-pwa (decision 041): minified, whatever quotes the minifier chose.
        expect(await sw.text()).toMatch(/addEventListener\(["'`]fetch["'`]/);
        // Chromium's own verdict, the one Lighthouse's installable-manifest audit read: no
        // installability error but the automation context's incognito profile.
        const cdp = await context.newCDPSession(page);
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        };
        expect(
          installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
        ).toEqual([]);

        // Online, a navigation is the app itself (the worker only stepped in to pass it on).
        await page.goto('/faq');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.getByRole('heading', { name: 'Sin conexión' }).count()).toBe(0);

        allowConsoleErrors(context, {
          pattern: /ERR_INTERNET_DISCONNECTED/,
          reason: 'the journey takes the browser offline, on purpose',
        });
        await context.setOffline(true);
        await page.goto('/dashboard');
        await page.getByRole('heading', { level: 1, name: 'Sin conexión' }).waitFor();
        expect(await page.getByRole('link', { name: 'Reintentar' }).isVisible()).toBe(true);
        expect(await page.title()).toBe('Sin conexión — Dominó');
        // Fits the screen: nothing wider than the viewport.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await shot(page, `pwa-offline-${label}`);

        // Back online, "Reintentar" reloads the page the player asked for.
        await context.setOffline(false);
        await page.getByRole('link', { name: 'Reintentar' }).click();
        await page.waitForURL('**/login**');
        await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
      }
    },
  );

  it.skipIf(!wholeBrowser)(
    'turns notifications on and off from the profile and saves the switches on the server',
    async () => {
      const browser = await launchBrowser(true);
      try {
        await notificationsOnAndOff(browser);
      } finally {
        await browser.close();
      }
    },
  );

  /** The notifications test's body, in the whole browser `browser` (its contexts closed here). */
  async function notificationsOnAndOff(browser: Browser): Promise<void> {
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const player = await registerViaApi(journey.app.baseUrl);
      const settings = async () => {
        const res = await fetch(`${journey.app.baseUrl}/api/push/preferences`, {
          headers: { authorization: `Bearer ${player.token}` },
        });
        return (await res.json()) as {
          preferences: Record<string, boolean>;
          devices: number;
        };
      };
      const context = await withWorker(viewport, browser);
      await context.grantPermissions(['notifications'], { origin: journey.app.baseUrl });
      await context.addInitScript(pushManagerStub());
      const page = await controlledPage(context);
      const errors = trackErrors(page);
      await loginViaUi(page, player.email, player.password);
      await page.goto('/profile');
      const card = page.getByTestId('notifications-card');
      await card.getByRole('heading', { name: 'Notificaciones' }).waitFor();
      const state = card.getByTestId('push-device-state');
      await expect.poll(() => state.textContent()).toMatch(/^Desactivadas en este dispositivo/);

      await card.getByRole('button', { name: 'Activar notificaciones' }).click();
      await expect.poll(() => state.textContent()).toBe('Activadas en este dispositivo.');
      await expect.poll(async () => (await settings()).devices).toBe(1);

      // Two switches off, each saved at once.
      await card.getByRole('switch', { name: 'Es tu turno' }).click();
      await card.getByRole('switch', { name: 'Recargas y retiros' }).click();
      await expect
        .poll(async () => (await settings()).preferences)
        .toEqual({ turn: false, table_start: true, invitation: true, payment: false });

      // After a reload the page shows what the server has, and this device is still on.
      await page.reload();
      await card.getByTestId('push-pref-turn').waitFor();
      await expect.poll(() => state.textContent()).toBe('Activadas en este dispositivo.');
      const checked = async (type: string) =>
        card.getByRole('switch', { name: new RegExp(type) }).isChecked();
      expect(await checked('Es tu turno')).toBe(false);
      expect(await checked('Tu mesa empieza')).toBe(true);
      expect(await checked('Invitaciones')).toBe(true);
      expect(await checked('Recargas y retiros')).toBe(false);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `pwa-profile-notifications-${label}`);
      await capture(card, `pwa-notifications-card-${label}`);

      // Off for this device: the server forgets the subscription, the switches stay.
      await card.getByRole('button', { name: 'Desactivar en este dispositivo' }).click();
      await expect.poll(() => state.textContent()).toMatch(/^Desactivadas en este dispositivo/);
      await expect.poll(async () => (await settings()).devices).toBe(0);
      expect((await settings()).preferences.turn).toBe(false);

      // On again, then a logout: the server and the browser forget this device, so the next
      // person on it never sees this player's notifications.
      await card.getByRole('button', { name: 'Activar notificaciones' }).click();
      await expect.poll(async () => (await settings()).devices).toBe(1);
      if (label === 'phone') {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
      } else {
        await page.getByRole('button', { name: /^Menú de / }).click();
        await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
      }
      await page.waitForURL('**/login');
      expect((await settings()).devices).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('e2e-push-key'))).toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    }
  }
});
