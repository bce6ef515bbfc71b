import { describe, expect, it } from 'vitest';
import type { DuplicateDetail, GameView } from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  registerViaApi,
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
 */
describe('a duplicate set, from the opening to the comparison', () => {
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

  /** An API client playing its seat of `gameId` to the end (the first legal move each turn). */
  async function playSeat(p: Player, gameId: string): Promise<void> {
    for (let i = 0; i < 500; i++) {
      const view = await waitUntil(
        `a turn of ${p.username}`,
        async () => {
          const { status, json } = await api<GameView>(`/api/games/${gameId}/view`, p.token);
          if (status !== 200) throw new Error(`view ${status}`);
          const mine = json.turn_seat === json.my_seat && json.legal_moves.length > 0;
          return json.status !== 'playing' || mine ? json : undefined;
        },
        { timeoutMs: 120_000, everyMs: 150 },
      );
      if (view.status !== 'playing') return;
      await api(`/api/games/${gameId}/moves`, p.token, {
        version: view.version,
        ...view.legal_moves[0],
      });
    }
    throw new Error(`game ${gameId} did not end`);
  }

  it.skipIf(!journey.ok)(
    'staff open it, table 2 plays, then table 1, and the page compares hand by hand',
    { timeout: 480_000 },
    async () => {
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
      await loginViaUi(console_, ADMIN.email, ADMIN.password);
      await console_.goto('/admin/torneos');
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
      await loginViaUi(page, ana.email, ana.password);
      await page.goto(`/duplicado/${id}`);
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
});
