import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_TABLES, TABLE_SOCKET_EVENTS } from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import {
  accounts,
  auditLog,
  games,
  gameTables,
  rowState,
  tableSeats,
  users,
} from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import type { Player } from '../../test/wallet-helpers';
import { fundedPlayer, loginAdmin, routeCallers } from '../../test/wallet-helpers';
import { checkLedger, systemAccount, transfer } from '../ledger/ledger';
import { gamesContext } from '../games/routes';
import { gamePlayersOf } from '../games/repo';
import { joinTable } from './service';
import { settleTableMatch } from '../games/finish';
import { eventually } from '../../test/sockets';

/**
 * Staff edits and closes against waiting players (decision 010): the terms a seat paid for do not
 * change under it, closing gives every waiting player back exactly what their seat paid, an
 * account that is no longer active is not seated, and settlement refuses an escrow that does not
 * hold what the seats paid. The races with a join in flight are proven on real PostgreSQL.
 */
function staffSuite(kind: DbKind) {
  describe(`staff changes to tables with players waiting on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let admin: string;
    const userEvents: { userId: number; event: string; payload: unknown }[] = [];
    const tableEvents: { event: string; payload: unknown }[] = [];
    const { get, post, patch, balance: callerBalance } = routeCallers(() => t.app);
    const balance = (p: Player) => callerBalance(p.token);
    const funded = (amount: number) => fundedPlayer(t, admin, amount);
    const createTable = async (body: Record<string, unknown>): Promise<number> => {
      const res = await post('/api/admin/tables', admin, body);
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    const escrowCents = async (tableId: number) => {
      const [row] = await t.database.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.kind, 'table_escrow'), eq(accounts.ref, `table:${tableId}:1`)));
      return row?.balanceCents ?? 0;
    };
    const seatsAt = (tableId: number) =>
      t.database.db.select().from(tableSeats).where(eq(tableSeats.tableId, tableId));

    beforeAll(async () => {
      if (skip) return;
      t = await buildTestApp(kind, {
        BOT_MIN_DELAY_MS: '0',
        BOT_MAX_DELAY_MS: '0',
        HAND_PAUSE_MS: '0',
      });
      admin = await loginAdmin(t);
      t.app.deps.hub.toUser = (userId, event, payload) =>
        void userEvents.push({ userId, event, payload });
      t.app.deps.hub.toTables = (event, payload) => void tableEvents.push({ event, payload });
    });
    afterAll(async () => {
      if (!skip) await t.close();
    });

    it.skipIf(skip)(
      'refuses changes to the price, fees and rules while a player waits, saying so, and lets the name change',
      async () => {
        const id = await createTable({
          name: 'Mesa Espera',
          entry_price: 20,
          mode: 'individual',
          max_players: 3,
        });
        const p = await funded(100);
        expect(
          (await post(`/api/tables/${id}/join`, p.token, { entry_price: 20 })).statusCode,
        ).toBe(200);
        const [before] = await t.database.db.select().from(gameTables).where(eq(gameTables.id, id));
        for (const change of [
          { entry_price: 25 },
          { house_fee_bps: 900 },
          { pot_share_bps: 300 },
          { mode: 'parejas', max_players: 4 },
          { max_players: 2 },
          { target_points: 150 },
          { turn_seconds: 30 },
        ]) {
          const res = await patch(`/api/admin/tables/${id}`, admin, change);
          expect(res.statusCode, JSON.stringify(change)).toBe(409);
          expect(res.json()).toEqual({
            message: MSG_TABLES.playersWaiting,
            code: 'tables/players_waiting',
          });
        }
        const [after] = await t.database.db.select().from(gameTables).where(eq(gameTables.id, id));
        expect(after).toEqual(before);
        // Not a term: the name; and sending the current price again changes nothing.
        const renamed = await patch(`/api/admin/tables/${id}`, admin, {
          name: 'Mesa Espera Nueva',
          entry_price: 20,
        });
        expect(renamed.statusCode).toBe(200);
        expect(renamed.json()).toMatchObject({ name: 'Mesa Espera Nueva', current_players: 1 });
        // Once the table is empty the rules can change again.
        expect((await post(`/api/tables/${id}/leave`, p.token)).statusCode).toBe(200);
        const retimed = await patch(`/api/admin/tables/${id}`, admin, { turn_seconds: 30 });
        expect(retimed.json()).toMatchObject({ turn_seconds: 30 });
      },
    );

    it.skipIf(skip)(
      'refuses the same changes and closing while a match runs, with the partida en curso messages',
      async () => {
        const id = await createTable({
          name: 'Mesa En Juego',
          entry_price: 10,
          mode: 'individual',
          max_players: 2,
        });
        for (const p of [await funded(50), await funded(50)])
          expect(
            (await post(`/api/tables/${id}/join`, p.token, { entry_price: 10 })).statusCode,
          ).toBe(200);
        expect((await get(`/api/tables/${id}`)).json().status).toBe('playing');
        const retime = await patch(`/api/admin/tables/${id}`, admin, { turn_seconds: 60 });
        expect(retime.statusCode).toBe(409);
        expect(retime.json()).toEqual({ message: MSG_TABLES.playing, code: 'tables/playing' });
        const close = await post(`/api/admin/tables/${id}/close`, admin);
        expect(close.statusCode).toBe(409);
        expect(close.json()).toEqual({ message: MSG_TABLES.closePlaying, code: 'tables/playing' });
        expect((await seatsAt(id)).length).toBe(2);
        expect(
          (await patch(`/api/admin/tables/${id}`, admin, { name: 'Mesa Jugando' })).json().name,
        ).toBe('Mesa Jugando');
      },
    );

    it.skipIf(skip)(
      'closes a table with players waiting by refunding each exactly what their seat paid, and tells them',
      async () => {
        const id = await createTable({
          name: 'Mesa Cierre',
          entry_price: 10,
          mode: 'individual',
          max_players: 3,
        });
        const early = await funded(100);
        const late = await funded(100);
        expect(
          (await post(`/api/tables/${id}/join`, early.token, { entry_price: 10 })).statusCode,
        ).toBe(200);
        // A seat taken at another price (before decision 010 a staff edit could race a join):
        // each seat gets back what it paid, not the table's price of the moment.
        await t.database.db
          .update(gameTables)
          .set({ entryPriceCents: 1550 })
          .where(eq(gameTables.id, id));
        expect(
          (await post(`/api/tables/${id}/join`, late.token, { entry_price: 15.5 })).statusCode,
        ).toBe(200);
        expect(await escrowCents(id)).toBe(2550);
        userEvents.length = 0;
        tableEvents.length = 0;
        const closed = await post(`/api/admin/tables/${id}/close`, admin);
        expect(closed.statusCode).toBe(200);
        expect(closed.json()).toMatchObject({ status: 'closed', current_players: 0, users: [] });
        expect(await balance(early)).toBe(100);
        expect(await balance(late)).toBe(100);
        expect(await escrowCents(id)).toBe(0);
        expect(await seatsAt(id)).toEqual([]);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
        for (const [p, amount] of [
          [early, 100],
          [late, 100],
        ] as const) {
          expect(userEvents).toContainEqual({
            userId: p.id,
            event: 'balance:updated',
            payload: { balance: amount },
          });
          expect(userEvents).toContainEqual({
            userId: p.id,
            event: TABLE_SOCKET_EVENTS.tableClosed,
            payload: { table_id: id, message: MSG_TABLES.closedRefunded, new_balance: amount },
          });
          const txs = (await get('/api/transactions', p.token)).json().transactions;
          expect(txs[0]).toMatchObject({ type_transaction: 'reembolso' });
        }
        expect(tableEvents).toContainEqual({ event: 'UserJoinedTable', payload: { table_id: id } });
        const [entry] = await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'table.close'), eq(auditLog.targetId, String(id))));
        expect(entry?.after).toEqual({
          status: 'closed',
          refunded: [
            { user_id: early.id, seat: 0, refund: 10 },
            { user_id: late.id, seat: 1, refund: 15.5 },
          ],
        });
        expect((await get(`/api/tables/${id}`)).statusCode).toBe(404);
        const refused = await post(`/api/tables/${id}/join`, early.token, { entry_price: 15.5 });
        expect(refused.json()).toEqual({ message: MSG_TABLES.closed, code: 'tables/closed' });
      },
    );

    it.skipIf(skip)(
      'gives a leaving player back what their seat paid, whatever the table costs now',
      async () => {
        const id = await createTable({
          name: 'Mesa Salida',
          entry_price: 10,
          mode: 'individual',
          max_players: 3,
        });
        const p = await funded(100);
        await post(`/api/tables/${id}/join`, p.token, { entry_price: 10 });
        const [seat] = await seatsAt(id);
        expect(seat?.entryCents).toBe(1000);
        await t.database.db
          .update(gameTables)
          .set({ entryPriceCents: 1500 })
          .where(eq(gameTables.id, id));
        const left = await post(`/api/tables/${id}/leave`, p.token);
        expect(left.json()).toEqual({ new_balance: 100, message: MSG_TABLES.left });
        expect(await escrowCents(id)).toBe(0);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      },
    );

    it.skipIf(skip)(
      'refuses to settle a match whose escrow does not hold exactly what the seats paid',
      async () => {
        const id = await createTable({
          name: 'Mesa Cuadre',
          entry_price: 10,
          mode: 'individual',
          max_players: 2,
        });
        const a = await funded(100);
        const b = await funded(100);
        for (const p of [a, b]) await post(`/api/tables/${id}/join`, p.token, { entry_price: 10 });
        const gameId = (await get(`/api/tables/${id}`)).json().game_id as string;
        const db = t.database.db;
        const [game] = await db.select().from(games).where(eq(games.id, gameId));
        const players = await gamePlayersOf(db, gameId);
        const state = rowState(game!.storedState, game!.history) as MatchState;
        const finished: MatchState = {
          ...state,
          status: 'finished',
          scores: [100, 0],
          result: { winnerSide: 0, winnerSeats: [0], scores: [100, 0], hands: 1 },
        };
        const settle = () => db.transaction((tx) => settleTableMatch(tx, game!, players, finished));
        const moveCents = (cents: number) =>
          db.transaction(async (tx) => {
            const escrow = await systemAccount(tx, 'table_escrow', `table:${id}:1`);
            const adjustments = await systemAccount(tx, 'adjustments');
            await transfer(tx, {
              kind: 'adjustment',
              idempotencyKey: `test:escrow:${id}:${cents}`,
              postings: [
                { accountId: adjustments, amountCents: -cents },
                { accountId: escrow, amountCents: cents },
              ],
              description: 'Prueba',
            });
          });

        // A seat's recorded entry disagrees with the escrow.
        await db
          .update(tableSeats)
          .set({ entryCents: 1001 })
          .where(and(eq(tableSeats.tableId, id), eq(tableSeats.seat, 0)));
        await expect(settle()).rejects.toThrow(/not settling/);
        await db
          .update(tableSeats)
          .set({ entryCents: 1000 })
          .where(and(eq(tableSeats.tableId, id), eq(tableSeats.seat, 0)));
        // The escrow holds a céntimo the seats did not pay.
        await moveCents(1);
        await expect(settle()).rejects.toThrow(/not settling/);
        expect(await balance(a)).toBe(90);
        expect(await escrowCents(id)).toBe(2001);
        await moveCents(-1);
        // Consistent again: it pays out and the escrow ends at 0.
        await settle();
        expect(await escrowCents(id)).toBe(0);
        expect(await balance(a)).toBe(108);
        expect((await checkLedger(db)).ok).toBe(true);
      },
    );

    it.skipIf(skip)(
      'refuses to seat an account that is no longer active and takes no money',
      async () => {
        const p = await funded(100);
        await t.database.db.update(users).set({ status: 'suspendido' }).where(eq(users.id, p.id));
        // Authentication passed before the suspension committed; the join itself must refuse.
        await expect(
          t.database.db.transaction((tx) => joinTable(tx, p.id, 1, 5, gamesContext(t.app).timing)),
        ).rejects.toMatchObject({
          code: 'tables/account_inactive',
          status: 403,
          message: MSG_TABLES.accountInactive,
        });
        expect(
          await t.database.db.select().from(tableSeats).where(eq(tableSeats.userId, p.id)),
        ).toEqual([]);
        await t.database.db.update(users).set({ status: 'activo' }).where(eq(users.id, p.id));
        expect(await balance(p)).toBe(100);
      },
    );

    describe.skipIf(skip || kind !== 'postgres')('with a join in flight', () => {
      let locker: pg.Client;
      beforeAll(async () => {
        locker = new pg.Client({ connectionString: (t.database as { url?: string }).url });
        await locker.connect();
      });
      afterAll(async () => {
        await locker.end();
      });
      /** Waits until `n` sessions of this database are waiting for a row lock. */
      const lockWaiters = async (n: number) => {
        await eventually(
          `${n} sessions waiting for a lock`,
          async () => {
            const res = await locker.query(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return (res.rows[0] as { n: number }).n >= n;
          },
          5_000,
          25,
        );
      };
      /**
       * Starts a join that takes the table lock and then waits on the player's wallet row (held
       * here until the caller commits). Wrapped: returning the pending response itself from an
       * async function would wait for it.
       */
      const joinHeldAtWallet = async (tableId: number, p: Player, price: number) => {
        await locker.query('begin');
        await locker.query(
          `select id from accounts where kind = 'wallet' and owner_user_id = $1 for update`,
          [p.id],
        );
        const response = post(`/api/tables/${tableId}/join`, p.token, { entry_price: price });
        await lockWaiters(1);
        return { response };
      };

      it('refuses a price edit that waited for a join: the join commits first and its seat counts', async () => {
        const id = await createTable({
          name: 'Mesa Carrera',
          entry_price: 10,
          mode: 'individual',
          max_players: 3,
        });
        const p = await funded(100);
        const { response: joining } = await joinHeldAtWallet(id, p, 10);
        const editing = patch(`/api/admin/tables/${id}`, admin, { entry_price: 12 });
        await lockWaiters(2);
        await locker.query('commit');
        const [joined, edited] = await Promise.all([joining, editing]);
        expect(joined.statusCode).toBe(200);
        expect(edited.statusCode).toBe(409);
        expect(edited.json().code).toBe('tables/players_waiting');
        const [row] = await t.database.db.select().from(gameTables).where(eq(gameTables.id, id));
        expect(row?.entryPriceCents).toBe(1000);
        expect((await seatsAt(id)).map((s) => s.entryCents)).toEqual([1000]);
      });

      it('refunds a seat whose join committed while the close waited, leaving nobody at a closed table', async () => {
        const id = await createTable({
          name: 'Mesa Carrera Cierre',
          entry_price: 10,
          mode: 'individual',
          max_players: 3,
        });
        const p = await funded(100);
        const { response: joining } = await joinHeldAtWallet(id, p, 10);
        const closing = post(`/api/admin/tables/${id}/close`, admin);
        await lockWaiters(2);
        await locker.query('commit');
        const [joined, closed] = await Promise.all([joining, closing]);
        expect(joined.statusCode).toBe(200);
        expect(closed.json()).toMatchObject({ status: 'closed', current_players: 0 });
        expect(await seatsAt(id)).toEqual([]);
        expect(await balance(p)).toBe(100);
        expect(await escrowCents(id)).toBe(0);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      });

      it('refuses a join that waited for a suspension to commit, and takes no money', async () => {
        const p = await funded(100);
        await locker.query('begin');
        await locker.query('select id from users where id = $1 for update', [p.id]);
        const joining = post('/api/tables/1/join', p.token, { entry_price: 5 });
        await lockWaiters(1);
        await locker.query(`update users set status = 'suspendido' where id = $1`, [p.id]);
        await locker.query('commit');
        const joined = await joining;
        expect(joined.statusCode).toBe(403);
        expect(joined.json()).toEqual({
          message: MSG_TABLES.accountInactive,
          code: 'tables/account_inactive',
        });
        expect(
          await t.database.db.select().from(tableSeats).where(eq(tableSeats.userId, p.id)),
        ).toEqual([]);
        await t.database.db.update(users).set({ status: 'activo' }).where(eq(users.id, p.id));
        expect(await balance(p)).toBe(100);
      });
    });
  });
}

staffSuite('pglite');
staffSuite('postgres');
