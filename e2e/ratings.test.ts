import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { PG_TEMPLATE_ENV } from '../apps/server/src/test/db-images';
import type { Page } from 'playwright-core';
import type { GameView, HistoryItem, LeaderboardResponse, TableDetail } from '@domino/contracts';
import {
  ADMIN,
  PHONE,
  capture,
  loginViaUi,
  newContext,
  registerViaApi,
  settled,
  shot,
  trackErrors,
  useJourney,
  waitUntil,
} from './support';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `domino_e2e_ratings_${randomBytes(5).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(PG_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Ratings in the browser (docs/decisions/026-ratings-and-leaderboards.md), on PostgreSQL. Four
 * players play a public parejas match through the API to the end: the server rates them in the
 * final move (rating_changes rows), Mis Partidas shows each player their own change, and the
 * waiting room shows the new rating on the seat. Then the public /clasificacion (a ladder of
 * players with 10+ rated matches, written straight to player_ratings for the picture) shows
 * public names only, highlights the logged-in player's row, and the profile card shows both
 * modes with the provisional mark. Screenshots at 360x740 and 1280x800.
 */
describe('ratings and the public leaderboard', () => {
  const journey = useJourney({
    env: async () => {
      // A copy of the run's migrated template (docs/decisions/045): the server does not
      // migrate from scratch.
      const template = process.env[PG_TEMPLATE_ENV];
      await admin(`create database ${dbName}${template ? ` template ${template}` : ''}`);
      return {
        DATABASE_URL: dbUrl,
        HAND_PAUSE_MS: '200',
        BOT_MIN_DELAY_MS: '0',
        BOT_MAX_DELAY_MS: '0',
      };
    },
    cleanup: () => admin(`drop database if exists ${dbName} with (force)`),
  });

  async function api<T = Record<string, unknown>>(
    pathname: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; json: T }> {
    const res = await fetch(`${journey.app.baseUrl}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as T };
  }

  async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      return (await c.query<R>(sql, params)).rows;
    } finally {
      await c.end();
    }
  }

  async function fundedPlayer(adminToken: string, amount: number) {
    const p = await registerViaApi(journey.app.baseUrl);
    const adj = await api(`/api/admin/users/${p.id}/adjustments`, adminToken, {
      amount,
      reason: 'Saldo de prueba',
    });
    expect(adj.status).toBe(200);
    return p;
  }

  /** Plays the match through the API: each turn's player sends their first legal move. */
  async function playThrough(gameId: string, tokens: string[]): Promise<GameView> {
    const deadline = Date.now() + 300_000;
    for (;;) {
      // A seat with a real choice to make, or the end. A forced move, the start countdown or a
      // hand's pause: the server plays it, and this looks again.
      const next = await waitUntil(
        'a choice to make, or the end of the match',
        async () => {
          const view = (await api<GameView>(`/api/games/${gameId}/view`, tokens[0])).json;
          if (view.status === 'finished') return { view, seat: null };
          const seat = view.turn_seat;
          if (seat === null) return undefined;
          const mine = (await api<GameView>(`/api/games/${gameId}/view`, tokens[seat])).json;
          const choice = mine.legal_moves.length > 1 && mine.turn_seat === seat;
          return choice ? { view: mine, seat } : undefined;
        },
        { timeoutMs: Math.max(0, deadline - Date.now()), everyMs: 100 },
      ).catch(() => {
        throw new Error('the match did not end in time');
      });
      if (next.seat === null) return next.view;
      await api(`/api/games/${gameId}/moves`, tokens[next.seat], {
        version: next.view.version,
        ...next.view.legal_moves[0],
      });
    }
  }

  async function settle(page: Page) {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
  }

  it.skipIf(!journey.ok)(
    'rates a public match, shows the change, the seat chip, the profile card and the ladder',
    async () => {
      const login = await api<{ token: string }>('/api/login_api', undefined, {
        email: ADMIN.email,
        password: ADMIN.password,
      });
      const staff = login.json.token;
      const players = [];
      for (let i = 0; i < 4; i++) players.push(await fundedPlayer(staff, 3000));
      for (const p of players)
        expect((await api('/api/tables/2/join', p.token, { entry_price: 1000 })).status).toBe(200);
      const detail = (await api<TableDetail>('/api/tables/2')).json;
      const gameId = detail.game_id!;
      // The game table shows each other seat's rating chip (newcomers: 1500, provisional).
      for (const [viewport, name] of [
        [{ width: 360, height: 740 }, 'ratings-game-seats-360'],
        [{ width: 1280, height: 800 }, 'ratings-game-seats-1280'],
      ] as const) {
        const gc = await newContext(journey.browser, journey.app.baseUrl, viewport);
        journey.contexts.push(gc);
        const gp = await gc.newPage();
        await loginViaUi(gp, players[0]!.email, players[0]!.password, `/games/${gameId}`);
        const chip = gp.getByTestId('seat-top-rating');
        await chip.waitFor();
        expect(await chip.innerText()).toBe('Nivel 1500');
        expect(await chip.getAttribute('aria-label')).toMatch(/^Nivel 1500, provisional/);
        await settled(gp);
        await capture(gp, name, { fullPage: false });
        await gc.close();
      }
      const final = await playThrough(
        gameId,
        players.map((p) => p.token),
      );
      const winners = final.result!.winner_seats;

      // The server rated the four players in the final move.
      const changes = await query<{ user_id: string; rating_before: number; rating_after: number }>(
        'select user_id, rating_before, rating_after from rating_changes where game_id = $1',
        [gameId],
      );
      expect(changes).toHaveLength(4);
      for (const [seat, p] of players.entries()) {
        const c = changes.find((x) => Number(x.user_id) === p.id)!;
        expect(c.rating_before).toBe(1500);
        expect(c.rating_after > 1500).toBe(winners.includes(seat));
      }

      // Ten more established players for the ladder (written directly: the formula is proven by
      // the server tests; this picture needs players with 10+ matches).
      const crowd = [];
      const names = [
        'Ana Rodríguez',
        'Luis Méndez',
        'Carla Suárez',
        'José Gregorio Hernández',
        'Yusmary Contreras',
        'Pedro Blanco',
        'Rosa Elena Parra',
        'Wilmer Torres',
        'Daniela Rivas',
        'Jesús Manuel Arias',
      ];
      for (const name of names) {
        const p = await registerViaApi(journey.app.baseUrl);
        await query('update users set name = $1 where id = $2', [name, p.id]);
        crowd.push({ ...p, name });
      }
      for (const [i, p] of crowd.entries())
        await query(
          `insert into player_ratings (user_id, mode, rating, rd, volatility, games)
           values ($1, 'parejas', $2, 70, 0.06, $3), ($1, 'individual', $4, 90, 0.06, $5)`,
          [p.id, 1720 - i * 23.4, 12 + i, 1650 - i * 31.2, 10 + (i % 3)],
        );
      const me = crowd[3]!;

      // Desktop: the logged-in player sees the ladder with their row highlighted.
      const desk = await newContext(journey.browser, journey.app.baseUrl, {
        width: 1280,
        height: 800,
      });
      journey.contexts.push(desk);
      const dp = await desk.newPage();
      const deskErrors = trackErrors(dp);
      await loginViaUi(dp, me.email, me.password, '/clasificacion');
      // The ladder's route and data load after the login; seconds on a loaded 2-core machine.
      await expect
        .poll(() => dp.getByTestId('leaderboard-row').count(), { timeout: 15_000 })
        .toBe(9);
      await expect.poll(() => dp.getByTestId('leaderboard-my-row').count()).toBe(1);
      await settle(dp);
      await shot(dp, 'ratings-leaderboard-1280');
      const board = (await api<LeaderboardResponse>('/api/leaderboard?tab=parejas', me.token)).json;
      expect(board.rows).toHaveLength(10);
      const shownNames = await dp
        .getByTestId('leaderboard-table')
        .locator('tbody tr td:nth-child(2)')
        .allInnerTexts();
      expect(shownNames.map((n) => n.replace(/\s*Tú$/i, '').trim())).toEqual(
        board.rows.map((r) => r.name),
      );
      const pageText = await dp.locator('body').innerText();
      // Other players appear by public name only (the player sees their own full name in the menu).
      for (const p of crowd) if (p !== me) expect(pageText).not.toContain(p.name);
      // Individual tab and the month's points (the four who played scored pot points).
      await dp.getByTestId('leaderboard-tab-points').click();
      await dp.waitForURL(/tab=points/);
      await expect.poll(() => dp.getByTestId('leaderboard-row').count()).toBeGreaterThan(0);
      await settle(dp);
      await shot(dp, 'ratings-leaderboard-points-1280');
      await dp.goto('/profile');
      await dp.getByTestId('rating-parejas').waitFor();
      await settle(dp);
      await shot(dp, 'ratings-profile-1280');
      expect(deskErrors).toEqual([]);

      // Phone: a visitor sees the same ladder, nobody highlighted.
      const phone = await newContext(journey.browser, journey.app.baseUrl, PHONE);
      journey.contexts.push(phone);
      const pp = await phone.newPage();
      const phoneErrors = trackErrors(pp);
      await pp.goto('/clasificacion');
      await expect.poll(() => pp.getByTestId('leaderboard-row').count()).toBe(10);
      expect(await pp.getByTestId('leaderboard-my-row').count()).toBe(0);
      await settle(pp);
      await shot(pp, 'ratings-leaderboard-360');

      // Phone, logged in as a player of the match: Mis Partidas shows their own change, the
      // profile card is provisional, and the waiting room seat shows the new rating.
      const player = players[0]!;
      const own = changes.find((x) => Number(x.user_id) === player.id)!;
      const history = (await api<{ matches: HistoryItem[] }>('/api/history', player.token)).json;
      expect(history.matches[0]!.rating).toEqual({
        before: 1500,
        after: Math.round(own.rating_after),
        delta: Math.round(own.rating_after) - 1500,
      });
      await loginViaUi(pp, player.email, player.password, '/history');
      await pp.getByTestId('history-rating').first().waitFor();
      const delta = Math.round(own.rating_after) - 1500;
      expect(await pp.getByTestId('history-rating').first().innerText()).toBe(
        delta > 0 ? `Nivel +${delta}` : `Nivel \u2212${-delta}`,
      );
      await settle(pp);
      await shot(pp, 'ratings-history-360');
      await pp.goto('/profile');
      await pp.getByTestId('rating-parejas').waitFor();
      expect(await pp.getByTestId('rating-parejas').innerText()).toContain(
        String(Math.round(own.rating_after)),
      );
      expect(await pp.getByTestId('rating-parejas').innerText()).toMatch(/provisional/i);
      await pp.getByTestId('ratings-card').scrollIntoViewIfNeeded();
      await settle(pp);
      await shot(pp, 'ratings-profile-360');
      expect((await api('/api/tables/2/join', player.token, { entry_price: 1000 })).status).toBe(
        200,
      );
      await pp.goto('/waiting-room/2');
      const chip = pp.getByTestId('waiting-seat-0-rating');
      await chip.waitFor();
      expect(await chip.innerText()).toBe(`Nivel ${Math.round(own.rating_after)}`);
      expect(await chip.getAttribute('aria-label')).toContain('provisional');
      await settle(pp);
      await shot(pp, 'ratings-seat-chip-360');
      // Another logged-in player looks at the same waiting room on a desktop: seats are public.
      await dp.goto('/waiting-room/2');
      await dp.getByTestId('waiting-seat-0-rating').waitFor();
      await settle(dp);
      await shot(dp, 'ratings-seat-chip-1280');
      expect(phoneErrors).toEqual([]);
      expect((await api('/api/tables/2/leave', player.token, {})).status).toBe(200);
    },
    400_000,
  );
});
