import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MSG_PRIVATE, type TableDetail } from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  capture,
  loginViaUi,
  newContext,
  playUntilDone,
  recordToasts,
  registerViaApi,
  settled,
  shot,
  skipPotModal,
  toastShown,
  trackErrors,
  useJourney,
} from './support';

/**
 * Private tables in the browser (docs/product.md "Mesas privadas"; decision 021): two friends,
 * one on a phone and one on a desktop. The host creates a 2-player individual table of Bs. 100
 * from the dashboard within the staff's options, pays through the join confirmation, copies the
 * link from the waiting room's invitation panel; the friend opens the link logged out, logs in,
 * lands back on the invitation, confirms, and both play the match to settlement through the UI.
 * The server's balances are exact to the céntimo (Bs. 200 pot, 8 % house, 2 % pot: Bs. 180 to
 * the winner); both ask for "Revancha", each confirming (and double-tapping) their own entry:
 * charged once each, the same seats start a new match; the ledger check passes. Then a
 * host cancels while a friend waits at a 3-seat table (entered with the dashboard's code field): both are refunded
 * exactly and told, and the dead link says so; the dashboard leads the host back to the room.
 * Last, a free table ("amistosa") between two players with no balance: nothing is charged.
 */
describe('private tables between two friends', () => {
  const journey = useJourney({ env: { HAND_PAUSE_MS: '300' } });

  async function api(
    pathname: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await fetch(`${journey.app.baseUrl}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async function adminToken(): Promise<string> {
    const login = await fetch(`${journey.app.baseUrl}/api/login_api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    return ((await login.json()) as { token: string }).token;
  }

  /** A registered player with `amount` Bs. from a staff adjustment. */
  async function fundedPlayer(admin: string, amount: number) {
    const p = await registerViaApi(journey.app.baseUrl);
    const adj = await api(`/api/admin/users/${p.id}/adjustments`, admin, {
      amount,
      reason: 'Saldo de prueba e2e',
    });
    expect(adj.status).toBe(200);
    return p;
  }

  const balanceOf = async (token: string) =>
    (await api('/api/user/balance', token)).json.balance as number;

  async function context(viewport: typeof PHONE): Promise<BrowserContext> {
    const ctx = await newContext(journey.browser, journey.app.baseUrl, viewport);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: journey.app.baseUrl,
    });
    // The monthly pot's modal (a pot exists once a match paid into it) is another journey's.
    await skipPotModal(ctx, journey.app.baseUrl);
    journey.contexts.push(ctx);
    return ctx;
  }

  /** Both sizes of what the page shows (full page), leaving it at `back`. */
  async function shotBoth(page: Page, name: string, back: typeof PHONE) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await settled(page);
      await shot(page, `${name}-${size}`);
    }
    await page.setViewportSize(back);
  }

  /** The host's way in: dashboard -> /mesas/nueva, individual of `players` at `priceCents`. */
  async function createFromDashboard(page: Page, priceCents: number, players: 2 | 3 = 2) {
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-private-create').click();
    await page.waitForURL('**/mesas/nueva');
    await page.getByTestId('private-rule-mode').click();
    await page.getByRole('option', { name: 'Individual', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('private-rule-players').inputValue())
      .toBe('2 jugadores');
    if (players === 3) {
      await page.getByTestId('private-rule-players').click();
      await page.getByRole('option', { name: '3 jugadores', exact: true }).click();
    }
    await page.getByTestId(`private-price-${priceCents}`).click();
  }

  it.skipIf(!journey.ok)(
    'the host shares a link, the friend joins from it and they play to settlement',
    { timeout: 600_000 },
    async () => {
      const admin = await adminToken();
      const host = await fundedPlayer(admin, 1000);
      const friend = await fundedPlayer(admin, 1000);

      // Host on a phone: the dashboard's entry, the form within the staff's options.
      const hostCtx = await context(PHONE);
      const hostPage = await hostCtx.newPage();
      const hostErrors = trackErrors(hostPage);
      await loginViaUi(hostPage, host.email, host.password, '/dashboard');
      await hostPage.getByTestId('dashboard-private').waitFor();
      await shot(hostPage, 'private-dashboard-phone');
      await createFromDashboard(hostPage, 10000);
      const options = await api('/api/private-tables/options', host.token);
      const prices = options.json.entry_prices as number[];
      for (const p of prices)
        expect(await hostPage.getByTestId(`private-price-${Math.round(p * 100)}`).count()).toBe(1);
      expect(await hostPage.getByTestId('private-price-0').textContent()).toContain(
        'Amistosa (gratis)',
      );
      // What the winner gets, by the server's own split: 2 × 100 − 8 % − 2 %.
      expect(await hostPage.getByTestId('prize-total').textContent()).toBe('Bs. 180,00');
      await shotBoth(hostPage, 'private-new', PHONE);

      // 'Crear mesa' asks like a join does: the host pays the entry.
      await hostPage.getByTestId('private-create').click();
      const pay = hostPage.getByTestId('join-confirm-pay');
      await pay.waitFor();
      expect(await pay.textContent()).toBe('Pagar Bs. 100,00 y crear');
      expect(await hostPage.getByTestId('join-prize').textContent()).toBe('Bs. 180,00');
      await settled(hostPage); // the dialog's opening transition
      await capture(hostPage, 'private-create-confirm-phone', { fullPage: false });
      await pay.click();
      await hostPage.waitForURL(/\/waiting-room\/\d+$/);
      const tableId = Number(hostPage.url().split('/').pop());
      await hostPage.getByTestId('invite-panel').waitFor();
      const code = (await hostPage.getByTestId('invite-code').textContent())?.trim() ?? '';
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
      expect(await hostPage.getByTestId('invite-expiry').getAttribute('data-minutes')).toBe('30');
      // The host cancels, never 'Salir'.
      expect(await hostPage.getByTestId('invite-cancel').isVisible()).toBe(true);
      expect(await hostPage.getByTestId('waiting-leave').count()).toBe(0);
      expect(await balanceOf(host.token)).toBe(900);

      // 'Copiar enlace' puts the full address on the clipboard.
      await hostPage.getByTestId('invite-copy').click();
      const link = await hostPage.evaluate(() => navigator.clipboard.readText());
      expect(link).toBe(`${journey.app.baseUrl}/invitacion/${code}`);
      await shotBoth(hostPage, 'private-waiting-invite', PHONE);
      await capture(hostPage.getByTestId('invite-panel'), 'private-invite-panel-phone');

      // The server: the code shows the table, host seated, host's facts included.
      const byCode = await api(`/api/private-tables/${code}`, friend.token);
      expect(byCode.status).toBe(200);
      expect(byCode.json).toMatchObject({ id: tableId, entry_price: 100, current_players: 1 });
      // By id it does not exist for the friend yet.
      expect((await api(`/api/tables/${tableId}`, friend.token)).status).toBe(404);

      // The friend on a desktop opens the link logged out: /login, then back to the invitation.
      const friendCtx = await context(DESKTOP);
      const friendPage = await friendCtx.newPage();
      const friendErrors = trackErrors(friendPage);
      await friendPage.goto(link);
      await friendPage.waitForURL(/\/login\?redirect=/);
      await friendPage.getByLabel('Correo electrónico').fill(friend.email);
      await friendPage.getByLabel(/^Contraseña/).fill(friend.password);
      await friendPage.getByRole('button', { name: 'Iniciar sesión' }).click();
      await friendPage.waitForURL(`**/invitacion/${code}`);
      await friendPage.getByTestId('invitation-join').waitFor();
      expect(await friendPage.getByTestId('invitation-host').textContent()).toContain(
        host.name.split(' ')[0]!,
      );
      expect(await friendPage.getByTestId('invitation-seats').textContent()).toBe(
        'Sentados: 1 de 2',
      );
      expect(await friendPage.getByTestId('invitation-entry').textContent()).toBe(
        'Entrada Bs. 100,00',
      );
      expect(await friendPage.getByTestId('prize-total').textContent()).toBe('Bs. 180,00');
      expect(
        await friendPage.getByTestId('invitation-rules-list').locator('[data-rule]').count(),
      ).toBeGreaterThan(5);
      await shotBoth(friendPage, 'private-invitation', DESKTOP);

      await friendPage.getByTestId('invitation-join').click();
      await friendPage.getByTestId('join-confirm-pay').click();
      await friendPage.waitForURL(`**/waiting-room/${tableId}`);

      // The table filled: both go to the same match and play it through the UI.
      const pages = [hostPage, friendPage];
      await Promise.all(
        pages.map((page) => page.waitForURL(/\/games\/[0-9a-f-]{36}$/, { timeout: 30_000 })),
      );
      expect(new Set(pages.map((p) => p.url().split('/').pop())).size).toBe(1);
      const done = await playUntilDone(pages, { deadline: Date.now() + 540_000 });
      expect(done.size).toBe(2);
      await shot(hostPage, 'private-result-phone');

      // Settlement to the céntimo: the winner +80 (180 − 100), the other −100.
      const nets = await Promise.all(
        pages.map(async (page) =>
          Number(await page.getByTestId('result-money').getAttribute('data-net')),
        ),
      );
      expect([...nets].sort((a, b) => a - b)).toEqual([-100, 80]);
      const balances = [await balanceOf(host.token), await balanceOf(friend.token)];
      expect(balances).toEqual(nets.map((n) => (n === 80 ? 1080 : 900)));

      // "Revancha": the table keeps a 30 s window for these two. Each confirms their own new
      // entry (tapping twice charges once); when both accepted the same seats start a new match.
      const finished = hostPage.url().split('/').pop()!;
      const seatsBefore = (
        (await api(`/api/tables/${tableId}`, host.token)).json as unknown as TableDetail
      ).rematch!.seats;
      for (const [i, page] of pages.entries()) {
        await page.getByTestId('rematch-accept').click();
        const pay = page.getByTestId('join-confirm-pay');
        await pay.click();
        await pay.click({ timeout: 1_000 }).catch(() => undefined);
        if (i === 0) {
          // The host waits for the friend: the panel counts who accepted and the seconds left.
          await page.getByTestId('rematch-panel').getByText('Esperando a los demás').waitFor();
          await shot(page, 'private-rematch-phone');
        }
      }
      await Promise.all(
        pages.map((page) =>
          page.waitForURL(
            (url) =>
              /\/games\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(finished),
            {
              timeout: 15_000,
            },
          ),
        ),
      );
      expect(new Set(pages.map((p) => p.url().split('/').pop())).size).toBe(1);
      expect([await balanceOf(host.token), await balanceOf(friend.token)]).toEqual(
        balances.map((b) => b - 100),
      );
      const rematched = (await api(`/api/tables/${tableId}`, host.token))
        .json as unknown as TableDetail;
      expect(rematched.game_id).toBe(pages[0]!.url().split('/').pop());
      expect(rematched.seats.map((x) => [x.seat, x.user?.id])).toEqual(
        seatsBefore.map((x) => [x.seat, x.user_id]),
      );
      const check = await api('/api/admin/ledger-check', admin, {});
      expect(check.status).toBe(200);
      expect(check.json.ok).toBe(true);
      expect(hostErrors).toEqual([]);
      expect(friendErrors).toEqual([]);
    },
  );

  it.skipIf(!journey.ok)(
    'the host cancels while a friend waits: both refunded exactly and told',
    // Two sign-ins, a table created, joined and cancelled through the UI: 18 s alone, and over
    // 120 s once beside the other journeys on a loaded machine.
    { timeout: 240_000 },
    async () => {
      const admin = await adminToken();
      const host = await fundedPlayer(admin, 750.25);
      const friend = await fundedPlayer(admin, 600.5);

      const hostCtx = await context(DESKTOP);
      const hostPage = await hostCtx.newPage();
      const hostErrors = trackErrors(hostPage);
      await loginViaUi(hostPage, host.email, host.password);
      // Three seats, so the friend waits for a third player.
      await createFromDashboard(hostPage, 50000, 3);
      await hostPage.getByTestId('private-create').click();
      await hostPage.getByTestId('join-confirm-pay').click();
      await hostPage.waitForURL(/\/waiting-room\/\d+$/);
      const code = (await hostPage.getByTestId('invite-code').textContent())?.trim() ?? '';
      expect(await balanceOf(host.token)).toBe(250.25);
      const roomUrl = hostPage.url();
      // A private table is not in the public list: the dashboard leads back to it.
      await hostPage.goto('/dashboard');
      await hostPage.getByTestId('dashboard-private-return').click();
      await hostPage.waitForURL(roomUrl);
      await hostPage.getByTestId('invite-panel').waitFor();

      // The friend types the code on the dashboard (lower case, as dictated).
      const friendCtx = await context(PHONE);
      const friendPage = await friendCtx.newPage();
      const friendErrors = trackErrors(friendPage);
      await loginViaUi(friendPage, friend.email, friend.password, '/dashboard');
      const field = friendPage.getByTestId('dashboard-private-code');
      await field.fill('k7m2');
      await friendPage.getByTestId('dashboard-private-join').click();
      await expect.poll(() => friendPage.getByText(MSG_PRIVATE.badCode).count()).toBeGreaterThan(0);
      await field.fill(code.toLowerCase());
      expect(await field.inputValue()).toBe(code);
      await friendPage.getByTestId('dashboard-private-join').click();
      await friendPage.waitForURL(`**/invitacion/${code}`);
      await friendPage.getByTestId('invitation-join').click();
      await friendPage.getByTestId('join-confirm-pay').click();
      await friendPage.waitForURL(/\/waiting-room\/\d+$/);
      await expect
        .poll(() => friendPage.getByTestId('waiting-room').getAttribute('data-phase'))
        .toBe('waiting');
      // The friend sees the invitation too, but no 'Cancelar mesa'.
      await friendPage.getByTestId('invite-panel').waitFor();
      expect(await friendPage.getByTestId('invite-cancel').count()).toBe(0);
      expect(await balanceOf(friend.token)).toBe(100.5);
      // The host's room hears the join by a push; a loaded machine may take longer than 10 s.
      await expect
        .poll(() => hostPage.getByTestId('waiting-seat-1').getAttribute('data-occupied'), {
          timeout: 30_000,
        })
        .toBe('true');

      // The host cancels after a confirmation that says everyone is refunded.
      await recordToasts(friendPage);
      await hostPage.getByTestId('invite-cancel').click();
      const dialog = hostPage.getByTestId('invite-cancel-modal');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('devolvemos la entrada a los 2 jugadores');
      await settled(hostPage);
      await capture(hostPage, 'private-cancel-confirm-desktop', { fullPage: false });
      await hostPage.getByTestId('invite-cancel-confirm').click();
      await hostPage.waitForURL('**/dashboard');
      await hostPage.getByText(MSG_PRIVATE.cancelled).first().waitFor();
      await hostPage.getByTestId('dashboard-private-create').waitFor();

      // The waiting friend is told, with the balance, and sent to the table list. The toast
      // shows for 5 s from the push, which left with the host's answer, and the host's checks
      // above may take longer on a loaded machine: the page recorded what it showed.
      await friendPage.waitForURL('**/dashboard', { timeout: 15_000 });
      const told = () => toastShown(friendPage, MSG_PRIVATE.cancelledRefunded);
      await expect.poll(told).not.toBeNull();
      expect(await told()).toContain('Tu saldo ahora es Bs.\u00a0600,50.');
      await capture(friendPage, 'private-cancelled-friend-phone', { fullPage: false });

      // Exact refunds; the link is dead and says so.
      expect(await balanceOf(host.token)).toBe(750.25);
      expect(await balanceOf(friend.token)).toBe(600.5);
      await friendPage.goto(`/invitacion/${code}`);
      const gone = friendPage.getByTestId('invitation-unavailable');
      await gone.waitFor();
      // The preloader's fade: it removes itself once faded.
      await friendPage.locator('#preloader').waitFor({ state: 'detached' });
      expect(await gone.textContent()).toContain(MSG_PRIVATE.notFound);
      await shot(friendPage, 'private-invitation-gone-phone');
      const check = await api('/api/admin/ledger-check', admin, {});
      expect(check.json.ok).toBe(true);
      expect(hostErrors).toEqual([]);
      expect(friendErrors).toEqual([]);
    },
  );

  it.skipIf(!journey.ok)(
    'a free table (amistosa) needs no balance: nothing is charged and the match starts',
    { timeout: 120_000 },
    async () => {
      const admin = await adminToken();
      const host = await registerViaApi(journey.app.baseUrl);
      const friend = await registerViaApi(journey.app.baseUrl);

      const hostCtx = await context(PHONE);
      const hostPage = await hostCtx.newPage();
      const hostErrors = trackErrors(hostPage);
      await loginViaUi(hostPage, host.email, host.password);
      await createFromDashboard(hostPage, 0);
      expect(await hostPage.getByTestId('waiting-prize').textContent()).toContain('Mesa amistosa');
      await hostPage.getByTestId('private-create').click();
      await hostPage.getByTestId('join-free').waitFor();
      expect(await hostPage.getByTestId('join-entry').textContent()).toBe('Gratis (amistosa)');
      expect(await hostPage.getByTestId('join-pot').count()).toBe(0);
      const create = hostPage.getByTestId('join-confirm-pay');
      expect(await create.textContent()).toBe('Crear mesa');
      await create.click();
      await hostPage.waitForURL(/\/waiting-room\/\d+$/);
      const code = (await hostPage.getByTestId('invite-code').textContent())?.trim() ?? '';

      const friendCtx = await context(DESKTOP);
      const friendPage = await friendCtx.newPage();
      const friendErrors = trackErrors(friendPage);
      await loginViaUi(friendPage, friend.email, friend.password, `/invitacion/${code}`);
      expect(await friendPage.getByTestId('invitation-entry').textContent()).toBe(
        'Entrada Amistosa (gratis)',
      );
      await friendPage.getByTestId('invitation-join').click();
      const join = friendPage.getByTestId('join-confirm-pay');
      expect(await join.textContent()).toBe('Unirme');
      await join.click();
      const pages = [hostPage, friendPage];
      await Promise.all(
        pages.map((page) => page.waitForURL(/\/games\/[0-9a-f-]{36}$/, { timeout: 30_000 })),
      );
      expect(new Set(pages.map((p) => p.url().split('/').pop())).size).toBe(1);
      expect(await balanceOf(host.token)).toBe(0);
      expect(await balanceOf(friend.token)).toBe(0);
      expect((await api('/api/admin/ledger-check', admin, {})).json.ok).toBe(true);
      expect(hostErrors).toEqual([]);
      expect(friendErrors).toEqual([]);
    },
  );
});
