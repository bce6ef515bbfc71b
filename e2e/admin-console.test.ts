import { describe, expect, it } from 'vitest';
import { MSG, MSG_ADMIN, MSG_PAYMENTS } from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  registerViaApi,
  settled,
  shot,
  shotsAtBothSizes,
  trackErrors,
  useJourney,
} from './support';

/**
 * Staff console journeys (decision 009): staff suspend a logged-in player, whose open page logs
 * out at once (no reload) with the suspension message; the player cannot log in until staff
 * reactivate them. Staff deactivate a bank and players no longer see it when withdrawing. Every
 * new console page is photographed at phone and desktop size.
 */
describe('the staff console in the browser', () => {
  const journey = useJourney();

  it.skipIf(!journey.ok)(
    'staff suspend a user who is then logged out, cannot log in, and can after reactivation',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const playerCtx = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      const page = await playerCtx.newPage();
      const playerErrors = trackErrors(page);
      await loginViaUi(page, player.email, player.password);
      await page.waitForURL('**/dashboard');
      await expect
        .poll(() => page.getByTestId('balance-amount').first().textContent())
        .toBe('Bs. 0,00');
      // A marker that only survives if the page is never reloaded.
      await page.evaluate(() => {
        (window as unknown as { __noReload: boolean }).__noReload = true;
      });

      const adminCtx = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      const admin = await adminCtx.newPage();
      const adminErrors = trackErrors(admin);
      await loginViaUi(admin, ADMIN.email, ADMIN.password);

      // The dashboard: pending queues, today's volume, pot, live matches, ledger check on demand.
      await admin.goto('/admin');
      await admin.getByTestId('ledger-verify').click();
      await expect
        .poll(() => admin.getByTestId('ledger-status').textContent(), { timeout: 10_000 })
        .toBe('Consistente');
      await shotsAtBothSizes(admin, 'admin-overview');

      // Search the player by part of their cédula and open their page.
      await admin.goto('/admin/usuarios');
      await admin.getByTestId('admin-users-search').fill(player.identification.slice(0, 6));
      const row = admin.getByTestId('admin-user-row').filter({ hasText: player.name }).last();
      await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
      await shotsAtBothSizes(admin, 'admin-users');
      await admin.getByTestId('admin-users-search').fill(player.email.toUpperCase());
      await expect
        .poll(() => admin.getByTestId('admin-user-row').filter({ visible: true }).count())
        .toBe(1);
      await admin.getByTestId('admin-user-row').filter({ visible: true }).first().click();
      await admin.waitForURL(`**/admin/usuarios/${player.id}`);
      await expect.poll(() => admin.getByTestId('admin-user-name').textContent()).toBe(player.name);

      // Suspend with a reason.
      await admin.getByTestId('admin-user-suspend').click();
      await admin.getByTestId('status-confirm').click();
      await expect.poll(() => admin.getByText('Indica el motivo').first().isVisible()).toBe(true);
      await admin.getByTestId('status-reason').fill('Uso de varias cuentas');
      await shot(admin, 'admin-suspend-modal-desktop');
      await admin.getByTestId('status-confirm').click();
      await expect
        .poll(() => admin.getByTestId('admin-user-status').textContent(), { timeout: 10_000 })
        .toBe('Suspendido');
      await expect.poll(() => admin.getByTestId('admin-user-suspension').isVisible()).toBe(true);
      await shotsAtBothSizes(admin, 'admin-user-suspended');

      // The player's open page logs out by itself, with the reason, without a reload.
      await page.waitForURL('**/login**', { timeout: 10_000 });
      await expect
        .poll(() => page.getByText(MSG_ADMIN.suspendedNotice).first().isVisible())
        .toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
      ).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
      await shot(page, 'player-suspended-phone');

      // Logging in again is refused with the suspension message.
      await page.getByLabel('Correo electrónico').fill(player.email);
      await page.getByLabel(/^Contraseña/).fill(player.password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await expect
        .poll(() => page.getByText(MSG.accountSuspended).first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(new URL(page.url()).pathname).toBe('/login');

      // Staff reactivate; the player logs in again.
      await admin.getByTestId('admin-user-reactivate').click();
      await admin.getByTestId('status-reason').fill('Identidad verificada');
      await admin.getByTestId('status-confirm').click();
      await expect
        .poll(() => admin.getByTestId('admin-user-status').textContent(), { timeout: 10_000 })
        .toBe('Activo');
      await loginViaUi(page, player.email, player.password);
      await page.waitForURL('**/dashboard');

      // Both actions are in the audit log, with their before and after.
      await admin.goto(`/admin/auditoria?target_type=user&target_id=${player.id}`);
      await expect
        .poll(() => admin.getByTestId('audit-row').filter({ visible: true }).count(), {
          timeout: 10_000,
        })
        .toBe(2);
      await admin.getByTestId('audit-row').filter({ visible: true }).last().click();
      await expect
        .poll(() => admin.getByTestId('audit-diff').filter({ visible: true }).first().textContent())
        .toContain('suspendido');
      await shotsAtBothSizes(admin, 'admin-audit-user');

      expect(playerErrors).toEqual([]);
      expect(adminErrors).toEqual([]);
      await playerCtx.close();
      await adminCtx.close();
    },
  );

  it.skipIf(!journey.ok)(
    'the dashboard shows a live match, today’s entries and the ledger check',
    async () => {
      const api = async (path: string, token: string | null, body?: unknown) => {
        const res = await fetch(`${journey.app.baseUrl}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(res.status, path).toBeLessThan(300);
        return (await res.json()) as Record<string, unknown>;
      };
      const staff = (await api('/api/login_api', null, ADMIN)).token as string;
      for (let i = 0; i < 4; i++) {
        const p = await registerViaApi(journey.app.baseUrl);
        await api(`/api/admin/users/${p.id}/adjustments`, staff, {
          amount: 600,
          reason: 'Saldo de prueba',
        });
        await api('/api/tables/1/join', p.token, { entry_price: 500 });
      }
      // The fourth seat starts the match after the table's short countdown: the overview is
      // opened once it is under way (the page shows what it fetched; "Actualizar" refreshes).
      await expect
        .poll(
          async () => {
            const { matches } = (await api('/api/admin/dashboard', staff)) as {
              matches: { started_at: string }[];
            };
            return matches.filter((m) => Date.parse(m.started_at) <= Date.now()).length;
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      const adminCtx = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      const admin = await adminCtx.newPage();
      const errors = trackErrors(admin);
      await loginViaUi(admin, ADMIN.email, ADMIN.password, '/admin');
      await expect
        .poll(() => admin.getByTestId('dashboard-match').count(), { timeout: 15_000 })
        .toBe(1);
      expect(await admin.getByTestId('dashboard-match').textContent()).toContain(
        'Mesa Principiantes',
      );
      expect(await admin.getByTestId('today-entries').textContent()).toContain('Bs. 2.000,00');
      await admin.getByTestId('ledger-verify').click();
      await expect
        .poll(() => admin.getByTestId('ledger-status').textContent(), { timeout: 10_000 })
        .toBe('Consistente');
      await shotsAtBothSizes(admin, 'admin-overview-live');
      expect(errors).toEqual([]);
      await adminCtx.close();
    },
  );

  it.skipIf(!journey.ok)('staff deactivate a bank and players no longer see it', async () => {
    const player = await registerViaApi(journey.app.baseUrl);
    const playerCtx = await newContext(journey.browser, journey.app.baseUrl, PHONE);
    const page = await playerCtx.newPage();
    await loginViaUi(page, player.email, player.password);
    const bankOptions = async () => {
      await page.goto('/withdraw');
      await page.getByTestId('withdraw-bank').click();
      await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
      const names = await page.getByRole('option').allTextContents();
      await page.keyboard.press('Escape');
      return names;
    };
    expect(await bankOptions()).toContain('Banco Digital de los Trabajadores (0175)');

    const adminCtx = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
    const admin = await adminCtx.newPage();
    const errors = trackErrors(admin);
    await loginViaUi(admin, ADMIN.email, ADMIN.password, '/admin/bancos');
    await admin.getByTestId('bank-deactivate-0175').filter({ visible: true }).click();
    await expect
      .poll(() => admin.getByTestId('bank-status-0175').filter({ visible: true }).textContent())
      .toBe('Inactivo');

    // The only active recharge account cannot be deactivated: players would have nowhere to pay.
    await admin.getByTestId('account-deactivate-1').filter({ visible: true }).click();
    await expect
      .poll(() => admin.getByText(MSG_ADMIN.lastActiveAccount).first().isVisible())
      .toBe(true);
    await shotsAtBothSizes(admin, 'admin-banks');

    // The recharge-account form checks its fields with the contracts' messages before sending.
    await admin.setViewportSize(PHONE);
    await admin.getByTestId('account-new').click();
    await admin.getByTestId('account-number').fill('0175000111');
    await admin.getByTestId('account-phone').fill('0414123');
    await admin.getByTestId('account-save').click();
    await expect
      .poll(() => admin.getByText(MSG_PAYMENTS.accountNumberInvalid).first().isVisible())
      .toBe(true);
    await expect.poll(() => admin.getByText(MSG.bankRequired).first().isVisible()).toBe(true);
    await shot(admin, 'admin-account-form-phone');
    await admin.keyboard.press('Escape');
    await admin.setViewportSize(DESKTOP);

    // A new bank through the form.
    await admin.getByTestId('bank-new').click();
    await admin.getByTestId('bank-code').fill('0199');
    await admin.getByTestId('bank-name').fill('BANCO DE PRUEBA');
    await admin.getByTestId('bank-save').click();
    await expect
      .poll(() => admin.getByTestId('bank-status-0199').filter({ visible: true }).textContent())
      .toBe('Activo');

    const after = await bankOptions();
    expect(after).not.toContain('Banco Digital de los Trabajadores (0175)');
    expect(after).toContain('BANCO DE PRUEBA (0199)');

    await admin.goto('/admin/auditoria?action=bank.deactivate');
    await admin.getByTestId('audit-row').filter({ visible: true }).first().click();
    await expect
      .poll(() => admin.getByTestId('audit-diff').filter({ visible: true }).first().textContent())
      .toContain('inactivo');
    await shotsAtBothSizes(admin, 'admin-audit-bank');
    await admin.setViewportSize(PHONE);
    await admin
      .getByRole('button', { name: 'Ver cambios' })
      .filter({ visible: true })
      .first()
      .click();
    await expect
      .poll(() => admin.getByTestId('audit-diff').filter({ visible: true }).first().textContent())
      .toContain('inactivo');
    await settled(admin); // the expand animation
    await shot(admin, 'admin-audit-diff-phone');
    expect(errors).toEqual([]);
    await playerCtx.close();
    await adminCtx.close();
  });
});
