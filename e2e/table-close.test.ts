import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG_TABLES } from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  capture,
  cutSocketIo,
  loginViaUi,
  newContext,
  recordToasts,
  registerViaApi,
  settled,
  toastShown,
  trackErrors,
  useJourney,
} from './support';

/**
 * Decision 010 in the browser: three players (a phone, a desktop, and a phone whose realtime
 * connection is blocked) wait at a table; staff cannot reprice it (the form shows the server's
 * reason and nothing changes), then close it from /admin/mesas after a confirmation that says the
 * entries go back. Each player is told, lands on /dashboard and sees the balance they had before
 * joining; the one without a socket learns it from the table itself. An empty table still closes
 * at once.
 */
describe('staff close a table while players wait', () => {
  const journey = useJourney();

  async function api(path: string, token: string, body?: unknown) {
    const res = await fetch(`${journey.app.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  /** What the screen shows (a dialog or a toast over a long page reads best at viewport size). */
  const viewShot = (page: Page, name: string) => capture(page, name, { fullPage: false });

  /** The one visible element of a test id (the console renders cards on phones, a table on desktops). */
  const visible = (page: Page, testId: string) =>
    page.getByTestId(testId).filter({ visible: true }).first();

  it.skipIf(!journey.ok)(
    'refunds every waiting player, tells them and sends them to the table list',
    async () => {
      const login = await fetch(`${journey.app.baseUrl}/api/login_api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      const adminToken = ((await login.json()) as { token: string }).token;
      const created = await api('/api/admin/tables', adminToken, {
        name: 'Mesa Cierre',
        entry_price: 10,
        mode: 'parejas',
        max_players: 4,
      });
      expect(created.status).toBe(201);
      const tableId = created.json.id as number;

      // Three players with Bs. 100 each join and wait (a fourth seat stays free: no match).
      // The desktop player leaves the waiting room for another page (still seated there).
      const players: { page: Page; errors: string[]; size: 'phone' | 'desktop' | 'offline' }[] = [];
      for (const size of ['phone', 'desktop', 'offline'] as const) {
        const p = await registerViaApi(journey.app.baseUrl);
        const adj = await api(`/api/admin/users/${p.id}/adjustments`, adminToken, {
          amount: 100,
          reason: 'Saldo de prueba e2e',
        });
        expect(adj.status).toBe(200);
        const ctx = await newContext(
          journey.browser,
          journey.app.baseUrl,
          size === 'phone' ? PHONE : DESKTOP,
        );
        // No Socket.IO at all: neither the user room's push nor the table room's updates arrive.
        if (size === 'offline') {
          await cutSocketIo(ctx, 'the journey gives this browser no Socket.IO at all, on purpose');
        }
        const page = await ctx.newPage();
        const errors = trackErrors(page);
        await loginViaUi(page, p.email, p.password, `/waiting-room/${tableId}`);
        await page.getByTestId('waiting-join').click();
        // Nothing is charged until the entry is confirmed (decision 017).
        await page.getByTestId('join-confirm-pay').click();
        await expect
          .poll(() => page.getByTestId('waiting-room').getAttribute('data-phase'), {
            timeout: 10_000,
          })
          .toBe('waiting');
        await expect
          .poll(() => page.getByTestId('balance-amount').first().textContent())
          .toBe('Bs. 90,00');
        if (size === 'desktop') {
          await page.goto('/transactions');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
        }
        players.push({ page, errors, size });
      }

      for (const { page } of players) await recordToasts(page);

      const adminCtx = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      const admin = await adminCtx.newPage();
      const adminErrors = trackErrors(admin);
      await loginViaUi(admin, ADMIN.email, ADMIN.password, '/admin/mesas');
      await expect
        .poll(() => visible(admin, `admin-table-row-${tableId}`).textContent(), {
          timeout: 10_000,
        })
        .toContain('3/4');

      // Repricing is refused while they wait: the server's reason, and nothing changes.
      await visible(admin, `admin-table-edit-${tableId}`).click();
      await expect.poll(() => admin.getByTestId('admin-table-lock-notice').isVisible()).toBe(true);
      await admin.getByTestId('admin-table-price').fill('12');
      await admin.getByTestId('admin-table-submit').click();
      const formError = admin.getByTestId('admin-table-form-error');
      await expect
        .poll(() => formError.textContent(), { timeout: 10_000 })
        .toContain(MSG_TABLES.playersWaiting);
      expect(await formError.textContent()).toContain('No se guardó ningún cambio');
      await viewShot(admin, 'admin-table-edit-locked-desktop');
      await admin.setViewportSize(PHONE);
      await settled(admin);
      await viewShot(admin, 'admin-table-edit-locked-phone');
      await admin.setViewportSize(DESKTOP);
      const afterEdit = await api(`/api/tables/${tableId}`, adminToken);
      expect(afterEdit.json).toMatchObject({ entry_price: 10, current_players: 3 });
      await admin.getByRole('button', { name: 'Cancelar' }).click();

      // 'Cerrar' is enabled and asks first, naming the waiting players and the refund.
      const close = visible(admin, `admin-table-close-${tableId}`);
      expect(await close.isEnabled()).toBe(true);
      await close.click();
      const dialog = admin.getByTestId('admin-table-close-modal');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.textContent()).toContain('Hay 3 jugadores esperando en esta mesa');
      expect(await dialog.textContent()).toContain('devolvemos a cada uno su entrada de Bs. 10,00');
      await admin.setViewportSize(PHONE);
      await settled(admin);
      await viewShot(admin, 'admin-table-close-confirm-phone');
      await admin.setViewportSize(DESKTOP);
      await settled(admin);
      await viewShot(admin, 'admin-table-close-confirm-desktop');
      await admin.getByTestId('decision-confirm').click();
      await expect
        .poll(() => admin.getByTestId(`admin-table-status-${tableId}`).last().textContent(), {
          timeout: 10_000,
        })
        .toBe('Cerrada');
      await expect
        .poll(() => admin.getByText('Mesa Cierre: mesa cerrada. Devolvimos').first().isVisible())
        .toBe(true);

      // Each player is told, lands on /dashboard and has their Bs. 100 back (toasts last 5 s:
      // the pages record what they showed). Without the push (offline) the room sees the table
      // gone on its next poll and says so without the amount, refetching the balance.
      // The player on another page stays there and the shell tells them the same.
      await Promise.all(
        players.map(async ({ page, size }) => {
          if (size === 'desktop') {
            const notice = () => toastShown(page, 'El personal cerró la mesa');
            await expect.poll(notice, { timeout: 15_000 }).not.toBeNull();
            expect(await notice()).toMatch(
              /Te devolvimos la entrada\. Tu saldo ahora es Bs\.\s100,00\./,
            );
            expect(new URL(page.url()).pathname).toBe('/transactions');
            await expect
              .poll(() => page.getByTestId('balance-amount').first().textContent())
              .toBe('Bs. 100,00');
            await viewShot(page, 'player-table-closed-elsewhere-desktop');
            return;
          }
          await page.waitForURL('**/dashboard', { timeout: 15_000 });
          const toast = () => toastShown(page, 'El personal cerró la mesa «Mesa Cierre»');
          await expect.poll(toast).not.toBeNull();
          expect(await toast()).toMatch(
            size === 'offline'
              ? /Te devolvimos la entrada\. Revisa tu saldo\./
              : /Te devolvimos la entrada\. Tu saldo ahora es Bs\.\s100,00\./,
          );
          await expect
            .poll(() => page.getByTestId('balance-amount').first().textContent())
            .toBe('Bs. 100,00');
          await expect.poll(() => page.getByTestId('table-join-1').isVisible()).toBe(true);
          if (size !== 'offline') await viewShot(page, `player-table-closed-${size}`);
        }),
      );

      // An empty table still closes at once, without a dialog.
      await visible(admin, `admin-table-open-${tableId}`).click();
      await expect
        .poll(() => admin.getByTestId(`admin-table-status-${tableId}`).last().textContent(), {
          timeout: 10_000,
        })
        .toBe('Abierta');
      await visible(admin, `admin-table-close-${tableId}`).click();
      await expect
        .poll(() => admin.getByTestId(`admin-table-status-${tableId}`).last().textContent(), {
          timeout: 10_000,
        })
        .toBe('Cerrada');
      expect(await dialog.isVisible()).toBe(false);

      // A running match still blocks closing: the button is disabled and says why on hover.
      const duel = await api('/api/admin/tables', adminToken, {
        name: 'Mesa Duelo',
        entry_price: 10,
        mode: 'individual',
        max_players: 2,
      });
      const duelId = duel.json.id as number;
      for (let i = 0; i < 2; i++) {
        const p = await registerViaApi(journey.app.baseUrl);
        await api(`/api/admin/users/${p.id}/adjustments`, adminToken, {
          amount: 10,
          reason: 'Saldo de prueba e2e',
        });
        expect((await api(`/api/tables/${duelId}/join`, p.token, { entry_price: 10 })).status).toBe(
          200,
        );
      }
      await admin.reload();
      const blocked = visible(admin, `admin-table-close-${duelId}`);
      await expect
        .poll(() => blocked.getAttribute('data-close-mode'), { timeout: 10_000 })
        .toBe('blocked');
      expect(await blocked.isDisabled()).toBe(true);
      await blocked.hover({ force: true });
      await expect
        .poll(() => admin.getByRole('tooltip').filter({ hasText: MSG_TABLES.closePlaying }).count())
        .toBe(1);
      await viewShot(admin, 'admin-table-close-blocked-desktop');

      expect(adminErrors).toEqual([]);
      for (const p of players) expect(p.errors).toEqual([]);
    },
  );
});
