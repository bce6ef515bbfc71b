import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  positionsSeen,
  recordPositions,
  registerViaApi,
  shot,
  shotsAtBothSizes,
  recordToasts,
  toastsShown,
  trackErrors,
  useJourney,
} from './support';

/**
 * Daily report and BCV rate in the browser (docs/decisions/034-daily-report-and-bcv-rate.md):
 * staff open /admin/informe (it squares), record the day's BCV rate, and a player then sees
 * "≈ US$" beside the balance on the profile and in the menu; staff download a player's postings
 * as CSV. Every screen is photographed at 360x740 and desktop size.
 */
describe('daily report, BCV rate and ≈ US$ in the browser', () => {
  const journey = useJourney();

  it.skipIf(!journey.ok)(
    'staff record a rate, the player sees ≈ US$, and the report squares and exports',
    async () => {
      const base = journey.app.baseUrl;
      const api = async (path: string, token: string | null, body?: unknown) => {
        const res = await fetch(`${base}${path}`, {
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
      const player = await registerViaApi(base);
      await api(`/api/admin/users/${player.id}/adjustments`, staff, {
        amount: 450.67,
        reason: 'Saldo de prueba',
      });
      // No rate yet: nothing is shown.
      expect(await api('/api/bcv-rate', null)).toEqual({ rate: null });

      const adminCtx = await newContext(journey.browser, base, DESKTOP);
      const admin = await adminCtx.newPage();
      const adminErrors = trackErrors(admin);
      await loginViaUi(admin, ADMIN.email, ADMIN.password, '/admin/informe');
      await expect
        .poll(() => admin.getByTestId('report-check').textContent(), { timeout: 15_000 })
        .toBe('Cuadra');
      expect(await admin.getByTestId('report-owed').textContent()).toContain('Bs. 450,67');

      // A malformed rate is refused in Spanish and nothing is recorded.
      await admin.getByTestId('bcv-rate').fill('36,52101');
      await admin.getByTestId('bcv-save').click();
      await expect
        .poll(() => admin.getByText('Escribe la tasa en bolívares por dólar').count())
        .toBe(1);
      expect(await api('/api/bcv-rate', null)).toEqual({ rate: null });

      await admin.getByTestId('bcv-rate').fill('36,5210');
      await admin.getByTestId('bcv-save').click();
      await expect
        .poll(() => admin.getByTestId('bcv-history').textContent(), { timeout: 10_000 })
        .toContain('36,5210');
      const latest = (await api('/api/bcv-rate', null)).rate as {
        date: string;
        rate_scaled: number;
      };
      expect(latest.rate_scaled).toBe(365_210);
      const [y, m, d] = latest.date.split('-');
      const rateDay = `${d}/${m}/${y}`;
      await shotsAtBothSizes(admin, 'daily-report');

      // The player: 450,67 / 36,5210 = 12,3400… -> US$ 12,34, with the rate's date.
      const playerCtx = await newContext(journey.browser, base, PHONE);
      const page = await playerCtx.newPage();
      const playerErrors = trackErrors(page);
      await loginViaUi(page, player.email, player.password, '/profile');
      await expect
        .poll(() => page.getByTestId('profile-usd-approx').innerText(), { timeout: 10_000 })
        .toBe(`≈ US$ 12,34\nTasa BCV del ${rateDay}`);
      await shotsAtBothSizes(page, 'profile-usd');
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await expect
        .poll(() => page.getByTestId('menu-usd-approx').first().innerText())
        .toBe(`≈ US$ 12,34\nTasa BCV del ${rateDay}`);
      await shot(page, 'menu-usd-phone');
      await page.keyboard.press('Escape');
      await page.setViewportSize(DESKTOP);
      await page.getByRole('button', { name: /^Menú de / }).click();
      await expect
        .poll(() => page.getByTestId('menu-usd-approx').filter({ visible: true }).innerText())
        .toBe(`≈ US$ 12,34\nTasa BCV del ${rateDay}`);
      await shot(page, 'menu-usd-desktop');
      // The player still cannot reach the staff exports.
      const refused = await fetch(`${base}/api/admin/users/${player.id}/ledger.csv`, {
        headers: { authorization: `Bearer ${player.token}` },
      });
      expect(refused.status).toBe(403);

      // Staff download the player's postings from their page. Without a download the failure
      // says what the page showed instead (an error toast, or nothing). The button stays where it
      // first appeared (panels loading above it once pushed it down under the click).
      await recordToasts(admin);
      await recordPositions(admin, 'admin-user-export');
      await admin.goto(`/admin/usuarios/${player.id}`);
      const [download] = await Promise.all([
        admin.waitForEvent('download'),
        admin.getByTestId('admin-user-export').click(),
      ]).catch(async (err: unknown) => {
        const shown = await toastsShown(admin);
        // Still loading: the file's request had not been answered; not loading and no toast:
        // the answer came and no download followed, or the click never reached the button.
        const loading = await admin
          .getByTestId('admin-user-export')
          .getAttribute('data-loading')
          .catch(() => 'gone');
        throw new Error(
          `no download (${String(err)}); toasts shown: ${JSON.stringify(shown)}; button loading: ${loading}`,
        );
      });
      expect(await positionsSeen(admin, 'admin-user-export')).toHaveLength(1);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^movimientos-usuario-${player.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
      );
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const lines = csv.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Fecha;Transacción;Tipo;Descripción;Monto (Bs.);Saldo (Bs.);Referencia',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(';Ajuste del personal;Ajuste: Saldo de prueba;450,67;450,67;');
      await shotsAtBothSizes(admin, 'admin-user-export');

      expect(adminErrors).toEqual([]);
      expect(playerErrors).toEqual([]);
    },
    120_000,
  );
});
