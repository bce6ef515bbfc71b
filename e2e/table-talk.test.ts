import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG_TALK } from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  registerViaApi,
  settled,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * Table talk journey (docs/decisions/023-table-talk.md): two players start a match at the
 * two-seat table; a quick phrase one sends from the game screen's panel reaches the other's
 * screen (and the server holds it); the other reports it from the player's name; a third player
 * talks in a waiting room; staff see the report with its transcript in /admin/reportes and
 * silence the player for 24 hours (audited), after which the player's reaction is refused in
 * Spanish. Screenshots of the panel at 360x740 and 1366x900, in the game and the waiting room.
 */
describe('table talk in the browser', () => {
  const journey = useJourney();

  it.skipIf(!journey.ok)(
    'a phrase reaches the other seat, is reported, and staff silence its author',
    { timeout: 240_000 },
    async () => {
      const { app } = journey;
      const api = async (method: string, path: string, token: string, body?: unknown) => {
        const res = await fetch(`${app.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const adminToken = (
        (await (
          await fetch(`${app.baseUrl}/api/login_api`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(ADMIN),
          })
        ).json()) as { token: string }
      ).token;
      const players = [];
      for (let i = 0; i < 3; i++) {
        const p = await registerViaApi(app.baseUrl);
        const funded = await api('POST', `/api/admin/users/${p.id}/adjustments`, adminToken, {
          amount: 1000,
          reason: 'Saldo de prueba e2e',
        });
        expect(funded.status).toBe(200);
        players.push(p);
      }
      const [ana, beto, carla] = players as [
        (typeof players)[number],
        (typeof players)[number],
        (typeof players)[number],
      ];
      const tables = (await (await fetch(`${app.baseUrl}/api/tables`)).json()) as {
        id: number;
        max_players: number;
      }[];
      const duel = tables.find((t) => t.max_players === 2)!;
      const four = tables.find((t) => t.max_players === 4)!;

      const open = async (viewport: typeof PHONE, who: { email: string; password: string }) => {
        const ctx = await newContext(journey.browser, app.baseUrl, viewport);
        journey.contexts.push(ctx);
        const page = await ctx.newPage();
        await loginViaUi(page, who.email, who.password);
        return page;
      };
      const join = async (page: Page, tableId: number) => {
        // `open` leaves the page on the dashboard: a second load of it would only cost CPU.
        if (new URL(page.url()).pathname !== '/dashboard') await page.goto('/dashboard');
        await page.getByTestId(`table-join-${tableId}`).click();
        await page.getByTestId('join-confirm-pay').click();
        await page.waitForURL(`**/waiting-room/${tableId}`);
      };

      // Two players meet at the two-seat table; the match starts.
      const anaPage = await open(PHONE, ana);
      const betoPage = await open(DESKTOP, beto);
      const errors = [...trackErrors(anaPage), ...trackErrors(betoPage)];
      await join(anaPage, duel.id);
      await join(betoPage, duel.id);
      await Promise.all(
        [anaPage, betoPage].map((p) =>
          p.waitForURL(/\/games\/[0-9a-f-]{36}$/, { timeout: 30_000 }),
        ),
      );

      // Ana sends "¡Suerte!" from the phrases menu; it shows on Beto's screen.
      await anaPage.getByTestId('talk-phrases').click();
      await anaPage.getByTestId('talk-phrase-suerte').click();
      await expect
        .poll(() => betoPage.getByTestId('talk-latest').innerText(), { timeout: 10_000 })
        .toContain('¡Suerte!');
      await anaPage.getByTestId('talk-reaction-fuego').click();
      await expect
        .poll(() => betoPage.getByTestId('talk-latest').innerText(), { timeout: 10_000 })
        .toContain('🔥');
      // The server holds it: Beto's talk state lists Ana's phrase.
      const betoState = await api('GET', `/api/talk/tables/${duel.id}`, beto.token);
      expect(
        (betoState.body.messages as { body: string; from: { user_id: number } }[]).map((m) => [
          m.from.user_id,
          m.body,
        ]),
      ).toEqual(
        expect.arrayContaining([
          [ana.id, '¡Suerte!'],
          [ana.id, '🔥'],
        ]),
      );
      // During the hand there is no free-text box.
      await expect.poll(() => anaPage.getByTestId('talk-text').count()).toBe(0);
      expect(await anaPage.getByTestId('talk-latest').innerText()).toContain('Tú:');
      await shot(anaPage, 'talk-game-phone');
      await shot(betoPage, 'talk-game-desktop');

      // Beto opens the conversation and reports Ana from her name.
      await betoPage.getByTestId('talk-open').click();
      await betoPage.getByTestId('talk-name').first().click();
      await betoPage.getByTestId('talk-report').click();
      await betoPage.getByTestId('talk-report-send').click();
      await betoPage.getByText(MSG_TALK.reported).waitFor();
      await betoPage.keyboard.press('Escape');
      await anaPage.getByTestId('talk-open').click();
      await anaPage.getByTestId('talk-log').waitFor();
      await settled(anaPage); // the sheet's opening transition
      await shot(anaPage, 'talk-game-sheet-phone');
      await anaPage.keyboard.press('Escape');

      // A third player talks in a waiting room (phone and desktop).
      const carlaPage = await open(PHONE, carla);
      await join(carlaPage, four.id);
      await carlaPage.getByTestId('talk-panel').waitFor();
      await carlaPage.getByTestId('talk-chip-hola').click();
      await carlaPage.getByTestId('talk-log').getByText('¡Hola!').waitFor();
      await carlaPage.getByTestId('talk-panel').scrollIntoViewIfNeeded();
      await shot(carlaPage, 'talk-waiting-phone');
      await carlaPage.setViewportSize(DESKTOP);
      await carlaPage.evaluate(() => window.scrollTo(0, 0));
      await shot(carlaPage, 'talk-waiting-desktop');

      // Staff: the report with its transcript, then "Silenciar 24 horas".
      const staff = await open(DESKTOP, ADMIN);
      await staff.goto('/admin/reportes');
      const card = staff.getByTestId('admin-report').first();
      await card.waitFor();
      expect(await card.getByTestId('admin-report-transcript').innerText()).toContain('¡Suerte!');
      await shot(staff, 'talk-admin-reports-desktop');
      await card.getByTestId('report-ban-1').click();
      await staff.getByText(MSG_TALK.bannedDone(1)).waitFor();

      const banned = await api('GET', '/api/admin/talk-reports?status=banned', adminToken);
      expect(banned.body.data).toEqual([
        expect.objectContaining({ reported: expect.objectContaining({ id: ana.id }) }),
      ]);
      const audit = await api('GET', '/api/admin/audit?action=talk.chat_ban', adminToken);
      expect(audit.body.entries).toEqual([
        expect.objectContaining({ action: 'talk.chat_ban', target_id: String(ana.id) }),
      ]);

      // Ana can no longer send: the server refuses her (Spanish reason), and her panel says so.
      const refused = await api('GET', `/api/talk/tables/${duel.id}`, ana.token);
      expect(refused.body).toMatchObject({ can_talk: false, phrases: [] });
      await anaPage.reload();
      await anaPage.getByTestId('talk-open').click();
      await anaPage.getByTestId('talk-banned').waitFor();
      expect(await anaPage.getByTestId('talk-reaction-aplausos').first().isDisabled()).toBe(true);
      expect(errors).toEqual([]);
    },
  );
});
