import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, MSG_ACCOUNT } from '@domino/contracts';
import type { TestInbox } from '../apps/server/src/modules/mail/test-inbox';
import { resetLinkOf, startTestInbox } from '../apps/server/src/modules/mail/test-inbox';
import {
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  registerViaApi,
  settled,
  shot,
  TINY_PNG,
  trackErrors,
  useJourney,
} from './support';

/**
 * Profile and recovery journeys (decision 006) in real Chromium against the built app, with the mail received by an in-process
 * SMTP server: forgot password -> mail -> reset -> login with the new password (the old one
 * refused, the link dead afterwards); a profile edit that survives a reload; the password change
 * and the photo upload from the profile.
 */
describe('account recovery and profile in the browser', () => {
  let inbox: TestInbox;
  const journey = useJourney({
    env: async () => {
      inbox = await startTestInbox();
      return { SMTP_URL: inbox.url };
    },
    cleanup: async () => {
      await inbox?.close();
    },
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

  /** Screenshot once the shell's preloader has faded out (it overlays the page while fading). */
  const snap = async (page: Page, name: string) => {
    await page.waitForSelector('#preloader', { state: 'hidden' });
    await shot(page, name);
  };

  const me = (token: string) =>
    fetch(`${journey.app.baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });

  it.skipIf(!journey.ok)(
    'recovers a forgotten password by e-mail and logs in with the new one',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const context = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      const page = await context.newPage();
      const errors = trackErrors(page);

      await page.goto('/login');
      await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
      await page.waitForURL('**/forgot-password');
      await visible(page, 'Recuperar contraseña');
      await snap(page, 'forgot-password-phone');

      await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
      await visible(page, MSG.emailRequired);
      await page.getByLabel('Correo electrónico').fill('no-es-correo');
      await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
      await visible(page, MSG.emailInvalid);
      await page.getByLabel('Correo electrónico').fill('nadie.existe@example.com');
      await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
      await visible(page, MSG.recoveryNotFound);

      const since = inbox.messages.length;
      await page.getByLabel('Correo electrónico').fill(player.email);
      await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
      await visible(page, MSG.recoverySent);
      // docs/product.md §2: back to /login 2 s after success.
      await page.waitForURL('**/login', { timeout: 6_000 });

      const mail = await inbox.waitFor(player.email, { since });
      const link = resetLinkOf(mail.raw);
      expect(link.startsWith(`http://localhost:${journey.app.port}/reset-password?token=`)).toBe(
        true,
      );
      const target = new URL(link);

      await page.goto(target.pathname + target.search);
      await visible(page, 'Nueva contraseña');
      await page.getByLabel(/^Nueva contraseña/).fill('abcdefgh');
      await page.getByLabel('Confirmar nueva contraseña').fill('otra');
      await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
      await visible(page, MSG.passwordUppercase);
      await visible(page, MSG.passwordMismatch);
      await page.getByLabel(/^Nueva contraseña/).fill('NuevaClave456!');
      await page.getByLabel('Confirmar nueva contraseña').fill('NuevaClave456!');
      await visible(page, 'Las contraseñas coinciden');
      await visible(page, 'Muy fuerte');
      await snap(page, 'reset-password-phone');
      await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
      await visible(page, MSG_ACCOUNT.resetDone);
      await page.waitForURL('**/login');

      // The old password is refused, the new one logs in.
      await page.getByLabel('Correo electrónico').fill(player.email);
      await page.getByLabel(/^Contraseña/).fill(player.password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await visible(page, MSG.invalidCredentials);
      await page.getByLabel(/^Contraseña/).fill('NuevaClave456!');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.waitForURL('**/dashboard');
      // The session the player had before the reset was revoked.
      expect((await me(player.token)).status).toBe(401);
      expect(errors).toEqual([]);
      await context.close();

      // The link works once: opened again (as a guest) it says so at once and offers a new one.
      const again = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      const second = await again.newPage();
      await second.goto(target.pathname + target.search);
      await visible(second, MSG_ACCOUNT.resetTokenInvalid);
      await visible(second, 'Solicitar un nuevo enlace');
      await snap(second, 'reset-password-dead-link-desktop');
      await second.goto('/forgot-password');
      await visible(second, 'Recuperar contraseña');
      await snap(second, 'forgot-password-desktop');
      const desktopSince = inbox.messages.length;
      await second.getByLabel('Correo electrónico').fill(player.email);
      await second.getByRole('button', { name: 'Enviar instrucciones' }).click();
      await visible(second, MSG.recoverySent);
      const fresh = new URL(
        resetLinkOf((await inbox.waitFor(player.email, { since: desktopSince })).raw),
      );
      await second.goto(fresh.pathname + fresh.search);
      await second.getByLabel(/^Nueva contraseña/).fill('Moder4da');
      await visible(second, 'Moderada');
      await snap(second, 'reset-password-desktop');

      // Logged in, the e-mailed link still opens the form (it used to bounce to /dashboard and
      // lose the token), and the reset ends this browser's session too: /login, logged out.
      await loginViaUi(second, player.email, 'NuevaClave456!');
      await second.waitForURL('**/dashboard');
      const sessionToken = await second.evaluate(() => localStorage.getItem('auth_token'));
      expect(sessionToken).toBeTruthy();
      await second.goto(fresh.pathname + fresh.search);
      await visible(second, 'Elige una contraseña segura para tu cuenta.');
      expect(new URL(second.url()).pathname).toBe('/reset-password');
      await second.getByLabel(/^Nueva contraseña/).fill('OtraClave789!');
      await second.getByLabel('Confirmar nueva contraseña').fill('OtraClave789!');
      await second.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
      await visible(second, MSG_ACCOUNT.resetDone);
      await second.waitForURL('**/login');
      await visible(second, '¿Olvidaste tu contraseña?');
      // A stale session would bounce /login to /dashboard once its requests are answered.
      await second.waitForLoadState('networkidle');
      await settled(second);
      expect(new URL(second.url()).pathname).toBe('/login');
      expect(await second.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
      expect((await me(sessionToken!)).status).toBe(401);
      await loginViaUi(second, player.email, 'OtraClave789!');
      await second.waitForURL('**/dashboard');
      await again.close();
    },
  );

  it.skipIf(!journey.ok)(
    'saves a profile edit that survives a reload, changes the password and sets a photo',
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      for (const [viewport, suffix] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const context = await newContext(journey.browser, journey.app.baseUrl, viewport);
        const page = await context.newPage();
        const errors = trackErrors(page);
        await loginViaUi(
          page,
          player.email,
          suffix === 'phone' ? player.password : 'Cambiada789!',
          '/profile',
        );
        await visible(page, 'Mi Perfil');
        await visible(page, 'Saldo Actual');
        await visible(page, 'Bs. 0,00');
        await visible(page, 'JUGADOR');
        await visible(page, 'Activo');
        await visible(page, /^\d{2}\/\d{2}\/\d{4}$/);
        await snap(page, `profile-read-${suffix}`);

        if (suffix === 'phone') {
          await page.getByRole('button', { name: 'Editar' }).click();
          await visible(page, 'El rol no puede ser modificado');
          await page.getByRole('textbox', { name: /^Nombre/ }).fill('  ');
          await page.getByRole('button', { name: 'Guardar Cambios' }).click();
          await visible(page, MSG.nameRequired);
          await page.getByRole('textbox', { name: /^Nombre/ }).fill('Carmen Editada');
          // The whole number in the international shape (decision 040).
          await page.getByLabel('Teléfono').fill('+58 426 765 4321');
          // A new phone (the Pago Móvil payout destination) needs the current password (decision 013).
          await page.getByLabel(/^Contraseña actual/).fill(player.password);
          await snap(page, `profile-edit-${suffix}`);
          await page.getByRole('button', { name: 'Guardar Cambios' }).click();
          await visible(page, MSG.profileUpdated);
          await visible(page, '0426-765.43.21');

          await page.reload();
          await visible(page, 'Carmen Editada');
          await visible(page, '0426-765.43.21');
          const server = (await (await me(player.token)).json()) as { name: string; phone: string };
          expect(server).toMatchObject({ name: 'Carmen Editada', phone: '04267654321' });

          // 'Actualizar Perfil' refetches from the server.
          await page.getByRole('button', { name: 'Actualizar Perfil' }).click();
          await visible(page, MSG.profileRefreshed);

          // The photo: the camera button uploads it and the page shows it.
          await page.getByTestId('avatar-input').setInputFiles({
            name: 'foto.png',
            mimeType: 'image/png',
            buffer: TINY_PNG,
          });
          await visible(page, MSG_ACCOUNT.avatarUpdated);
          await expect
            .poll(() => page.getByRole('img', { name: /Foto de perfil de Carmen Editada/ }).count())
            .toBeGreaterThan(0);

          // Password change: a wrong current password, then the real one; this session stays,
          // the other one (from the registration) is closed.
          await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByLabel('Contraseña actual').fill('NoEsLaMia1');
          await dialog.getByLabel(/^Nueva contraseña/).fill('Cambiada789!');
          await dialog.getByLabel('Confirmar nueva contraseña').fill('Cambiada789!');
          await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
          await visible(page, MSG_ACCOUNT.currentPasswordWrong);
          await dialog.getByLabel('Contraseña actual').fill(player.password);
          await snap(page, `profile-password-${suffix}`);
          await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
          await visible(page, MSG_ACCOUNT.passwordChanged);
          expect((await me(player.token)).status).toBe(401);
          await page.reload();
          await visible(page, 'Carmen Editada');
          expect(new URL(page.url()).pathname).toBe('/profile');
        } else {
          // Logged in with the changed password on a second device: the edit and photo are there.
          await visible(page, 'Carmen Editada');
          await page.getByRole('button', { name: 'Editar' }).click();
          await visible(page, 'Guardar Cambios');
          await snap(page, `profile-edit-${suffix}`);
          await page.getByRole('button', { name: 'Cancelar' }).first().click();
          await visible(page, 'Fecha de registro');
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );
});
