import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, MSG_IDENTITY } from '@domino/contracts';
import {
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

/** A 48 × 32 JPEG (the "photo of the cédula"), made once with sharp and kept here as bytes. */
const SMALL_JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAgADADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAUG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AgAaZGAAAAAAAAAAf/9k=',
  'base64',
);

/**
 * Identity verification in the browser (docs/decisions/031-identity-verification.md): a funded,
 * unverified player is refused a withdrawal and sent to /verificacion, uploads the cédula and a
 * selfie; staff see both photos in /admin/identidad and approve; the profile shows "Verificado";
 * the withdrawal then goes through. Each step is checked against what the server recorded.
 */
describe('identity verification in the browser', () => {
  const journey = useJourney();

  const api = async <T>(method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${journey.app.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const visible = (page: Page, testId: string, timeout = 10_000) =>
    expect.poll(() => page.getByTestId(testId).first().isVisible(), { timeout }).toBe(true);

  it.skipIf(!journey.ok)(
    'refuses the withdrawal, takes the photos, staff approve, the profile says Verificado, the withdrawal goes through',
    async () => {
      const admin = (
        await api<{ token: string }>('POST', '/api/login_api', '', {
          email: ADMIN.email,
          password: ADMIN.password,
        })
      ).body.token;
      const player = await registerViaApi(journey.app.baseUrl);
      const funded = await api('POST', `/api/admin/users/${player.id}/adjustments`, admin, {
        amount: 1000,
        reason: 'Saldo de prueba',
      });
      expect(funded.status).toBe(200);
      const withdrawalsOf = async () =>
        (
          await api<{ transactions: { id: string; status: string }[] }>(
            'GET',
            '/api/transactions?type=retiro',
            player.token,
          )
        ).body.transactions;

      // --- The withdrawal is refused before verification; nothing is held. ---
      const ctx = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, player.email, player.password, '/withdraw');
      await visible(page, 'withdraw-identity-notice');
      await page.getByTestId('withdraw-amount').fill('600');
      await page.getByTestId('withdraw-bank').click();
      await page.getByRole('option', { name: /Banco de Venezuela/ }).click();
      await page.getByTestId('withdraw-submit').click();
      await expect
        .poll(() => page.getByText(MSG_IDENTITY.required).first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      await shot(page, 'identity-withdraw-refused-phone');
      expect(await withdrawalsOf()).toEqual([]);
      expect(
        (await api<{ balance: number }>('GET', '/api/user/balance', player.token)).body,
      ).toEqual({ balance: 1000 });

      // --- The player sends the cédula and the selfie. ---
      await page.getByTestId('withdraw-identity-start').click();
      await page.waitForURL('**/verificacion');
      await visible(page, 'identity-submit');
      await shot(page, 'identity-form-empty-phone');
      // A file that is not a photo is refused in Spanish before anything is sent.
      await page.getByTestId('identity-document-input').setInputFiles({
        name: 'cedula.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4'),
      });
      await visible(page, 'identity-document-error');
      expect(await page.getByTestId('identity-document-error').textContent()).toBe(
        MSG_IDENTITY.photoType,
      );
      await page
        .getByTestId('identity-document-input')
        .setInputFiles({ name: 'cedula.jpg', mimeType: 'image/jpeg', buffer: SMALL_JPEG });
      await page
        .getByTestId('identity-selfie-input')
        .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: TINY_PNG });
      await visible(page, 'identity-document-preview');
      await visible(page, 'identity-selfie-preview');
      expect(await page.getByTestId('identity-number').inputValue()).toBe(player.identification);
      await shot(page, 'identity-form-filled-phone');
      await page.getByTestId('identity-submit').click();
      await expect
        .poll(() => page.getByTestId('identity-state').getAttribute('data-state'), {
          timeout: 10_000,
        })
        .toBe('pending');
      await shot(page, 'identity-pending-phone');
      const pending = await api<{ state: string; request: { id: number } | null }>(
        'GET',
        '/api/identity',
        player.token,
      );
      expect(pending.body.state).toBe('pending');
      const requestId = pending.body.request!.id;

      // --- Staff review both photos and approve. ---
      for (const [viewport, suffix] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const staffCtx = await newContext(journey.browser, journey.app.baseUrl, viewport);
        const staff = await staffCtx.newPage();
        const staffErrors = trackErrors(staff);
        await loginViaUi(staff, ADMIN.email, ADMIN.password, '/admin/identidad');
        const row = staff.locator(
          `[data-testid="admin-identity-row"][data-request-id="${requestId}"]`,
        );
        await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
        await expect
          .poll(() => row.getByTestId('admin-identity-document').locator('img').count(), {
            timeout: 10_000,
          })
          .toBe(1);
        await expect
          .poll(() => row.getByTestId('admin-identity-selfie').locator('img').count(), {
            timeout: 10_000,
          })
          .toBe(1);
        expect(await row.getByTestId('admin-identity-name-warning').count()).toBe(0);
        await shot(staff, `identity-admin-queue-${suffix}`);
        if (suffix === 'desktop') {
          await row.getByTestId('admin-identity-document').click();
          await visible(staff, 'proof-viewer');
          await shot(staff, 'identity-admin-photo-desktop');
          await staff.keyboard.press('Escape');
          await row.getByTestId('identity-approve').click();
          await staff.getByTestId('decision-confirm').click();
          await expect
            .poll(() => staff.getByTestId('decision-confirm').count(), { timeout: 10_000 })
            .toBe(0);
          await expect
            .poll(() => staff.getByText(MSG_IDENTITY.approved).first().isVisible())
            .toBe(true);
        }
        expect(staffErrors).toEqual([]);
        await staffCtx.close();
      }
      const queue = await api<{ id: number; status: string; decided_by: string | null }[]>(
        'GET',
        '/api/admin/identity',
        admin,
      );
      expect(queue.body.find((r) => r.id === requestId)).toMatchObject({
        status: 'aprobado',
        decided_by: expect.any(String),
      });
      const audit = await api<{ entries: { action: string; target_id: string }[] }>(
        'GET',
        '/api/admin/audit?action=identity.approve',
        admin,
      );
      expect(audit.status).toBe(200);
      expect(
        audit.body.entries.filter((a) => a.action === 'identity.approve').map((a) => a.target_id),
      ).toContain(String(requestId));

      // --- The profile shows "Verificado". ---
      await page.goto('/profile');
      await visible(page, 'profile-verified-badge');
      expect(await page.getByTestId('profile-verified-badge').textContent()).toContain(
        'Verificado',
      );
      expect(await page.getByTestId('profile-identity-state').getAttribute('data-state')).toBe(
        'verified',
      );
      await shot(page, 'identity-profile-verified-phone');
      const wide = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      const widePage = await wide.newPage();
      await loginViaUi(widePage, player.email, player.password, '/profile');
      await visible(widePage, 'profile-verified-badge');
      await shot(widePage, 'identity-profile-verified-desktop');
      await wide.close();

      // --- The withdrawal now goes through and the server holds it. ---
      await page.goto('/withdraw');
      await visible(page, 'withdraw-submit');
      expect(await page.getByTestId('withdraw-identity-notice').count()).toBe(0);
      await page.getByTestId('withdraw-amount').fill('600');
      await page.getByTestId('withdraw-bank').click();
      await page.getByRole('option', { name: /Banco de Venezuela/ }).click();
      await page.getByTestId('withdraw-submit').click();
      await expect
        .poll(() => page.getByText(MSG.withdrawSent).first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      const after = await withdrawalsOf();
      expect(after).toHaveLength(1);
      expect(after[0]!.status).toBe('pending');
      expect(
        (await api<{ balance: number }>('GET', '/api/user/balance', player.token)).body,
      ).toEqual({ balance: 400 });
      expect(errors).toEqual([]);
      await ctx.close();
    },
  );
});
