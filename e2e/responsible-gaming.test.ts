import { describe, expect, it } from 'vitest';
import { MSG, RESPONSIBLE_MESSAGES } from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  TINY_PNG,
  capture,
  liftIdentityGate,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * "Juego responsable" in the browser (docs/decisions/030-responsible-gaming.md): a player sets a
 * daily deposit limit in the profile and a recharge over it is refused with the Spanish message
 * (the server keeps no recharge); a player excludes themself, a table join is refused, and the
 * withdrawal still goes through (the server holds it, the balance drops).
 */
describe('responsible gaming in the browser', () => {
  // The withdrawal here is about self-exclusion, not identity (decision 031).
  const journey = useJourney({ ready: ({ app }) => liftIdentityGate(app.baseUrl) });

  async function api<T = Record<string, unknown>>(
    method: string,
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${journey.app.baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  type Tx = { transactions: { type_transaction: string; amount: number; status: string }[] };

  it.skipIf(!journey.ok)(
    'refuses a recharge over the daily deposit limit set in the profile',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const context = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      journey.contexts.push(context);
      const page = await context.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, player.email, player.password, '/profile');
      const card = page.getByTestId('responsible-card');
      await card.scrollIntoViewIfNeeded();
      await page.getByTestId('limit-deposit-day').fill('300');
      await page.getByTestId('save-deposit-day').click();
      await expect
        .poll(() => page.getByTestId('summary-deposit-day').textContent(), { timeout: 10_000 })
        .toBe('Usado: Bs. 0,00 de Bs. 300,00');
      await capture(card, 'responsible-card-phone');
      await shot(page, 'responsible-profile-phone');

      // Raising it waits 24 hours, and the page says when.
      await page.getByTestId('limit-deposit-day').fill('800');
      await page.getByTestId('save-deposit-day').click();
      await expect
        .poll(() => page.getByTestId('pending-deposit-day').textContent(), { timeout: 10_000 })
        .toMatch(/^Tu nuevo límite \(Bs\. 800,00\) entra en vigor el \d{2}\/\d{2}\/\d{4}/);
      await capture(card, 'responsible-pending-phone');

      await page.goto('/recharge');
      await page.getByTestId('recharge-amount').fill('500');
      await page.getByTestId('recharge-reference').fill('E2ELIM123');
      await page
        .getByTestId('recharge-proof-input')
        .setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: TINY_PNG });
      await page.getByTestId('recharge-submit').click();
      const refusal = RESPONSIBLE_MESSAGES.depositLimit('day', 30_000);
      expect(refusal).toBe('Superas tu límite de recargas diario. Disponible hoy: Bs. 300,00.');
      await expect
        .poll(() => page.getByText(refusal).first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      await shot(page, 'responsible-recharge-refused-phone');

      // The server kept nothing: no recharge in the player's movements, nothing used.
      const txs = await api<Tx>('GET', '/api/transactions', player.token);
      expect(txs.body.transactions.filter((t) => t.type_transaction === 'deposito')).toEqual([]);
      const settings = await api<{
        limits: { kind: string; period: string; used_cents: number; amount_cents: number }[];
      }>('GET', '/api/responsible', player.token);
      expect(
        settings.body.limits.find((l) => l.kind === 'deposit' && l.period === 'day'),
      ).toMatchObject({
        amount_cents: 30_000,
        used_cents: 0,
      });

      // Within the limit it goes through.
      await page.getByTestId('recharge-amount').fill('300');
      await page.getByTestId('recharge-submit').click();
      await expect
        .poll(() => page.getByText(MSG.rechargeSent).first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      const after = await api<Tx>('GET', '/api/transactions', player.token);
      expect(after.body.transactions.filter((t) => t.type_transaction === 'deposito')).toHaveLength(
        1,
      );
      expect(errors).toEqual([]);
    },
    120_000,
  );

  it.skipIf(!journey.ok)(
    'self-excludes, is refused a table, and still withdraws',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const admin = (
        await api<{ token: string }>('POST', '/api/login_api', undefined, {
          email: ADMIN.email,
          password: ADMIN.password,
        })
      ).body.token;
      const funded = await api('POST', `/api/admin/users/${player.id}/adjustments`, admin, {
        amount: 2000,
        reason: 'Saldo de prueba',
      });
      expect(funded.status).toBe(200);

      const context = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      journey.contexts.push(context);
      const page = await context.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, player.email, player.password, '/profile');
      await page.getByTestId('pause-6m').click();
      await expect
        .poll(() => page.getByTestId('pause-explanation').textContent())
        .toContain('Te autoexcluirás durante 6 meses');
      await shot(page, 'responsible-exclusion-dialog-desktop');
      await page.getByTestId('pause-confirm').click();
      await expect
        .poll(() => page.getByTestId('pause-active').textContent(), { timeout: 10_000 })
        .toMatch(/^Te autoexcluiste del juego hasta el \d{2}\/\d{2}\/\d{4}/);
      await shot(page, 'responsible-excluded-desktop');
      const exclusionMessage = (await page.getByTestId('pause-active').textContent()) ?? '';

      // The join dialog says so before offering to pay: the same message, the button disabled
      // (decision 050; the server's refusal stays, responsible.postgres.test.ts). Nothing is charged.
      await page.goto('/dashboard');
      await page.getByTestId('table-join-1').click();
      await expect
        .poll(() => page.getByTestId('join-paused').textContent(), { timeout: 10_000 })
        .toContain(exclusionMessage);
      expect(await page.getByTestId('join-confirm-pay').isDisabled()).toBe(true);
      await shot(page, 'responsible-join-refused-desktop');
      await page.setViewportSize({ width: 360, height: 740 });
      await shot(page, 'responsible-join-paused-360');
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('join-cancel').click();
      // The recharge form says it too, before anything is typed.
      await page.goto('/recharge');
      await expect
        .poll(() => page.getByTestId('recharge-paused').textContent(), { timeout: 10_000 })
        .toContain(exclusionMessage);
      expect(await page.getByTestId('recharge-submit').isDisabled()).toBe(true);
      expect(
        (await api<{ balance: number }>('GET', '/api/user/balance', player.token)).body.balance,
      ).toBe(2000);

      // The withdrawal still works: the server holds it and the balance drops.
      await page.goto('/withdraw');
      await page.getByTestId('withdraw-amount').fill('600');
      await page.getByTestId('withdraw-bank').click();
      await page.getByRole('option', { name: /Banco de Venezuela/ }).click();
      await page.getByTestId('withdraw-submit').click();
      await expect
        .poll(() => page.getByText(MSG.withdrawSent).first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(
        (await api<{ balance: number }>('GET', '/api/user/balance', player.token)).body.balance,
      ).toBe(1400);
      const txs = await api<Tx>('GET', '/api/transactions', player.token);
      expect(txs.body.transactions.filter((t) => t.type_transaction === 'retiro')).toEqual([
        expect.objectContaining({ amount: 600, status: 'pending' }),
      ]);

      // Staff see the exclusion on the user's page.
      const staffCtx = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      journey.contexts.push(staffCtx);
      const staff = await staffCtx.newPage();
      await loginViaUi(staff, ADMIN.email, ADMIN.password, `/admin/usuarios/${player.id}`);
      await expect
        .poll(() => staff.getByTestId('admin-user-responsible').textContent(), { timeout: 10_000 })
        .toMatch(/Juego responsable: Autoexcluido hasta el \d{2}\/\d{2}\/\d{4}/);
      await shot(staff, 'responsible-admin-user-desktop');
      expect(errors).toEqual([]);
    },
    120_000,
  );
});
