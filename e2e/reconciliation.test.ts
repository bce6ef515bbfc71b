import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createTestDatabase, postgresAvailable } from '../apps/server/src/test/helpers';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  browserAvailable,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  startApp,
  trackErrors,
  useJourney,
} from './support';

/**
 * Bank reconciliation journey (docs/decisions/033-bank-reconciliation.md): players request
 * recharges, staff open /admin/conciliacion, set the statement columns, upload the bank's CSV,
 * see what matched and what did not, approve the matches in one click; the server shows the
 * recharges approved and the balances credited; the same file again approves nothing.
 */
describe('bank reconciliation in the browser', async () => {
  // Real money: the server runs on a throwaway PostgreSQL database (migrated first), not PGlite.
  const journey = useJourney({
    available: browserAvailable() && (await postgresAvailable()),
    async start() {
      const database = await createTestDatabase('postgres');
      const app = await startApp({ DATABASE_URL: database.url! });
      return {
        nodes: [app],
        async stop() {
          await app.stop();
          await database.close();
        },
      };
    },
  });

  /** Today in Caracas as dd/mm/yyyy (the bank's format in the statement). */
  function caracasToday(): string {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Caracas',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const [y, m, d] = parts.split('-');
    return `${d}/${m}/${y}`;
  }

  const api = async (method: string, path: string, token: string, body?: FormData | object) => {
    const res = await fetch(`${journey.app.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  const recharge = async (token: string, amount: string, reference: string) => {
    const form = new FormData();
    form.append('amount', amount);
    form.append('reference', reference);
    const accounts = (await api('GET', '/api/accounts_recharge', token)).body as {
      account_id: number;
    }[];
    form.append('account_id', String(accounts[0]!.account_id));
    const res = await api('POST', '/api/recharge_api', token, form);
    expect(res.status).toBe(201);
    return (res.body as { id: number }).id;
  };

  const count = async (page: Page, testId: string) =>
    (await page.getByTestId(`${testId}-count`).textContent())?.trim();

  it.skipIf(!journey.ok)(
    'uploads a CSV, approves the matches in one click, and approves nothing the second time',
    { timeout: 240_000 },
    async () => {
      const ana = await registerViaApi(journey.app.baseUrl);
      const luis = await registerViaApi(journey.app.baseUrl);
      const anaRecharge = await recharge(ana.token, '1500.50', 'PM88001234');
      const luisRecharge = await recharge(luis.token, '320', '88005678');
      const luisUnpaid = await recharge(luis.token, '400', '77001122');
      const today = caracasToday();
      const csv = Buffer.from(
        'Fecha;Referencia;Concepto;Monto\n' +
          `${today};000088001234;PAGO MOVIL RECIBIDO;1.500,50\n` +
          `${today};88005678;PAGO MOVIL RECIBIDO;320,00\n` +
          `${today};55554444;TRANSFERENCIA;90,00\n` +
          `${today};12121212;COMISION;-5,00\n`,
      );

      const ctx = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, ADMIN.email, ADMIN.password, '/admin/conciliacion');
      await expect
        .poll(() => page.getByTestId('reconciliation-mapping').isVisible(), { timeout: 15_000 })
        .toBe(true);
      // No mapping yet: the form is open with the usual Venezuelan export; name the description.
      await page.getByLabel('Columna de descripción (opcional)').fill('Concepto');
      await shot(page, 'reconciliation-mapping-desktop');
      await page.getByTestId('mapping-save').click();
      await expect.poll(() => page.getByTestId('reconciliation-file').isVisible()).toBe(true);

      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'estado-noviembre.csv', mimeType: 'text/csv', buffer: csv });
      await page.getByTestId('reconciliation-upload').click();
      await expect
        .poll(() => page.getByTestId('reconciliation-report').isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await count(page, 'reconciliation-matched')).toBe('2');
      expect(await count(page, 'reconciliation-unmatched-lines')).toBe('1');
      expect(await count(page, 'reconciliation-unmatched-recharges')).toBe('1');
      expect(await count(page, 'reconciliation-ambiguous')).toBe('0');
      await expect
        .poll(() => page.getByTestId('reconciliation-approve').textContent())
        .toContain('Aprobar 2 recargas');
      await shot(page, 'reconciliation-report-desktop');

      await page.getByTestId('reconciliation-approve').click();
      await expect
        .poll(() => count(page, 'reconciliation-reconciled'), { timeout: 30_000 })
        .toBe('2');
      expect(await count(page, 'reconciliation-matched')).toBe('0');
      await shot(page, 'reconciliation-approved-desktop');

      // What the server did: both recharges approved and credited, the unpaid one still pending.
      const balance = async (token: string) =>
        ((await api('GET', '/api/user/balance', token)).body as { balance: number }).balance;
      expect(await balance(ana.token)).toBe(1500.5);
      expect(await balance(luis.token)).toBe(320);
      const login = await fetch(`${journey.app.baseUrl}/api/login_api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      const staff = ((await login.json()) as { token: string }).token;
      const status = async (s: string) =>
        (
          (await api('GET', `/api/admin/recharges?status=${s}`, staff)).body as { id: number }[]
        ).map((r) => r.id);
      expect(await status('aprobado')).toEqual(expect.arrayContaining([anaRecharge, luisRecharge]));
      expect(await status('pendiente')).toContain(luisUnpaid);

      // The same statement again, on a phone: recognised, nothing to approve, nothing approved.
      const phoneCtx = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      const phone = await phoneCtx.newPage();
      const phoneErrors = trackErrors(phone);
      await loginViaUi(phone, ADMIN.email, ADMIN.password, '/admin/conciliacion');
      await expect
        .poll(() => phone.getByTestId('reconciliation-file').isVisible(), { timeout: 15_000 })
        .toBe(true);
      await phone
        .locator('input[type="file"]')
        .setInputFiles({ name: 'estado-noviembre.csv', mimeType: 'text/csv', buffer: csv });
      await phone.getByTestId('reconciliation-upload').click();
      await expect
        .poll(() => phone.getByTestId('reconciliation-repeated').isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await count(phone, 'reconciliation-matched')).toBe('0');
      expect(await count(phone, 'reconciliation-reconciled')).toBe('2');
      expect(await phone.getByTestId('reconciliation-approve').count()).toBe(0);
      await shot(phone, 'reconciliation-repeated-phone');
      expect(await balance(ana.token)).toBe(1500.5);
      expect(await balance(luis.token)).toBe(320);

      // An unreadable file is refused in Spanish.
      await phone.locator('input[type="file"]').setInputFiles({
        name: 'foto.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4'),
      });
      await phone.getByTestId('reconciliation-upload').click();
      await expect
        .poll(() =>
          phone
            .getByText('El archivo debe ser un estado de cuenta en CSV o Excel (XLSX).')
            .isVisible(),
        )
        .toBe(true);
      await shot(phone, 'reconciliation-refused-phone');
      expect(errors).toEqual([]);
      expect(phoneErrors).toEqual([]);
      await ctx.close();
      await phoneCtx.close();
    },
  );
});
