import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { spectatorViewSchema, type GameView, type SpectatorView } from '@domino/contracts';
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
  waitUntil,
} from './support';

/**
 * Spectators (docs/decisions/022-spectators.md): two players start a paid match at
 * "Mesa Mano a Mano" (table 6, 2 players) through the API; one of them has the game screen open.
 * A third browser finds the match on the dashboard ('Ver'), watches it labelled "Espectador",
 * sees the count reach the player's screen, follows the moves two behind the match (the server's
 * state says which version is live), and at the end follows the link to the replay. Every socket
 * frame and every API response the spectator's browser receives is checked: no hand, no legal
 * move, and no tile a player holds outside the line.
 */

type Api = <T>(
  path: string,
  token?: string,
  body?: unknown,
) => Promise<{ status: number; body: T }>;

/** Every `[a, b]` pip pair in `value` outside the line and the public end-of-hand summary. */
function tilesOutsideLine(view: SpectatorView): string[] {
  const { line: _line, last_hand: _summary, scores: _s, result: _r, ...rest } = view;
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) {
      if (v.length === 2 && v.every((n) => Number.isInteger(n) && n >= 0 && n <= 6))
        out.push(`${Math.min(v[0], v[1])}-${Math.max(v[0], v[1])}`);
      else v.forEach(walk);
    } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(rest);
  return out;
}

describe('a third browser watches a paid match', () => {
  const journey = useJourney();

  it.skipIf(!journey.ok)(
    'finds it on the dashboard, watches it two moves behind without any hand on the wire, and opens the replay at the end',
    { timeout: 240_000 },
    async () => {
      const { app } = journey;
      const api: Api = async (path, token, body) => {
        const res = await fetch(`${app.baseUrl}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as never };
      };
      const admin = (await api<{ token: string }>('/api/login_api', undefined, ADMIN)).body.token;
      const players = [await registerViaApi(app.baseUrl), await registerViaApi(app.baseUrl)];
      for (const p of players) {
        const adj = await api(`/api/admin/users/${p.id}/adjustments`, admin, {
          amount: 1000,
          reason: 'Saldo de prueba e2e',
        });
        expect(adj.status).toBe(200);
        expect((await api('/api/tables/6/join', p.token, { entry_price: 750 })).status).toBe(200);
      }
      const detail = await api<{ game_id: string | null }>('/api/tables/6');
      const gameId = detail.body.game_id!;
      expect(gameId).toBeTruthy();

      const liveView = async (i: number) =>
        (await api<GameView>(`/api/games/${gameId}/view`, players[i]!.token)).body;
      /**
       * The seat to move plays its first legal move over the API; returns the new live view. The
       * match may not have started yet (its 5 s countdown), be between hands, or have moved on
       * (a forced move the server played): then it looks again, for at most 20 s.
       */
      const move = async (): Promise<GameView> => {
        const until = Date.now() + 20_000;
        for (;;) {
          // A seat with a move to send, or the match not playing.
          const next = await waitUntil(
            'a move to send',
            async () => {
              const any = await liveView(0);
              if (any.status !== 'playing') return { any, mine: null };
              const mine = any.turn_seat === null ? null : await liveView(any.turn_seat);
              return mine && mine.legal_moves.length > 0 ? { any, mine } : undefined;
            },
            { timeoutMs: 20_000, everyMs: 200 },
          );
          if (!next.mine) return next.any;
          const res = await api<GameView>(
            `/api/games/${gameId}/moves`,
            players[next.any.turn_seat!]!.token,
            { version: next.mine.version, ...next.mine.legal_moves[0] },
          );
          if (res.status === 200) return res.body;
          if (Date.now() > until) expect(res.status).toBe(200);
        }
      };

      // Player 0 has the game screen open (a phone).
      const playerCtx = await newContext(journey.browser, app.baseUrl, PHONE);
      journey.contexts.push(playerCtx);
      const playerPage = await playerCtx.newPage();
      await loginViaUi(playerPage, players[0]!.email, players[0]!.password, `/games/${gameId}`);
      await expect
        .poll(() => playerPage.getByTestId('game-spectators').getAttribute('data-count'))
        .toBe('0');

      // The spectator: a desktop browser, every frame and API body recorded.
      const viewer = await registerViaApi(app.baseUrl);
      const ctx = await newContext(journey.browser, app.baseUrl, DESKTOP);
      journey.contexts.push(ctx);
      const page: Page = await ctx.newPage();
      const errors = trackErrors(page);
      const frames: string[] = [];
      const bodies: string[] = [];
      page.on('websocket', (ws) => {
        ws.on('framereceived', (f) => {
          if (typeof f.payload === 'string') frames.push(f.payload);
        });
      });
      page.on('response', async (res) => {
        if (!res.url().includes('/api/')) return;
        bodies.push(await res.text().catch(() => ''));
      });
      await loginViaUi(page, viewer.email, viewer.password, '/dashboard');
      await page.getByTestId('table-watch-6').click();
      await page.waitForURL(`**/partida/${gameId}/ver`);
      await expect.poll(() => page.getByTestId('watch-screen').isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Espectador', { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('watch-count').getAttribute('data-count')).toBe('1');
      // The player sees the watcher arrive, live.
      await expect
        .poll(() => playerPage.getByTestId('game-spectators').getAttribute('data-count'))
        .toBe('1');

      // Six moves: the page follows, two behind the server's live version.
      let live = await liveView(0);
      for (let i = 0; i < 6; i++) live = await move();
      // Two behind the live version as it is now (the server may have played a forced move).
      await expect
        .poll(
          async () =>
            Number(await page.getByTestId('watch-screen').getAttribute('data-version')) -
            ((await liveView(0)).version - 2),
        )
        .toBe(0);
      await expect.poll(() => page.getByTestId('watch-delay').isVisible()).toBe(true);
      await shot(page, 'spectator-desktop');
      await page.setViewportSize(PHONE);
      // The board fits its line to the new size on the next frames.
      await settled(page);
      await shot(page, 'spectator-phone');
      await page.setViewportSize(DESKTOP);

      // No hand on the wire: the live hands of both players, against what the spectator received.
      const hands = new Set(
        [...(await liveView(0)).hand, ...(await liveView(1)).hand].map(
          (t) => `${Math.min(t[0], t[1])}-${Math.max(t[0], t[1])}`,
        ),
      );
      const views: SpectatorView[] = [];
      for (const text of [...frames, ...bodies]) {
        expect(text).not.toContain('"hand":');
        expect(text).not.toContain('"legal_moves"');
        // Socket.IO frames: 42[event, payload] pushes and 43<id>[ack] answers.
        const json = text.replace(/^4[23]\d*/, '');
        let parsed: unknown;
        try {
          parsed = JSON.parse(json);
        } catch {
          continue;
        }
        const candidates = Array.isArray(parsed) ? parsed : [parsed];
        for (const c of candidates) {
          const direct = spectatorViewSchema.safeParse(c);
          const inAck = spectatorViewSchema.safeParse((c as { view?: unknown } | null)?.view);
          if (direct.success) views.push(direct.data);
          if (inAck.success) views.push(inAck.data);
        }
      }
      expect(views.length).toBeGreaterThan(3);
      const latest = views.filter((v) => v.hand_number === live.hand_number);
      for (const v of latest) {
        expect(tilesOutsideLine(v).filter((t) => hands.has(t))).toEqual([]);
        for (const p of v.line)
          expect(hands.has(`${Math.min(...p.tile)}-${Math.max(...p.tile)}`)).toBe(false);
      }

      // To the end: the page shows the end of the match and links to the replay.
      for (let i = 0; i < 3000 && live.status === 'playing'; i++) live = await move();
      expect(live.status).toBe('finished');
      await expect
        .poll(() => page.getByTestId('watch-finished').isVisible(), { timeout: 20_000 })
        .toBe(true);
      await expect.poll(() => page.getByTestId('watch-result').textContent()).toContain('Ganó');
      await shot(page, 'spectator-finished-desktop');
      await page.setViewportSize(PHONE);
      await settled(page);
      await shot(page, 'spectator-finished-phone');
      await page.getByTestId('watch-replay').click();
      await page.waitForURL(`**/history/${gameId}`);
      const replay = await api<{ my_seat: number | null }>(
        `/api/games/${gameId}/replay`,
        viewer.token,
      );
      expect(replay.status).toBe(200);
      expect(replay.body.my_seat).toBeNull();
      await expect
        .poll(() => page.getByTestId('replay-label').textContent(), { timeout: 20_000 })
        .toContain('Mano 1');
      await shot(page, 'spectator-replay-phone');
      // Leaving the page lowers the count the players see (the watcher left the room).
      await page.goto('/dashboard');
      await expect
        .poll(() => playerPage.getByTestId('game-spectators').getAttribute('data-count'))
        .toBe('0');
      expect(errors).toEqual([]);
    },
  );
});
