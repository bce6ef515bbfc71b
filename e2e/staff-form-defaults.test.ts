import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import {
  ADMIN,
  DESKTOP,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * Staff forms submit their defaults (docs/decisions/049-risk-scanning-and-groups.md, "Staff
 * forms"): every create and edit form of /admin is opened in the browser, only the fields
 * without a default are filled (a name, a price, a code…), nothing with a default is touched,
 * and the server must accept it (a 2xx answer to the form's request, and the record there
 * through the API). The forms are listed per section of the admin navigation, and the test
 * checks that list against the navigation the browser shows, so a new section cannot be skipped
 * without someone saying why here.
 */

/** One staff form: where it lives and how to submit it with its defaults. */
interface StaffForm {
  /** The admin section (a path of the navigation). */
  section: string;
  name: string;
  run(page: Page, ctx: FormContext): Promise<void>;
}

interface FormContext {
  /** A staff token for API checks. */
  token: string;
  api<T>(path: string): Promise<T>;
  /** A player's id (the adjustment form needs one). */
  playerId: number;
}

/** Sections whose forms are decisions on someone else's request, each with only a typed reason. */
const NO_DEFAULTS: Record<string, string> = {
  '/admin': 'Resumen: the adjustment shortcut only navigates to /admin/ajustes (covered there)',
  '/admin/recargas': 'approve / reject a recharge: decisions, the reason is typed',
  '/admin/retiros': 'pay / reject a withdrawal: decisions, reference and reason are typed',
  '/admin/reportes': 'table-talk reports: dismiss / ban decisions with a typed note',
  '/admin/riesgo': 'risk actions and dismissals: a typed reason or note, nothing to default',
  '/admin/usuarios': 'suspend / reactivate: a typed reason, nothing to default',
  '/admin/auditoria': 'filters of a list, nothing is saved',
};

const stamp = Date.now().toString(36);

/** Clicks `submit` and returns the answer to the first non-GET /api/admin request it causes. */
async function accepted(page: Page, submit: () => Promise<void>, path: RegExp): Promise<Response> {
  const answer = page.waitForResponse(
    (r) => r.request().method() !== 'GET' && path.test(new URL(r.url()).pathname),
    { timeout: 15_000 },
  );
  await submit();
  const res = await answer;
  expect(res.status(), `${res.request().method()} ${res.url()}: ${await res.text()}`).toBeLessThan(
    300,
  );
  return res;
}

const FORMS: StaffForm[] = [
  {
    section: '/admin/mesas',
    name: 'Nueva mesa',
    async run(page, ctx) {
      await page.goto('/admin/mesas');
      await page.getByTestId('admin-tables-new').click();
      const name = `Mesa defaults ${stamp}`;
      await page.getByTestId('admin-table-name').fill(name);
      // The price has no default; fees, pot share and every rule keep theirs.
      await page.getByTestId('admin-table-price').fill('100');
      await accepted(
        page,
        () => page.getByTestId('admin-table-submit').click(),
        /^\/api\/admin\/tables$/,
      );
      await page.getByTestId('admin-table-form').waitFor({ state: 'detached' });
      const tables = await ctx.api<{ name: string }[]>('/api/admin/tables');
      expect(tables.map((t) => t.name)).toContain(name);
    },
  },
  {
    section: '/admin/mesas',
    name: 'Editar mesa',
    async run(page, ctx) {
      const tables = await ctx.api<{ id: number; name: string }[]>('/api/admin/tables');
      const table = tables.find((t) => t.name === `Mesa defaults ${stamp}`)!;
      await page.goto('/admin/mesas');
      await page.getByTestId(`admin-table-edit-${table.id}`).filter({ visible: true }).click();
      await page.getByTestId('admin-table-form').waitFor();
      // Nothing changed: the form sends no patch at all and closes as saved.
      await page.getByTestId('admin-table-submit').click();
      await page.getByTestId('admin-table-form').waitFor({ state: 'detached' });
      await page.getByText('Mesa actualizada').first().waitFor();
      const after = await ctx.api<{ id: number; name: string }[]>('/api/admin/tables');
      expect(after.find((t) => t.id === table.id)).toMatchObject({ name: table.name });
    },
  },
  {
    section: '/admin/mesas',
    name: 'Ajustes de mesas privadas',
    async run(page) {
      await page.goto('/admin/mesas');
      await page.getByTestId('private-settings').waitFor();
      await accepted(
        page,
        () => page.getByTestId('private-settings-save').click(),
        /^\/api\/admin\/private-tables\/settings$/,
      );
    },
  },
  {
    section: '/admin/torneos',
    name: 'Programar torneo',
    async run(page, ctx) {
      await page.goto('/admin/torneos');
      await page.getByTestId('admin-tournament-new').click();
      await page.getByTestId('admin-tournament-form').waitFor();
      const name = `Torneo defaults ${stamp}`;
      await page.getByTestId('admin-tournament-name').fill(name);
      await accepted(
        page,
        () => page.getByTestId('admin-tournament-submit').click(),
        /^\/api\/admin\/tournaments$/,
      );
      await page.getByTestId('admin-tournament-form').waitFor({ state: 'detached' });
      const { tournaments } = await ctx.api<{
        tournaments: { name: string; capacity: number; min_entrants: number; mode: string }[];
      }>('/api/admin/tournaments');
      expect(tournaments.find((t) => t.name === name)).toMatchObject({
        mode: 'parejas',
        capacity: 16,
        min_entrants: 4,
      });
    },
  },
  {
    section: '/admin/bancos',
    name: 'Nuevo banco',
    async run(page, ctx) {
      await page.goto('/admin/bancos');
      await page.getByTestId('bank-new').click();
      // Code and name have no default.
      await page.getByTestId('bank-code').fill('0198');
      await page.getByTestId('bank-name').fill(`BANCO DEFAULTS ${stamp}`);
      await accepted(page, () => page.getByTestId('bank-save').click(), /^\/api\/admin\/banks$/);
      const list = await ctx.api<{ code: string }[]>('/api/admin/banks');
      expect(list.map((b) => b.code)).toContain('0198');
    },
  },
  {
    section: '/admin/bancos',
    name: 'Editar banco',
    async run(page) {
      await page.goto('/admin/bancos');
      await page
        .getByRole('button', { name: `Editar BANCO DEFAULTS ${stamp}` })
        .filter({ visible: true })
        .click();
      await accepted(
        page,
        () => page.getByTestId('bank-save').click(),
        /^\/api\/admin\/banks\/\d+$/,
      );
    },
  },
  {
    section: '/admin/bancos',
    name: 'Nueva cuenta de recarga',
    async run(page, ctx) {
      await page.goto('/admin/bancos');
      await page.getByTestId('account-new').click();
      // The document type keeps its default (J); the rest has none.
      await page
        .getByTestId('account-bank')
        .selectOption({ label: `0198 BANCO DEFAULTS ${stamp}` });
      await page.getByTestId('account-number').fill('01980000000000000042');
      await page.getByTestId('account-holder').fill('Dominó C.A.');
      await page.getByTestId('account-doc-number').fill('500000042');
      await page.getByTestId('account-phone').fill('04241234567');
      await accepted(
        page,
        () => page.getByTestId('account-save').click(),
        /^\/api\/admin\/recharge-accounts$/,
      );
      const list = await ctx.api<{ account_number: string }[]>('/api/admin/recharge-accounts');
      expect(list.map((a) => a.account_number)).toContain('01980000000000000042');
    },
  },
  {
    section: '/admin/bancos',
    name: 'Editar cuenta de recarga',
    async run(page) {
      await page.goto('/admin/bancos');
      await page
        .getByRole('button', { name: 'Editar la cuenta 01980000000000000042' })
        .filter({ visible: true })
        .click();
      await accepted(
        page,
        () => page.getByTestId('account-save').click(),
        /^\/api\/admin\/recharge-accounts\/\d+$/,
      );
    },
  },
  {
    section: '/admin/conexiones-bancarias',
    name: 'Conexión bancaria de una cuenta de recarga',
    async run(page, ctx) {
      await page.goto('/admin/conexiones-bancarias');
      const card = page.getByTestId('bank-connector-card').first();
      // Provider, address and switches have defaults (the account's bank, its API address, off);
      // the credentials have none.
      const secrets = card.locator('input[type="password"]');
      await secrets.first().waitFor();
      for (let i = 0; i < (await secrets.count()); i++)
        await secrets.nth(i).fill(`clave-e2e-${stamp}-${i}`);
      await accepted(
        page,
        () => card.getByTestId('bank-connector-save').click(),
        /^\/api\/admin\/recharge-accounts\/\d+\/bank-connector$/,
      );
      const list = await ctx.api<{ accounts: { connector: { provider: string } | null }[] }>(
        '/api/admin/bank-connectors',
      );
      expect(list.accounts[0]?.connector?.provider).toBe('bdv');
      expect(JSON.stringify(list)).not.toContain(`clave-e2e-${stamp}`);
    },
  },
  {
    section: '/admin/pote',
    name: 'Configuración del pote',
    async run(page) {
      await page.goto('/admin/pote');
      await accepted(page, () => page.getByTestId('pot-save').click(), /^\/api\/admin\/pot$/);
    },
  },
  {
    section: '/admin/identidad',
    name: 'Umbral de verificación',
    async run(page, ctx) {
      const before = await ctx.api<{ threshold: number }>('/api/admin/identity/settings');
      await page.goto('/admin/identidad');
      await expect
        .poll(() => page.getByTestId('identity-threshold-input').inputValue())
        .not.toBe('');
      await accepted(
        page,
        () => page.getByTestId('identity-threshold-save').click(),
        /^\/api\/admin\/identity\/settings$/,
      );
      expect(await ctx.api('/api/admin/identity/settings')).toMatchObject(before);
    },
  },
  {
    section: '/admin/informe',
    name: 'Tasa del BCV',
    async run(page) {
      await page.goto('/admin/informe');
      // The date defaults to today; the rate has no default.
      await page.getByTestId('bcv-rate').fill('36,5210');
      await accepted(page, () => page.getByTestId('bcv-save').click(), /^\/api\/admin\/bcv-rates/);
    },
  },
  {
    section: '/admin/conciliacion',
    name: 'Columnas del estado de cuenta',
    async run(page) {
      await page.goto('/admin/conciliacion');
      await page.getByTestId('reconciliation-mapping').waitFor();
      await accepted(
        page,
        () => page.getByTestId('mapping-save').click(),
        /^\/api\/admin\/reconciliation\//,
      );
    },
  },
  {
    section: '/admin/ajustes',
    name: 'Ajuste de saldo',
    async run(page, ctx) {
      await page.goto('/admin/ajustes');
      // Nothing here has a default: the player, the amount and the reason are typed.
      await page.getByTestId('adjust-user-id').fill(String(ctx.playerId));
      await page.getByTestId('adjust-amount').fill('15,50');
      await page.getByTestId('adjust-reason').fill('Prueba de valores por defecto');
      await accepted(
        page,
        () => page.getByTestId('adjust-submit').click(),
        new RegExp(`^/api/admin/users/${ctx.playerId}/adjustments$`),
      );
      await page.getByTestId('adjust-result').waitFor();
    },
  },
  {
    section: '/admin/pote',
    name: 'Aporte al pote',
    async run(page) {
      await page.goto('/admin/pote');
      // No defaults: the amount and the reason are typed; the review step confirms.
      await page.getByTestId('pot-topup-amount').fill('10');
      await page.getByTestId('pot-topup-reason').fill('Aporte de prueba de la casa');
      await page.getByTestId('pot-topup-submit').click();
      await accepted(
        page,
        () => page.getByTestId('pot-topup-confirm').click(),
        /^\/api\/admin\/pot\/top-ups$/,
      );
    },
  },
];

describe('staff forms submit their defaults', () => {
  const journey = useJourney();

  it.skipIf(!journey.ok)(
    'every create and edit form of /admin is accepted as it opens, with only the fields without a default filled',
    { timeout: 480_000 },
    async () => {
      const { baseUrl } = journey.app;
      const login = await fetch(`${baseUrl}/api/login_api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      const { token } = (await login.json()) as { token: string };
      const api = async <T>(path: string): Promise<T> => {
        const res = await fetch(`${baseUrl}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
        return (await res.json()) as T;
      };
      const player = await registerViaApi(baseUrl);

      const context = await newContext(journey.browser, baseUrl, DESKTOP);
      journey.contexts.push(context);
      const page = await context.newPage();
      const errors = trackErrors(page);
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await loginViaUi(page, ADMIN.email, ADMIN.password);

      // Every section of the navigation is accounted for: it has forms below or a reason.
      await page.goto('/admin');
      const nav = page.locator('nav[aria-label="Secciones de administración"]').filter({
        visible: true,
      });
      await nav.locator('a').first().waitFor();
      const sections = await nav
        .locator('a')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      const covered = new Set([...FORMS.map((f) => f.section), ...Object.keys(NO_DEFAULTS)]);
      expect([...sections].sort()).toEqual([...covered].sort());

      for (const form of FORMS) {
        await form.run(page, { token, api, playerId: player.id });
        await page.keyboard.press('Escape');
        expect(errors, `${form.section} · ${form.name}`).toEqual([]);
      }
      await shot(page, 'staff-form-defaults-last');
    },
  );
});
