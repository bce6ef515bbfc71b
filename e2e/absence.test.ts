import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GameView } from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import { gameMoves, gamePlayers, games } from '../apps/server/src/db/schema';
import { toGameRow } from '../apps/server/src/modules/games/repo';
import { createTestDatabase, postgresAvailable } from '../apps/server/src/test/helpers';
import {
  ADMIN,
  allowConsoleErrors,
  browserAvailable,
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  playStep,
  REDIS_URL,
  redisAvailable,
  registerViaApi,
  shot,
  startApp,
  trackErrors,
  useJourney,
  waitUntil,
} from './support';

/** How long the player's phone stays without network (the "offline 60 s"). */
const OFFLINE_MS = 60_000;

/**
 * A power cut during a paid match (docs/decisions/042-absence-during-a-paid-match.md), on two
 * nodes sharing PostgreSQL and Redis: four players sit at a paid table; the player at seat 0
 * (a phone on node A) and their partner at seat 2 (a desktop on node B) play in browsers, the
 * rivals through the API. The phone loses the network for 60 s. Meanwhile the partner's screen
 * shows "Desconectado — juega la CPU" under the player's name once the server has no socket of
 * theirs, and the CPU plays the player's turns only when the whole turn time has run out. When
 * the network returns, the phone shows the hand the server holds for the seat (and the board and
 * scores), the partner sees the player back, and the seat is theirs in the database.
 */
describe('a player who loses the network for a minute during a paid match', async () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const journey = useJourney({
    available: browserAvailable() && (await postgresAvailable()) && (await redisAvailable()),
    async start() {
      const db = await createTestDatabase('postgres');
      database = db;
      const env = { HAND_PAUSE_MS: '300', DATABASE_URL: db.url!, REDIS_URL };
      const a = await startApp(env);
      const b = await startApp(env);
      return {
        nodes: [a, b],
        async stop() {
          await Promise.all([a.stop(), b.stop()]);
          await db.close();
        },
      };
    },
  });

  it.skipIf(!journey.ok)(
    'keeps the seat, lets the CPU wait the whole turn, and gives the same position back',
    { timeout: 400_000 },
    async () => {
      const [a, b] = journey.nodes as [(typeof journey.nodes)[0], (typeof journey.nodes)[0]];
      const db = database!.db;
      const json = async <T>(res: Response) => (await res.json()) as T;
      const adminToken = (
        await json<{ token: string }>(
          await fetch(`${a.baseUrl}/api/login_api`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
          }),
        )
      ).token;
      const table = await json<{ entry_price: number }>(await fetch(`${a.baseUrl}/api/tables/1`));
      const players: Awaited<ReturnType<typeof registerViaApi>>[] = [];
      for (let i = 0; i < 4; i++) {
        const p = await registerViaApi(a.baseUrl);
        const credit = await fetch(`${a.baseUrl}/api/admin/users/${p.id}/adjustments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
          body: JSON.stringify({ amount: 1000, reason: 'Saldo de prueba e2e' }),
        });
        expect(credit.status).toBe(200);
        const join = await fetch(`${a.baseUrl}/api/tables/1/join`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
          body: JSON.stringify({ entry_price: table.entry_price }),
        });
        expect(join.status).toBe(200);
        players.push(p);
      }
      const [game] = await db.select().from(games).where(eq(games.status, 'playing'));
      const gameId = game!.id;
      const seated = await db
        .select()
        .from(gamePlayers)
        .where(eq(gamePlayers.gameId, gameId))
        .orderBy(asc(gamePlayers.seat));
      const bySeat = (seat: number) => players.find((p) => p.id === seated[seat]!.userId)!;
      const [me, partner] = [bySeat(0), bySeat(2)];
      const rivals = [bySeat(1), bySeat(3)];

      // The two browsers: the player on a phone through node A, the partner on a desktop
      // through node B; both open the game.
      const open = async (p: (typeof players)[0], node: typeof a, size: typeof PHONE) => {
        const ctx = await newContext(journey.browser, node.baseUrl, size);
        journey.contexts.push(ctx);
        const page = await ctx.newPage();
        const errors = trackErrors(page);
        await loginViaUi(page, p.email, p.password, `/games/${gameId}`);
        await page.getByTestId('turn-status').waitFor();
        return { ctx, page, errors };
      };
      const mine = await open(me, a, PHONE);
      const theirs = await open(partner, b, DESKTOP);

      /** The rivals' part: their first legal move when they have a real choice. */
      const rivalsStep = async () => {
        for (const [i, r] of rivals.entries()) {
          const node = i === 0 ? a : b;
          const view = await json<GameView>(
            await fetch(`${node.baseUrl}/api/games/${gameId}/view`, {
              headers: { authorization: `Bearer ${r.token}` },
            }),
          );
          if (view.status !== 'playing' || view.turn_seat !== view.my_seat) continue;
          if (view.legal_moves.length < 2) continue;
          await fetch(`${node.baseUrl}/api/games/${gameId}/moves`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${r.token}` },
            body: JSON.stringify({ version: view.version, ...view.legal_moves[0] }),
          });
        }
      };
      const row = async () =>
        toGameRow((await db.select().from(games).where(eq(games.id, gameId)))[0]!);
      const seatZero = async () =>
        (
          await db
            .select()
            .from(gamePlayers)
            .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.seat, 0)))
        )[0]!;
      /** Everyone but the player at seat 0 plays on while `more` holds. */
      const playOthers = async (pages: Page[], more: () => Promise<boolean>) => {
        while (await more()) {
          const before = (await row()).version;
          await rivalsStep();
          for (const page of pages) await playStep(page);
          // Give the move just made (or one the server plays, a forced move) a moment to land.
          // A turn of an online seat that its page had not shown yet is simply tried again on
          // the next pass: waiting here for the match to move would let that seat's turn time
          // run out and the CPU play for a player who is online.
          await waitUntil(
            'the match to move on',
            async () => {
              const r = await row();
              return r.version !== before || r.status !== 'playing' ? r : undefined;
            },
            { timeoutMs: 1_000, everyMs: 50 },
          ).catch(() => undefined);
          if ((await row()).status !== 'playing') throw new Error('the match ended too soon');
        }
      };

      // A few moves with everyone online.
      const start = (await row()).version;
      await playOthers([mine.page, theirs.page], async () => (await row()).version < start + 6);
      const away = theirs.page.getByTestId('seat-top-away');
      expect(await away.isVisible()).toBe(false);

      // The power cut. The partner sees the player disconnected once the server has no socket
      // of theirs (Socket.IO's heartbeat, then the 8 s grace), within the minute.
      allowConsoleErrors(mine.ctx, {
        pattern: /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|WebSocket connection/,
        reason: 'the journey cuts this phone off the network (a power cut), on purpose',
      });
      await mine.ctx.setOffline(true);
      const cutAt = Date.now();
      const versionAtCut = (await row()).version;
      let seenAway = false;
      await playOthers([theirs.page], async () => {
        if (!seenAway && (await away.isVisible())) {
          seenAway = true;
          await shot(theirs.page, 'absence-partner-sees-disconnected-desktop');
        }
        return Date.now() - cutAt < OFFLINE_MS;
      });
      expect(seenAway).toBe(true);
      expect(await away.textContent()).toBe('Desconectado — juega la CPU');
      expect((await seatZero()).disconnectedAt).not.toBeNull();

      // The CPU played the player's turns only when the whole turn time had run out.
      const turnMs = (game!.storedState as MatchState).config.turnSeconds * 1000;
      const moves = await db
        .select()
        .from(gameMoves)
        .where(eq(gameMoves.gameId, gameId))
        .orderBy(asc(gameMoves.seq));
      const cpuTurns = moves.filter((m) => m.seq > versionAtCut && m.actor === 'autoplay');
      expect(cpuTurns.length).toBeGreaterThan(0);
      for (const m of cpuTurns) {
        expect(m.seat).toBe(0);
        const before = moves.find((x) => x.seq === m.seq - 1)!;
        expect(m.createdAt.getTime() - before.createdAt.getTime()).toBeGreaterThanOrEqual(
          turnMs - 500,
        );
      }

      // The network comes back: the phone shows the seat's hand as the server holds it and the
      // scores, and the partner sees the player back.
      await mine.ctx.setOffline(false);
      const backAt = Date.now();
      const handShown = async () =>
        (
          await mine.page
            .locator('[data-testid^="hand-tile-"]')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(10)))
        ).sort();
      const handHeld = async () => {
        const state = (await row()).state as MatchState;
        return (state.hand.hands[0] ?? []).map(([x, y]) => `${x}-${y}`).sort();
      };
      await expect
        .poll(async () => (await handShown()).join() === (await handHeld()).join(), {
          timeout: 60_000,
        })
        .toBe(true);
      const waitedMs = Date.now() - backAt;
      await expect
        .poll(async () => (await seatZero()).disconnectedAt, { timeout: 30_000 })
        .toBeNull();
      await away.waitFor({ state: 'hidden', timeout: 30_000 });
      const view = await json<GameView>(
        await fetch(`${b.baseUrl}/api/games/${gameId}/view`, {
          headers: { authorization: `Bearer ${me.token}` },
        }),
      );
      // Connected again. (`cpu_played` may be true again: nobody plays the phone after its
      // return, so its next turn can run out while the checks below wait.)
      expect(view.seats[0]).toMatchObject({ connected: true });
      // The scores as the server holds them (seat 0's side is "Nosotros").
      await expect
        .poll(
          async () => {
            const scores = ((await row()).state as MatchState).scores;
            const us = await mine.page.getByTestId('score-us').textContent();
            const them = await mine.page.getByTestId('score-them').textContent();
            return us?.startsWith(`${scores[0]} /`) && them?.startsWith(`${scores[1]} /`);
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await shot(mine.page, 'absence-back-phone');
      // Over the whole match, the CPU never played a turn of the player before its time ran out.
      const allMoves = await db
        .select()
        .from(gameMoves)
        .where(eq(gameMoves.gameId, gameId))
        .orderBy(asc(gameMoves.seq));
      for (const m of allMoves.filter((x) => x.actor === 'autoplay' && x.seq > 1)) {
        const before = allMoves.find((x) => x.seq === m.seq - 1)!;
        expect(m.createdAt.getTime() - before.createdAt.getTime()).toBeGreaterThanOrEqual(
          turnMs - 500,
        );
      }
      // The seat is the player's, and the match goes on (no refund, no forfeit).
      expect(seated[0]!.userId).toBe(me.id);
      expect((await row()).status).toBe('playing');
      expect(mine.errors).toEqual([]);
      expect(theirs.errors).toEqual([]);
      console.log(`back online -> same hand shown: ${waitedMs} ms`);
    },
  );
});
