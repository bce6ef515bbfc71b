import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_TABLES } from '@domino/contracts';
import type { GameView } from '@domino/contracts';
import { accounts } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import type { Player } from '../../test/wallet-helpers';
import {
  auth,
  fundedPlayer,
  loginAdmin,
  registerPlayer,
  routeCallers,
} from '../../test/wallet-helpers';
import { checkLedger } from '../ledger/ledger';
import { playMatchToEnd } from '../../test/play';
import { splitPot } from '@domino/contracts';

describe('pot arithmetic', () => {
  it('splits the pot into house fee, pot share and equal prizes, with the odd céntimo to the house', () => {
    expect(splitPot(50_000, 4, 800, 200, 2)).toEqual({
      potCents: 200_000,
      houseFeeCents: 16_000,
      potShareCents: 4_000,
      prizeCents: 90_000,
      remainderCents: 0,
    });
    const odd = splitPot(304, 4, 800, 200, 2);
    expect(odd.potCents).toBe(1216);
    expect(odd.houseFeeCents + odd.potShareCents + odd.prizeCents * 2 + odd.remainderCents).toBe(
      1216,
    );
    expect(odd.remainderCents).toBe(1);
    expect(() => splitPot(-1, 4, 800, 200, 2)).toThrow(RangeError);
    // A free private table ("amistosa") splits nothing.
    expect(splitPot(0, 2, 800, 200, 1)).toEqual({
      potCents: 0,
      houseFeeCents: 0,
      potShareCents: 0,
      prizeCents: 0,
      remainderCents: 0,
    });
  });
});

function tableSuite(kind: DbKind) {
  describe(`tables and real-money matches on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let admin: string;
    const events: { event: string; payload: unknown }[] = [];
    const { get, post, balance: callerBalance } = routeCallers(() => t.app);
    const balance = (p: Player) => callerBalance(p.token);
    const funded = (amount: number) => fundedPlayer(t, admin, amount);

    beforeAll(async () => {
      if (skip) return;
      t = await buildTestApp(kind, {
        BOT_MIN_DELAY_MS: '0',
        BOT_MAX_DELAY_MS: '0',
        HAND_PAUSE_MS: '0',
      });
      admin = await loginAdmin(t);
      t.app.deps.hub.toTables = (event, payload) => void events.push({ event, payload });
    });
    afterAll(async () => {
      if (!skip) await t.close();
    });

    it.skipIf(skip)(
      'checks price, balance and seating, takes the fee into escrow and refunds it on leave',
      async () => {
        const rich = await funded(1000);
        const poor = await funded(100);
        const wrongPrice = await post('/api/tables/1/join', rich.token, { entry_price: 499 });
        expect(wrongPrice.statusCode).toBe(409);
        expect(wrongPrice.json()).toEqual({
          message: MSG_TABLES.priceChanged,
          code: 'tables/price_changed',
        });
        const broke = await post('/api/tables/1/join', poor.token, { entry_price: 500 });
        expect(broke.statusCode).toBe(422);
        expect(broke.json()).toEqual({
          message: MSG.insufficientBalance,
          code: 'wallet/insufficient_funds',
        });
        expect(await balance(poor)).toBe(100);
        events.length = 0;
        const ok = await post('/api/tables/1/join', rich.token, { entry_price: 500 });
        expect(ok.json()).toEqual({ new_balance: 500, message: MSG_TABLES.joined, seat: 0 });
        expect(events).toContainEqual({ event: 'UserJoinedTable', payload: { table_id: 1 } });
        // One place at a time (decision 047): the refusal names the table the player sits at.
        const again = await post('/api/tables/2/join', rich.token, { entry_price: 1000 });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({
          code: 'place/elsewhere',
          place: { kind: 'table', table_id: 1, playing: false },
        });
        expect(
          (await post('/api/tables/1/join', rich.token, { entry_price: 500 })).json().code,
        ).toBe('tables/already_seated');
        // Players and visitors read the public part of a name only; staff read it whole.
        const detail = (await get('/api/tables/1')).json();
        expect(detail.seats[0]).toEqual({
          seat: 0,
          user: { id: rich.id, name: 'Jugador P.' },
          rating: { rating: 1500, rd: 350, games: 0, provisional: true },
        });
        const staffView = (await get('/api/admin/tables', admin)).json() as {
          id: number;
          seats: { user: { name: string } | null }[];
        }[];
        expect(staffView.find((x) => x.id === 1)!.seats[0]!.user!.name).toBe('Jugador Prueba');
        expect(detail).toMatchObject({
          current_players: 1,
          game_id: null,
          starts_at: null,
          mode: 'parejas',
          house_fee_bps: 800,
          pot_share_bps: 200,
        });
        const list = (await get('/api/tables')).json();
        expect(list.find((x: { id: number }) => x.id === 1).users).toEqual([
          { id: rich.id, name: 'Jugador P.' },
        ]);
        const left = await post('/api/tables/1/leave', rich.token);
        expect(left.json()).toEqual({ new_balance: 1000, message: MSG_TABLES.left });
        expect((await post('/api/tables/1/leave', rich.token)).json().code).toBe(
          'tables/not_seated',
        );
        const txs = (await get('/api/transactions', rich.token))
          .json()
          .transactions.map((x: { type_transaction: string }) => x.type_transaction);
        expect(txs.slice(0, 2)).toEqual(['reembolso', 'apuesta']);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      },
    );

    it.skipIf(skip)(
      'starts the match when the last seat fills, plays it and pays the winners to the céntimo',
      async () => {
        const players = await Promise.all([0, 1, 2, 3].map(() => funded(2000)));
        for (const p of players)
          expect(
            (await post('/api/tables/2/join', p.token, { entry_price: 1000 })).statusCode,
          ).toBe(200);
        const detail = (await get('/api/tables/2')).json();
        expect(detail.status).toBe('playing');
        expect(detail.game_id).toMatch(/[0-9a-f-]{36}/);
        expect(Date.parse(detail.starts_at)).toBeGreaterThan(Date.now());
        const late = await funded(2000);
        expect(
          (await post('/api/tables/2/join', late.token, { entry_price: 1000 })).json().code,
        ).toBe('tables/playing');
        expect((await post('/api/tables/2/leave', players[0]!.token)).json()).toEqual({
          message: MSG_TABLES.cannotLeave,
          code: 'tables/started',
        });
        const gameId: string = detail.game_id;
        const first: GameView = (await get(`/api/games/${gameId}/view`, players[0]!.token)).json();
        expect(first.kind).toBe('table');
        expect(first.table).toEqual({ id: 2, name: 'Mesa Clásica', entry_price: 1000 });
        events.length = 0;
        const view = await playMatchToEnd(t, gameId, players);
        expect(view.status).toBe('finished');
        // The final move freed the table, and its listeners heard it through the games ->
        // tables port (`tableMatchFinished`, bound in server.ts).
        expect(events).toContainEqual({ event: 'UserJoinedTable', payload: { table_id: 2 } });
        const winners = view.result!.winner_seats;
        expect(winners).toHaveLength(2);
        for (const [seat, p] of players.entries()) {
          const v: GameView = (await get(`/api/games/${gameId}/view`, p.token)).json();
          const won = winners.includes(seat);
          expect(v.settlement).toEqual({
            pot: 4000,
            house_fee: 320,
            pot_share: 80,
            prize: won ? 1800 : 0,
            entry: 1000,
            net: won ? 800 : -1000,
          });
          expect(await balance(p)).toBe(won ? 2800 : 1000);
        }
        const [escrow] = await t.database.db
          .select()
          .from(accounts)
          .where(eq(accounts.ref, `table:2:1`));
        expect(escrow?.balanceCents).toBe(0);
        const [house] = await t.database.db
          .select()
          .from(accounts)
          .where(eq(accounts.kind, 'house_fees'));
        expect(house?.balanceCents).toBe(32_000);
        const [pot] = await t.database.db
          .select()
          .from(accounts)
          .where(eq(accounts.kind, 'monthly_pot'));
        expect(pot?.balanceCents).toBe(8_000);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
        const after = (await get('/api/tables/2')).json();
        expect(after).toMatchObject({ status: 'open', current_players: 0, game_id: null });
        const history = (await get('/api/history', players[0]!.token)).json();
        expect(history.total).toBe(1);
        expect(history.matches[0]).toMatchObject({
          game_id: gameId,
          table: { id: 2, name: 'Mesa Clásica' },
          mode: 'parejas',
          entry: 1000,
        });
        expect(history.matches[0].amount).toBe(winners.includes(0) ? 800 : -1000);
        expect(history.matches[0].partners).toHaveLength(1);
        expect(history.matches[0].opponents).toHaveLength(2);
        const replay = (await get(`/api/games/${gameId}/replay`, players[1]!.token)).json();
        expect(replay.moves.length).toBe(view.version);
        expect(replay.fairness.server_seed).toMatch(/^[0-9a-f]{64}$/);
        // A finished public table's replay is open to any player (spectators, decision 022),
        // its fairness record is not.
        expect((await get(`/api/games/${gameId}/replay`, late.token)).json().my_seat).toBeNull();
        expect((await get(`/api/games/${gameId}/fairness`, late.token)).statusCode).toBe(403);
        // A public table has no rematch window: the next round can start at once.
        expect(after.rematch).toBeNull();
        expect(
          (await post('/api/tables/2/rematch', players[2]!.token, { entry_price: 1000 })).json()
            .code,
        ).toBe('tables/no_rematch');
        expect(
          (await post('/api/tables/2/join', late.token, { entry_price: 1000 })).statusCode,
        ).toBe(200);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      },
    );

    it.skipIf(skip || kind !== 'postgres')(
      'lets exactly one of many racing players take the last seat; the rest keep their money',
      async () => {
        const seated = await Promise.all([0, 1, 2].map(() => funded(1000)));
        for (const p of seated)
          expect((await post('/api/tables/1/join', p.token, { entry_price: 500 })).statusCode).toBe(
            200,
          );
        const racers = await Promise.all([0, 1, 2, 3, 4, 5].map(() => funded(1000)));
        const results = await Promise.all(
          racers.map((p) => post('/api/tables/1/join', p.token, { entry_price: 500 })),
        );
        expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
        for (const r of results.filter((x) => x.statusCode !== 200)) {
          expect(r.statusCode).toBe(409);
          expect(['tables/full', 'tables/playing']).toContain(r.json().code);
        }
        const balances = await Promise.all(racers.map(balance));
        expect(balances.filter((b) => b === 500)).toHaveLength(1);
        expect(balances.filter((b) => b === 1000)).toHaveLength(5);
        expect((await get('/api/tables/1')).json().game_id).not.toBeNull();
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      },
    );

    it.skipIf(skip)(
      'lets staff create, edit, open and close tables, refusing risky changes',
      async () => {
        const bad = await post('/api/admin/tables', admin, {
          name: 'Mesa X',
          entry_price: 100,
          mode: 'parejas',
          max_players: 3,
        });
        expect(bad.statusCode).toBe(422);
        expect(bad.json().errors.max_players).toEqual(['El modo parejas necesita 4 jugadores']);
        const created = await post('/api/admin/tables', admin, {
          name: 'Mesa Nueva',
          entry_price: 750.5,
          mode: 'individual',
          max_players: 2,
        });
        expect(created.statusCode).toBe(201);
        expect(created.json()).toMatchObject({
          name: 'Mesa Nueva',
          entry_price: 750.5,
          max_players: 2,
          mode: 'individual',
          turn_seconds: 20,
          house_fee_bps: 800,
          pot_share_bps: 200,
          status: 'open',
        });
        const id = created.json().id;
        const edited = await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/tables/${id}`,
          headers: auth(admin),
          payload: { target_points: 150 },
        });
        expect(edited.json().target_points).toBe(150);
        const p = await funded(1000);
        await post(`/api/tables/${id}/join`, p.token, { entry_price: 750.5 });
        const priceChange = await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/tables/${id}`,
          headers: auth(admin),
          payload: { entry_price: 800 },
        });
        expect(priceChange.statusCode).toBe(409);
        expect(priceChange.json().code).toBe('tables/players_waiting');
        // Closing with a player waiting gives them their entry back (decision 010).
        expect((await post(`/api/admin/tables/${id}/close`, admin)).json()).toMatchObject({
          status: 'closed',
          current_players: 0,
        });
        expect(await balance(p)).toBe(1000);
        expect((await get('/api/tables')).json().some((x: { id: number }) => x.id === id)).toBe(
          false,
        );
        expect((await post(`/api/admin/tables/${id}/open`, admin)).json().status).toBe('open');
        const player = await registerPlayer(t);
        expect((await get('/api/admin/tables', player.token)).statusCode).toBe(403);
      },
    );
  });
}

tableSuite('pglite');
tableSuite('postgres');
