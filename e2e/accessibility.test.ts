import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type axe from 'axe-core';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  SHOTS,
  capture,
  loginViaUi,
  registerViaApi,
  trackErrors,
  useJourney,
} from './support';

/**
 * axe-core over every route (docs/decisions/044-keyboard-and-screen-reader.md): public pages as
 * a guest, player pages as a registered player (with a practice match under way), staff pages as
 * the admin, each at phone (360x740) and desktop size. A violation of impact "serious" or
 * "critical" fails the run; every violation found is written to e2e/artifacts/axe-report.json.
 * One browser, one server, one page per role reused route after route, the three roles at once,
 * to keep CI time low.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

interface Found {
  route: string;
  size: 'phone' | 'desktop';
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** The first offending element's markup and axe's explanation (colours and ratio for contrast). */
  example: string;
}

const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=abc',
  '/verificar',
  '/privacy',
  '/terms',
  '/faq',
  '/sin-conexion',
  '/clasificacion',
  '/ruta-que-no-existe',
];

/** Player routes; `{game}` is a practice match under way, `{table}` a demo table. */
const PLAYER_ROUTES = [
  '/dashboard',
  '/games',
  '/games/{game}',
  '/recharge',
  '/withdraw',
  '/transactions',
  '/profile',
  '/waiting-room/{table}',
  '/mesas/nueva',
  '/invitacion/NOEXISTE',
  '/pote',
  '/history',
  '/amigos',
  '/torneos',
  '/jugar-ahora',
  '/verificacion',
];

const STAFF_ROUTES = [
  '/admin',
  '/admin/recargas',
  '/admin/retiros',
  '/admin/ajustes',
  '/admin/mesas',
  '/admin/usuarios',
  '/admin/usuarios/{player}',
  '/admin/usuarios/{player}/ajuste',
  '/admin/bancos',
  '/admin/auditoria',
  '/admin/reportes',
  '/admin/informe',
  '/admin/riesgo',
  '/admin/pote',
  '/admin/torneos',
  '/admin/conciliacion',
  '/admin/identidad',
];

/**
 * Waits until the page has drawn its content: the app mounted, no spinner left (a page whose
 * data never comes is audited as it stands after 5 s), entrance animations finished (axe judged
 * a wordmark's contrast half-way through its fade-in), two frames painted.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        (document.querySelector('#root')?.childElementCount ?? 0) > 0 &&
        !document.querySelector('.mantine-Loader-root'),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((r) => setTimeout(r, 3_000)),
      ]),
    )
    .catch(() => undefined);
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

/**
 * Runs axe-core on the page as it is now. `stylesheets` says whether axe fetches and parses the
 * page's style sheets (its `preload` of the CSSOM, which only the css-orientation-lock rule
 * reads: about half of a run's time on our pages). A route's desktop audit reads them again only
 * when the resize brought in a sheet the phone audit did not see (docs/decisions/044-keyboard-
 * and-screen-reader.md, addendum 2026-12-02).
 */
async function audit(
  page: Page,
  route: string,
  size: Found['size'],
  stylesheets: boolean,
): Promise<Found[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (preload) => {
    const { axe: engine } = window as unknown as { axe: typeof axe };
    const result = await engine.run(document, { resultTypes: ['violations'], preload });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      example: `${v.nodes[0]?.html.slice(0, 300) ?? ''}\n${v.nodes[0]?.failureSummary ?? ''}`,
    }));
  }, stylesheets);
  return violations.map((v) => ({ route, size, ...v }));
}

/** The document's style sheets, as one string that changes when a sheet comes or goes. */
function styleSheets(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.styleSheets]
      .map((sheet) => sheet.href ?? `inline:${sheet.ownerNode?.textContent?.length ?? 0}`)
      .join('\n'),
  );
}

/**
 * AXE_ROUTES=<text> audits only the routes containing that text (while fixing a page); CI and
 * `npm test` audit them all.
 */
const only = process.env.AXE_ROUTES;
const pick = (routes: string[]) => (only ? routes.filter((r) => r.includes(only)) : routes);

const REPORT = path.join(SHOTS, 'axe-report.json');

/**
 * Visits every route once and audits it at phone size, then again after resizing to desktop (one
 * page load per route). The report is rewritten after each route, so a run cut short still
 * leaves what it found.
 */
async function auditRoutes(page: Page, routes: string[], found: Found[]): Promise<void> {
  for (const route of pick(routes)) {
    const started = Date.now();
    await page.setViewportSize(PHONE);
    await page.goto(route);
    await settled(page);
    found.push(...(await audit(page, route, 'phone', true)));
    if (route.startsWith('/games/')) await capture(page, 'a11y-game-phone', { fullPage: false });
    const phoneSheets = await styleSheets(page);
    await page.setViewportSize(DESKTOP);
    await settled(page);
    const newSheets = (await styleSheets(page)) !== phoneSheets;
    found.push(...(await audit(page, route, 'desktop', newSheets)));
    fs.writeFileSync(REPORT, JSON.stringify(found, null, 2));
    console.log(`axe ${route}: ${Date.now() - started} ms`);
  }
}

/**
 * A context for axe: bypassCSP, since axe-core goes in as an inline script the app's policy
 * refuses; without the service worker, as support.ts `newContext`.
 */
function auditContext(browser: Browser, baseUrl: string) {
  return browser.newContext({
    baseURL: baseUrl,
    locale: 'es-VE',
    bypassCSP: true,
    serviceWorkers: 'block',
  });
}

/** A page signed in through the login form, and the same account's API token. */
async function signedInPage(browser: Browser, baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/login_api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await res.json()) as { token: string };
  const context = await auditContext(browser, baseUrl);
  const page = await context.newPage();
  await loginViaUi(page, email, password);
  return { context, page, token };
}

describe('accessibility of every route', () => {
  const journey = useJourney();

  it.skipIf(!journey.ok)(
    'finds no serious or critical axe-core violation on public, player and staff pages at phone and desktop size',
    // Every route audited at two sizes, one after another: 399 s once beside the other journeys
    // on a 2-core machine 1.8 times slower than usual.
    { timeout: 900_000 },
    async () => {
      const { baseUrl } = journey.app;
      fs.mkdirSync(SHOTS, { recursive: true });
      const found: Found[] = [];

      // The three roles are audited at once, each in its own page: most of a route's time is
      // waiting for the page to settle (its data, its entrance animations), and three pages
      // waiting together take a third of the time (docs/decisions/045).
      const guest = await auditContext(journey.browser, baseUrl);
      journey.contexts.push(guest);
      const guestPage = await guest.newPage();
      const errors = trackErrors(guestPage);

      const player = await registerViaApi(baseUrl);
      const signed = await signedInPage(journey.browser, baseUrl, player.email, player.password);
      journey.contexts.push(signed.context);
      errors.push(...trackErrors(signed.page));
      const created = await fetch(`${baseUrl}/api/practice-games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${signed.token}` },
        body: JSON.stringify({ difficulty: 'facil' }),
      });
      const { game_id: game } = (await created.json()) as { game_id: string };
      const tables = (await (await fetch(`${baseUrl}/api/tables`)).json()) as { id: number }[];
      const table = String(tables[0]?.id);

      const staff = await signedInPage(journey.browser, baseUrl, ADMIN.email, ADMIN.password);
      journey.contexts.push(staff.context);
      errors.push(...trackErrors(staff.page));

      await Promise.all([
        auditRoutes(guestPage, PUBLIC_ROUTES, found),
        auditRoutes(
          signed.page,
          PLAYER_ROUTES.map((r) => r.replace('{game}', game).replace('{table}', table)),
          found,
        ),
        auditRoutes(
          staff.page,
          STAFF_ROUTES.map((r) => r.replace('{player}', String(player.id))),
          found,
        ),
      ]);

      const byImpact: Record<string, number> = {};
      for (const v of found) byImpact[v.impact ?? 'none'] = (byImpact[v.impact ?? 'none'] ?? 0) + 1;
      console.log(`axe-core: ${found.length} violations (route x size x rule)`, byImpact);

      const blocking = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        blocking.map((v) => `${v.size} ${v.route} ${v.id} (${v.impact}): ${v.targets.join(' | ')}`),
      ).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
