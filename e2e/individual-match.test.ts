import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  loginViaUi,
  newContext,
  playUntilDone,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * Individual mode in the browser (docs/rules.md: 2-3 players, stock, drawing): staff create a
 * 3-player table, three browsers (two phones, a desktop) join it, each sees the other two on its
 * right and left in order of play with per-player scores and the stock, they play the match
 * through the UI (drawing when they must), and the single winner is paid to the céntimo
 * (3 × Bs. 100 = Bs. 300; 8 % house fee, 2 % to the pot; Bs. 270 to the winner).
 */
describe('a real-money individual match between three browsers', () => {
  // A whole match on the embedded database, as `npm start` runs it (docs/decisions/045).
  const journey = useJourney({ npmStart: true, env: { HAND_PAUSE_MS: '300' } });

  it.skipIf(!journey.ok)(
    'seats three players in order of play, shows the stock and pays the single winner',
    { timeout: 600_000 },
    async () => {
      const api = async (url: string, token: string, body?: unknown) => {
        const res = await fetch(`${journey.app.baseUrl}${url}`, {
          method: body ? 'POST' : 'GET',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const login = await fetch(`${journey.app.baseUrl}/api/login_api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      const adminToken = ((await login.json()) as { token: string }).token;
      const created = await api('/api/admin/tables', adminToken, {
        name: 'Mesa Trío',
        entry_price: 100,
        mode: 'individual',
        max_players: 3,
        turn_seconds: 60,
      });
      expect(created.status).toBe(201);
      const tableId = created.body.id as number;

      const players: Awaited<ReturnType<typeof registerViaApi>>[] = [];
      for (let i = 0; i < 3; i++) {
        const p = await registerViaApi(journey.app.baseUrl);
        const res = await api(`/api/admin/users/${p.id}/adjustments`, adminToken, {
          amount: 1000,
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
          i === 1 ? DESKTOP : PHONE,
        );
        journey.contexts.push(ctx);
        const page = await ctx.newPage();
        errors.push(trackErrors(page));
        await loginViaUi(page, p.email, p.password, `/waiting-room/${tableId}`);
        await page.getByTestId('waiting-join').click();
        // Nothing is charged until the entry is confirmed (decision 017).
        await page.getByTestId('join-confirm-pay').click();
        // The last join fills the table: the room counts down instead of offering to leave.
        if (i < 2) await page.getByTestId('waiting-leave').waitFor();
        pages.push(page);
        if (i === 1) {
          // Seat 1 at the bottom, seat 2 (next in play) on the right, seat 0 on the left.
          await expect
            .poll(() => page.getByTestId('waiting-seat-0').getAttribute('data-occupied'))
            .toBe('true');
          expect(await page.getByTestId('waiting-seat-1').getAttribute('data-position')).toBe(
            'bottom',
          );
          expect(await page.getByTestId('waiting-seat-2').getAttribute('data-position')).toBe(
            'right',
          );
          expect(await page.getByTestId('waiting-seat-0').getAttribute('data-position')).toBe(
            'left',
          );
          await expect
            .poll(() => page.getByTestId('waiting-missing').textContent())
            .toBe('Falta 1 jugador');
          await shot(page, 'individual-waiting-room-desktop');
        }
      }
      await Promise.all(
        pages.map((page) => page.waitForURL(/\/games\/[0-9a-f-]{36}$/, { timeout: 30_000 })),
      );

      for (const [seat, page] of pages.entries()) {
        await page.getByTestId('game-screen').waitFor();
        // Both rivals around me, nobody on top, nobody twice, no partner. The stock shows what
        // the server holds: 7 tiles at the deal, fewer once a seat without a playable tile drew
        // (a forced draw is played by the server after 1.2 s, maybe before this page is read).
        const gameId = page.url().split('/').pop()!;
        await expect
          .poll(async () => {
            const shown = await page.getByTestId('stock-count').textContent();
            const view = await api(`/api/games/${gameId}/view`, players[seat]!.token);
            return shown === String(view.body.stock_count) && Number(shown) <= 7;
          })
          .toBe(true);
        expect(await page.getByTestId('seat-top').count()).toBe(0);
        const right = await page.getByTestId('seat-right').getAttribute('aria-label');
        const left = await page.getByTestId('seat-left').getAttribute('aria-label');
        expect(right).toContain(`${players[(seat + 1) % 3]!.name} (rival)`);
        expect(left).toContain(`${players[(seat + 2) % 3]!.name} (rival)`);
        // Scores per player by name, mine first: no 'Nosotros'/'Ellos'.
        expect(await page.getByTestId('score-us').count()).toBe(0);
        for (const s of [0, 1, 2]) await page.getByTestId(`score-seat-${s}`).waitFor();
        expect(await page.getByText('Nosotros').count()).toBe(0);
      }
      await shot(pages[0]!, 'individual-match-start-phone');

      let drew = false;
      const done = await playUntilDone(pages, {
        deadline: Date.now() + 540_000,
        seen: (_, s) => {
          if (s.drawVisible) drew = true;
        },
      });
      expect(done.size).toBe(3);
      await shot(pages[0]!, 'individual-match-result-phone');

      const nets = await Promise.all(
        pages.map(async (page) =>
          Number(await page.getByTestId('result-money').getAttribute('data-net')),
        ),
      );
      expect(nets.filter((n) => n === 170)).toHaveLength(1);
      expect(nets.filter((n) => n === -100)).toHaveLength(2);
      const winner = nets.indexOf(170);
      for (const [i, page] of pages.entries()) {
        expect(await page.getByTestId('result-title').textContent()).toBe(
          i === winner ? 'Victoria' : 'Derrota',
        );
        expect(await page.getByTestId('result-outcome').textContent()).toBe(
          i === winner
            ? '¡Llegaste primero a la meta!'
            : `${players[winner]!.name} llegó primero a la meta.`,
        );
        for (const s of [0, 1, 2]) await page.getByTestId(`result-score-${s}`).waitFor();
        const res = await api('/api/user/balance', players[i]!.token);
        expect(res.body.balance).toBe(i === winner ? 1170 : 900);
      }
      for (const e of errors) expect(e).toEqual([]);
      // Drawing is offered at least once in a whole 3-player match (7 tiles in the stock).
      expect(drew).toBe(true);
    },
  );
});
