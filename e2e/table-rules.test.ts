import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_RULES, ruleChips, type TableRules } from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  capture,
  loginViaUi,
  newContext,
  registerViaApi,
  settled,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * A table's rules at every step (docs/decisions/018-table-rules-as-data.md): staff create a table
 * with non-default options in /admin/mesas (fields generated from the rule options), the server
 * stores exactly those rules, and players see them as chips on the dashboard card and before
 * paying, as the full list in the waiting room, and in the "Reglas de la mesa" sheet of the game
 * screen, on a 360 px phone and on a desktop.
 */
describe('a table with its own rules', () => {
  const journey = useJourney();

  async function api(path: string, token: string, body?: unknown) {
    const res = await fetch(`${journey.app.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** Picks `label` in the generated select of rule option `key`. */
  async function pick(page: Page, key: string, label: string) {
    await page.getByTestId(`admin-rule-${key}`).click();
    await page.getByRole('option', { name: label, exact: true }).click();
  }

  it.skipIf(!journey.ok)(
    'is created by staff with any options and shown to players on the card, before paying, in the waiting room and in the game',
    async () => {
      const adminCtx = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      journey.contexts.push(adminCtx);
      const admin = await adminCtx.newPage();
      const adminErrors = trackErrors(admin);
      await loginViaUi(admin, ADMIN.email, ADMIN.password, '/admin/mesas');
      await admin.getByTestId('admin-tables-new').click();
      await admin.getByTestId('admin-table-name').fill('Mesa Reglas Propias');
      await admin.getByTestId('admin-table-price').fill('10');
      await pick(admin, 'mode', 'Individual');
      await pick(admin, 'target_points', 'A 150 puntos');
      await pick(admin, 'tranque_tie', 'Gana quien salió');
      await pick(admin, 'tranque_counting', 'Todas las fichas');
      await pick(admin, 'capicua', '+25 puntos');
      // Options that only apply to pairs are not offered at an individual table.
      expect(await admin.getByTestId('admin-rule-counting_rule').count()).toBe(0);
      await admin.getByTestId('admin-rule-turn_seconds').fill('45');
      await shot(admin, 'table-rules-admin-form-desktop');
      await admin.getByTestId('admin-table-submit').click();
      await admin.getByTestId('admin-table-form').waitFor({ state: 'detached' });

      const login = await fetch(`${journey.app.baseUrl}/api/login_api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      const adminToken = ((await login.json()) as { token: string }).token;
      const all = (await api('/api/admin/tables', adminToken)).body as unknown as {
        id: number;
        name: string;
      }[];
      const tableId = all.find((x) => x.name === 'Mesa Reglas Propias')!.id;
      const expected = {
        ...DEFAULT_RULES,
        mode: 'individual',
        players: 2,
        target_points: 150,
        tranque_tie: 'leader',
        tranque_counting: 'all_pips',
        capicua: true,
        turn_seconds: 45,
      };
      expect((await api(`/api/tables/${tableId}`, adminToken)).body.rules).toEqual(expected);
      // The staff list shows each table's rules too, not only mode and target.
      const listed = admin.getByTestId(`admin-table-rules-${tableId}`);
      await listed.waitFor();
      expect((await listed.innerText()).replace(/\s+/g, ' ')).toContain(
        ruleChips(expected as TableRules).join(' '),
      );
      expect(adminErrors).toEqual([]);

      const players = [];
      for (let i = 0; i < 2; i++) {
        const p = await registerViaApi(journey.app.baseUrl);
        const res = await api(`/api/admin/users/${p.id}/adjustments`, adminToken, {
          amount: 100,
          reason: 'Saldo de prueba e2e',
        });
        expect(res.status).toBe(200);
        players.push(p);
      }

      const pages: Page[] = [];
      const errors: string[][] = [];
      for (const [i, p] of players.entries()) {
        const ctx = await newContext(
          journey.browser,
          journey.app.baseUrl,
          i === 0 ? PHONE : DESKTOP,
        );
        journey.contexts.push(ctx);
        const page = await ctx.newPage();
        errors.push(trackErrors(page));
        await loginViaUi(page, p.email, p.password);
        pages.push(page);
      }
      const [phone, desktop] = pages as [Page, Page];

      // The dashboard card: short chips.
      await phone.goto('/dashboard');
      const chips = phone.getByTestId(`table-rules-${tableId}`);
      await chips.waitFor();
      const chipText = (await chips.textContent()) ?? '';
      for (const chip of [
        'Individual',
        '2 jugadores',
        'A 150',
        'Tranque cuenta todo',
        'Empate: gana la salida',
        'Capicúa +25',
        'Con robo',
      ])
        expect(chipText).toContain(chip);
      await chips.scrollIntoViewIfNeeded();
      await capture(phone, 'table-rules-card-phone', { fullPage: false });

      // The waiting room: the full list with points, then the chips again before paying.
      for (const [i, page] of pages.entries()) {
        await page.goto(`/waiting-room/${tableId}`);
        const list = page.getByTestId('waiting-rules-list');
        await list.waitFor();
        const text = (await list.textContent()) ?? '';
        expect(text).toContain('Capicúa+25 puntos');
        expect(text).toContain('Empate en el tranqueGana quien salió');
        expect(text).toContain('45 segundos');
        expect(text).not.toContain('Puntos de la mano');
        await shot(page, `table-rules-waiting-room-${i === 0 ? 'phone' : 'desktop'}`);
        await page.getByTestId('waiting-join').click();
        expect(await page.getByTestId('join-rules').textContent()).toContain('Capicúa +25');
        await page.getByTestId('join-confirm-pay').click();
        if (i === 0) await page.getByTestId('waiting-leave').waitFor();
      }
      await Promise.all(
        pages.map((page) => page.waitForURL(/\/games\/[0-9a-f-]{36}$/, { timeout: 30_000 })),
      );

      // The game screen: "Reglas de la mesa" opens the same list in a sheet.
      for (const [i, page] of pages.entries()) {
        await page.getByTestId('game-screen').waitFor();
        await page.getByTestId('game-rules-open').click();
        const sheet = page.getByTestId('game-rules-list');
        await sheet.waitFor();
        expect(await sheet.textContent()).toContain('Todas las fichas');
        expect(await page.getByText('Reglas de la mesa').isVisible()).toBe(true);
        // Let the sheet finish sliding in before the picture.
        await settled(page);
        await capture(page, `table-rules-game-sheet-${i === 0 ? 'phone' : 'desktop'}`, {
          fullPage: false,
        });
        await page.keyboard.press('Escape');
        await sheet.waitFor({ state: 'detached' });
      }
      const gameId = desktop.url().split('/').pop()!;
      const view = await api(`/api/games/${gameId}/view`, players[1]!.token);
      expect(view.body.rules).toEqual(expected);
      expect(errors).toEqual([[], []]);
    },
  );
});
