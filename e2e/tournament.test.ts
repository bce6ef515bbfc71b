import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEFAULT_RULES,
  withRule,
  type TournamentDetail,
  type TournamentListItem,
} from '@domino/contracts';
import {
  ADMIN,
  openSeatFeed,
  playSeatViaApi,
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  playStep,
  registerViaApi,
  settled,
  shot,
  skipPotModal,
  trackErrors,
  useJourney,
  waitForSomethingToDo,
  waitUntil,
} from './support';

/**
 * A 4-pair tournament from registration to prizes, at phone size (decision 028).
 * Staff schedule a single-elimination parejas tournament (Bs. 12,35 a player, 10 % house fee,
 * prizes 70 / 30) through the API, starting a minute later. Eight funded players register: Ana on
 * a phone through /torneos and its confirmation, naming Beto as her partner; Beto confirms through
 * the API; two more players as a named pair; four alone ("pareja al azar", paired at the start).
 * The director starts it by itself; Ana plays her matches in the browser from "Ir a mi partida",
 * the seven others are API clients making legal moves (the first legal move, GET view / POST move,
 * which is also how a seat shows up before the no-show deadline). The bracket page shows the
 * advance and the final standings; the server pays the prizes to the céntimo: pool Bs. 98,80,
 * house Bs. 9,88, net 88,92 → 1st 62,24 + the undivided céntimo = 62,25 (31,13 + 31,12 between
 * the partners), 2nd 26,67 (13,34 + 13,33); every balance is checked, the money is conserved and
 * the ledger check passes. The staff console is used too: a free Swiss tournament scheduled
 * through its form and cancelled with its confirmation. Screens of each page at 360x740 and
 * 1280x800 go to e2e/artifacts.
 *
 * The three tests run at once (`describe.concurrent`, each with its own tournament and players on
 * the one server): most of the first one is waiting for its start and for the API clients' turns,
 * and the Swiss tournament and the staff console fill that wait (docs/decisions/045 "The
 * tournament journey's waits"). Each test asserts with its own `expect` (the test context's).
 */
describe.concurrent('a 4-pair tournament from registration to prizes', () => {
  const journey = useJourney({ env: { HAND_PAUSE_MS: '300' } });
  const WIDE = { width: 1280, height: 800 };

  interface Player {
    email: string;
    password: string;
    token: string;
    id: number;
    username: string;
  }

  async function api<T = Record<string, unknown>>(
    pathname: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; json: T }> {
    const res = await fetch(`${journey.app.baseUrl}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: `Bearer ${token}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as T };
  }

  async function adminToken(): Promise<string> {
    const login = await fetch(`${journey.app.baseUrl}/api/login_api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    return ((await login.json()) as { token: string }).token;
  }

  /** A registered player with Bs. 100 from a staff adjustment, and their username. */
  async function fundedPlayer(admin: string): Promise<Player> {
    const p = await registerViaApi(journey.app.baseUrl);
    const adj = await api(`/api/admin/users/${p.id}/adjustments`, admin, {
      amount: 100,
      reason: 'Saldo de prueba e2e',
    });
    expect(adj.status).toBe(200);
    const me = await api<{ username: string }>('/api/user', p.token);
    return {
      email: p.email,
      password: p.password,
      token: p.token,
      id: p.id,
      username: me.json.username,
    };
  }

  const balanceCents = async (p: Player) =>
    Math.round((await api<{ balance: number }>('/api/user/balance', p.token)).json.balance * 100);

  const detailOf = async (id: number, token: string) =>
    (await api<TournamentDetail>(`/api/tournaments/${id}`, token)).json;

  /** Polls `probe` every `everyMs` until it returns a value other than undefined (waitUntil). */
  const until = <T>(
    what: string,
    probe: () => Promise<T | undefined>,
    timeoutMs: number,
    everyMs = 250,
  ): Promise<T> => waitUntil(what, probe, { timeoutMs, everyMs });

  /**
   * An API client's whole tournament: each match it is called to, until the tournament ends. Its
   * socket stays open throughout (a seat's pushes go to every socket of its user).
   */
  async function playTournamentViaApi(p: Player, id: number): Promise<void> {
    const feed = await openSeatFeed(journey.app.baseUrl, p.token);
    try {
      const played = new Set<string>();
      const deadline = Date.now() + 480_000;
      while (Date.now() < deadline) {
        // The tournament's end, or a match of this player not played yet (a player has
        // TOURNAMENT_NO_SHOW_MS, two minutes, to show up: a look a second is plenty).
        const d = await until(
          `a match for ${p.username}, or the end`,
          async () => {
            const detail = await detailOf(id, p.token);
            const game = detail.my_entry?.current_game_id ?? null;
            const over = detail.status === 'finished' || detail.status === 'cancelled';
            return over || (game && !played.has(game)) ? detail : undefined;
          },
          Math.max(0, deadline - Date.now()),
          1_000,
        );
        if (d.status === 'finished' || d.status === 'cancelled') return;
        const game = d.my_entry!.current_game_id!;
        await playSeatViaApi(journey.app.baseUrl, p.token, game, feed);
        played.add(game);
      }
      throw new Error(`tournament ${id} did not finish for ${p.username}`);
    } finally {
      feed.close();
    }
  }

  /** Both sizes of the current page (full page), leaving it at `back`. */
  async function shotBoth(page: Page, name: string, back = PHONE) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', WIDE],
    ] as const) {
      await page.setViewportSize(viewport);
      await settled(page);
      await shot(page, `${name}-${size}`);
    }
    await page.setViewportSize(back);
  }

  it.skipIf(!journey.ok)(
    'staff schedule it, eight players register, the rounds are played and the prizes paid',
    { timeout: 600_000 },
    async ({ expect }) => {
      const admin = await adminToken();
      // Nine funded players (the ninth will find it full) and Ana signed in on her phone, before
      // the tournament exists: its start then waits only for the registrations (the director
      // starts it at starts_at, to the second). One registration at a time: the other tests
      // register theirs meanwhile, and a burst of password hashes starves the server's pages.
      const players: Player[] = [];
      for (let i = 0; i < 8; i++) players.push(await fundedPlayer(admin));
      const late = await fundedPlayer(admin);
      const [ana, beto, carla, dario, ...solos] = players as [
        Player,
        Player,
        Player,
        Player,
        ...Player[],
      ];
      const ctx = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      await skipPotModal(ctx, journey.app.baseUrl);
      journey.contexts.push(ctx);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, ana.email, ana.password);

      // Staff schedule it through the API, starting 45 s from now: what happens before the start
      // below (one registration in the browser, eight through the API, the page before the
      // start) took under 20 s on a loaded 2-core machine.
      const rules = withRule(withRule(DEFAULT_RULES, 'mode', 'parejas'), 'target_points', 100);
      const startsAt = new Date(Date.now() + 45_000).toISOString();
      const created = await api<TournamentDetail>('/api/admin/tournaments', admin, {
        name: 'Copa e2e',
        starts_at: startsAt,
        entry_fee: 12.35,
        house_fee_bps: 1000,
        format: 'single_elimination',
        rules,
        capacity: 8,
        min_entrants: 2,
        prize_split_bps: [7000, 3000],
      });
      expect(created.status).toBe(200);
      const id = created.json.id;

      // Ana registers on a phone: /torneos, the confirmation, her partner by username.
      await page.goto('/torneos');
      await page.getByTestId(`tournament-card-${id}`).waitFor();
      expect(await page.getByTestId(`tournament-entry-${id}`).textContent()).toBe(
        'Entrada Bs. 12,35',
      );
      expect(await page.getByTestId(`tournament-places-${id}`).textContent()).toBe(
        '0 de 4 parejas',
      );
      await shotBoth(page, 'tournament-list');
      await page.getByTestId(`tournament-register-${id}`).click();
      await page.getByTestId('tournament-register-confirm').waitFor();
      expect(await page.getByTestId('tournament-register-entry').textContent()).toBe('Bs. 12,35');
      expect(await page.getByTestId('tournament-register-balance-after').textContent()).toBe(
        'Bs. 87,65',
      );
      await page.getByLabel('Con mi pareja').check();
      await page.getByTestId('tournament-register-partner').fill(beto.username);
      await settled(page); // the dialog's opening transition, for the screen
      await shot(page, 'tournament-register-phone');
      expect(await page.getByTestId('tournament-register-confirm').textContent()).toBe(
        'Pagar Bs. 12,35 e inscribirme',
      );
      await page.getByTestId('tournament-register-confirm').click();
      await page.getByTestId(`tournament-registered-${id}`).waitFor();
      expect(await balanceCents(ana)).toBe(10_000 - 1235);

      // Beto sees the invitation and confirms (API); the others register through the API.
      const betoView = await detailOf(id, beto.token);
      expect(betoView.invitations.map((u) => u.id)).toEqual([ana.id]);
      const reg = (p: Player, partner?: string) =>
        api(`/api/tournaments/${id}/register`, p.token, partner ? { partner } : {});
      expect((await reg(beto, ana.username)).status).toBe(200);
      expect((await reg(carla, dario.username)).status).toBe(200);
      expect((await reg(dario, carla.username)).status).toBe(200);
      for (const p of solos) expect((await reg(p)).status).toBe(200);
      // A ninth player finds it full; nothing is charged.
      const refused = await reg(late);
      expect(refused.status).toBe(409);
      expect(await balanceCents(late)).toBe(10_000);

      // The tournament page before the start: entrants, the pool, Ana's entry with her partner.
      await page.goto(`/torneos/${id}`);
      await page.getByTestId('my-entry').waitFor();
      await expect.poll(() => page.getByTestId('tournament-pool').textContent()).toBe('Bs. 98,80');
      expect(await page.getByTestId('my-entry-partner').textContent()).toContain(beto.username);
      expect(await page.getByTestId('tournament-prize-1').textContent()).toBe('Bs. 62,25');
      expect(await page.getByTestId('tournament-prize-2').textContent()).toBe('Bs. 26,67');
      await shotBoth(page, 'tournament-scheduled');

      // The director starts it at its time: round 1 is paired (2 matches, random pairs formed).
      const running = await until(
        'the start',
        async () => {
          const d = await detailOf(id, ana.token);
          return d.status === 'running' && d.rounds.length > 0 ? d : undefined;
        },
        150_000,
        500,
      );
      expect(running.entrants).toHaveLength(4);
      expect(running.rounds[0]!.matches).toHaveLength(2);
      expect(running.draw_seed).not.toBeNull();

      // Everyone plays: seven API clients, Ana in the browser from "Ir a mi partida".
      const others = Promise.all(
        players.filter((p) => p !== ana).map((p) => playTournamentViaApi(p, id)),
      );
      let failed: unknown = null;
      others.catch((e: unknown) => (failed = e));
      let gamesInBrowser = 0;
      const playedInBrowser = new Set<string>();
      let shotRunning = false;
      const deadline = Date.now() + 480_000;
      await page.goto(`/torneos/${id}`);
      for (;;) {
        if (failed) throw failed;
        if (Date.now() > deadline) throw new Error('the tournament did not finish');
        const status = await page.getByTestId('tournament-view').getAttribute('data-status');
        if (status === 'finished') break;
        const go = page.getByTestId('my-match-go');
        const href = (await go.isVisible())
          ? await go.getAttribute('href').catch(() => null)
          : null;
        // A game already played is not clicked again (a page shown from the cache for a moment).
        if (href && !playedInBrowser.has(href)) {
          playedInBrowser.add(href);
          if (!shotRunning) {
            expect(await page.getByTestId('my-match-countdown').count()).toBeLessThanOrEqual(1);
            await shotBoth(page, 'tournament-running');
            shotRunning = true;
          }
          try {
            await go.click();
            await page.waitForURL(/\/games\//, { waitUntil: 'commit' });
            await page.getByTestId('game-screen').waitFor();
          } catch (error) {
            await shot(page, 'tournament-failure-phone');
            throw new Error(
              `"Ir a mi partida" (${href}) did not open the game from ${page.url()}`,
              {
                cause: error,
              },
            );
          }
          gamesInBrowser += 1;
          for (let i = 0; i < 3000; i++) {
            if (failed) throw failed;
            let myTurn = false;
            const step = await playStep(page, (s) => (myTurn = s.myTurn));
            if (step === 'done') break;
            if (step === 'idle') await waitForSomethingToDo(page, myTurn);
          }
          // The result screen leads back to the tournament, not to the tables.
          const back = page.getByTestId('result-back-tables');
          await back.waitFor();
          expect(await back.textContent()).toBe('Volver al torneo');
          await back.click();
          await page.waitForURL(`**/torneos/${id}`);
          await page.getByTestId('tournament-view').waitFor();
          continue;
        }
        // The page's next news: the tournament over, or a match to open not played yet.
        await page
          .waitForFunction(
            (played) => {
              const view = document.querySelector('[data-testid="tournament-view"]');
              if (view?.getAttribute('data-status') === 'finished') return true;
              const href = document
                .querySelector('[data-testid="my-match-go"]')
                ?.getAttribute('href');
              return !!href && !played.includes(href);
            },
            [...playedInBrowser],
            { timeout: 5_000, polling: 250 },
          )
          .catch(() => undefined);
      }
      await others;
      expect(gamesInBrowser).toBeGreaterThanOrEqual(1);

      // The final standings and prizes, on the page and on the server.
      const done = await detailOf(id, ana.token);
      expect(done.status).toBe('finished');
      expect(done.rounds).toHaveLength(2);
      for (const r of done.rounds)
        for (const m of r.matches) {
          expect(m.status).toBe('decided');
          expect(m.result).toBe('played');
        }
      const final = done.rounds[1]!.matches[0]!;
      const champion = done.entrants.find((e) => e.id === final.winner)!;
      const runnerUp = done.entrants.find(
        (e) => e.id === (final.entrant_a === final.winner ? final.entrant_b : final.entrant_a),
      )!;
      const first = done.standings.find((s) => s.entrant === champion.id)!;
      const second = done.standings.find((s) => s.entrant === runnerUp.id)!;
      expect([first.place, Math.round(first.prize * 100)]).toEqual([1, 6225]);
      expect([second.place, Math.round(second.prize * 100)]).toEqual([2, 2667]);
      expect(done.prizes.map((p) => Math.round(p.amount * 100))).toEqual([6225, 2667]);

      await page.getByTestId('standings').waitFor();
      await page.getByTestId('my-entry-prize').waitFor();
      const rows = page.getByTestId('standing-row');
      expect(await rows.count()).toBe(4);
      expect(await rows.first().getAttribute('data-entrant')).toBe(String(champion.id));
      expect(await page.getByTestId('standing-prize').first().textContent()).toBe('Bs. 62,25');
      await shotBoth(page, 'tournament-finished');

      // Every balance to the céntimo: the partners split a prize, the odd céntimo to the first.
      const share = new Map<number, number>();
      for (const [entrant, prize] of [
        [champion, 6225],
        [runnerUp, 2667],
      ] as const) {
        const [p1, p2] = entrant.players;
        share.set(p1!.id, Math.ceil(prize / 2));
        share.set(p2!.id, Math.floor(prize / 2));
      }
      let total = 0;
      for (const p of players) {
        const expected = 10_000 - 1235 + (share.get(p.id) ?? 0);
        const got = await balanceCents(p);
        expect({ player: p.username, cents: got }).toEqual({ player: p.username, cents: expected });
        total += got;
      }
      // Money is conserved: 8 × Bs. 100 in, the house keeps exactly its fee of Bs. 9,88.
      expect(8 * 10_000 - total).toBe(988);
      const check = await api<{ ok: boolean }>('/api/admin/ledger-check', admin, {});
      expect(check.json.ok).toBe(true);

      // Mis Partidas marks Ana's tournament matches.
      await page.goto('/history');
      await page.getByTestId('history-tournament').first().waitFor();
      expect(await page.getByTestId('history-tournament').first().textContent()).toContain(
        'Copa e2e',
      );
      await shotBoth(page, 'tournament-history');
      expect(errors).toEqual([]);
    },
  );

  it.skipIf(!journey.ok)(
    'a free 4-player Swiss tournament is played to the end and its standings read on a phone',
    // Two rounds of whole 2-player matches (about 260 moves each) beside the paid tournament.
    { timeout: 480_000 },
    async ({ expect }) => {
      const admin = await adminToken();
      const four: Player[] = [];
      for (let i = 0; i < 4; i++) four.push(await fundedPlayer(admin));
      const rules = withRule(withRule(DEFAULT_RULES, 'mode', 'individual'), 'players', 2);
      // Four API registrations before the start: 15 s is several times what they take.
      const created = await api<TournamentDetail>('/api/admin/tournaments', admin, {
        name: 'Suizo e2e',
        starts_at: new Date(Date.now() + 15_000).toISOString(),
        entry_fee: 0,
        house_fee_bps: 0,
        format: 'swiss',
        rules,
        capacity: 4,
        min_entrants: 2,
        prize_split_bps: [10_000],
      });
      expect(created.status).toBe(200);
      const id = created.json.id;
      for (const p of four)
        expect((await api(`/api/tournaments/${id}/register`, p.token, {})).status).toBe(200);
      await until(
        'the start',
        async () => ((await detailOf(id, admin)).status === 'running' ? true : undefined),
        120_000,
        500,
      );
      await Promise.all(four.map((p) => playTournamentViaApi(p, id)));

      const done = await detailOf(id, four[0]!.token);
      expect(done.status).toBe('finished');
      expect(done.rounds).toHaveLength(2);
      expect(done.standings).toHaveLength(4);
      // 2 rounds of 2 matches: 4 points shared, no money anywhere.
      expect(done.standings.reduce((a, s) => a + s.points, 0)).toBe(4);
      for (const p of four) expect(await balanceCents(p)).toBe(10_000);

      const ctx = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      await skipPotModal(ctx, journey.app.baseUrl);
      journey.contexts.push(ctx);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, four[0]!.email, four[0]!.password, `/torneos/${id}`);
      await page.getByTestId('standings').waitFor();
      expect(await page.getByTestId('standing-row').count()).toBe(4);
      expect(await page.getByTestId('tournament-entry').textContent()).toBe('Gratis');
      await page.getByTestId('bracket-round-picker').waitFor();
      await shotBoth(page, 'tournament-swiss');
      expect(errors).toEqual([]);
    },
  );

  it.skipIf(!journey.ok)(
    'staff schedule a free Swiss tournament in the console and cancel it',
    { timeout: 180_000 },
    async ({ expect }) => {
      const admin = await adminToken();
      const player = await fundedPlayer(admin);
      const ctx = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      journey.contexts.push(ctx);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, ADMIN.email, ADMIN.password, '/admin/torneos');
      await page.getByTestId('admin-tournament-new').click();
      await page.getByTestId('admin-tournament-form').waitFor();
      await page.getByTestId('admin-tournament-name').fill('Suizo gratis e2e');
      await page.getByTestId('admin-tournament-format').click();
      await page.getByRole('option', { name: 'Sistema suizo' }).click();
      await page.getByLabel('Torneo gratuito').check();
      await page.getByTestId('admin-tournament-capacity').fill('8');
      await settled(page);
      await shot(page, 'admin-tournament-form-phone');
      await page.getByTestId('admin-tournament-submit').click();
      await page.getByTestId('admin-tournament-form').waitFor({ state: 'detached' });

      const list = await api<{ tournaments: (TournamentListItem & { rules: { mode: string } })[] }>(
        '/api/admin/tournaments',
        admin,
      );
      const swiss = list.json.tournaments.find((t) => t.name === 'Suizo gratis e2e')!;
      expect(swiss).toMatchObject({
        format: 'swiss',
        mode: 'individual',
        entry_fee: 0,
        capacity: 8,
        status: 'scheduled',
      });

      // A player registers for free; nothing moves.
      expect((await api(`/api/tournaments/${swiss.id}/register`, player.token, {})).status).toBe(
        200,
      );
      expect(await balanceCents(player)).toBe(10_000);

      await page.getByTestId(`admin-tournament-${swiss.id}`).waitFor();
      await shotBoth(page, 'admin-tournaments');
      await page.getByTestId(`admin-tournament-cancel-${swiss.id}`).click();
      await page.getByTestId('admin-tournament-cancel-reason').fill('Prueba de cancelación');
      await page.getByRole('button', { name: 'Cancelar torneo y reembolsar' }).click();
      await expect
        .poll(() => page.getByTestId(`admin-tournament-status-${swiss.id}`).textContent())
        .toBe('Cancelado');
      const after = (await api<TournamentDetail>(`/api/tournaments/${swiss.id}`, player.token))
        .json;
      expect(after.status).toBe('cancelled');
      expect(await balanceCents(player)).toBe(10_000);
      await page.setViewportSize(DESKTOP);
      expect(errors).toEqual([]);
    },
  );
});
