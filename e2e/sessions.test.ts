import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, MSG_ACCOUNT, MSG_SESSIONS } from '@domino/contracts';
import {
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  registerViaApi,
  settled,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * Session journeys (decision 012): logging out from the web app really ends the session on the
 * server (the old token gets 401; it used to stay alive because the bodiless POST was refused),
 * and a page open on a session that ends elsewhere (the owner logs out on another device, or
 * changes the password) leaves at once for /login with the reason, pushed over its socket.
 */
describe('sessions that end in the browser', () => {
  const journey = useJourney();

  const visible = async (page: Page, text: string, timeout = 10_000) => {
    await expect
      .poll(() => page.getByText(text, { exact: true }).first().isVisible(), {
        timeout,
        message: `visible: ${text}`,
      })
      .toBe(true);
  };
  const me = async (token: string | null) =>
    (
      await fetch(`${journey.app.baseUrl}/api/user`, {
        headers: { authorization: `Bearer ${token ?? ''}` },
      })
    ).status;
  const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('auth_token'));
  /** Records the Socket.IO frames a page receives (to see what the server pushed). */
  const framesOf = (page: Page) => {
    const frames: string[] = [];
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : '')),
    );
    return frames;
  };
  // The periodic session check runs every 5 minutes: anything faster than that is the push.
  const LIVE_MS = 10_000;

  it.skipIf(!journey.ok)(
    'logs out from the menu at 360 and 1366 px: the request has no body, the old token gets 401, the other session stays',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      for (const [viewport, suffix] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const context = await newContext(journey.browser, journey.app.baseUrl, viewport);
        const page = await context.newPage();
        const errors = trackErrors(page);
        await loginViaUi(page, player.email, player.password);
        await page.waitForURL('**/dashboard');
        const token = await tokenOf(page);
        expect(await me(token)).toBe(200);

        const logoutCall = page.waitForRequest(
          (r) => r.url().endsWith('/api/logout') && r.method() === 'POST',
        );
        if (suffix === 'phone') {
          await page.getByRole('button', { name: 'Abrir menú' }).click();
          await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
        } else {
          await page.getByRole('button', { name: `Menú de ${player.name}` }).click();
          await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
        }
        const request = await logoutCall;
        expect(request.headers()['content-type']).toBeUndefined();
        expect(request.postData()).toBeNull();
        expect((await request.response())?.status()).toBe(200);
        await page.waitForURL('**/login');
        expect(await tokenOf(page)).toBeNull();
        // The server ended it: the old token is refused, directly over HTTP.
        expect(await me(token)).toBe(401);
        // Nothing blames a failure, and no "session ended" banner for one's own logout: looked
        // at once the logout's requests are answered and the login page is still.
        await page.waitForLoadState('networkidle');
        await settled(page);
        expect(await page.getByText(MSG.logoutFailed).count()).toBe(0);
        expect(await page.getByText(MSG_SESSIONS.logged_out).count()).toBe(0);
        expect(await page.getByRole('alert').count()).toBe(0);
        await shot(page, `sessions-after-logout-${suffix}`);
        // The player's other session (the one registration opened) is untouched.
        expect(await me(player.token)).toBe(200);
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );

  it.skipIf(!journey.ok)(
    'ends a game open on another device live when the player changes the password, and keeps the changer',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      // Device A (desktop) will change the password; device B (phone) sits on a practice game.
      const a = await (await newContext(journey.browser, journey.app.baseUrl, DESKTOP)).newPage();
      const b = await (await newContext(journey.browser, journey.app.baseUrl, PHONE)).newPage();
      const bErrors = trackErrors(b);
      const bFrames = framesOf(b);
      await loginViaUi(a, player.email, player.password);
      await loginViaUi(b, player.email, player.password);
      const tokenA = await tokenOf(a);
      const tokenB = await tokenOf(b);
      expect(tokenA).not.toBe(tokenB);
      const created = await fetch(`${journey.app.baseUrl}/api/practice-games`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokenB}`, 'content-type': 'application/json' },
        body: JSON.stringify({ difficulty: 'facil' }),
      });
      expect(created.status).toBe(201);
      const { game_id: gameId } = (await created.json()) as { game_id: string };
      await b.goto(`/games/${gameId}`);
      await b.getByTestId('turn-status').waitFor();
      await expect
        .poll(() => bFrames.some((f) => f.includes(gameId)), { message: 'B joined the game' })
        .toBe(true);

      await a.goto('/profile');
      await a.getByRole('button', { name: 'Cambiar Contraseña' }).click();
      const dialog = a.getByRole('dialog');
      await dialog.getByLabel('Contraseña actual').fill(player.password);
      await dialog.getByLabel(/^Nueva contraseña/).fill('Cambiada789!');
      await dialog.getByLabel('Confirmar nueva contraseña').fill('Cambiada789!');
      await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
      await visible(a, MSG_ACCOUNT.passwordChanged);

      // B leaves the game for /login by itself, with the reason, without any action of its own.
      await b.waitForURL(/\/login/, { timeout: LIVE_MS });
      await visible(b, MSG_SESSIONS.password_changed, LIVE_MS);
      expect(decodeURIComponent(new URL(b.url()).searchParams.get('redirect') ?? '')).toBe(
        `/games/${gameId}`,
      );
      expect(await tokenOf(b)).toBeNull();
      expect(
        bFrames.some((f) => f.includes('"session:ended"') && f.includes('password_changed')),
      ).toBe(true);
      await b.getByLabel('Correo electrónico').waitFor();
      await shot(b, 'sessions-password-changed-elsewhere-phone');
      await b.setViewportSize(DESKTOP);
      await shot(b, 'sessions-password-changed-elsewhere-desktop');
      // The server: B's token is dead, A's lives on, and A was not logged out.
      expect(await me(tokenB)).toBe(401);
      expect(await me(tokenA)).toBe(200);
      expect(new URL(a.url()).pathname).toBe('/profile');
      expect(await a.getByText(MSG_SESSIONS.password_changed).count()).toBe(0);
      expect(bErrors).toEqual([]);
      await a.context().close();
      await b.context().close();
    },
  );

  it.skipIf(!journey.ok)(
    'ends live a page open with the same session elsewhere when the owner logs out',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const owner = await (await newContext(journey.browser, journey.app.baseUrl, PHONE)).newPage();
      await loginViaUi(owner, player.email, player.password);
      const token = await tokenOf(owner);
      // The same session in another browser (a copied token): it must not outlive the logout.
      const elsewhere = await (
        await newContext(journey.browser, journey.app.baseUrl, DESKTOP)
      ).newPage();
      await elsewhere.goto('/login');
      await elsewhere.evaluate((t) => localStorage.setItem('auth_token', t ?? ''), token);
      await elsewhere.goto('/dashboard');
      await elsewhere.getByText('Elige un juego').first().waitFor();
      const frames = framesOf(elsewhere);
      await elsewhere.reload();
      await elsewhere.getByText('Elige un juego').first().waitFor();
      await expect.poll(() => frames.length > 0, { message: 'socket connected' }).toBe(true);

      await owner.getByRole('button', { name: 'Abrir menú' }).click();
      await owner.getByRole('button', { name: 'Cerrar Sesión' }).click();
      await owner.waitForURL('**/login');

      await elsewhere.waitForURL(/\/login/, { timeout: LIVE_MS });
      await visible(elsewhere, MSG_SESSIONS.logged_out, LIVE_MS);
      await elsewhere.getByLabel('Correo electrónico').waitFor();
      await shot(elsewhere, 'sessions-closed-elsewhere-desktop');
      await elsewhere.setViewportSize(PHONE);
      await shot(elsewhere, 'sessions-closed-elsewhere-phone');
      expect(await me(token)).toBe(401);
      await owner.context().close();
      await elsewhere.context().close();
    },
  );
});
