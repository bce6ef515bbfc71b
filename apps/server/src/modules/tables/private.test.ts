import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  INVITE_CODE_ALPHABET,
  MSG_PRIVATE,
  MSG_TABLES,
  type TableRules,
} from '@domino/contracts';
import { auditLog, gameTables, potPoints } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { playMatchToEnd } from '../../test/play';
import { auth, fundedPlayer, loginAdmin, routeCallers } from '../../test/wallet-helpers';
import { checkLedger } from '../ledger/ledger';
import { keepTables } from './private';

/**
 * Private tables by invitation (docs/decisions/021-private-tables.md), through the API on both
 * databases: create within the staff's limits, hidden by id, joined by code, cancelled by the
 * host, expired by the keeper, free "amistosa" matches, the rematch, and the races on PostgreSQL
 * with money exact in every outcome.
 */
const INDIVIDUAL_2: TableRules = { ...DEFAULT_RULES, mode: 'individual', players: 2 };

function privateSuite(kind: DbKind) {
  describe(`private tables on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let admin: string;
    const { get, post, balance } = routeCallers(() => t.app);
    const funded = (amount: number) => fundedPlayer(t, admin, amount);
    const put = (url: string, token: string, payload: unknown) =>
      t.app.inject({ method: 'PUT', url, headers: auth(token), payload: payload as object });

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

    async function create(token: string, entry: number, rules: TableRules = INDIVIDUAL_2) {
      const res = await post('/api/private-tables', token, { rules, entry_price: entry });
      if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
      return res.json() as {
        table: { id: number; private: { invite_code: string; invite_path: string } };
        new_balance: number;
      };
    }

    it.skipIf(skip)(
      'creates a table within the staff limits, hides it by id and lets a friend join by code',
      async () => {
        const host = await funded(1000);
        const friend = await funded(1000);
        const stranger = await funded(1000);
        const options = (await get('/api/private-tables/options', host.token)).json();
        expect(options.entry_prices).toEqual([0, 100, 500, 1000]);
        const badPrice = await post('/api/private-tables', host.token, {
          rules: INDIVIDUAL_2,
          entry_price: 123,
        });
        expect(badPrice.statusCode).toBe(422);
        expect(badPrice.json()).toEqual({
          code: 'private/price_not_offered',
          message: MSG_PRIVATE.priceNotOffered,
        });
        // Staff allow only 100 points: a host asking for 200 is told which option.
        const saved = await put('/api/admin/private-tables/settings', admin, {
          ...options,
          allowed_rules: { target_points: [100] },
        });
        expect(saved.statusCode).toBe(200);
        const badRule = await post('/api/private-tables', host.token, {
          rules: { ...INDIVIDUAL_2, target_points: 200 },
          entry_price: 100,
        });
        expect(badRule.json()).toEqual({
          code: 'private/rule_not_allowed',
          message: MSG_PRIVATE.ruleNotAllowed('Puntos para ganar'),
        });
        expect(
          (await put('/api/admin/private-tables/settings', host.token, options)).statusCode,
        ).toBe(403);
        const invalid = await put('/api/admin/private-tables/settings', admin, {
          ...options,
          entry_prices: [],
        });
        expect(invalid.statusCode).toBe(422);
        expect(JSON.stringify(invalid.json())).toContain(MSG_PRIVATE.pricesRequired);
        await put('/api/admin/private-tables/settings', admin, options);
        const [audited] = await t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, 'private_tables.settings'));
        expect(audited?.actorUserId).not.toBeNull();

        const made = await create(host.token, 100);
        expect(made.new_balance).toBe(900);
        const code = made.table.private.invite_code;
        expect(code).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{6}$`));
        expect(made.table.private.invite_path).toBe(`/invitacion/${code}`);
        const id = made.table.id;
        // Never listed; by id it does not exist but for its host and players.
        expect((await get('/api/tables')).json().some((x: { id: number }) => x.id === id)).toBe(
          false,
        );
        expect((await get(`/api/tables/${id}`)).statusCode).toBe(404);
        expect((await get(`/api/tables/${id}`, stranger.token)).statusCode).toBe(404);
        expect((await get(`/api/tables/${id}`, host.token)).json().private.invite_code).toBe(code);
        const byId = await post(`/api/tables/${id}/join`, stranger.token, { entry_price: 100 });
        expect(byId.statusCode).toBe(404);
        expect(await balance(stranger.token)).toBe(1000);
        // A second waiting table for the same host is refused.
        expect(
          (
            await post('/api/private-tables', host.token, { rules: INDIVIDUAL_2, entry_price: 0 })
          ).json().code,
        ).toBe('private/too_many_open');
        // By code (typed in lower case, with spaces): the invitation page.
        const page = await get(`/api/private-tables/${code.toLowerCase()}`, friend.token);
        expect(page.json()).toMatchObject({ id, entry_price: 100, current_players: 1 });
        const malformed = await get('/api/private-tables/ABC', friend.token);
        expect(malformed.statusCode).toBe(404);
        expect(malformed.json().message).toMatch(/^[^a-z]*[A-ZÁÉÍÓÚÑ¿¡]/);
        const joined = await post(`/api/private-tables/${code}/join`, friend.token, {
          entry_price: 100,
        });
        expect(joined.json()).toMatchObject({ new_balance: 900, seat: 1 });
        const detail = (await get(`/api/tables/${id}`, friend.token)).json();
        expect(detail.game_id).toMatch(/[0-9a-f-]{36}/);
        expect(detail.private.expires_at).toBeNull();
        // The match is on: the host can no longer cancel.
        expect((await post(`/api/private-tables/${code}/cancel`, host.token)).json().code).toBe(
          'private/cancel_playing',
        );
        const view = await playMatchToEnd(t, detail.game_id, [host, friend]);
        const winner = view.result!.winner_seats[0]!;
        // pot 200, house 16, pot share 4, prize 180.
        expect(await balance(host.token)).toBe(winner === 0 ? 1080 : 900);
        expect(await balance(friend.token)).toBe(winner === 1 ? 1080 : 900);
        // The friend asks for a rematch and pays again; the host does not answer in time: the
        // friend's entry comes back exactly and the table closes, its match played.
        const friendBefore = await balance(friend.token);
        // The players have two minutes to ask; the first who asks gives the others 30 s.
        const offered = (await get(`/api/tables/${id}`, host.token)).json().rematch.until;
        expect(Date.parse(offered) - Date.now()).toBeGreaterThan(60_000);
        const rematch = await post(`/api/tables/${id}/rematch`, friend.token, { entry_price: 100 });
        const window = (await get(`/api/tables/${id}`, host.token)).json().rematch;
        expect(Date.parse(window.until) - Date.now()).toBeLessThanOrEqual(30_000);
        expect(
          window.seats.find((x: { user_id: number }) => x.user_id === friend.id).accepted,
        ).toBe(true);
        expect(rematch.json()).toMatchObject({ seat: 1, new_balance: friendBefore - 100 });
        // A stranger cannot tell this private table from a missing one (decision 048).
        expect(
          (await post(`/api/tables/${id}/rematch`, stranger.token, { entry_price: 100 })).json()
            .code,
        ).toBe('tables/not_found');
        const lapsed = await keepTables(t.database.db, new Date(Date.now() + 31_000));
        expect(lapsed.lapsed.find((c) => c.tableId === id)?.refunds).toMatchObject([
          { userId: friend.id, refundCents: 10_000 },
        ]);
        expect(await balance(friend.token)).toBe(friendBefore);
        const [closed] = await t.database.db.select().from(gameTables).where(eq(gameTables.id, id));
        expect(closed).toMatchObject({ status: 'closed', closedReason: 'finished' });
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      },
    );

    it.skipIf(skip)('lets only the host cancel, refunding every seat exactly', async () => {
      const host = await funded(1000);
      const friend = await funded(1000);
      const { table } = await create(host.token, 500, { ...DEFAULT_RULES });
      const code = table.private.invite_code;
      await post(`/api/private-tables/${code}/join`, friend.token, { entry_price: 500 });
      expect(await balance(friend.token)).toBe(500);
      const notHost = await post(`/api/private-tables/${code}/cancel`, friend.token);
      expect(notHost.statusCode).toBe(403);
      expect(notHost.json()).toEqual({ code: 'private/not_host', message: MSG_PRIVATE.notHost });
      const cancelled = await post(`/api/private-tables/${code}/cancel`, host.token);
      expect(cancelled.json()).toEqual({ message: MSG_PRIVATE.cancelled, new_balance: 1000 });
      expect(await balance(friend.token)).toBe(1000);
      const [row] = await t.database.db
        .select()
        .from(gameTables)
        .where(eq(gameTables.id, table.id));
      expect(row).toMatchObject({ status: 'closed', closedReason: 'host' });
      const [log] = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'table.private_cancel'), eq(auditLog.targetId, String(table.id))),
        );
      expect(log?.after).toMatchObject({
        reason: 'host',
        refunded: [{ refund: 500 }, { refund: 500 }],
      });
      expect((await get(`/api/private-tables/${code}`, friend.token)).statusCode).toBe(404);
      expect((await checkLedger(t.database.db)).ok).toBe(true);
    });

    it.skipIf(skip)('expires an unfilled table and refunds its seats', async () => {
      const host = await funded(1000);
      const { table } = await create(host.token, 1000, { ...DEFAULT_RULES });
      expect(await balance(host.token)).toBe(0);
      // Not yet due: nothing happens.
      expect((await keepTables(t.database.db, new Date())).expired).toHaveLength(0);
      const out = await keepTables(t.database.db, new Date(Date.now() + 31 * 60_000));
      expect(out.expired.map((c) => c.tableId)).toContain(table.id);
      expect(await balance(host.token)).toBe(1000);
      const [row] = await t.database.db
        .select()
        .from(gameTables)
        .where(eq(gameTables.id, table.id));
      expect(row).toMatchObject({ status: 'closed', closedReason: 'expired' });
      expect((await checkLedger(t.database.db)).ok).toBe(true);
    });

    it.skipIf(skip)(
      'plays a free "amistosa" without moving money or pot points; an unanswered rematch closes it',
      async () => {
        const host = await funded(10);
        const friend = await funded(10);
        const { table } = await create(host.token, 0);
        expect(await balance(host.token)).toBe(10);
        await post(`/api/private-tables/${table.private.invite_code}/join`, friend.token, {
          entry_price: 0,
        });
        const gameId = (await get(`/api/tables/${table.id}`, host.token)).json().game_id;
        const view = await playMatchToEnd(t, gameId, [host, friend]);
        expect(view.status).toBe('finished');
        expect(await balance(host.token)).toBe(10);
        expect(await balance(friend.token)).toBe(10);
        expect(
          await t.database.db.select().from(potPoints).where(eq(potPoints.gameId, gameId)),
        ).toHaveLength(0);
        const after = (await get(`/api/tables/${table.id}`, friend.token)).json();
        expect(after.rematch.seats).toEqual([
          { seat: 0, user_id: host.id, accepted: false },
          { seat: 1, user_id: friend.id, accepted: false },
        ]);
        const a = await post(`/api/tables/${table.id}/rematch`, friend.token, { entry_price: 0 });
        expect(a.json()).toMatchObject({ seat: 1, message: MSG_TABLES.rematchAccepted });
        // The host does not answer: when the window runs out the friend gets their seat's
        // entry back and the private table closes, its match played.
        await keepTables(t.database.db, new Date(Date.now() + 31_000));
        const [row] = await t.database.db
          .select()
          .from(gameTables)
          .where(eq(gameTables.id, table.id));
        expect(row).toMatchObject({ status: 'closed', closedReason: 'finished' });
      },
    );

    it.skipIf(skip)(
      'counts unknown codes against a limit so codes cannot be found by trying',
      async () => {
        const prober = await funded(10);
        let last = 0;
        for (let i = 0; i < 31; i++)
          last = (await get(`/api/private-tables/ZZZZZ${INVITE_CODE_ALPHABET[i]}`, prober.token))
            .statusCode;
        expect(last).toBe(429);
      },
    );

    it.skipIf(skip || kind !== 'postgres')(
      'races: cancel against the last join, expiry against a join, two rematch acceptances',
      async () => {
        for (let round = 0; round < 4; round++) {
          const host = await funded(1000);
          const friend = await funded(1000);
          const { table } = await create(host.token, 500);
          const code = table.private.invite_code;
          const [cancel, join] = await Promise.all([
            post(`/api/private-tables/${code}/cancel`, host.token),
            post(`/api/private-tables/${code}/join`, friend.token, { entry_price: 500 }),
          ]);
          const started = join.statusCode === 200 && cancel.statusCode !== 200;
          if (started) {
            // The join won: the match runs with both entries in escrow.
            expect(cancel.json().code).toBe('private/cancel_playing');
            expect(await balance(host.token)).toBe(500);
            expect(await balance(friend.token)).toBe(500);
          } else {
            // The cancel won: everybody has exactly what they had.
            expect(cancel.statusCode).toBe(200);
            expect([404, 409]).toContain(join.statusCode);
            expect(await balance(host.token)).toBe(1000);
            expect(await balance(friend.token)).toBe(1000);
          }
        }
        for (let round = 0; round < 4; round++) {
          const host = await funded(1000);
          const friend = await funded(1000);
          const { table } = await create(host.token, 500);
          const [join] = await Promise.all([
            post(`/api/private-tables/${table.private.invite_code}/join`, friend.token, {
              entry_price: 500,
            }),
            keepTables(t.database.db, new Date(Date.now() + 31 * 60_000)),
          ]);
          const total = (await balance(host.token)) + (await balance(friend.token));
          if (join.statusCode === 200)
            expect(total).toBe(1000); // both in the match's escrow
          else expect(total).toBe(2000); // expired first: nobody paid anything in the end
        }
        // Two players accept the same rematch at once, twice each (a double tap): charged once.
        const host = await funded(1000);
        const friend = await funded(1000);
        const { table } = await create(host.token, 100);
        await post(`/api/private-tables/${table.private.invite_code}/join`, friend.token, {
          entry_price: 100,
        });
        const gameId = (await get(`/api/tables/${table.id}`, host.token)).json().game_id;
        await playMatchToEnd(t, gameId, [host, friend]);
        const before = [await balance(host.token), await balance(friend.token)];
        const answers = await Promise.all(
          [host, friend, host, friend].map((p) =>
            post(`/api/tables/${table.id}/rematch`, p.token, { entry_price: 100 }),
          ),
        );
        expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
        expect(await balance(host.token)).toBe(before[0]! - 100);
        expect(await balance(friend.token)).toBe(before[1]! - 100);
        const next = (await get(`/api/tables/${table.id}`, host.token)).json();
        expect(next.game_id).not.toBe(gameId);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      },
    );
  });
}

privateSuite('pglite');
privateSuite('postgres');
