import { describe, it } from 'vitest';
import {
  MSG_TOURNAMENTS,
  SERVER_EVENTS,
  type DuplicateComparedEvent,
  type DuplicateDetail,
  type TournamentDetail,
} from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  capture,
  loginViaUi,
  newContext,
  PHONE,
  playSeatViaApi,
  registerViaApi,
  settled,
  shot,
  shotsAtBothSizes,
  skipPotModal,
  staffToken,
  useJourney,
  waitUntil,
} from './support';

/**
 * A duplicate set from the staff's opening to the comparison page (decision 062). Staff open a
 * set of 2 boards for eight players in the console's form (a player who does not exist refused
 * first); the seven others and Ana play as API clients
 * (GET view, POST the first legal move). Table 2 plays first: Ana (table 1, team A) sees on
 * /duplicado/:id that no board is compared yet and the button to her own table; then table 1
 * plays and her page shows both boards, hand by hand, with the total the server computed. Screens
 * at 360x740 and desktop go to e2e/artifacts; any console error fails the journey.
 *
 * Beside it (`describe.concurrent`: most of each test is waiting for API clients' turns or a
 * tournament's start, so the two share the server and the wait), a "Duplicado" tournament: staff
 * schedule it in the console's form (2 boards, Bs. 10 a player, 10 % house fee, prizes 70 / 30,
 * 4 pairs), eight funded players register alone through the API, the director starts it at its
 * minute and forms one set; the eight play as API clients while Ana's phone shows her set's page,
 * which gets `duplicate:compared` on its socket as each board is finished at both tables and shows
 * the boards hand by hand (decision 062, addendum "A board compared, live"). Then the server: the
 * places and prizes follow the comparison (ties share), every balance to the céntimo, the
 * tournaments' escrow 0, the house's fee exact, the ledger check clean. Each test asserts with its
 * own `expect` (the test context's).
 */
describe.concurrent('a duplicate set, from the opening to the comparison', () => {
  const journey = useJourney({ env: { HAND_PAUSE_MS: '300' } });

  type Player = Awaited<ReturnType<typeof registerViaApi>>;

  async function api<T = Record<string, unknown>>(
    pathname: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; json: T }> {
    const res = await fetch(`${journey.app.baseUrl}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as T };
  }

  /**
   * An API client playing its seat of `gameId` to the end, the first legal move each turn, woken
   * by its own socket's pushes between turns (support's playSeatViaApi).
   */
  const playSeat = (p: Player, gameId: string) =>
    playSeatViaApi(journey.app.baseUrl, p.token, gameId, undefined, 500);

  it.skipIf(!journey.ok)(
    'staff open it, table 2 plays, then table 1, and the page compares hand by hand',
    { timeout: 480_000 },
    async ({ expect }) => {
      const base = journey.app.baseUrl;
      const admin = await staffToken(base);
      const p: Player[] = [];
      for (let i = 0; i < 8; i++) p.push(await registerViaApi(base));
      const u = (i: number) => (p[i] as Player).username;
      // Staff open the set in the console (/admin/torneos, "Abrir duplicado"): a player who does
      // not exist is refused in Spanish and nothing opens; then the eight players, and the form
      // lands on the set's page.
      const staff = await newContext(journey.browser, base, DESKTOP);
      journey.contexts.push(staff);
      await skipPotModal(staff, base);
      const console_ = await staff.newPage();
      await loginViaUi(console_, ADMIN.email, ADMIN.password, '/admin/torneos');
      await console_.getByTestId('admin-duplicate-new').click();
      await console_.getByTestId('admin-duplicate-form').waitFor();
      await console_.getByTestId('admin-duplicate-name').fill('Duplicado e2e');
      await console_.getByTestId('admin-duplicate-boards').fill('2');
      const seatsInForm: [string, number][] = [
        ['player-x-0-0', 0],
        ['player-x-0-1', 1],
        ['player-x-1-0', 2],
        ['player-x-1-1', 3],
        ['player-y-0-0', 4],
        ['player-y-0-1', 5],
        ['player-y-1-0', 6],
        ['player-y-1-1', 7],
      ];
      for (const [field, i] of seatsInForm)
        await console_.getByTestId(`admin-duplicate-${field}`).fill(i === 7 ? 'nadie_aqui' : u(i));
      await console_.getByTestId('admin-duplicate-submit').click();
      await expect
        .poll(() => console_.getByTestId('admin-duplicate-form-error').textContent())
        .toBe('No encontramos al jugador @nadie_aqui.');
      await shotsAtBothSizes(console_, 'duplicate-staff-form');
      const none = await api<{ tables: unknown[] }>('/api/duplicates/1', admin);
      expect(none.status).toBe(404);
      await console_.getByTestId('admin-duplicate-player-y-1-1').fill(`@${u(7)}`);
      await console_.getByTestId('admin-duplicate-submit').click();
      await console_.waitForURL(/\/duplicado\/\d+$/);
      const id = Number(new URL(console_.url()).pathname.split('/').pop());
      const created = await api<DuplicateDetail>(`/api/duplicates/${id}`, admin);
      expect(created.status).toBe(200);
      expect(created.json.boards).toBe(2);
      // Each player's own game: the one path their page gives them.
      const gameOf = async (i: number) => {
        const d = (await api<DuplicateDetail>(`/api/duplicates/${id}`, (p[i] as Player).token))
          .json;
        const path = d.tables.find((t) => t.game_path !== null)?.game_path ?? '';
        return path.replace('/games/', '');
      };
      const table1 = await gameOf(0);
      const table2 = await gameOf(2);
      expect(table1).not.toBe(table2);

      // Table 2 (Eva, Raúl of team A at 1/3; team B's second pair at 0/2) plays its two boards.
      await Promise.all([6, 2, 7, 3].map((i) => playSeat(p[i] as Player, table2)));

      const ana = p[0] as Player;
      const ctx = await newContext(journey.browser, base, PHONE);
      journey.contexts.push(ctx);
      await skipPotModal(ctx, base);
      const page = await ctx.newPage();
      await loginViaUi(page, ana.email, ana.password, `/duplicado/${id}`);
      await page.getByTestId('duplicate-view').waitFor();
      await page.getByTestId('duplicate-empty').waitFor();
      await page.getByTestId('duplicate-open-game').waitFor();
      expect(await page.getByTestId('duplicate-team-x').textContent()).toContain('tu equipo');
      await shotsAtBothSizes(page, 'duplicate-waiting', PHONE);

      // Table 1 plays: both boards are compared, the page shows them after its next poll.
      await Promise.all([0, 4, 1, 5].map((i) => playSeat(p[i] as Player, table1)));
      const done = (await api<DuplicateDetail>(`/api/duplicates/${id}`, ana.token)).json;
      expect(done.status).toBe('finished');
      expect(done.compared).toHaveLength(2);
      await page.locator('[data-testid="duplicate-view"][data-status="finished"]').waitFor({
        timeout: 30_000,
      });
      expect(await page.getByTestId('duplicate-board').count()).toBe(2);
      const total = (await page.getByTestId('duplicate-total').textContent()) ?? '';
      const expected =
        done.team_x_total > 0
          ? `+${done.team_x_total}`
          : done.team_x_total < 0
            ? `\u2212${-done.team_x_total}`
            : '0';
      expect(total).toBe(expected);
      await shotsAtBothSizes(page, 'duplicate-finished', PHONE);
    },
  );

  it.skipIf(!journey.ok)(
    'a Duplicado tournament: the form, eight entries, the set page live, the prizes paid',
    { timeout: 480_000 },
    async ({ expect }) => {
      const base = journey.app.baseUrl;
      const admin = await staffToken(base);
      const cents = (bs: number) => Math.round(bs * 100);
      // Eight players with Bs. 100 each (a staff adjustment), before the tournament exists: its
      // start then waits only for the eight entries.
      const p: Player[] = [];
      for (let i = 0; i < 8; i++) {
        const player = await registerViaApi(base);
        const adj = await api(`/api/admin/users/${player.id}/adjustments`, admin, {
          amount: 100,
          reason: 'Saldo de prueba e2e',
        });
        expect(adj.status).toBe(200);
        p.push(player);
      }
      const balanceCents = async (x: Player) =>
        cents((await api<{ balance: number }>('/api/user/balance', x.token)).json.balance);
      const ana = p[0] as Player;

      // Ana's phone, signed in before the start; her page's socket frames are recorded.
      const ctx = await newContext(journey.browser, base, PHONE);
      journey.contexts.push(ctx);
      await skipPotModal(ctx, base);
      const page = await ctx.newPage();
      const pushed: DuplicateComparedEvent[] = [];
      page.on('websocket', (ws) =>
        ws.on('framereceived', (frame) => {
          const text = typeof frame.payload === 'string' ? frame.payload : '';
          const at = text.indexOf('[');
          if (at < 0 || !text.includes(SERVER_EVENTS.duplicateCompared)) return;
          const [event, payload] = JSON.parse(text.slice(at)) as [string, DuplicateComparedEvent];
          if (event === SERVER_EVENTS.duplicateCompared) pushed.push(payload);
        }),
      );
      await loginViaUi(page, ana.email, ana.password);

      // Staff schedule it in the console: Duplicado, 2 boards, 4 pairs, the form's Bs. 10 entry,
      // 10 % fee and 70 / 30 prizes, starting at the first minute (the form's unit, Caracas
      // time) at least 45 s away, room for the form and the eight entries on a loaded machine.
      const staff = await newContext(journey.browser, base, DESKTOP);
      journey.contexts.push(staff);
      await skipPotModal(staff, base);
      const console_ = await staff.newPage();
      await loginViaUi(console_, ADMIN.email, ADMIN.password, '/admin/torneos');
      await console_.getByTestId('admin-tournament-new').click();
      await console_.getByTestId('admin-tournament-form').waitFor();
      await console_.getByTestId('admin-tournament-name').fill('Duplicado de la casa');
      const startMs = Math.ceil((Date.now() + 45_000) / 60_000) * 60_000;
      const caracas = new Date(startMs - 4 * 3_600_000).toISOString().slice(0, 16);
      await console_.getByTestId('admin-tournament-start').fill(caracas);
      await console_.getByTestId('admin-tournament-format').click();
      await console_.getByRole('option', { name: 'Duplicado' }).click();
      await console_.getByTestId('admin-tournament-capacity').fill('4');
      await console_.getByTestId('admin-tournament-min').fill('4');
      await console_.getByTestId('admin-tournament-boards').fill('2');
      await settled(console_);
      await shot(console_, 'duplicate-tournament-form-desktop');
      await console_.getByTestId('admin-tournament-submit').click();
      await console_.getByTestId('admin-tournament-form').waitFor({ state: 'detached' });
      const list = await api<{ tournaments: { id: number; name: string; format: string }[] }>(
        '/api/admin/tournaments',
        admin,
      );
      const created = list.json.tournaments.find((t) => t.name === 'Duplicado de la casa');
      expect(created?.format).toBe('duplicate');
      const id = (created as { id: number }).id;
      expect((await api<TournamentDetail>(`/api/tournaments/${id}`, admin)).json.boards).toBe(2);

      // Eight entries, each alone (pairs drawn at the start).
      for (const x of p) {
        const entry = await api(`/api/tournaments/${id}/register`, x.token, {});
        expect(entry.status, JSON.stringify(entry.json)).toBe(200);
      }
      for (const x of p) expect(await balanceCents(x)).toBe(9_000);

      // The director starts it at its minute: one set, two tables.
      const running = await waitUntil(
        'the start',
        async () => {
          const d = (await api<TournamentDetail>(`/api/tournaments/${id}`, ana.token)).json;
          return d.status === 'running' && d.rounds.length > 0 ? d : undefined;
        },
        { timeoutMs: 150_000, everyMs: 500 },
      );
      const matches = running.rounds[0]!.matches;
      expect(matches).toHaveLength(2);
      const setId = matches[0]!.duplicate_set_id as number;
      expect(setId).toBeGreaterThan(0);
      expect(matches[1]!.duplicate_set_id).toBe(setId);

      // Ana opens her set's comparison from the tournament page (her match's link). The navbar
      // that shows calls loads lazily, and the page's socket may connect before it: its chunk is
      // held here until the socket has connected and a call pushed then would have arrived (a
      // second, or the push itself), so the call must come from the navbar's own question on
      // connecting (docs/decisions/079-tournament-calls-asked-for.md).
      const socketUp = new Promise<void>((resolve) =>
        page.on('websocket', (ws) =>
          ws.on('framereceived', ({ payload }) => {
            const text = String(payload);
            if (text.includes(SERVER_EVENTS.tournamentMatchReady)) resolve();
            else if (text.startsWith('40')) setTimeout(resolve, 1_000);
          }),
        ),
      );
      const navbarChunk = /\/assets\/PlayerNavbar-[\w-]+\.js$/;
      await page.route(navbarChunk, async (route) => {
        await socketUp;
        await route.continue();
      });
      await page.goto(`/torneos/${id}`);
      await page.getByTestId('tournament-view').waitFor();
      // Her call, asked for by the page (she has not opened her table): a duplicate table is
      // never forfeited, so it says the CPU plays for her, not that she has 2 minutes.
      await page.getByTestId('tournament-call-toast').waitFor();
      await page.unroute(navbarChunk);
      expect(await page.getByTestId('tournament-call-toast').textContent()).toContain(
        MSG_TOURNAMENTS.duplicateReady('Duplicado de la casa'),
      );
      // The card under it says the same: no forfeit at a duplicate table.
      expect(await page.getByTestId('my-match-countdown').textContent()).toContain(
        'la CPU juega por ti',
      );
      await capture(page, 'duplicate-call-toast-phone', { fullPage: false });
      const mine = matches.find((m) =>
        running.entrants
          .filter((e) => e.players.some((x) => x.id === ana.id))
          .some((e) => e.id === m.entrant_a || e.id === m.entrant_b),
      )!;
      await page.getByTestId(`match-${mine.id}-comparison`).click();
      await page.waitForURL(`**/duplicado/${setId}`);
      await page.getByTestId('duplicate-empty').waitFor();

      // The eight play their games as API clients (Ana too: her phone stays on the set's page).
      const games = new Map<number, string>();
      for (const x of p) {
        const d = (await api<TournamentDetail>(`/api/tournaments/${id}`, x.token)).json;
        games.set(x.id, d.my_entry?.current_game_id ?? '');
      }
      expect(new Set(games.values()).size).toBe(2);
      const playing = Promise.all(p.map((x) => playSeat(x, games.get(x.id) as string)));
      let failed: unknown = null;
      playing.catch((e: unknown) => (failed = e));

      // Board 1 compared: the page shows it (refetched on the socket's `duplicate:compared`).
      await page.getByTestId('duplicate-board').first().waitFor({ timeout: 120_000 });
      if (failed) throw failed;
      expect(pushed.map((e) => e.set_id)).toContain(setId);
      await shotsAtBothSizes(page, 'duplicate-tournament-live', PHONE);
      await playing;
      await page
        .locator('[data-testid="duplicate-view"][data-status="finished"]')
        .waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('duplicate-board').count()).toBe(2);
      expect(
        new Set(pushed.filter((e) => e.set_id === setId).map((e) => e.boards_compared)),
      ).toEqual(new Set([1, 2]));
      await shotsAtBothSizes(page, 'duplicate-tournament-set', PHONE);

      // The server: finished, places by the comparison, prizes exact.
      const done = await waitUntil(
        'the tournament to finish',
        async () => {
          const d = (await api<TournamentDetail>(`/api/tournaments/${id}`, ana.token)).json;
          return d.status === 'finished' ? d : undefined;
        },
        { timeoutMs: 60_000, everyMs: 300 },
      );
      // Pool 8 × Bs. 10 = 80,00; house 10 % = 8,00; prizes 70 / 30 of 72,00.
      const spots = done.prizes.map((x) => cents(x.amount));
      expect(spots).toEqual([5040, 2160]);
      const standings = [...done.standings].sort((a, b) => b.points - a.points);
      expect(standings).toHaveLength(4);
      // Each pair's points are its difference with its counterpart: they sum to 0.
      expect(standings.reduce((a, s) => a + s.points, 0)).toBe(0);
      // Equal points share the place and the sum of its prizes (at most a céntimo apart).
      for (let at = 0; at < standings.length;) {
        const group = standings.filter((s) => s.points === standings[at]!.points);
        const due = spots.slice(at, at + group.length).reduce((a, c) => a + c, 0);
        const got = group.map((s) => cents(s.prize));
        expect(got.reduce((a, c) => a + c, 0)).toBe(due);
        expect(Math.max(...got) - Math.min(...got)).toBeLessThanOrEqual(1);
        for (const s of group) expect(s.place).toBe(at + 1);
        at += group.length;
      }
      // Every balance: Bs. 100 − 10 + half the pair's prize (the odd céntimo to one partner).
      let total = 0;
      for (const e of done.entrants) {
        const prize = cents(done.standings.find((s) => s.entrant === e.id)!.prize);
        const got = await Promise.all(
          e.players.map((x) => balanceCents(p.find((y) => y.id === x.id)!)),
        );
        expect(got.map((c) => c - 9_000).sort((a, b) => b - a)).toEqual([
          Math.ceil(prize / 2),
          Math.floor(prize / 2),
        ]);
        total += got.reduce((a, c) => a + c, 0);
      }
      // Money is conserved: the house keeps exactly Bs. 8,00; nothing stays in escrow.
      expect(8 * 10_000 - total).toBe(800);
      const report = await api<{ escrow: { tournaments: number } }>(
        '/api/admin/reports/daily',
        admin,
      );
      expect(report.json.escrow.tournaments).toBe(0);
      const check = await api<{ ok: boolean }>('/api/admin/ledger-check', admin, {});
      expect(check.json.ok).toBe(true);

      // The tournament page's standings by point difference, on the phone and the desktop.
      await page.goto(`/torneos/${id}`);
      await page.getByTestId('tournament-standings').waitFor();
      expect(await page.getByTestId('tournament-rules-note').textContent()).toContain(
        'si no estás, la CPU juega por ti',
      );
      await shotsAtBothSizes(page, 'duplicate-tournament-standings', PHONE);
    },
  );
});
