import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type GameView } from '@domino/contracts';
import { accounts, gamePlayers, games, potPoints, users } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { fundedPlayer, loginAdmin, routeCallers } from '../../test/wallet-helpers';
import { checkLedger } from '../ledger/ledger';
import { playDueGame } from '../games/due-moves';
import { gamesContext } from '../games/routes';

/**
 * Individual mode (docs/rules.md: 2-3 players, 7 tiles each, the rest is the stock) at real-money
 * tables: staff create the table, players join, the match starts, is played to the end over HTTP
 * (drawing included), and the single winner is paid to the céntimo.
 */

interface Seated {
  token: string;
  id: number;
  name: string;
}

/** Sum of the balances of every system account of a kind (céntimos). */
async function kindBalance(t: TestApp, kind: string): Promise<number> {
  const rows = await t.database.db.select().from(accounts).where(eq(accounts.kind, kind));
  return rows.reduce((sum, r) => sum + r.balanceCents, 0);
}

function individualSuite(kind: DbKind) {
  describe(`individual tables (2-3 players) on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let admin: string;
    const { get, post, balance: callerBalance } = routeCallers(() => t.app);
    const balance = (p: Seated) => callerBalance(p.token);
    const funded = (name: string, amount: number): Promise<Seated> =>
      fundedPlayer(t, admin, amount, { name });

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

    /**
     * Plays a whole match over HTTP: the seat to move sends its first legal move (a draw when it
     * must draw); a single forced tile is left to the server's forced-move path, as in a browser,
     * and now and then a turn times out and the medium bot plays it. Returns the final view of
     * seat 0, how many draws players sent and how many turns the bot played for them.
     */
    async function playToTheEnd(gameId: string, players: Seated[]) {
      const ctx = gamesContext(t.app);
      const viewOf = async (seat: number): Promise<GameView> =>
        (await get(`/api/games/${gameId}/view`, players[seat]!.token)).json();
      // `view` is seat `viewSeat`'s: a move's answer is the mover's new view (src/test/play.ts).
      let viewSeat = 0;
      let view = await viewOf(0);
      let draws = 0;
      let autoplays = 0;
      for (let i = 0; i < 5000 && view.status === 'playing'; i++) {
        const seat = view.turn_seat!;
        const mover = players[seat]!;
        const mine = viewSeat === seat ? view : await viewOf(seat);
        const only = mine.legal_moves.length === 1 ? mine.legal_moves[0]! : null;
        // Now and then a player lets the turn time run out: the medium bot plays for them.
        const timeout = !only && i % 9 === 4;
        if (timeout) autoplays++;
        if ((only && 'tile' in only) || timeout) {
          await t.database.db
            .update(games)
            .set({ dueAt: sql`now() - interval '1 second'` })
            .where(eq(games.id, gameId));
          // This game's due action, not whichever game is most overdue (the practice game of
          // another test may be waiting for its CPU seats).
          expect(await playDueGame(ctx, gameId, mine.version)).toBe(true);
          view = await viewOf(seat);
        } else {
          const move = mine.legal_moves[0]!;
          if ('draw' in move) draws++;
          const res = await post(`/api/games/${gameId}/moves`, mover.token, {
            version: mine.version,
            ...move,
          });
          expect(res.statusCode, res.body).toBe(200);
          view = res.json();
        }
        viewSeat = seat;
      }
      return { view: viewSeat === 0 ? view : await viewOf(0), draws, autoplays };
    }

    it.skipIf(skip)(
      'tells the client that only individual tables draw from the stock',
      async () => {
        const p = await funded('Diego Mora', 10);
        const practice = await post('/api/practice-games', p.token, { difficulty: 'facil' });
        const view: GameView = (
          await get(`/api/games/${practice.json().game_id}/view`, p.token)
        ).json();
        expect(view).toMatchObject({ mode: 'parejas', drawing: false, stock_count: 0 });
      },
    );

    const cases = [
      // 2 × Bs. 750,50: pot 150 100 c; fee 8 % = 12 008; pot share 2 % = 3 002; prize 135 090.
      { n: 2, entry: 750.5, pot: 150_100, fee: 12_008, share: 3_002, prize: 135_090 },
      // 3 × Bs. 333,33: pot 99 999 c; fee floor(7 999,92) = 7 999; share floor(1 999,98) = 1 999.
      { n: 3, entry: 333.33, pot: 99_999, fee: 7_999, share: 1_999, prize: 90_001 },
    ] as const;

    for (const c of cases) {
      it.skipIf(skip)(
        `starts a ${c.n}-player table when it fills, plays it with drawing and pays the single winner to the céntimo`,
        async () => {
          const created = await post('/api/admin/tables', admin, {
            name: `Mesa Individual ${c.n}`,
            entry_price: c.entry,
            mode: 'individual',
            max_players: c.n,
          });
          expect(created.statusCode).toBe(201);
          const tableId: number = created.json().id;
          const names = ['Ana Pérez', 'Beto Ruiz', 'Carla Díaz'].slice(0, c.n);
          const players = await Promise.all(names.map((name) => funded(name, 2000)));
          const houseBefore = await kindBalance(t, 'house_fees');
          const potBefore = await kindBalance(t, 'monthly_pot');

          for (const [seat, p] of players.entries()) {
            const res = await post(`/api/tables/${tableId}/join`, p.token, {
              entry_price: c.entry,
            });
            expect(res.statusCode).toBe(200);
            expect(res.json().seat).toBe(seat);
            const detail = (await get(`/api/tables/${tableId}`)).json();
            expect(detail.game_id === null).toBe(seat < c.n - 1);
          }
          const detail = (await get(`/api/tables/${tableId}`)).json();
          expect(detail).toMatchObject({
            status: 'playing',
            mode: 'individual',
            max_players: c.n,
            current_players: c.n,
          });
          expect(detail.seats).toHaveLength(c.n);
          const gameId: string = detail.game_id;
          const escrowRef = `table:${tableId}:1`;
          const [escrowFull] = await t.database.db
            .select()
            .from(accounts)
            .where(eq(accounts.ref, escrowRef));
          expect(escrowFull?.balanceCents).toBe(c.pot);

          const first: GameView = (
            await get(`/api/games/${gameId}/view`, players[1]!.token)
          ).json();
          expect(first).toMatchObject({ mode: 'individual', my_seat: 1, kind: 'table' });
          expect(first.tile_counts).toEqual(Array(c.n).fill(7));
          expect(first.stock_count).toBe(28 - 7 * c.n);
          expect(first.drawing).toBe(true);
          expect(first.scores).toEqual(Array(c.n).fill(0));
          expect(first.seats.map((s) => s.name)).toEqual(names);

          const { view, draws, autoplays } = await playToTheEnd(gameId, players);
          expect(view.status).toBe('finished');
          expect(draws).toBeGreaterThan(0);
          const winners = view.result!.winner_seats;
          expect(winners).toHaveLength(1);
          const winner = winners[0]!;
          const finalScores = view.result!.scores;
          expect(finalScores).toHaveLength(c.n);
          expect(finalScores[winner]).toBe(Math.max(...finalScores));
          expect(finalScores[winner]).toBeGreaterThanOrEqual(100);

          const entryBs = c.entry;
          for (const [seat, p] of players.entries()) {
            const v: GameView = (await get(`/api/games/${gameId}/view`, p.token)).json();
            const won = seat === winner;
            expect(v.result!.won).toBe(won);
            expect(v.settlement).toEqual({
              pot: c.pot / 100,
              house_fee: c.fee / 100,
              pot_share: c.share / 100,
              prize: won ? c.prize / 100 : 0,
              entry: entryBs,
              net: won ? (c.prize - c.pot / c.n) / 100 : -entryBs,
            });
            const expected = 200_000 - c.pot / c.n + (won ? c.prize : 0);
            expect(Math.round((await balance(p)) * 100)).toBe(expected);
          }
          expect(c.fee + c.share + c.prize).toBe(c.pot);
          const [escrow] = await t.database.db
            .select()
            .from(accounts)
            .where(eq(accounts.ref, escrowRef));
          expect(escrow?.balanceCents).toBe(0);
          expect((await kindBalance(t, 'house_fees')) - houseBefore).toBe(c.fee);
          expect((await kindBalance(t, 'monthly_pot')) - potBefore).toBe(c.share);
          expect((await checkLedger(t.database.db)).ok).toBe(true);

          const rows = await t.database.db
            .select()
            .from(gamePlayers)
            .where(eq(gamePlayers.gameId, gameId))
            .orderBy(gamePlayers.seat);
          expect(rows.map((r) => [r.seat, r.userId, r.result, r.payoutCents])).toEqual(
            players.map((p, seat) => [
              seat,
              p.id,
              seat === winner ? 'win' : 'loss',
              seat === winner ? c.prize : 0,
            ]),
          );
          // Each player's pot points are their own score, not a pair's.
          for (const [seat, p] of players.entries()) {
            const [pts] = await t.database.db
              .select()
              .from(potPoints)
              .where(and(eq(potPoints.gameId, gameId), eq(potPoints.userId, p.id)));
            expect(pts).toMatchObject({ points: finalScores[seat], won: seat === winner });
            const [u] = await t.database.db.select().from(users).where(eq(users.id, p.id));
            expect(u?.points).toBe(finalScores[seat]);
          }

          for (const [seat, p] of players.entries()) {
            const history = (await get('/api/history', p.token)).json();
            expect(history.total).toBe(1);
            const won = seat === winner;
            expect(history.matches[0]).toEqual({
              game_id: gameId,
              finished_at: expect.any(String),
              table: { id: tableId, name: `Mesa Individual ${c.n}` },
              mode: 'individual',
              partners: [],
              opponents: names.filter((_, s) => s !== seat),
              scores: {
                mine: finalScores[seat],
                theirs: Math.max(...finalScores.filter((_, s) => s !== seat)),
              },
              result: won ? 'victoria' : 'derrota',
              rules: { ...DEFAULT_RULES, mode: 'individual', players: c.n },
              entry: entryBs,
              amount: won ? (c.prize - c.pot / c.n) / 100 : -entryBs,
              // Public table: rated (decision 026); the winner gains, each loser loses.
              rating: {
                before: 1500,
                after: expect.any(Number),
                delta: won
                  ? expect.toSatisfy((d: number) => d > 0)
                  : expect.toSatisfy((d: number) => d < 0),
              },
            });
          }

          const replay = (await get(`/api/games/${gameId}/replay`, players[0]!.token)).json();
          expect(replay.seats).toEqual(names.map((name, seat) => ({ seat, name })));
          expect(replay.my_seat).toBe(0);
          expect(replay.config).toMatchObject({ mode: 'individual', players: c.n, drawing: true });
          expect(replay.moves).toHaveLength(view.version);
          const drawn = replay.moves.filter(
            (m: { move: { kind: string }; actor: string }) =>
              m.move.kind === 'draw' && m.actor === 'player',
          );
          expect(drawn.length).toBe(draws);
          expect(autoplays).toBeGreaterThan(0);
          expect(replay.moves.filter((m: { actor: string }) => m.actor === 'autoplay').length).toBe(
            autoplays,
          );
          const fairness = (await get(`/api/games/${gameId}/fairness`, players[0]!.token)).json();
          expect(fairness).toMatchObject({ mode: 'individual', players: c.n });
          expect(fairness.deals[0].hands).toHaveLength(c.n);
          expect(fairness.deals[0].stock).toHaveLength(28 - 7 * c.n);

          const after = (await get(`/api/tables/${tableId}`)).json();
          expect(after).toMatchObject({ status: 'open', current_players: 0, game_id: null });
          // The next round takes entries into a fresh escrow.
          expect(
            (await post(`/api/tables/${tableId}/join`, players[0]!.token, { entry_price: c.entry }))
              .statusCode,
          ).toBe(200);
          const [next] = await t.database.db
            .select()
            .from(accounts)
            .where(eq(accounts.ref, `table:${tableId}:2`));
          expect(next?.balanceCents).toBe(c.pot / c.n);
          expect((await post(`/api/tables/${tableId}/leave`, players[0]!.token)).statusCode).toBe(
            200,
          );
        },
      );
    }
  });
}

individualSuite('pglite');
individualSuite('postgres');
