import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PHONE,
  loginViaUi,
  newContext,
  playStep,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
  allowConsoleErrors,
} from './support';

/** The record `key` of the offline store in IndexedDB (lib/storage.ts: domino-offline/practice). */
function storedRecord<T>(page: Page, key: 'results' | 'current'): Promise<T | undefined> {
  return page.evaluate(
    (k) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open('domino-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('practice').objectStore('practice').get(k);
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            db.close();
            resolve(get.result as T | undefined);
          };
        };
      }),
    key,
  );
}

/** The finished matches kept on the device. */
async function storedResults(
  page: Page,
): Promise<{ id: string; difficulty: string; won: boolean }[]> {
  return (
    (await storedRecord<{ id: string; difficulty: string; won: boolean }[]>(page, 'results')) ?? []
  );
}

/** The match in progress on the device, or null. */
async function storedCurrent(page: Page): Promise<{ difficulty: string; version: number } | null> {
  return (await storedRecord<{ difficulty: string; version: number }>(page, 'current')) ?? null;
}

/** Waits until the player has something to do: their turn, a hand summary, the end choice or the result. */
async function waitForMyMove(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="turn-status"][data-my-turn="true"]') !== null ||
      document.querySelector('[data-testid="hand-summary-close"]') !== null ||
      document.querySelector('[data-testid="end-choice-left"]') !== null ||
      document.querySelector('[data-testid="result-overlay"]') !== null,
    undefined,
    { timeout: 60_000, polling: 100 },
  );
}

/** Plays the player's part (first playable tile, left end, closing summaries) until the result shows. */
async function playToTheEnd(page: Page, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const step = await playStep(page);
    if (step === 'done') return;
    if (step === 'idle') await waitForMyMove(page);
  }
  throw new Error('the offline match did not finish in time');
}

/**
 * "Jugar sin conexión" (docs/decisions/041) in real Chromium against the built app: the app is
 * opened online once (the service worker installs and precaches the app shell, the offline
 * pages and the match worker), then the network is switched off (context.setOffline). A reload
 * shows "Sin conexión" with its "Jugar sin conexión" link; the menu opens from the precache;
 * a whole match against Fácil is played on the device to its end, surviving a reload in the
 * middle; the result is in IndexedDB and is listed on /sin-conexion after another reload.
 * The offline pages and the match worker come from the worker's precache; no API call is
 * answered while offline. Screenshots at 360x740, offline.
 */
describe('offline practice in the browser', () => {
  const journey = useJourney();

  it.skipIf(!journey.ok)(
    'plays a whole match against Fácil with the network off and keeps the result on the device',
    { timeout: 300_000 },
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const context = await newContext(
        journey.browser,
        journey.app.baseUrl,
        PHONE,
        'reduce',
        'allow',
      );
      journey.contexts.push(context);
      const page = await context.newPage();
      const errors = trackErrors(page);

      // Online once: the practice page offers the entry, and the worker installs.
      await loginViaUi(page, player.email, player.password);
      await page.goto('/games');
      await page.getByTestId('mode-cpu').click();
      await page.getByTestId('play-offline').waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
        .toBe(`${journey.app.baseUrl}/sw.js`);

      // Network off. Who answered: the offline pages and the match worker must come from the
      // service worker's precache; no API answer may arrive at all.
      allowConsoleErrors(context, {
        pattern: /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|WebSocket connection/,
        reason: 'the journey switches the network off, on purpose',
      });
      await context.setOffline(true);
      const answered: { url: string; worker: boolean }[] = [];
      page.on('response', (res) =>
        answered.push({ url: res.url(), worker: res.fromServiceWorker() }),
      );
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Sin conexión' }).waitFor();
      await page.getByRole('link', { name: 'Jugar sin conexión' }).click();
      await page.waitForURL('**/sin-conexion');
      await page.getByRole('heading', { level: 1, name: 'Jugar sin conexión' }).waitFor();
      await page.getByTestId('offline-results-empty').waitFor();
      await shot(page, 'offline-menu-phone');

      // The fast CPU pace, remembered on the device for the next match.
      await page.getByTestId('offline-pace').getByText('Rápido', { exact: true }).click();
      expect(await page.getByRole('radio', { name: 'Rápido' }).isChecked()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('offline_pace'))).toBe('rapida');
      await page.getByTestId('offline-start-facil').click();
      await page.waitForURL('**/sin-conexion/partida');
      await expect
        .poll(() => page.getByTestId('game-screen').getAttribute('data-status'))
        .toBe('playing');
      expect(await page.getByTestId('game-on-device').innerText()).toBe('En tu dispositivo');
      await waitForMyMove(page);
      await shot(page, 'offline-game-phone');

      // A few moves, then a reload in the middle of the match: it continues where it was.
      for (let i = 0; i < 3; i++) {
        await waitForMyMove(page);
        if ((await playStep(page)) === 'done') break;
      }
      const before = Number(await page.getByTestId('game-screen').getAttribute('data-version'));
      const handBefore = await page.getByTestId('game-screen').getAttribute('data-hand-number');
      await page.reload();
      await page.getByTestId('game-screen').waitFor();
      expect(
        Number(await page.getByTestId('game-screen').getAttribute('data-version')),
      ).toBeGreaterThanOrEqual(before);
      // The match goes on on the device while the page reloads (the CPU's moves, a hand that
      // ends): the same match, never an earlier hand or a new match.
      expect(
        Number(await page.getByTestId('game-screen').getAttribute('data-hand-number')),
      ).toBeGreaterThanOrEqual(Number(handBefore));

      await playToTheEnd(page, 240_000);
      const overlay = page.getByTestId('result-overlay');
      const outcome = await overlay.getAttribute('data-result');
      expect(['victoria', 'derrota']).toContain(outcome);
      // What needs the server is not offered offline.
      expect(await page.getByTestId('result-verify').count()).toBe(0);
      expect(await page.getByTestId('result-analysis').count()).toBe(0);
      await shot(page, 'offline-result-phone');

      // Kept on the device...
      await expect.poll(async () => (await storedResults(page)).length).toBe(1);
      const [stored] = await storedResults(page);
      expect(stored).toMatchObject({ difficulty: 'facil', won: outcome === 'victoria' });

      // ...and listed after another reload, still offline.
      await page.goto('/sin-conexion');
      await page.reload();
      const listed = page.getByTestId('offline-result');
      await listed.first().waitFor();
      expect(await listed.count()).toBe(1);
      expect(await listed.first().getAttribute('data-result-id')).toBe(stored!.id);
      expect(await listed.first().innerText()).toContain(
        outcome === 'victoria' ? 'Victoria contra Fácil' : 'Derrota contra Fácil',
      );
      await shot(page, 'offline-results-phone');

      // Experto on the device too: its CPU seats choose with the search in the match worker.
      await page.getByTestId('offline-start-experto').click();
      await page.waitForURL('**/sin-conexion/partida');
      await expect.poll(async () => (await storedCurrent(page))?.difficulty).toBe('experto');
      await waitForMyMove(page);
      const first = (await storedCurrent(page))!.version;
      // Twelve moves on, three of every four of them the CPU's (the player moves one turn in four).
      while (((await storedCurrent(page))?.version ?? 0) < first + 12) {
        expect(await playStep(page)).not.toBe('done');
        await waitForMyMove(page);
      }
      await shot(page, 'offline-experto-phone');

      const base = journey.app.baseUrl;
      const fromPrecache = (test: (path: string) => boolean) =>
        answered.filter((a) => test(a.url.slice(base.length)));
      const pages = fromPrecache((p) => p.startsWith('/sin-conexion'));
      const worker = fromPrecache((p) => /^\/assets\/match\.worker-[\w-]+\.js$/.test(p));
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expect(worker.length).toBeGreaterThanOrEqual(1);
      expect([...pages, ...worker].filter((a) => !a.worker)).toEqual([]);
      expect(fromPrecache((p) => p.startsWith('/api/') || p.startsWith('/socket.io'))).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
