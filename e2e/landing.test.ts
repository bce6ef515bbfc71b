import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  SHOTS,
  capture,
  newContext,
  registerViaApi,
  settled,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * Landing journey (decision 011) "landing anchors and FAQ" in real Chromium against the built app: the navbar's
 * anchors scroll (animated) to #about, #games and #faq; the eight FAQ items open and close; the
 * scroll-to-top button appears past 500 px and brings the page back; the winners section is
 * empty on a fresh platform (never sample winners); /privacy and /terms render; the register
 * form's terms link opens /terms. Screenshots of every section at phone and desktop sizes.
 */
describe('the landing and the public pages in the browser', () => {
  const journey = useJourney();

  /** A phone-sized browser context with JavaScript off: what the HTML alone shows. */
  const withoutJavaScript = () =>
    journey.browser.newContext({
      baseURL: journey.app.baseUrl,
      viewport: PHONE,
      javaScriptEnabled: false,
    });

  /**
   * Waits until React has adopted the prerendered element at `selector` (its fiber is on the
   * node): the app has loaded and hydrated the page (decision 043: at the visitor's first intent,
   * or once the browser has been idle for 5 s).
   */
  async function adopted(page: Page, selector = '#root h1') {
    await expect
      .poll(
        () =>
          page.evaluate((s) => {
            const node = document.querySelector(s);
            return node !== null && Object.keys(node).some((k) => k.startsWith('__reactFiber'));
          }, selector),
        { timeout: 30_000, message: `${selector} adopted by the app` },
      )
      .toBe(true);
  }

  /**
   * Opens the landing and waits for the banner and the app. The app comes at the visitor's first
   * intent or once the browser has been idle for 5 s (decision 043): `intent` (the default, for
   * tests about what the page does once loaded) presses Shift, as a visitor's first key, instead
   * of spending those 5 s (on a busy machine the idle load may still come first: either way the
   * app is loaded); `idle` waits for them, as a visitor who does nothing.
   */
  async function openLanding(page: Page, load: 'intent' | 'idle' = 'intent') {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /El dominó de siempre/ }).waitFor();
    await page.locator('#faq').waitFor();
    // The preloader fades for 1000 ms from the first paint, then leaves the page.
    await expect.poll(() => page.locator('#preloader').count()).toBe(0);
    if (load === 'intent') await page.keyboard.press('Shift');
    await adopted(page);
  }

  /** Top of an element relative to the viewport, in pixels. */
  const topOf = (page: Page, selector: string) =>
    page.evaluate((s) => document.querySelector(s)!.getBoundingClientRect().top, selector);

  /** Starts counting scroll events; returns a reader of the count. */
  async function countScrolls(page: Page) {
    await page.evaluate(() => {
      const w = window as unknown as { __scrolls: number };
      w.__scrolls = 0;
      window.addEventListener('scroll', () => (w.__scrolls += 1), { passive: true });
    });
    return () => page.evaluate(() => (window as unknown as { __scrolls: number }).__scrolls);
  }

  it.skipIf(!journey.ok)(
    'scrolls to #about, #games and #faq from the navbar, animated, just under the header',
    async () => {
      const context = await newContext(journey.browser, journey.app.baseUrl, DESKTOP, 'full');
      const page = await context.newPage();
      const errors = trackErrors(page);
      await openLanding(page);
      const nav = page.getByRole('navigation', { name: 'Principal' });
      const scrolls = await countScrolls(page);
      for (const [label, id] of [
        ['Acerca de', 'about'],
        ['Juegos', 'games'],
        ['Preguntas Frecuentes', 'faq'],
      ] as const) {
        await nav.getByRole('link', { name: new RegExp(`^${label}`) }).click();
        await page.waitForURL((url) => url.hash === `#${id}`);
        // scroll-padding-top is 80 px (64 px navbar): the section starts right under it.
        await expect
          .poll(() => topOf(page, `#${id}`), { message: `#${id} in place` })
          .toBeGreaterThan(40);
        await expect.poll(() => topOf(page, `#${id}`)).toBeLessThan(120);
      }
      // An animation moves through intermediate positions; a jump fires one scroll event.
      expect(await scrolls()).toBeGreaterThan(3);
      // Back to the banner through "Inicio".
      await nav.getByRole('link', { name: 'Inicio' }).click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(!journey.ok)(
    'reaches #faq from the phone menu, then opens and closes its 8 questions',
    async () => {
      const context = await newContext(journey.browser, journey.app.baseUrl, PHONE, 'full');
      const page = await context.newPage();
      const errors = trackErrors(page);
      await openLanding(page);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page
        .getByRole('dialog')
        .getByRole('link', { name: /^Preguntas Frecuentes/ })
        .click();
      await page.waitForURL((url) => url.hash === '#faq');
      await expect.poll(() => topOf(page, '#faq')).toBeLessThan(120);
      await expect.poll(() => topOf(page, '#faq')).toBeGreaterThan(40);

      const questions = page.locator('#faq button[aria-expanded]');
      expect(await questions.count()).toBe(8);
      const first = questions.nth(0);
      await expect.poll(() => first.getAttribute('aria-expanded')).toBe('false');
      await first.click();
      await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true');
      await expect
        .poll(() => page.getByText(/Con Pago Móvil\. En Recargar/).isVisible())
        .toBe(true);
      // Opening another one closes the first (one answer at a time).
      const fees = page.getByRole('button', { name: '¿Cuánto cobra la plataforma?' });
      await fees.click();
      await expect.poll(() => fees.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => first.getAttribute('aria-expanded')).toBe('false');
      await expect
        .poll(() =>
          page.getByText(/cada integrante de la pareja ganadora cobra Bs\. 1\.800,00/).isVisible(),
        )
        .toBe(true);
      await fees.click();
      await expect.poll(() => fees.getAttribute('aria-expanded')).toBe('false');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(!journey.ok)(
    'shows the scroll-to-top button only past 500 px and brings the page back to the top',
    async () => {
      const context = await newContext(journey.browser, journey.app.baseUrl, PHONE, 'full');
      const page = await context.newPage();
      await openLanding(page);
      const button = page.getByRole('button', { name: 'Volver arriba' });
      expect(await button.isVisible()).toBe(false);
      await page.evaluate(() => window.scrollTo({ top: 450, behavior: 'instant' }));
      await settled(page);
      expect(await button.isVisible()).toBe(false);
      await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
      await expect.poll(() => button.isVisible()).toBe(true);
      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect.poll(() => button.isVisible()).toBe(false);
      await context.close();
    },
  );

  it.skipIf(!journey.ok)(
    'shows every section with real data only: no winners yet on a fresh platform',
    async () => {
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const context = await newContext(journey.browser, journey.app.baseUrl, viewport, 'full');
        const page = await context.newPage();
        const errors = trackErrors(page);
        await openLanding(page);
        // The sections under the first screen come alive as the visitor nears them (decision 011).
        await page.locator('#ganadores').scrollIntoViewIfNeeded();
        const winners = page.getByTestId('recent-winners');
        // The scroll is the visitor's intent: the app loads, then the section asks the server. On
        // a loaded 2-core machine that took more than the journeys' usual 10 s.
        await expect
          .poll(
            () => winners.getByText(/Todavía no hay partidas con dinero terminadas/).isVisible(),
            { timeout: 30_000 },
          )
          .toBe(true);
        await expect
          .poll(() =>
            page
              .getByTestId('top-players')
              .getByText(/El ranking de \S+ de \d{4} empieza/)
              .isVisible(),
          )
          .toBe(true);
        expect(await page.getByRole('heading', { level: 3, name: /Regístrate/ }).count()).toBe(1);
        expect(
          await page.locator('[data-testid="feature-slider"] .mantine-Carousel-slide').count(),
        ).toBe(4);
        expect(await page.locator('figure blockquote').count()).toBe(3);
        expect(await page.getByText(/no son citas de personas reales/).isVisible()).toBe(true);

        fs.mkdirSync(SHOTS, { recursive: true });
        const sections = page.locator('main section');
        const n = await sections.count();
        for (let i = 0; i < n; i++) {
          const section = sections.nth(i);
          const name =
            (await section.getAttribute('id')) ??
            (await section.getAttribute('aria-labelledby')) ??
            `s${i}`;
          await section.scrollIntoViewIfNeeded();
          await capture(section, `landing-${size}-${i}-${name}`);
        }
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await shot(page, `landing-${size}-full`);
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );

  it.skipIf(!journey.ok)(
    'renders /privacy and /terms with their sections and contact',
    async () => {
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const context = await newContext(journey.browser, journey.app.baseUrl, viewport, 'full');
        const page = await context.newPage();
        const errors = trackErrors(page);
        await page.goto('/privacy');
        await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
        expect(
          await page.getByRole('heading', { level: 2, name: /Qué datos guardamos/ }).isVisible(),
        ).toBe(true);
        expect(await page.getByRole('heading', { level: 2, name: 'Contacto' }).isVisible()).toBe(
          true,
        );
        await shot(page, `privacy-${size}`);
        await page.getByRole('link', { name: 'Términos y condiciones' }).last().click();
        await page.waitForURL('**/terms');
        await page.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor();
        expect(
          await page.getByText(/El monto mínimo de un retiro es Bs\. 500,00/).isVisible(),
        ).toBe(true);
        // The index links to each section.
        await page
          .getByRole('navigation', { name: 'Contenido' })
          .getByRole('link', { name: /Pote del Mes/ })
          .click();
        await page.waitForURL((url) => url.hash === '#pote');
        await expect.poll(() => topOf(page, '#pote')).toBeLessThan(120);
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await shot(page, `terms-${size}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );

  it.skipIf(!journey.ok)("opens /terms from the register form's terms link", async () => {
    const context = await newContext(journey.browser, journey.app.baseUrl, PHONE, 'full');
    const page = await context.newPage();
    await page.goto('/register');
    // A tap while React hydrates may not reach the link (decision 036): the visitor's first
    // intent (here, focus on the name field) loads the app, and the test waits for it to take
    // over the form.
    await page.getByLabel('Nombre completo').focus();
    await page.locator('#root form fieldset[data-hydrated="true"]').waitFor();
    const [terms] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'términos y condiciones' }).click(),
    ]);
    await terms.waitForURL('**/terms');
    await terms.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor();
    // The register form is still there, unchanged, in its own tab.
    expect(page.url()).toMatch(/\/register$/);
    await context.close();
  });

  it.skipIf(!journey.ok)(
    'serves / prerendered: the banner is in the HTML, the app adopts it without rebuilding it, a player goes to /dashboard',
    async () => {
      // Without JavaScript: the banner, the navbar and the calls to action are already there.
      const bare = await withoutJavaScript();
      const still = await bare.newPage();
      await still.goto('/');
      await still.getByRole('heading', { level: 1, name: /El dominó de siempre/ }).waitFor();
      expect(
        await still.getByRole('link', { name: 'Crear cuenta gratis' }).first().getAttribute('href'),
      ).toBe('/register');
      // The whole page is in the HTML, the questions too (for phones before the scripts run,
      // and for search engines).
      expect(await still.locator('#faq').getByRole('button').count()).toBe(8);
      await bare.close();

      // With JavaScript: hydration keeps the very same banner element (no second render of the
      // page, no layout shift) and reports no error; the sections under the first screen load
      // only once the visitor heads for them; the page then works (FAQ from the navbar).
      const context = await newContext(journey.browser, journey.app.baseUrl, PHONE, 'full');
      const page = await context.newPage();
      const errors = trackErrors(page);
      const belowTheFold: string[] = [];
      page.on('request', (r) => {
        if (/\/assets\/BelowTheFold-[^/]+\.js$/.test(r.url())) belowTheFold.push(r.url());
      });
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { __hero: Element | null }).__hero =
            document.getElementById('hero-title');
        });
      });
      await openLanding(page, 'idle');
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { __hero: Element | null }).__hero !== null &&
            (window as unknown as { __hero: Element | null }).__hero ===
              document.getElementById('hero-title'),
        ),
      ).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(belowTheFold).toEqual([]);
      await page.locator('#ganadores').scrollIntoViewIfNeeded();
      // The section's chunk and its query load only now; a loaded machine can take a while.
      await page
        .getByText(/Todavía no hay partidas con dinero terminadas/)
        .waitFor({ timeout: 30_000 });
      expect(belowTheFold).toHaveLength(1);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page
        .getByRole('link', { name: /^Preguntas Frecuentes/ })
        .last()
        .click();
      await page.waitForURL((url) => url.hash === '#faq');
      expect(errors).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();

      // A player with a session never sees the visitor page: straight to /dashboard.
      const player = await registerViaApi(journey.app.baseUrl);
      const me = await fetch(`${journey.app.baseUrl}/api/user`, {
        headers: { authorization: `Bearer ${player.token}` },
      });
      const user = (await me.json()) as unknown;
      const logged = await newContext(journey.browser, journey.app.baseUrl, PHONE, 'full');
      await logged.addInitScript(
        ([token, userJson]) => {
          if (location.protocol !== 'http:') return; // about:blank has no storage
          localStorage.setItem('auth_token', token);
          localStorage.setItem('user', userJson);
          document.addEventListener('DOMContentLoaded', () => {
            (window as unknown as { __heroAtLoad: boolean }).__heroAtLoad =
              document.getElementById('hero-title') !== null;
          });
        },
        [player.token, JSON.stringify(user)] as const,
      );
      const home = await logged.newPage();
      await home.goto('/');
      await home.waitForURL('**/dashboard');
      expect(
        await home.evaluate(() => (window as unknown as { __heroAtLoad: boolean }).__heroAtLoad),
      ).toBe(false);
      await logged.close();
    },
  );

  /** The prerendered public pages besides the landing (decisions 036 and 043), with their H1. */
  const PAGES = [
    ['/login', 'Iniciar Sesión'],
    ['/register', 'Crear cuenta'],
    ['/forgot-password', 'Recuperar contraseña'],
    ['/privacy', 'Política de privacidad'],
    ['/terms', 'Términos y condiciones'],
    ['/faq', 'Lo que necesitas saber'],
  ] as const;

  /** Scripts of the app (anything under /assets/ ending in .js) requested by `page`. */
  function scriptRequests(page: Page): string[] {
    const urls: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/[^/]+\.js$/.test(new URL(r.url()).pathname)) urls.push(r.url());
    });
    return urls;
  }

  it.skipIf(!journey.ok)(
    'serves every public page as HTML and CSS that works before any script: no app until the visitor shows intent, forms open from the first paint',
    async () => {
      const context = await newContext(journey.browser, journey.app.baseUrl, PHONE, 'full');
      const errors: string[] = [];
      // The pages' clock stands still until the visitor's intent: the 5 s idle load cannot come
      // first however slowly a loaded machine brings the page up (Playwright's clock; the
      // preloader's fade is a CSS animation, which runs on).
      await context.clock.install();
      let paused = Date.now() + 1_000;
      for (const [pagePath, title] of [['/', 'El dominó de siempre'], ...PAGES] as const) {
        await context.clock.pauseAt(paused);
        const page = await context.newPage();
        errors.push(...trackErrors(page));
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(`${pagePath}: ${m.text()}`);
        });
        const scripts = scriptRequests(page);
        await page.goto(pagePath);
        await page.getByRole('heading', { level: 1, name: new RegExp(title) }).waitFor();
        await page.waitForLoadState('networkidle');
        // The boot script removed the preloader after its fade; it loaded nothing yet (the app
        // comes at the first intent, or after 5 s of an idle browser: data-app-load says which).
        await expect.poll(() => page.locator('#preloader').count()).toBe(0);
        expect(await page.locator('html').getAttribute('data-app-load'), pagePath).toBeNull();
        expect(scripts, pagePath).toEqual([]);
        const form = page.locator('#root form');
        if ((await form.count()) > 0) {
          // Open for typing although no script of the app has run.
          expect(await form.locator('input').first().isEnabled(), pagePath).toBe(true);
          expect(await form.locator('fieldset[data-hydrated="false"]').count(), pagePath).toBe(1);
        }
        // The first intent (a key) loads the app, which adopts the page.
        await context.clock.resume();
        await page.keyboard.press('Shift');
        await adopted(page);
        expect(await page.locator('html').getAttribute('data-app-load'), pagePath).toBe('intent');
        expect(
          scripts.some((u) => /\/assets\/index-[^/]+\.js$/.test(u)),
          pagePath,
        ).toBe(true);
        if ((await form.count()) > 0)
          await form.locator('fieldset[data-hydrated="true"]').waitFor();
        paused = (await page.evaluate(() => Date.now())) + 1_000;
        await page.close();
      }
      // A visitor who does nothing gets the app once the browser has been idle for 5 s.
      const idle = await context.newPage();
      await idle.goto('/privacy');
      await adopted(idle);
      expect(await idle.locator('html').getAttribute('data-app-load')).toBe('idle');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(!journey.ok)(
    'serves /login, /register, /forgot-password, /privacy, /terms and /faq prerendered: styled HTML, adopted without a shift, forms closed without JavaScript',
    async () => {
      // Without JavaScript: each page is there, styled, and its form cannot be used (a native
      // submit would put the password in the address).
      const bare = await withoutJavaScript();
      const still = await bare.newPage();
      for (const [pagePath, title] of PAGES) {
        const res = await still.goto(pagePath);
        expect(res?.headers()['content-security-policy'], pagePath).toMatch(/'sha256-/);
        await still.getByRole('heading', { level: 1, name: title }).waitFor();
        const stylesheets = await still.evaluate(() => document.styleSheets.length);
        expect(stylesheets, pagePath).toBeGreaterThan(0);
        if ((await still.locator('#root form').count()) > 0) {
          expect(await still.locator('#root form fieldset[disabled]').count(), pagePath).toBe(1);
          expect(await still.locator('#root form input').first().isDisabled(), pagePath).toBe(true);
          const submit = still.locator('#root form button[type="submit"]');
          expect(await submit.isDisabled(), pagePath).toBe(true);
        }
      }
      await bare.close();

      // With JavaScript: hydration keeps the very elements of the HTML (the H1 is the same
      // node), nothing moves, no error.
      const context = await newContext(journey.browser, journey.app.baseUrl, PHONE, 'full');
      const page = await context.newPage();
      const errors = trackErrors(page);
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __h1: Element | null; __shift: number };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number }[]) w.__shift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => {
          w.__h1 = document.querySelector('h1');
        });
      });
      for (const [pagePath, title] of PAGES) {
        await page.goto(pagePath);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await expect.poll(() => page.locator('#preloader').count()).toBe(0);
        await page.keyboard.press('Shift');
        await adopted(page);
        if (await page.locator('#root form').count())
          await page.locator('#root form fieldset[data-hydrated="true"]').waitFor();
        await page.waitForLoadState('networkidle');
        const { same, shift } = await page.evaluate(() => {
          const w = window as unknown as { __h1: Element | null; __shift: number };
          return {
            same: w.__h1 !== null && w.__h1 === document.querySelector('h1'),
            shift: w.__shift,
          };
        });
        expect(same, pagePath).toBe(true);
        expect(shift, pagePath).toBeLessThan(0.01);
        await shot(page, `prerendered${pagePath.replace(/\//g, '-')}-phone`);
      }
      expect(errors).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );

  /**
   * A prerendered page on a slow phone: the app's entry script is held back until `release()`.
   * The visitor acts as soon as the page's H1 is painted.
   */
  async function onSlowPhone(pathname: string, title: string) {
    const context = await newContext(journey.browser, journey.app.baseUrl, PHONE, 'full');
    const page = await context.newPage();
    const errors = trackErrors(page);
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      requested = true;
      await released;
      await route.continue();
    });
    await page.goto(pathname, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    return { context, page, errors, release, entryRequested: () => requested };
  }

  /** The session the server knows for the token the page stored, or null. */
  async function serverUser(page: Page): Promise<{ email: string } | null> {
    const token = await page.evaluate(
      () => localStorage.getItem('auth_token') ?? sessionStorage.getItem('auth_token'),
    );
    if (!token) return null;
    const me = await fetch(`${journey.app.baseUrl}/api/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return me.ok ? ((await me.json()) as { email: string }) : null;
  }

  it.skipIf(!journey.ok)(
    'a visitor who types on the prerendered /login before the app has loaded keeps the text and logs in',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const { context, page, errors, release, entryRequested } = await onSlowPhone(
        '/login',
        'Iniciar Sesión',
      );
      // Typed into the plain HTML: focusing the field is an intent, the app is asked for (and
      // held back here).
      await page.getByLabel('Correo electrónico').fill(player.email);
      await page.getByLabel(/^Contraseña/).fill(player.password);
      await page.getByLabel('Recordarme').check();
      await expect.poll(entryRequested).toBe(true);
      expect(await page.locator('#root form fieldset[data-hydrated="false"]').count()).toBe(1);
      release();
      await page.locator('#root form fieldset[data-hydrated="true"]').waitFor();
      // Adopted by the app: the fields still show what was typed, and the form's state holds it
      // (the submit below finds no empty field).
      expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(player.email);
      expect(await page.getByLabel(/^Contraseña/).inputValue()).toBe(player.password);
      expect(await page.getByLabel('Recordarme').isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.waitForURL('**/dashboard');
      expect((await serverUser(page))?.email).toBe(player.email);
      expect(errors).toEqual([]);

      // With a session, a prerendered public page shows the player's shell, not the visitor's.
      await page.unrouteAll();
      await page.goto('/privacy');
      await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
      await page
        .getByRole('button', { name: /^Menú de / })
        .or(page.getByRole('button', { name: 'Abrir menú' }))
        .first()
        .waitFor();
      expect(await page.getByRole('link', { name: 'Iniciar Sesión' }).count()).toBe(0);
      // ... and /login itself sends the player on; a query string gets the app, not the HTML.
      await page.goto('/login?redirect=%2Fpote');
      await page.waitForURL('**/pote');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(!journey.ok)(
    'a login sent on the prerendered /login before the app has loaded is held, then sent by the app',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const { context, page, errors, release } = await onSlowPhone('/login', 'Iniciar Sesión');
      await page.getByLabel('Correo electrónico').fill(player.email);
      await page.getByLabel(/^Contraseña/).fill(player.password);
      await page.getByLabel(/^Contraseña/).press('Enter');
      // Held by the boot script: no native submit (the password never reaches the address).
      await page.locator('#root form[data-early-submit]').waitFor();
      expect(new URL(page.url()).search).toBe('');
      release();
      await page.waitForURL('**/dashboard');
      expect(new URL(page.url()).search).toBe('');
      expect((await serverUser(page))?.email).toBe(player.email);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(!journey.ok)(
    'a visitor who scrolls the prerendered /privacy before the app has started stays where they were, and the footer link works',
    async () => {
      const { context, page, errors, release } = await onSlowPhone(
        '/privacy',
        'Política de privacidad',
      );
      // The reader goes down to the footer while the page is still plain HTML (the scroll asks
      // for the app, held back here until the reader is there).
      const faq = page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' });
      await faq.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1_000);
      expect(await page.locator('#root[data-prerendered]').count()).toBe(1);
      release();
      // React has adopted the link (its fiber is on the node) and its effects have run.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const link = document.querySelector('footer a[href="/faq"]');
              return link !== null && Object.keys(link).some((k) => k.startsWith('__reactFiber'));
            }),
          { timeout: 15_000 },
        )
        .toBe(true);
      await page.waitForLoadState('networkidle');
      await settled(page);
      // Still at the footer (the sections' content-visibility may settle the height by a few
      // hundred pixels, so the link's place on screen is the measure, not an exact scrollY).
      const place = await page.evaluate(() => {
        const link = document.querySelector('footer a[href="/faq"]');
        const top = link ? link.getBoundingClientRect().top : -1;
        return { y: window.scrollY, onScreen: top >= 0 && top < window.innerHeight };
      });
      expect(place.y).toBeGreaterThan(1_000);
      expect(place.onScreen).toBe(true);
      await faq.click();
      await page.waitForURL('**/faq');
      await page.getByRole('heading', { level: 1, name: 'Lo que necesitas saber' }).waitFor();
      // A navigation inside the app starts the next page at its top.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
