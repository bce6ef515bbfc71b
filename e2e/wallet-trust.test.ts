import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MSG_PAYMENTS, MSG_PROTECTION, MSG_WALLET } from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  liftIdentityGate,
  loginViaUi,
  newContext,
  PHONE,
  registerViaApi,
  settled,
  shot,
  shotsAtBothSizes,
  TINY_PNG,
  trackErrors,
  useJourney,
} from './support';

interface Tx {
  id: string;
  type_transaction: string;
  status: string;
  effect: string;
  amount: number;
  reference: string | null;
  description: string;
}

/**
 * Wallet journeys of docs/decisions/016, each checked against the server:
 * - /recharge: a wrong file blocks the submit (no request reaches the server); a valid request is
 *   listed as pending and shown neutral in /transactions; the same reference is refused in
 *   Spanish; staff approval turns it green and the balance goes up by exactly its amount; a
 *   rejected one stays neutral, struck through, with its reason, and the balance does not move.
 * - /withdraw: every Pago Móvil bank in Spanish alphabetical order, Banesco (0134) among them; a
 *   Banesco account with a 0134 number is saved; a withdrawal to Banesco shows red, and once
 *   rejected, neutral, with the balance back.
 */
describe('wallet pages that show only money that moved', () => {
  let adminToken: string;
  const journey = useJourney({
    ready: async ({ app }) => {
      const login = await fetch(`${app.baseUrl}/api/login_api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      adminToken = ((await login.json()) as { token: string }).token;
      await liftIdentityGate(app.baseUrl);
    },
  });

  /** A JSON call to the API with a bearer token; returns the status and the parsed body. */
  async function api<T>(path: string, token: string, init: RequestInit = {}) {
    const res = await fetch(`${journey.app.baseUrl}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body && typeof init.body === 'string'
          ? { 'content-type': 'application/json' }
          : {}),
        ...init.headers,
      },
    });
    return { status: res.status, body: (await res.json()) as T };
  }
  const transactions = async (token: string, query: string) =>
    (await api<{ transactions: Tx[]; total: number }>(`/api/transactions?${query}`, token)).body;
  const balance = async (token: string) =>
    (await api<{ balance: number }>('/api/user/balance', token)).body.balance;

  /** Photographs the page at phone size and at desktop size, leaving it at `end`. */
  /** Both sizes from the top of the page, then back to `end` (phone unless told). */
  async function shots(page: Page, name: string, end = PHONE) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await shotsAtBothSizes(page, name, end);
  }

  const row = (page: Page, id: string) =>
    page.locator(`[data-testid="tx-row"][data-tx-id="${id}"]`);
  const style = (el: Locator, prop: 'color' | 'textDecorationLine') =>
    el.evaluate((node, p) => getComputedStyle(node)[p], prop);

  it.skipIf(!journey.ok)(
    'recharge: a wrong file blocks the submit, the request is listed and neutral until staff approve it, a rejected one never moves the balance',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const ctx = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      const rechargePosts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/recharge_api'))
          rechargePosts.push(r.url());
      });
      await loginViaUi(page, player.email, player.password, '/recharge');
      await page.getByTestId('recharge-amount').fill('300');
      await expect.poll(() => page.getByTestId('recharge-destination').isVisible()).toBe(true);
      expect(await page.getByTestId('recharge-requests').count()).toBe(0);

      // A wrong file type: the error stays, the submit is blocked, nothing reaches the server.
      await page.getByTestId('recharge-reference').fill('WT111');
      await page.getByTestId('recharge-proof-input').setInputFiles({
        name: 'comprobante.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4 not an image'),
      });
      const proofError = page.getByTestId('recharge-proof-error');
      await expect.poll(() => proofError.textContent()).toBe(MSG_PAYMENTS.proofType);
      expect(await page.getByTestId('recharge-proof-rejected').textContent()).toContain(
        'comprobante.pdf',
      );
      await page.getByTestId('recharge-submit').click();
      await expect
        .poll(() => page.getByText(MSG_WALLET.proofFixBeforeSubmit).isVisible())
        .toBe(true);
      expect(await proofError.textContent()).toBe(MSG_PAYMENTS.proofType);
      await shots(page, 'wallet-recharge-blocked');
      expect(rechargePosts).toEqual([]);
      expect((await transactions(player.token, 'type=recharge')).total).toBe(0);

      // Without the bad file and with a good one it goes, pending, and moves nothing.
      await page.getByTestId('recharge-proof-remove').click();
      expect(await proofError.count()).toBe(0);
      await page
        .getByTestId('recharge-proof-input')
        .setInputFiles({ name: 'pago.png', mimeType: 'image/png', buffer: TINY_PNG });
      await expect.poll(() => page.getByTestId('recharge-proof-preview').isVisible()).toBe(true);
      await page.getByTestId('recharge-submit').click();
      await expect
        .poll(() => page.getByTestId('recharge-success').isVisible(), { timeout: 10_000 })
        .toBe(true);
      const pending = await transactions(player.token, 'type=dep&status=pendiente');
      expect(pending.transactions.map((t) => [t.reference, t.amount, t.effect])).toEqual([
        ['WT111', 300, 'none'],
      ]);
      const rechargeId = pending.transactions[0]!.id;
      expect(await balance(player.token)).toBe(0);

      // Back on /recharge the request is listed as pending.
      await page.goto('/recharge');
      const listed = page.getByTestId('recharge-requests-pending').getByTestId('recharge-request');
      await expect.poll(() => listed.count(), { timeout: 10_000 }).toBe(1);
      expect(await listed.getAttribute('data-reference')).toBe('WT111');
      expect(await listed.getByTestId('recharge-request-status').textContent()).toBe('Pendiente');
      expect(await listed.textContent()).not.toContain('+');

      // Filing the same payment again is refused in Spanish; the server still has one.
      await page.getByTestId('recharge-amount').fill('300');
      await page.getByTestId('recharge-reference').fill('wt111');
      await page.getByTestId('recharge-submit').click();
      await expect
        .poll(() => page.getByText(MSG_PAYMENTS.referenceDuplicate).isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      await shots(page, 'wallet-recharge-duplicate');
      expect((await transactions(player.token, 'type=deposito')).total).toBe(1);

      // /transactions shows it neutral: no plus sign, not green, with its status explained.
      await page.goto('/transactions');
      const amount = row(page, rechargeId).getByTestId('tx-amount');
      await expect.poll(() => amount.textContent(), { timeout: 10_000 }).toBe('Bs. 300,00');
      expect(await amount.getAttribute('data-effect')).toBe('none');
      expect(await row(page, rechargeId).getByTestId('tx-status').textContent()).toBe('Pendiente');
      const neutralColor = await style(amount, 'color');
      await row(page, rechargeId).getByTestId('tx-detail-button').click();
      await expect
        .poll(() => page.getByTestId('tx-detail-effect').textContent())
        .toBe(MSG_WALLET.effectPendingRecharge);
      expect(await page.getByTestId('tx-detail-amount').textContent()).toBe('Bs. 300,00');
      await settled(page); // the modal's entrance transition
      await shot(page, 'wallet-transactions-pending-detail-phone');
      await page.keyboard.press('Escape');

      // Staff approve it: the balance goes up by exactly its amount and it turns green "+Bs.".
      const approved = await api(
        `/api/admin/recharges/${rechargeId.slice(2)}/approve`,
        adminToken,
        {
          method: 'POST',
        },
      );
      expect(approved.status).toBe(200);
      expect(await balance(player.token)).toBe(300);
      await page.reload();
      await expect.poll(() => amount.textContent(), { timeout: 10_000 }).toBe('+Bs. 300,00');
      expect(await amount.getAttribute('data-effect')).toBe('credit');
      expect(await style(amount, 'color')).not.toBe(neutralColor);

      // A second request, rejected by staff: neutral, struck, with its reason; balance unchanged.
      const form = new FormData();
      form.set('amount', '275');
      form.set('reference', 'WT222');
      form.set('account_id', '1');
      const second = await api<{ id: number }>('/api/recharge_api', player.token, {
        method: 'POST',
        body: form,
      });
      expect(second.status).toBe(201);
      const rejected = await api(`/api/admin/recharges/${second.body.id}/reject`, adminToken, {
        method: 'POST',
        body: JSON.stringify({ reason: 'Referencia no encontrada' }),
      });
      expect(rejected.status).toBe(200);
      expect(await balance(player.token)).toBe(300);
      expect(
        (await transactions(player.token, 'type=recharge&status=rechazado')).transactions.map(
          (t) => [t.id, t.effect],
        ),
      ).toEqual([[`R-${second.body.id}`, 'none']]);
      await page.reload();
      const struck = row(page, `R-${second.body.id}`).getByTestId('tx-amount');
      await expect.poll(() => struck.textContent(), { timeout: 10_000 }).toBe('Bs. 275,00');
      expect(await style(struck, 'textDecorationLine')).toBe('line-through');
      expect(await style(struck, 'color')).toBe(neutralColor);
      expect(await row(page, `R-${second.body.id}`).getByTestId('tx-status').textContent()).toBe(
        'Rechazado',
      );
      await shots(page, 'wallet-transactions');

      await page.goto('/recharge');
      const refused = page
        .getByTestId('recharge-requests-rejected')
        .getByTestId('recharge-request');
      await expect.poll(() => refused.count(), { timeout: 10_000 }).toBe(1);
      expect(await refused.getByTestId('recharge-request-reason').textContent()).toBe(
        'Motivo: Referencia no encontrada',
      );
      // The approved one is no longer pending.
      expect(await page.getByTestId('recharge-requests-pending').count()).toBe(0);
      await shots(page, 'wallet-recharge-requests');
      expect(errors).toEqual([]);
      await ctx.close();
    },
  );

  it.skipIf(!journey.ok)(
    'withdraw: every Pago Móvil bank, sorted, a Banesco account, and a rejected withdrawal back to neutral',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const funded = await api(`/api/admin/users/${player.id}/adjustments`, adminToken, {
        method: 'POST',
        body: JSON.stringify({ amount: 1000, reason: 'Saldo de prueba' }),
      });
      expect(funded.status).toBe(200);
      const ctx = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, player.email, player.password);

      // The bank select: what the API lists, in Spanish alphabetical order, name first.
      const banks = (
        await api<{ id: number; code: string; name: string }[]>('/api/banks', player.token)
      ).body;
      expect(banks).toHaveLength(26);
      const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
      expect(banks.map((b) => b.name)).toEqual(
        [...banks.map((b) => b.name)].sort(collator.compare),
      );
      await page.goto('/withdraw');
      await page.getByTestId('withdraw-bank').click();
      await expect.poll(() => page.getByRole('option').count()).toBe(26);
      const labels = await page.getByRole('option').allTextContents();
      expect(labels).toEqual(banks.map((b) => `${b.name} (${b.code})`));
      expect(labels.slice(0, 3)).toEqual([
        '100% Banco (0156)',
        'Bancamiga (0172)',
        'Bancaribe (0114)',
      ]);
      for (const expected of [
        'Banesco (0134)',
        'Mercantil (0105)',
        'BBVA Provincial (0108)',
        'BNC Banco Nacional de Crédito (0191)',
        'Banco de Venezuela (0102)',
      ])
        expect(labels).toContain(expected);
      await shot(page, 'wallet-withdraw-banks-desktop');
      await page.setViewportSize(PHONE);
      await settled(page);
      await shot(page, 'wallet-withdraw-banks-phone');
      await page.keyboard.press('Escape');
      await page.setViewportSize(DESKTOP);

      // A Banesco account with a 0134 number, through the form (the password field, when the
      // form asks for it, gets the player's password).
      const card = page.getByTestId('bank-accounts');
      await card.getByRole('button', { name: 'Agregar' }).click();
      await card.getByLabel('Banco', { exact: true }).click();
      await page.getByRole('option', { name: /^(0134 - Banesco|Banesco \(0134\))$/ }).click();
      await card.getByLabel('Número de cuenta').fill('01341234567890123456');
      await card.getByLabel('Titular').fill(player.name);
      const password = page.getByTestId('bank-current-password');
      if ((await password.count()) > 0) await password.fill(player.password);
      await card.getByRole('button', { name: 'Guardar cuenta' }).click();
      await expect
        .poll(() => card.getByText('01341234567890123456'.slice(-4)).count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      const client = await api<{ bank_accounts: { bank_name: string; account_number: string }[] }>(
        '/api/client-data',
        player.token,
      );
      expect(client.body.bank_accounts).toEqual([
        expect.objectContaining({ bank_name: 'Banesco', account_number: '01341234567890123456' }),
      ]);

      // A withdrawal to Banesco: red "−Bs." at once; rejected by staff, neutral and returned.
      await page.getByTestId('withdraw-amount').fill('600');
      await page.getByTestId('withdraw-bank').click();
      await page.getByRole('option', { name: 'Banesco (0134)' }).click();
      await page.getByTestId('withdraw-submit').click();
      // The Banesco account was added just now: the withdrawal waits for staff review, and says so.
      await expect
        .poll(() => page.getByText(MSG_PROTECTION.withdrawSentUnderReview).first().isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      expect(await balance(player.token)).toBe(400);
      const [withdrawal] = (await transactions(player.token, 'type=withdrawal')).transactions;
      expect(withdrawal).toMatchObject({ description: 'Retiro a Banesco', effect: 'debit' });
      await page.goto('/transactions?type=withdrawal');
      const amount = row(page, withdrawal!.id).getByTestId('tx-amount');
      await expect.poll(() => amount.textContent(), { timeout: 10_000 }).toBe('−Bs. 600,00');
      const refusal = await api(
        `/api/admin/withdrawals/${withdrawal!.id.slice(2)}/reject`,
        adminToken,
        {
          method: 'POST',
          body: JSON.stringify({ reason: 'Cuenta de pensionado' }),
        },
      );
      expect(refusal.status).toBe(200);
      expect(await balance(player.token)).toBe(1000);
      await page.reload();
      await expect.poll(() => amount.textContent(), { timeout: 10_000 }).toBe('Bs. 600,00');
      expect(await amount.getAttribute('data-effect')).toBe('none');
      expect(await style(amount, 'textDecorationLine')).toBe('line-through');
      await row(page, withdrawal!.id).getByTestId('tx-detail-button').click();
      await expect
        .poll(() => page.getByTestId('tx-detail-effect').textContent())
        .toBe(MSG_WALLET.effectReturnedWithdrawal);
      await page.keyboard.press('Escape');

      await page.goto('/withdraw');
      await expect.poll(() => page.getByTestId('withdraw-balance').isVisible()).toBe(true);
      await shots(page, 'wallet-withdraw', DESKTOP);
      expect(errors).toEqual([]);
      await ctx.close();
    },
  );
});
