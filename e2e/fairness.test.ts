import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG_FAIRNESS } from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
  waitUntil,
} from './support';

/**
 * Decision 015: a fair deal a player can check from the start. Two players meet at
 * a 2-player individual table. The first sees the waiting room publish the commitment to the
 * server seed as soon as she sits, refuses a bad seed, sets her own, and the second sees the same
 * commitment before joining. After the match, the server's record opens only to its players and
 * staff, its seed hashes to the commitment shown in the room, her seed is the one dealt, and
 * /verificar confirms both from what her browser noted in the waiting room.
 */
describe('a commitment shown in the waiting room and checked after the match', () => {
  const journey = useJourney({ env: { HAND_PAUSE_MS: '300' } });

  it.skipIf(!journey.ok)(
    'publishes the commitment from the first seat, deals with the seed the player set, and /verificar confirms both',
    { timeout: 420_000 },
    async () => {
      const api = async (url: string, token: string | null, body?: unknown) => {
        const res = await fetch(`${journey.app.baseUrl}${url}`, {
          method: body ? 'POST' : 'GET',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const login = await api('/api/login_api', null, ADMIN);
      const adminToken = login.body.token as string;
      const created = await api('/api/admin/tables', adminToken, {
        name: 'Mesa Verificable',
        entry_price: 100,
        mode: 'individual',
        max_players: 2,
        turn_seconds: 60,
      });
      expect(created.status).toBe(201);
      const tableId = created.body.id as number;
      const players = [];
      for (let i = 0; i < 2; i++) {
        const p = await registerViaApi(journey.app.baseUrl);
        const funded = await api(`/api/admin/users/${p.id}/adjustments`, adminToken, {
          amount: 1000,
          reason: 'Saldo de prueba e2e',
        });
        expect(funded.status).toBe(200);
        players.push(p);
      }
      const [ana, beto] = players as [(typeof players)[0], (typeof players)[0]];

      // Ana, on a phone: nobody sits yet, so nothing is committed; her seat publishes it.
      const anaContext = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      journey.contexts.push(anaContext);
      const anaPage = await anaContext.newPage();
      const anaErrors = trackErrors(anaPage);
      await loginViaUi(anaPage, ana.email, ana.password, `/waiting-room/${tableId}`);
      await anaPage.getByTestId('waiting-commitment-pending').waitFor();
      await anaPage.getByTestId('waiting-join').click();
      // Nothing is charged until the entry is confirmed (decision 017).
      await anaPage.getByTestId('join-confirm-pay').click();
      await anaPage.getByTestId('waiting-leave').waitFor();
      const commitmentEl = anaPage.getByTestId('waiting-commitment');
      await commitmentEl.waitFor();
      const shown = (await commitmentEl.textContent())!.trim();
      expect(shown).toMatch(/^[0-9a-f]{64}$/);
      expect((await api(`/api/tables/${tableId}`, null)).body.commitment).toBe(shown);

      // Her seat got a random seed; a bad one is refused in Spanish and changes nothing.
      const seedInput = anaPage.getByTestId('waiting-seed-input');
      const defaultSeed = (await api(`/api/tables/${tableId}/client-seed`, ana.token)).body
        .client_seed as string;
      await expect.poll(() => seedInput.inputValue()).toBe(defaultSeed);
      await seedInput.fill('mi semilla');
      await anaPage.getByTestId('waiting-seed-save').click();
      await anaPage.getByText(MSG_FAIRNESS.seedChars).waitFor();
      expect((await api(`/api/tables/${tableId}/client-seed`, ana.token)).body.client_seed).toBe(
        defaultSeed,
      );
      await seedInput.fill('semilla-de-ana-2026');
      await anaPage.getByTestId('waiting-seed-save').click();
      await expect
        .poll(
          async () => (await api(`/api/tables/${tableId}/client-seed`, ana.token)).body.client_seed,
        )
        .toBe('semilla-de-ana-2026');
      await anaPage.getByText(MSG_FAIRNESS.seedSaved).first().waitFor();
      // Screenshots without the toasts, from the top (the header is sticky).
      await expect
        .poll(() => anaPage.locator('.mantine-Notification-root').count(), { timeout: 15_000 })
        .toBe(0);
      await anaPage.evaluate(() => window.scrollTo(0, 0));
      await shot(anaPage, 'fairness-waiting-room-phone');
      await anaPage.setViewportSize(DESKTOP);
      await shot(anaPage, 'fairness-waiting-room-desktop');
      await anaPage.setViewportSize(PHONE);

      // Beto, on a desktop, sees the same commitment before he joins and fills the table.
      const betoContext = await newContext(journey.browser, journey.app.baseUrl, DESKTOP);
      journey.contexts.push(betoContext);
      const betoPage = await betoContext.newPage();
      const betoErrors = trackErrors(betoPage);
      await loginViaUi(betoPage, beto.email, beto.password, `/waiting-room/${tableId}`);
      await expect.poll(() => betoPage.getByTestId('waiting-commitment').textContent()).toBe(shown);
      expect(await betoPage.getByTestId('waiting-seed-input').count()).toBe(0);
      await betoPage.getByTestId('waiting-join').click();
      await betoPage.getByTestId('join-confirm-pay').click();

      await Promise.all(
        [anaPage, betoPage].map((page) =>
          page.waitForURL(/\/games\/[0-9a-f-]{36}$/, { timeout: 30_000 }),
        ),
      );
      const gameId = anaPage.url().split('/').pop()!;
      // Before the end nobody, not even a player, reads the seed.
      expect((await api(`/api/games/${gameId}/fairness`, ana.token)).status).toBe(409);

      // The match itself is not what this journey checks: the players send their first legal
      // move over the API (a forced one too, before the server plays it for them: a 409 then
      // just means the server was first), much faster than the game screen's animations.
      const tokens = [ana.token, beto.token];
      const deadline = Date.now() + 240_000;
      for (;;) {
        expect(Date.now()).toBeLessThan(deadline);
        // A seat with a move to send, or the end of the match.
        const next = await waitUntil(
          'a move to send, or the end',
          async () => {
            const view = (await api(`/api/games/${gameId}/view`, ana.token)).body;
            if (view.status === 'finished') return { turn: null, mine: null, legal: [] };
            const turn = view.turn_seat as number | null;
            const mine =
              turn === null ? null : (await api(`/api/games/${gameId}/view`, tokens[turn]!)).body;
            const legal = (mine?.legal_moves ?? []) as Record<string, unknown>[];
            return legal.length > 0 ? { turn, mine, legal } : undefined;
          },
          { timeoutMs: Math.max(0, deadline - Date.now()), everyMs: 200 },
        );
        if (!next.mine) break;
        const { turn, mine, legal } = next;
        const res = await api(`/api/games/${gameId}/moves`, tokens[turn!]!, {
          version: mine!.version,
          ...legal[0],
        });
        expect([200, 409]).toContain(res.status);
      }
      await anaPage.getByTestId('result-overlay').waitFor({ timeout: 30_000 });

      // The server's record: for the players (and staff), not for anyone else.
      const record = await api(`/api/games/${gameId}/fairness`, ana.token);
      expect(record.status).toBe(200);
      expect(record.body.commitment).toBe(shown);
      const serverSeed = record.body.server_seed as string;
      expect(createHash('sha256').update(serverSeed, 'utf8').digest('hex')).toBe(shown);
      expect((record.body.client_seeds as string[])[0]).toBe('semilla-de-ana-2026');
      expect((await api(`/api/games/${gameId}/fairness`, beto.token)).status).toBe(200);
      expect((await api(`/api/games/${gameId}/fairness`, adminToken)).status).toBe(200);
      expect((await api(`/api/games/${gameId}/fairness`, null)).status).toBe(401);
      const stranger = await registerViaApi(journey.app.baseUrl);
      expect((await api(`/api/games/${gameId}/fairness`, stranger.token)).body).toEqual({
        message: MSG_FAIRNESS.notAParticipant,
        code: 'game/not_a_player',
      });
      // The replay of a finished public match is open to any player (spectators, decision 022);
      // its fairness record above is not.
      expect((await api(`/api/games/${gameId}/replay`, stranger.token)).status).toBe(200);

      // /verificar: the deals re-derive, and what Ana's browser noted in the room checks out.
      for (const [size, name] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        await anaPage.setViewportSize(size);
        await anaPage.goto(`/verificar?game=${gameId}`);
        await expect
          .poll(() => anaPage.getByTestId('verify-result').getAttribute('data-ok'), {
            timeout: 15_000,
          })
          .toBe('true');
        expect(await anaPage.getByTestId('verify-seen-commitment').inputValue()).toBe(shown);
        expect(await anaPage.getByTestId('verify-seen-seed').inputValue()).toBe(
          'semilla-de-ana-2026',
        );
        expect(
          await anaPage.getByTestId('verify-seen-commitment-check').getAttribute('data-ok'),
        ).toBe('true');
        expect(await anaPage.getByTestId('verify-seen-seed-check').getAttribute('data-ok')).toBe(
          'true',
        );
        await anaPage.getByTestId('verify-steps').waitFor();
        await shot(anaPage, `fairness-verify-${name}`);
      }
      // A commitment that is not the one shown is told apart.
      await anaPage.getByTestId('verify-seen-commitment').fill('0'.repeat(64));
      expect(
        await anaPage.getByTestId('verify-seen-commitment-check').getAttribute('data-ok'),
      ).toBe('false');

      // Without a session /verificar asks to log in with the account that played.
      const anonContext = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      journey.contexts.push(anonContext);
      const anonPage = await anonContext.newPage();
      const anonErrors = trackErrors(anonPage);
      await anonPage.goto(`/verificar?game=${gameId}`);
      await expect
        .poll(() => anonPage.getByTestId('verify-error').getAttribute('data-status'))
        .toBe('401');
      await anonPage.getByText(MSG_FAIRNESS.loginToVerify).waitFor();
      await shot(anonPage, 'fairness-verify-logged-out-phone');

      for (const errors of [anaErrors, betoErrors, anonErrors]) expect(errors).toEqual([]);
    },
  );
});
