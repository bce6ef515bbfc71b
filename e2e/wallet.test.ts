import { describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import {
  liftIdentityGate,
  ADMIN,
  DESKTOP,
  PHONE,
  TINY_PNG,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * Wallet journey (docs/architecture.md#how-a-payment-flows): a player recharges with a proof image, staff approve it in the admin console,
 * the player's badge shows the new balance without a reload; the player withdraws, staff pay it,
 * and the transaction shows Completado.
 */
describe('the wallet in the browser', () => {
  const journey = useJourney({ ready: ({ app }) => liftIdentityGate(app.baseUrl) });

  it.skipIf(!journey.ok)(
    'recharges, is approved live, withdraws and sees the payout completed',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const playerCtx = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      const page = await playerCtx.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, player.email, player.password);
      await expect
        .poll(() => page.getByTestId('balance-amount').first().textContent())
        .toBe('Bs. 0,00');

      await page.goto('/recharge');
      await page.getByTestId('recharge-amount').fill('1500,50');
      await page.getByTestId('recharge-reference').fill('E2E123456');
      await page
        .getByTestId('recharge-proof-input')
        .setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: TINY_PNG });
      await expect.poll(() => page.getByTestId('recharge-proof-preview').isVisible()).toBe(true);
      await shot(page, 'recharge-filled-phone');
      await page.getByTestId('recharge-submit').click();
      await expect
        .poll(() => page.getByText(MSG.rechargeSent).first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      await page.waitForURL('**/dashboard', { timeout: 10_000 });

      const adminCtx = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      const admin = await adminCtx.newPage();
      await loginViaUi(admin, ADMIN.email, ADMIN.password, '/admin/recargas');
      const row = admin.getByTestId('admin-recharge-row').filter({ hasText: 'E2E123456' }).first();
      await row.getByTestId('recharge-proof-button').click();
      await expect.poll(() => admin.getByTestId('proof-viewer').isVisible()).toBe(true);
      await shot(admin, 'admin-proof-desktop');
      await admin.keyboard.press('Escape');
      await row.getByTestId('recharge-approve').click();
      await admin.getByTestId('decision-confirm').click();
      await expect
        .poll(() => admin.getByTestId('decision-confirm').count(), { timeout: 10_000 })
        .toBe(0);

      // The player's navbar badge updates over the socket, without a reload.
      await expect
        .poll(() => page.getByTestId('balance-amount').first().textContent(), { timeout: 15_000 })
        .toBe('Bs. 1.500,50');
      await shot(page, 'dashboard-after-approval-phone');

      await page.goto('/withdraw');
      await page.getByTestId('withdraw-amount').fill('600');
      await page.getByTestId('withdraw-bank').click();
      await page.getByRole('option', { name: /Banco de Venezuela/ }).click();
      await page.getByTestId('withdraw-submit').click();
      await expect
        .poll(() => page.getByText(MSG.withdrawSent).first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      await expect
        .poll(() => page.getByTestId('balance-amount').first().textContent(), { timeout: 10_000 })
        .toBe('Bs. 900,50');

      await admin.goto('/admin/retiros');
      const wrow = admin.getByTestId('admin-withdrawal-row').first();
      await wrow.getByTestId('withdrawal-pay').click();
      await admin.getByTestId('payout-reference').fill('PM-445566');
      await admin.getByTestId('decision-confirm').click();
      await expect
        .poll(() => admin.getByTestId('decision-confirm').count(), { timeout: 10_000 })
        .toBe(0);
      await shot(admin, 'admin-withdrawals-desktop');

      await page.goto('/transactions');
      const withdrawal = page.locator('[data-testid="tx-row"][data-tx-id^="W-"]').first();
      await expect
        .poll(() => withdrawal.getByTestId('tx-status').textContent(), { timeout: 10_000 })
        .toBe('Completado');
      const deposit = page.locator('[data-testid="tx-row"][data-tx-id^="R-"]').first();
      expect(await deposit.getByTestId('tx-status').textContent()).toBe('Aprobado');
      await shot(page, 'transactions-phone');
      expect(errors).toEqual([]);
      await adminCtx.close();
      await playerCtx.close();
    },
  );
});
