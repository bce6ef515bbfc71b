import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  SCORING_EVENT_KINDS,
  rulesToConfig,
  tableRulesSchema,
  type TableRules,
} from '@domino/contracts';
import { replay, type MatchState, type Move, type Seat } from '@domino/domino';
import { gamePlayers, games, gameTables, rowState } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { fundedPlayer, loginAdmin, routeCallers } from '../../test/wallet-helpers';
import { checkLedger } from '../ledger/ledger';
import { movesOf } from '../games/repo';
import { gamesContext } from '../games/routes';
import { playDueGame } from '../games/due-moves';
import { DEMO_TABLES } from '../catalog/bootstrap';

/**
 * A table's rules as one value (docs/decisions/018-table-rules-as-data.md): the demo catalogue
 * shows the range, the tables API carries `rules`, staff set any combination of options (and
 * are refused, in Spanish, what does not apply), and a match plays and settles by the stored
 * rules of its table.
 */
function rulesSuite(kind: DbKind) {
  describe(`table rules on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let admin: string;
    const { get, post, patch } = routeCallers(() => t.app);

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

    const storedRules = async (id: number) => {
      const [row] = await t.database.db.select().from(gameTables).where(eq(gameTables.id, id));
      return row?.rules;
    };

    it.skipIf(skip)(
      'lists every demo table with its rules: classic, capicúa with bonuses, 200 points, 2 and 3 players',
      async () => {
        const list = (await get('/api/tables')).json() as { id: number; rules: TableRules }[];
        expect(list).toHaveLength(DEMO_TABLES.length);
        for (const table of list) expect(tableRulesSchema.parse(table.rules)).toEqual(table.rules);
        const rules = list.map((x) => x.rules);
        expect(rules).toContainEqual(DEFAULT_RULES);
        expect(rules.some((r) => r.capicua && r.pase_corrido)).toBe(true);
        expect(rules.some((r) => r.target_points === 200)).toBe(true);
        expect(rules.some((r) => r.mode === 'individual' && r.players === 2 && r.drawing)).toBe(
          true,
        );
        expect(rules.some((r) => r.players === 3)).toBe(true);
        const one = (await get(`/api/tables/${list[0]!.id}`)).json();
        expect(one.rules).toEqual(list[0]!.rules);
      },
    );

    it.skipIf(skip)(
      'lets staff set any option, stores the rules as one value, and refuses what does not apply in Spanish',
      async () => {
        const rules = {
          target_points: 150,
          lead_rule: 'winner',
          tranque_rule: 'lowest_hand',
          counting_rule: 'all_hands',
          tranque_counting: 'all_pips',
          tranque_tie: 'leader',
          tranque_lead: 'blocker',
          capicua: true,
          pase_corrido: true,
          pase_salida: true,
          turn_seconds: 45,
        } as const;
        const created = await post('/api/admin/tables', admin, {
          name: 'Mesa Todas las Reglas',
          entry_price: 10,
          rules,
        });
        expect(created.statusCode, created.body).toBe(201);
        const id: number = created.json().id;
        expect(created.json()).toMatchObject({
          rules: { ...DEFAULT_RULES, ...rules },
          target_points: 150,
          turn_seconds: 45,
        });
        expect(await storedRules(id)).toEqual({ ...DEFAULT_RULES, ...rules });

        const refused = await post('/api/admin/tables', admin, {
          name: 'Mesa Mala',
          entry_price: 10,
          rules: { mode: 'individual', players: 2, counting_rule: 'all_hands', drawing: false },
        });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors).toEqual({
          counting_rule: ['Puntos de la mano: solo aplica en parejas'],
        });
        // Pase corrido and pase de salida are played in parejas only (decision 057).
        const trio = await post('/api/admin/tables', admin, {
          name: 'Mesa Mala',
          entry_price: 10,
          rules: { mode: 'individual', players: 3, pase_corrido: true },
        });
        expect(trio.statusCode).toBe(422);
        expect(trio.json().errors).toEqual({
          pase_corrido: ['Pase corrido: solo aplica en parejas'],
        });
        const unknown = await post('/api/admin/tables', admin, {
          name: 'Mesa Mala',
          entry_price: 10,
          rules: { tranque_tie: 'moneda' },
        });
        expect(unknown.statusCode).toBe(422);
        expect(JSON.stringify(unknown.json())).not.toMatch(/Invalid|expected/);

        // An edit merges over the stored rules; switching to individual brings its own options.
        const edited = await patch(`/api/admin/tables/${id}`, admin, {
          rules: { lead_rule: 'rotate', tranque_lead: 'lowest_hand' },
        });
        expect(edited.statusCode, edited.body).toBe(200);
        expect(await storedRules(id)).toMatchObject({ lead_rule: 'rotate', capicua: true });
        const badEdit = await patch(`/api/admin/tables/${id}`, admin, {
          rules: { tranque_lead: 'blocker' },
        });
        expect(badEdit.json().errors).toEqual({
          tranque_lead: [
            'Salida tras ganar un tranque: solo aplica en parejas cuando sale el ganador',
          ],
        });

        // Locked while a player waits, option by option (decision 010).
        const p = await fundedPlayer(t, admin, 50);
        expect(
          (await post(`/api/tables/${id}/join`, p.token, { entry_price: 10 })).statusCode,
        ).toBe(200);
        const locked = await patch(`/api/admin/tables/${id}`, admin, {
          rules: { pase_corrido: false },
        });
        expect(locked.statusCode).toBe(409);
        expect(locked.json().code).toBe('tables/players_waiting');
        // Sending the rules it already has is not a change.
        const same = await patch(`/api/admin/tables/${id}`, admin, {
          name: 'Mesa Todas',
          rules: { pase_corrido: true },
        });
        expect(same.statusCode).toBe(200);
        expect((await post(`/api/tables/${id}/leave`, p.token)).statusCode).toBe(200);
      },
    );

    it.skipIf(skip)(
      'plays a 2-player individual match with drawing and capicúa by the stored rules, to settlement',
      async () => {
        const rules: TableRules = {
          ...DEFAULT_RULES,
          mode: 'individual',
          players: 2,
          drawing: true,
          capicua: true,
          tranque_tie: 'leader',
          tranque_counting: 'all_pips',
        };
        const created = await post('/api/admin/tables', admin, {
          name: 'Mesa Capicúa Mano a Mano',
          entry_price: 20,
          rules,
        });
        const tableId: number = created.json().id;
        const players = [await fundedPlayer(t, admin, 100), await fundedPlayer(t, admin, 100)];
        for (const p of players)
          expect(
            (await post(`/api/tables/${tableId}/join`, p.token, { entry_price: 20 })).statusCode,
          ).toBe(200);
        const gameId: string = (await get(`/api/tables/${tableId}`)).json().game_id;
        const view = (await get(`/api/games/${gameId}/view`, players[0]!.token)).json();
        expect(view.rules).toEqual(rules);

        // Every turn times out and the medium bot plays it: the whole match by the server.
        const ctx = gamesContext(t.app);
        for (let i = 0; i < 3000; i++) {
          const [g] = await t.database.db.select().from(games).where(eq(games.id, gameId));
          if (g?.status !== 'playing') break;
          await t.database.db
            .update(games)
            .set({ dueAt: sql`now() - interval '1 second'` })
            .where(eq(games.id, gameId));
          await playDueGame(ctx, gameId, g.version);
        }
        const [game] = await t.database.db.select().from(games).where(eq(games.id, gameId));
        expect(game?.status).toBe('finished');
        expect(game?.rules).toEqual(rules);
        const state = rowState(game!.storedState, game!.history) as MatchState;
        expect(state.config).toEqual(rulesToConfig(rules));

        // The recorded moves, replayed by the engine under the table's rules, give the same end.
        const moves = (await movesOf(t.database.db, gameId)).map((m) => ({
          seat: m.seat as Seat,
          move: m.move as Move,
        }));
        const again = replay(rulesToConfig(rules), state.fairness, moves);
        expect(again.scores).toEqual(state.scores);
        expect(again.result).toEqual(state.result);
        const bonusKinds = new Set(state.history.flatMap((h) => h.bonuses.map((b) => b.kind)));
        for (const k of bonusKinds) expect(SCORING_EVENT_KINDS).toContain(k);
        // Drawing was used: some hand dealt a stock and the engine accepted draws.
        expect(state.history[0]!.dealt.stock.length).toBe(14);

        // Settled: the single winner of the engine's result is paid; the ledger balances.
        const rows = await t.database.db
          .select()
          .from(gamePlayers)
          .where(eq(gamePlayers.gameId, gameId))
          .orderBy(gamePlayers.seat);
        const winner = state.result!.winnerSeats[0]!;
        expect(rows.map((r) => r.result)).toEqual(
          [0, 1].map((s) => (s === winner ? 'win' : 'loss')),
        );
        expect(rows[winner]!.payoutCents).toBeGreaterThan(0);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
        const history = (await get('/api/history', players[0]!.token)).json();
        expect(history.matches[0].rules).toEqual(rules);
        const rp = (await get(`/api/games/${gameId}/replay`, players[0]!.token)).json();
        expect(rp.rules).toEqual(rules);
      },
    );
  });
}

rulesSuite('pglite');
rulesSuite('postgres');
