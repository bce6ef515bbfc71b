import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiCaller,
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  PLAYER_SCREENS,
  registerViaApi,
  settled,
  staffToken,
  trackErrors,
  useJourney,
} from './support';

/**
 * Nothing moves under a finger (docs/decisions/080-pages-hold-still-while-loading.md): on
 * every main page of the player and of the staff, loaded fresh at phone and desktop size (a
 * visitor's public pages at phone size), the browser's own layout-shift entries (the Layout
 * Instability API behind Web Vitals' CLS, https://wicg.github.io/layout-instability/) add up to
 * at most `MAX_SHIFT`, once the page's requests are answered and its transitions have ended. Web
 * Vitals calls 0.1 "good" for a whole visit; a page that waits for its data before drawing its
 * buttons scores 0, so the bound here is a tenth of that, room for a sub-pixel jitter, not for a
 * panel pushing a button away.
 */
const MAX_SHIFT = 0.01;

/** Pages a visitor opens before signing in (prerendered, decision 043, then the app takes over). */
const VISITOR_PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/faq',
  '/terms',
  '/privacy',
  '/clasificacion',
  '/problema-del-dia',
  '/verificar',
];

const STAFF_PAGES = [
  '/admin',
  '/admin/recargas',
  '/admin/conciliacion',
  '/admin/retiros',
  '/admin/identidad',
  '/admin/ajustes',
  '/admin/mesas',
  '/admin/reportes',
  '/admin/riesgo',
  '/admin/pote',
  '/admin/torneos',
  '/admin/usuarios',
  '/admin/bancos',
  '/admin/conexiones-bancarias',
  '/admin/auditoria',
  '/admin/informe',
];

/** Records every layout shift of every page the context loads, with what moved and how far. */
async function recordShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    interface Source {
      node?: Node;
      previousRect: DOMRectReadOnly;
      currentRect: DOMRectReadOnly;
    }
    interface Shift {
      value: number;
      hadRecentInput: boolean;
      startTime: number;
      sources?: Source[];
    }
    const w = window as unknown as { layoutShifts: { value: number; what: string }[] };
    w.layoutShifts = [];
    const name = (n: Node | undefined) => {
      if (!(n instanceof HTMLElement)) return n?.nodeName ?? '?';
      const id = n.dataset.testid ? `[data-testid=${n.dataset.testid}]` : '';
      return `${n.nodeName.toLowerCase()}${id} "${(n.textContent ?? '').slice(0, 40)}"`;
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Shift[]) {
        // A shift right after the user's own input is the answer to it, not a surprise.
        if (e.hadRecentInput) continue;
        const what = (e.sources ?? [])
          .map((s) => `${name(s.node)} y ${s.previousRect.y} -> ${s.currentRect.y}`)
          .join('; ');
        w.layoutShifts.push({ value: e.value, what: `at ${Math.round(e.startTime)} ms: ${what}` });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Loads `path` fresh, waits for its requests and transitions, and returns its shifts. */
async function shiftsOf(page: Page, path: string): Promise<{ value: number; what: string }[]> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await settled(page);
  return page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; what: string }[] }).layoutShifts,
  );
}

/**
 * Loads each of `paths` in turn; returns, for each page whose shifts add up to more than
 * `MAX_SHIFT`, its total and what moved (empty when every page held still).
 */
async function movedOn(page: Page, paths: string[]): Promise<string[]> {
  const moved: string[] = [];
  for (const path of paths) {
    const shifts = await shiftsOf(page, path);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    if (total > MAX_SHIFT)
      moved.push(`${path}: ${total.toFixed(3)}\n  ${shifts.map((s) => s.what).join('\n  ')}`);
  }
  return moved;
}

describe('pages hold still while they load', () => {
  const journey = useJourney();

  it.skipIf(!journey.ok)(
    `visitor pages at ${PHONE.width}x${PHONE.height}`,
    async () => {
      const context = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      journey.contexts.push(context);
      await recordShifts(context);
      const page = await context.newPage();
      const errors = trackErrors(page);
      expect(await movedOn(page, VISITOR_PAGES)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );

  for (const [who, size] of [
    ['player', PHONE],
    ['player', DESKTOP],
    ['staff', DESKTOP],
    ['staff', PHONE],
  ] as const) {
    it.skipIf(!journey.ok)(
      `${who} pages at ${size.width}x${size.height}`,
      async () => {
        const base = journey.app.baseUrl;
        // A player with a balance, so the money pages draw their forms, and requests to list.
        const player = await registerViaApi(base);
        const staff = await staffToken(base);
        const funded = await apiCaller(base)(`/api/admin/users/${player.id}/adjustments`, staff, {
          amount: 500,
          reason: 'Saldo de prueba',
        });
        expect(funded.status).toBeLessThan(300);
        // A recharge under review and one rejected, so the pages that list them draw them.
        // References are unique per bank account: each test of this app files its own.
        const [underReview, refused] = [`LS${player.id}1`, `LS${player.id}2`];
        for (const reference of [underReview, refused]) {
          const form = new FormData();
          form.set('amount', '275');
          form.set('reference', reference);
          form.set('account_id', '1');
          const filed = await fetch(`${base}/api/recharge_api`, {
            method: 'POST',
            headers: { authorization: `Bearer ${player.token}` },
            body: form,
          });
          expect(filed.status).toBe(201);
          if (reference === underReview) continue;
          const { id } = (await filed.json()) as { id: number };
          const rejected = await apiCaller(base)(`/api/admin/recharges/${id}/reject`, staff, {
            reason: 'Referencia no encontrada',
          });
          expect(rejected.status).toBe(200);
        }
        const [email, password, pages] =
          who === 'player'
            ? [player.email, player.password, PLAYER_SCREENS]
            : [ADMIN.email, ADMIN.password, [...STAFF_PAGES, `/admin/usuarios/${player.id}`]];

        const context = await newContext(journey.browser, base, size);
        journey.contexts.push(context);
        await recordShifts(context);
        const page = await context.newPage();
        const errors = trackErrors(page);
        await loginViaUi(page, email, password, pages[0]);
        expect(await movedOn(page, pages)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      },
      240_000,
    );
  }
});
