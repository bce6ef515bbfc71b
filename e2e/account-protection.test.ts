import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, MSG_ACCOUNT, MSG_PROTECTION } from '@domino/contracts';
import { mailBody, mailSubject } from '../apps/server/src/modules/mail/test-inbox';
import {
  liftIdentityGate,
  ADMIN,
  DESKTOP,
  PHONE,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * Account protection (decision 013) in real Chromium against `npm start`'s server (mail in DATA_DIR/outbox): a player
 * changes the Pago Móvil phone with the current password and adds a bank account; the old
 * address gets the notice; a withdrawal then shows "en revisión" with its reason; staff see the
 * flag and must acknowledge it before paying. Every step is checked on the server (API, balances,
 * statuses, audit), not only on screen.
 */
describe('account protection in the browser', () => {
  const journey = useJourney({
    npmStart: true,
    ready: ({ app }) => liftIdentityGate(app.baseUrl),
  });

  const visible = async (page: Page, text: string | RegExp, timeout = 10_000) => {
    await expect
      .poll(
        () =>
          page
            .getByText(text, typeof text === 'string' ? { exact: true } : {})
            .filter({ visible: true })
            .first()
            .isVisible(),
        { timeout, message: `visible: ${String(text)}` },
      )
      .toBe(true);
  };
  const snap = async (page: Page, name: string) => {
    await page.waitForSelector('#preloader', { state: 'hidden' });
    await shot(page, name);
  };

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

  /** The .eml files the server wrote to DATA_DIR/outbox for `to` (no SMTP_URL, as `npm start`). */
  function outbox(to: string): string[] {
    const dir = path.join(journey.app.dataDir, 'outbox');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .sort()
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw));
  }

  it.skipIf(!journey.ok)(
    'asks for the password to change the phone and add a bank account, notices the old e-mail, and puts the next withdrawal under staff review',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const admin = (
        await api<{ token: string }>('POST', '/api/login_api', undefined, {
          email: ADMIN.email,
          password: ADMIN.password,
        })
      ).body.token;
      await api('POST', `/api/admin/users/${player.id}/adjustments`, admin, {
        amount: 2000,
        reason: 'Saldo de prueba',
      });

      // --- Profile, phone size: a new phone needs the current password. ---
      const context = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      const page = await context.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, player.email, player.password);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Editar' }).click();
      await page.getByRole('textbox', { name: /^Nombre/ }).fill('María Protegida');
      // The name alone asks nothing.
      expect(await page.getByLabel(/^Contraseña actual/).count()).toBe(0);
      await page.getByLabel('Teléfono').fill('0424 555 01 23');
      await visible(page, MSG_PROTECTION.contactChangeHint);
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await visible(page, MSG_PROTECTION.currentPasswordForContact);
      await page.getByLabel(/^Contraseña actual/).fill('NoEsLaMia1');
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await visible(page, MSG_ACCOUNT.currentPasswordWrong);
      const unchanged = await api<{ phone: string; name: string }>(
        'GET',
        '/api/user',
        player.token,
      );
      expect(unchanged.body.phone).toBe(player.areaCode + player.phone);
      await page.getByLabel(/^Contraseña actual/).fill(player.password);
      await snap(page, 'protection-profile-password-phone');
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await visible(page, MSG_PROTECTION.noticeSent);
      await visible(page, '0424-555.01.23');
      const saved = await api<{ phone: string; name: string }>('GET', '/api/user', player.token);
      expect(saved.body).toMatchObject({ phone: '04245550123', name: 'María Protegida' });

      // The old (and only) address got the notice, with the phone masked.
      await expect.poll(() => outbox(player.email).length, { timeout: 10_000 }).toBe(1);
      const notice = outbox(player.email)[0]!;
      expect(mailSubject(notice)).toBe(
        'Aviso de seguridad: cambiaron datos de tu cuenta de Dominó',
      );
      const text = mailBody(notice, 'text/plain') ?? '';
      expect(text).toContain('- Teléfono de Pago Móvil: ahora es 0424-***0123');
      expect(text).toContain('Desde: Chrome en Linux, dirección IP 127.0.0.1');
      expect(text).toContain('Si no fuiste tú');

      // --- Withdraw, phone size: the review notice before submitting. ---
      await page.goto('/withdraw');
      await visible(page, MSG_PROTECTION.reviewTitle);
      const notice360 = page.getByTestId('withdraw-review-notice');
      await expect
        .poll(() => notice360.textContent(), { timeout: 10_000 })
        .toMatch(/teléfono de Pago Móvil/);
      const review = await api<{
        under_review: boolean;
        review: { message: string; until: string };
      }>('GET', '/api/withdraw_review', player.token);
      expect(review.body.under_review).toBe(true);
      expect(await notice360.textContent()).toContain(review.body.review.message);
      await snap(page, 'protection-withdraw-phone');

      // The bank-account form always asks for the password.
      await page.getByRole('button', { name: 'Agregar' }).click();
      const form = page.getByRole('form', { name: 'Agregar cuenta bancaria' });
      await form.getByPlaceholder('Selecciona el banco').click();
      await page.getByRole('option', { name: 'Banco de Venezuela (0102)' }).click();
      await form.getByLabel('Número de cuenta').fill('01020000111122223333');
      await form.getByLabel('Titular').fill('María Protegida');
      await form.getByLabel(/^Contraseña actual/).fill('NoEsLaMia1');
      await form.getByRole('button', { name: 'Guardar cuenta' }).click();
      await visible(page, MSG_ACCOUNT.currentPasswordWrong);
      await form.getByLabel(/^Contraseña actual/).fill(player.password);
      await snap(page, 'protection-bank-form-phone');
      await form.getByRole('button', { name: 'Guardar cuenta' }).click();
      await visible(page, 'Cuenta bancaria registrada correctamente');
      const client = await api<{ bank_accounts: { account_number: string }[] }>(
        'GET',
        '/api/client-data',
        player.token,
      );
      expect(client.body.bank_accounts.map((a) => a.account_number)).toEqual([
        '01020000111122223333',
      ]);
      await expect.poll(() => outbox(player.email).length, { timeout: 10_000 }).toBe(2);
      expect(mailBody(outbox(player.email)[1]!, 'text/plain')).toMatch(
        /- Cuenta bancaria nueva: .+, terminada en 3333/,
      );

      // The withdrawal: sent under review, with its reason.
      await page.getByTestId('withdraw-amount').fill('600');
      await page.getByTestId('withdraw-bank').click();
      await page.getByRole('option', { name: 'Banco de Venezuela (0102)' }).click();
      await page.getByTestId('withdraw-submit').click();
      // Not "en cuestión de minutos": the player is told it waits for staff.
      await visible(page, MSG_PROTECTION.withdrawSentUnderReview);
      expect(await page.getByText(MSG.withdrawSent).count()).toBe(0);
      const txs = await api<{
        transactions: { id: string; status: string; details: Record<string, string> }[];
      }>('GET', '/api/transactions?type=retiro', player.token);
      const item = txs.body.transactions[0]!;
      expect(item.status).toBe('pending');
      expect(item.details['Revisión']).toMatch(/^En revisión por un cambio reciente en tu cuenta/);
      expect(item.details['Revisión']).toContain('teléfono de Pago Móvil y cuenta bancaria nueva');
      const withdrawalId = Number(item.id.slice(2));
      expect(
        (await api<{ balance: number }>('GET', '/api/user/balance', player.token)).body.balance,
      ).toBe(1400);
      expect(errors).toEqual([]);
      await context.close();

      // The withdraw page at desktop size, for people to look at.
      const wide = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      const widePage = await wide.newPage();
      await loginViaUi(widePage, player.email, player.password);
      await widePage.goto('/withdraw');
      await visible(widePage, MSG_PROTECTION.reviewTitle);
      await snap(widePage, 'protection-withdraw-desktop');
      await widePage.goto('/profile');
      await widePage.getByRole('button', { name: 'Editar' }).click();
      await widePage.getByRole('textbox', { name: /^Correo electrónico/ }).fill('otra@example.com');
      await visible(widePage, MSG_PROTECTION.contactChangeHint);
      await snap(widePage, 'protection-profile-password-desktop');
      await wide.close();

      // --- Staff: the queue shows the flag; paying needs the acknowledgement. ---
      for (const [viewport, suffix] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const staff = await newContext(journey.browser, journey.app.baseUrl, viewport);
        const staffPage = await staff.newPage();
        const staffErrors = trackErrors(staffPage);
        await loginViaUi(staffPage, ADMIN.email, ADMIN.password);
        await staffPage.goto('/admin/retiros');
        const row = staffPage
          .locator(`[data-testid="admin-withdrawal-row"][data-request-id="${withdrawalId}"]`)
          .filter({ visible: true });
        await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
        await expect
          .poll(() => row.getByTestId('withdrawal-review').textContent(), { timeout: 10_000 })
          .toMatch(
            /En revisión.*Cambio reciente de teléfono de Pago Móvil el .*cuenta bancaria nueva el /,
          );
        await snap(staffPage, `protection-admin-withdrawals-${suffix}`);
        if (suffix === 'desktop') {
          await row.getByTestId('withdrawal-pay').click();
          const dialog = staffPage.getByTestId('pay-withdrawal-modal');
          await expect
            .poll(() => dialog.getByTestId('withdrawal-review').count(), { timeout: 10_000 })
            .toBe(1);
          await dialog.getByTestId('payout-reference').fill('PM998877');
          await dialog.getByTestId('decision-confirm').click();
          await visible(staffPage, MSG_PROTECTION.reviewAcknowledgeRequired);
          await snap(staffPage, 'protection-admin-pay-dialog-desktop');
          // Nothing was paid, and the API refuses a payment without the acknowledgement.
          const still = await api<{ id: number; status: string }[]>(
            'GET',
            '/api/admin/withdrawals',
            admin,
          );
          expect(still.body.find((w) => w.id === withdrawalId)?.status).toBe('pendiente');
          const refused = await api('POST', `/api/admin/withdrawals/${withdrawalId}/pay`, admin, {
            payout_reference: 'PM998877',
          });
          expect(refused).toEqual({
            status: 409,
            body: { message: MSG_PROTECTION.reviewRequired, code: 'payments/review_required' },
          });
          await dialog.getByTestId('review-acknowledge').check();
          await dialog.getByTestId('decision-confirm').click();
          await visible(staffPage, 'Retiro marcado como pagado');
        }
        expect(staffErrors).toEqual([]);
        await staff.close();
      }

      const queue = await api<
        {
          id: number;
          status: string;
          payout: { phone: string };
          review: { acknowledged_by: string | null } | null;
        }[]
      >('GET', '/api/admin/withdrawals', admin);
      const paid = queue.body.find((w) => w.id === withdrawalId)!;
      expect(paid).toMatchObject({
        status: 'completado',
        payout: { phone: '04245550123' },
        review: { acknowledged_by: 'Administrador' },
      });
      expect(
        (await api<{ balance: number }>('GET', '/api/user/balance', player.token)).body.balance,
      ).toBe(1400);
      const audit = await api<{
        entries: { action: string; after: Record<string, unknown> }[];
      }>('GET', `/api/admin/audit?action=withdrawal.pay&target_id=${withdrawalId}`, admin);
      expect(audit.body.entries[0]?.after).toMatchObject({
        status: 'completado',
        review_acknowledged: true,
      });
      const changes = await api<{ entries: { action: string }[] }>(
        'GET',
        `/api/admin/audit?target_type=user&target_id=${player.id}`,
        admin,
      );
      expect(changes.body.entries.map((e) => e.action).sort()).toEqual(
        ['account.bank_account_add', 'account.phone_change', 'user.adjust_balance'].sort(),
      );
    },
  );
});
