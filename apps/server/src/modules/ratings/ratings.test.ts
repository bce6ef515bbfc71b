import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, publicName } from '@domino/contracts';
import type { GameView, HistoryItem, LeaderboardResponse, TableDetail } from '@domino/contracts';
import { gamePlayers, games, playerRatings, ratingChanges, users } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { playMatchToEnd } from '../../test/play';
import { isSpanish } from '../../test/spanish';
import { createPrivateTable } from '../../test/private-tables';
import { fundedPlayer, loginAdmin, routeCallers } from '../../test/wallet-helpers';
import { rebuildRatings } from './rebuild';
import { rateMatch } from './service';

/**
 * Ratings on PGlite and real PostgreSQL (decision 026): a public match played through the API moves the four
 * ratings in its final move's transaction and shows them on seats, in Mis Partidas (own change
 * only) and on the profile; practice and private tables are unrated; a rebuild from the match log
 * gives identical rows; the public leaderboard carries public names only.
 */
function ratingsSuite(kind: DbKind) {
  describe(`ratings on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let admin: string;
    const { get, post } = routeCallers(() => t.app);

    beforeAll(async () => {
      if (skip) return;
      t = await buildTestApp(kind, {
        BOT_MIN_DELAY_MS: '0',
        BOT_MAX_DELAY_MS: '0',
        HAND_PAUSE_MS: '0',
      });
      admin = await loginAdmin(t);
    });
    afterAll(async () => {
      if (!skip) await t.close();
    });

    it.skipIf(skip)(
      'a public parejas match rates its four players once, in the final move, shown everywhere',
      async () => {
        const names = ['Ana María Pérez', 'Luis Gómez', 'Carla Díaz', 'Pedro Rojas'];
        const players = await Promise.all(
          names.map((name) => fundedPlayer(t, admin, 2000, { name })),
        );
        for (const p of players)
          expect(
            (await post('/api/tables/2/join', p.token, { entry_price: 1000 })).statusCode,
          ).toBe(200);
        const detail: TableDetail = (await get('/api/tables/2')).json();
        // Seats carry each player's rating in the table's mode (newcomers: 1500, provisional).
        expect(detail.seats.map((s) => s.rating)).toEqual(
          players.map(() => ({ rating: 1500, rd: 350, games: 0, provisional: true })),
        );
        const gameId = detail.game_id!;
        const first: GameView = (await get(`/api/games/${gameId}/view`, players[0]!.token)).json();
        expect(first.seats.every((s) => s.rating?.rating === 1500)).toBe(true);
        const final = await playMatchToEnd(t, gameId, players);
        const winners = final.result!.winner_seats;
        expect(winners).toHaveLength(2);

        const changes = await t.database.db
          .select()
          .from(ratingChanges)
          .where(eq(ratingChanges.gameId, gameId));
        expect(changes).toHaveLength(4);
        const [game] = await t.database.db.select().from(games).where(eq(games.id, gameId));
        for (const [seat, p] of players.entries()) {
          const c = changes.find((x) => x.userId === p.id)!;
          expect(c.mode).toBe('parejas');
          expect(c.ratingBefore).toBe(1500);
          // Written in the final move's transaction: the same transaction time as finished_at.
          expect(c.createdAt.getTime()).toBe(game!.finishedAt!.getTime());
          if (winners.includes(seat)) expect(c.ratingAfter).toBeGreaterThan(1500);
          else expect(c.ratingAfter).toBeLessThan(1500);
          expect(c.rdAfter).toBeLessThan(350);
          const [row] = await t.database.db
            .select()
            .from(playerRatings)
            .where(eq(playerRatings.userId, p.id));
          expect(row).toMatchObject({ mode: 'parejas', games: 1, rating: c.ratingAfter });
        }

        // Mis Partidas: each player sees only their own change.
        for (const p of players) {
          const own = changes.find((x) => x.userId === p.id)!;
          const history: { matches: HistoryItem[] } = (await get('/api/history', p.token)).json();
          const item = history.matches.find((m) => m.game_id === gameId)!;
          expect(item.rating).toEqual({
            before: 1500,
            after: Math.round(own.ratingAfter),
            delta: Math.round(own.ratingAfter) - 1500,
          });
          expect(JSON.stringify(history)).not.toContain(
            String(changes.find((x) => x.userId !== p.id)!.ratingAfter),
          );
        }

        // Profile: both modes, still provisional after one match.
        const mine = (await get('/api/user/ratings', players[0]!.token)).json();
        expect(mine.parejas).toMatchObject({ games: 1, provisional: true });
        expect(mine.individual).toEqual({ rating: 1500, rd: 350, games: 0, provisional: true });
        expect((await get('/api/user/ratings')).statusCode).toBe(401);

        // Seats after the match carry the new rating.
        const again = players[0]!;
        expect(
          (await post('/api/tables/2/join', again.token, { entry_price: 1000 })).statusCode,
        ).toBe(200);
        const next: TableDetail = (await get('/api/tables/2')).json();
        const own = changes.find((x) => x.userId === again.id)!;
        expect(next.seats.find((s) => s.user?.id === again.id)!.rating!.rating).toBe(
          Math.round(own.ratingAfter),
        );
        expect((await post('/api/tables/2/leave', again.token)).statusCode).toBe(200);

        // Rating twice the same match is refused by the primary key (the transaction would roll back).
        await expect(
          t.database.db.transaction((tx) =>
            rateMatch(tx, {
              gameId,
              kind: 'table',
              visibility: 'public',
              mode: 'parejas',
              seats: players.map((p, seat) => ({
                seat,
                userId: p.id,
                won: winners.includes(seat),
              })),
            }),
          ),
        ).rejects.toThrow();
        expect(
          (
            await t.database.db
              .select()
              .from(playerRatings)
              .where(eq(playerRatings.userId, again.id))
          )[0]!.games,
        ).toBe(1);
      },
      120_000,
    );

    it.skipIf(skip)('practice and private-table matches are never rated', async () => {
      const a = await fundedPlayer(t, admin, 1, { name: 'Práctica Uno' });
      const b = await fundedPlayer(t, admin, 1, { name: 'Práctica Dos' });
      const seats = [
        { seat: 0, userId: a.id, won: true },
        { seat: 1, userId: b.id, won: false },
      ];
      const gameId = await finishedGame(null, 'practice', 'individual', seats);
      const db = t.database.db;
      expect(
        await db.transaction((tx) =>
          rateMatch(tx, { gameId, kind: 'practice', visibility: null, mode: 'individual', seats }),
        ),
      ).toBeNull();
      const priv = await createPrivateTable(db, { hostUserId: a.id, players: 2 });
      const privGame = await finishedGame(priv.id, 'table', 'individual', seats);
      expect(
        await db.transaction((tx) =>
          rateMatch(tx, {
            gameId: privGame,
            kind: 'table',
            visibility: 'private',
            mode: 'individual',
            seats,
          }),
        ),
      ).toBeNull();
      const rows = await db
        .select()
        .from(ratingChanges)
        .where(sql`${ratingChanges.userId} in (${a.id}, ${b.id})`);
      expect(rows).toEqual([]);
    });

    /** Writes a finished game with its seats' results, as settlement leaves it. */
    async function finishedGame(
      tableId: number | null,
      kind: 'practice' | 'table',
      mode: 'parejas' | 'individual',
      seats: { seat: number; userId: number; won: boolean }[],
    ): Promise<string> {
      const id = randomUUID();
      const db = t.database.db;
      await db.insert(games).values({
        id,
        kind,
        tableId,
        storedState: {},
        commitment: 'test',
        status: 'finished',
        finishedAt: sql`now()`,
        rules: { ...DEFAULT_RULES, mode, players: seats.length as 2 | 3 | 4 },
      });
      for (const s of seats)
        await db.insert(gamePlayers).values({
          gameId: id,
          seat: s.seat,
          userId: s.userId,
          clientSeed: 'x',
          result: s.won ? 'win' : 'loss',
          payoutCents: 0,
        });
      return id;
    }

    it.skipIf(skip)(
      'a rebuild from the match log gives identical rows; the ladder shows public names only',
      async () => {
        const db = t.database.db;
        const crowd = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            fundedPlayer(t, admin, 1, { name: `María José Ladder${'abcdefgh'[i]} Ramírez${i}` }),
          ),
        );
        const pub4 = await createPrivateTable(db, {
          hostUserId: crowd[0]!.id,
          visibility: 'public',
          players: 4,
        });
        const pub3 = await createPrivateTable(db, {
          hostUserId: crowd[0]!.id,
          visibility: 'public',
          players: 3,
        });
        const priv = await createPrivateTable(db, { hostUserId: crowd[0]!.id, players: 4 });
        // A deterministic pseudo-random schedule of 60 matches: parejas and individual, a few at
        // the private table (which the rebuild must skip as the live path did).
        let seed = 7;
        const rnd = (n: number) => {
          seed = (seed * 1103515245 + 12345) % 2147483648;
          return seed % n;
        };
        for (let m = 0; m < 60; m++) {
          const parejas = m % 3 !== 2;
          const size = parejas ? 4 : 3;
          const pool = [...crowd];
          const picked = Array.from({ length: size }, () => pool.splice(rnd(pool.length), 1)[0]!);
          const winSide = rnd(2);
          const winSeat = rnd(3);
          const seats = picked.map((p, seat) => ({
            seat,
            userId: p.id,
            won: parejas ? seat % 2 === winSide : seat === winSeat,
          }));
          const atPrivate = m % 10 === 9;
          const tableId = atPrivate ? priv.id : parejas ? pub4.id : pub3.id;
          // As live: the game finishes and is rated in one transaction.
          await db.transaction(async (tx) => {
            const id = randomUUID();
            await tx.insert(games).values({
              id,
              kind: 'table',
              tableId,
              storedState: {},
              commitment: 'test',
              status: 'finished',
              finishedAt: sql`now()`,
              rules: { ...DEFAULT_RULES, mode: parejas ? 'parejas' : 'individual', players: size },
            });
            for (const s of seats)
              await tx.insert(gamePlayers).values({
                gameId: id,
                seat: s.seat,
                userId: s.userId,
                clientSeed: 'x',
                result: s.won ? 'win' : 'loss',
                payoutCents: 0,
              });
            await rateMatch(tx, {
              gameId: id,
              kind: 'table',
              visibility: atPrivate ? 'private' : 'public',
              mode: parejas ? 'parejas' : 'individual',
              seats,
            });
          });
        }
        const snapshot = async () => ({
          ratings: await db
            .select()
            .from(playerRatings)
            .orderBy(asc(playerRatings.userId), asc(playerRatings.mode)),
          changes: await db
            .select()
            .from(ratingChanges)
            .orderBy(asc(ratingChanges.gameId), asc(ratingChanges.userId)),
        });
        const live = await snapshot();
        expect(live.changes.length).toBeGreaterThan(150);
        const result = await rebuildRatings(db);
        // Every live-rated match (54 synthetic public ones + the first test's), none of the private ones.
        expect(result.matches).toBe(new Set(live.changes.map((c) => c.gameId)).size);
        expect(result.matches).toBeGreaterThanOrEqual(54);
        const rebuilt = await snapshot();
        expect(rebuilt).toEqual(live);
        // A second rebuild changes nothing either.
        await rebuildRatings(db);
        expect(await snapshot()).toEqual(live);

        // The ladder: established players only, public names, no ids or full names.
        const me = crowd[0]!;
        const board: LeaderboardResponse = (
          await get('/api/leaderboard?tab=parejas', me.token)
        ).json();
        expect(board.rows.length).toBeGreaterThan(0);
        const established = live.ratings
          .filter((r) => r.mode === 'parejas' && r.games >= 10)
          .sort((a, b) => b.rating - a.rating || b.games - a.games || a.userId - b.userId);
        expect(board.rows.map((r) => r.rating)).toEqual(
          established.map((r) => Math.round(r.rating)),
        );
        expect(board.total).toBe(established.length);
        const fullNames = await db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users);
        const text = JSON.stringify(board);
        for (const u of fullNames) {
          expect(text).not.toContain(u.email);
          if (crowd.some((c) => c.id === u.id)) expect(text).not.toContain(u.name);
        }
        for (const row of board.rows) {
          expect(Object.keys(row).sort()).toEqual(['games', 'me', 'name', 'position', 'rating']);
          expect(fullNames.some((u) => publicName(u.name) === row.name)).toBe(true);
        }
        expect(board.rows.filter((r) => r.me).length).toBeLessThanOrEqual(1);
        const myRow = live.ratings.find((r) => r.userId === me.id && r.mode === 'parejas')!;
        expect(board.mine?.rating).toBe(Math.round(myRow.rating));
        // Anonymous: the same rows, nobody marked, no `mine`.
        const anon: LeaderboardResponse = (await get('/api/leaderboard?tab=parejas')).json();
        expect(anon.rows.map((r) => r.name)).toEqual(board.rows.map((r) => r.name));
        expect(anon.rows.some((r) => r.me)).toBe(false);
        expect(anon.mine).toBeNull();
        // Bad input: a Spanish refusal.
        const bad = await get('/api/leaderboard?tab=elo');
        expect(bad.statusCode).toBe(422);
        expect(isSpanish(bad.json().message)).toBe(true);
        expect(bad.json().code).toBe('validation/failed');
        for (const query of ['page=0', 'page=abc', 'tab=parejas&page=1001'])
          expect((await get(`/api/leaderboard?${query}`)).statusCode).toBe(422);
      },
      120_000,
    );

    it.skipIf(skip)("the points tab is this month's pot ranking, by public name", async () => {
      const res: LeaderboardResponse = (await get('/api/leaderboard?tab=points')).json();
      expect(res.tab).toBe('points');
      expect(res.month).toMatch(/^\d{4}-\d{2}$/);
      // The API-played match of the first test gave its players pot points.
      expect(res.rows.length).toBeGreaterThan(0);
      for (const row of res.rows) {
        expect(Object.keys(row).sort()).toEqual(['me', 'name', 'points', 'position', 'won']);
        expect(row.name).toMatch(/^\S+ \p{Lu}\.$/u);
      }
    });
  });
}

ratingsSuite('pglite');
ratingsSuite('postgres');
