import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, MSG_POT } from '@domino/contracts';
import type { Db } from '../../db/client';
import {
  accounts,
  auditLog,
  games,
  ledgerTransactions,
  monthlyPots,
  potPayouts,
  potPoints,
  users,
} from '../../db/schema';
import { caracasMidnight } from '../../lib/time';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer, postgresAvailable } from '../../test/helpers';
import type { Player } from '../../test/wallet-helpers';
import { auth, loginAdmin, registerPlayer } from '../../test/wallet-helpers';
import { playMatchToEnd } from '../../test/play';
import { createWallet, walletBalanceCents } from '../ledger/accounts';
import { checkLedger } from '../ledger/ledger';
import { potMonth } from './month';
import { loadHighlights } from '../landing/service';
import { closeDueMonths } from './close';
import { PotCloser } from './job';
import { monthRanking } from './ranking';
import { potBalanceCents, topUpPot } from './service';

/** A Caracas instant inside a month: day 15 at noon local time. */
const inMonth = (key: string) => {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return new Date(caracasMidnight(y, m, 15).getTime() + 12 * 3_600_000);
};

let userSeq = 0;
/** A user row with a wallet, written directly (ranking fixtures need many players quickly). */
async function fixtureUser(db: Db, name: string): Promise<number> {
  userSeq += 1;
  const tag = `${Date.now().toString(36)}${userSeq}${randomUUID().slice(0, 6)}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        name,
        email: `fx_${tag}@example.com`,
        username: `fx_${tag}`,
        typeIdentification: 'V',
        nIdentification: String(randomInt(1_000_000_000, 9_999_999_999)),
        phone: `0416${tag}`,
        passwordHash: 'unused',
      })
      .returning({ id: users.id });
    await createWallet(tx, row!.id);
    return row!.id;
  });
}

/** A settled match's points row, as settlement writes it (with a finished game row for the FK). */
async function recordPoints(
  db: Db,
  month: string,
  userId: number,
  points: number,
  won: boolean,
  at: Date = inMonth(month),
) {
  const id = randomUUID();
  await db.insert(games).values({
    id,
    kind: 'table',
    storedState: {},
    rules: DEFAULT_RULES,
    status: 'finished',
    commitment: 'fixture',
    finishedAt: at,
  });
  await db.insert(potPoints).values({ gameId: id, userId, month, points, won, createdAt: at });
}

/** Puts money in a month's pot the way staff do (ledger transfer from adjustments, audited). */
async function fundMonth(t: TestApp, month: string, cents: number) {
  const [admin] = await t.database.db.select().from(users).where(eq(users.rol, 'admin'));
  await t.database.db.transaction((tx) =>
    topUpPot(tx, admin!.id, cents, 'Fondo de prueba', `test:${randomUUID()}`, inMonth(month)),
  );
}

const nextMonthStart = (key: string) => {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return m === 12 ? caracasMidnight(y + 1, 1, 1) : caracasMidnight(y, m + 1, 1);
};

function potSuite(kind: DbKind) {
  describe(`Pote del Mes on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let admin: string;
    const pushes: { userId: number; event: string; payload: unknown }[] = [];
    const get = (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
    const send = (
      method: 'POST' | 'PATCH',
      url: string,
      token: string,
      payload: unknown,
      headers: Record<string, string> = {},
    ) =>
      t.app.inject({
        method,
        url,
        headers: auth(token, headers),
        payload: payload as Record<string, unknown>,
      });

    /** A player registered through the API with `name` (so staff can suspend them). */
    const registerNamed = async (name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register_api',
        payload: newPlayer({ name }),
      });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
      return { id: res.json().user.id as number, token: res.json().token as string, name };
    };
    const suspend = async (userId: number) => {
      const res = await send('POST', `/api/admin/users/${userId}/suspend`, admin, {
        reason: 'Colusión comprobada',
      });
      expect(res.statusCode).toBe(200);
    };

    beforeAll(async () => {
      if (skip) return;
      t = await buildTestApp(kind, {
        BOT_MIN_DELAY_MS: '0',
        BOT_MAX_DELAY_MS: '0',
        HAND_PAUSE_MS: '0',
      });
      admin = await loginAdmin(t);
      t.app.deps.hub.toUser = (userId, event, payload) =>
        void pushes.push({ userId, event, payload });
    });
    afterAll(async () => {
      if (!skip) await t.close();
    });

    it.skipIf(skip)(
      'answers the current pot in the docs/product.md §7 shape, with has_pot false until money arrives',
      async () => {
        const empty = await get('/api/monthly-pot/current');
        expect(empty.statusCode).toBe(200);
        const now = new Date();
        const { year, month } = {
          year: Number(potMonth(now).slice(0, 4)),
          month: Number(potMonth(now).slice(5)),
        };
        expect(empty.json()).toEqual({
          success: true,
          has_pot: false,
          pot: {
            amount: 0,
            amount_cents: 0,
            year,
            month,
            month_name: expect.any(String),
            description: '',
          },
          top_players: [],
        });
        const top = await send(
          'POST',
          '/api/admin/pot/top-ups',
          admin,
          { amount: 1234.56, reason: 'Lanzamiento del pote' },
          { 'idempotency-key': 'topup-1' },
        );
        expect(top.statusCode).toBe(200);
        expect(top.json()).toEqual({
          message: MSG_POT.topUpDone,
          amount: 1234.56,
          amount_cents: 123_456,
        });
        // A retry with the same key moves nothing again.
        const retry = await send(
          'POST',
          '/api/admin/pot/top-ups',
          admin,
          { amount: 1234.56, reason: 'Lanzamiento del pote' },
          { 'idempotency-key': 'topup-1' },
        );
        expect(retry.json().amount_cents).toBe(123_456);
        const p = await registerPlayer(t);
        await recordPoints(t.database.db, potMonth(now), p.id, 57, true, now);
        const body = (await get('/api/monthly-pot/current')).json();
        expect(body.has_pot).toBe(true);
        expect(body.pot.amount).toBe(1234.56);
        expect(body.pot.month_name).toBe(
          [
            'Enero',
            'Febrero',
            'Marzo',
            'Abril',
            'Mayo',
            'Junio',
            'Julio',
            'Agosto',
            'Septiembre',
            'Octubre',
            'Noviembre',
            'Diciembre',
          ][month - 1],
        );
        // Public: the short name only, and no account id (ids appear with full names at tables).
        expect(body.top_players).toEqual([
          { position: 1, name: 'Jugador P.', points: 57, matches_won: 1 },
        ]);
        expect(JSON.stringify(body)).not.toContain('Jugador Prueba');
        expect(JSON.stringify(body)).not.toContain('user_id');
        const audits = await t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, 'pot.top_up'));
        expect(audits).toHaveLength(1);
        expect(audits[0]).toMatchObject({
          targetType: 'monthly_pot',
          targetId: potMonth(now),
          before: { balance_cents: 0 },
          after: { balance_cents: 123_456, top_up_cents: 123_456 },
          reason: 'Lanzamiento del pote',
        });
        const view = (await get('/api/admin/pot', admin)).json();
        expect(view.top_ups).toHaveLength(1);
        expect(view.top_ups[0]).toMatchObject({
          amount: 1234.56,
          reason: 'Lanzamiento del pote',
          staff: 'Administrador',
        });
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      },
    );

    it.skipIf(skip)(
      'records each player’s side points and the lifetime total when a match is settled',
      async () => {
        const players: Player[] = [];
        for (let i = 0; i < 4; i++) {
          const p = await registerPlayer(t);
          await send('POST', `/api/admin/users/${p.id}/adjustments`, admin, {
            amount: 2000,
            reason: 'Saldo de prueba',
          });
          players.push(p);
        }
        const before = await potBalanceCents(t.database.db, potMonth(new Date()));
        for (const p of players)
          expect(
            (await send('POST', '/api/tables/2/join', p.token, { entry_price: 1000 })).statusCode,
          ).toBe(200);
        const gameId: string = (await get('/api/tables/2')).json().game_id;
        const view = await playMatchToEnd(t, gameId, players);
        expect(view.status).toBe('finished');
        const scores = view.result!.scores;
        const winners = view.result!.winner_seats;
        const rows = await t.database.db
          .select()
          .from(potPoints)
          .where(eq(potPoints.gameId, gameId));
        expect(rows).toHaveLength(4);
        for (const [seat, p] of players.entries()) {
          const row = rows.find((r) => r.userId === p.id)!;
          expect(row.points).toBe(scores[seat % 2]);
          expect(row.won).toBe(winners.includes(seat));
          expect(row.month).toBe(potMonth(new Date()));
          const me = (await get('/api/user', p.token)).json();
          expect((me.user ?? me).points).toBe(scores[seat % 2]);
        }
        // The pot share reached this month's pot in the same settlement.
        expect(await potBalanceCents(t.database.db, potMonth(new Date()))).toBe(before + 8_000);
        const ranking = (await get('/api/monthly-pot/ranking', players[0]!.token)).json();
        expect(ranking.me.points).toBe(scores[0]);
        expect(ranking.me.matches_won).toBe(winners.includes(0) ? 1 : 0);
      },
    );

    it.skipIf(skip)(
      'shows my own position and points on /pote even outside the top 50',
      async () => {
        const month = potMonth(new Date());
        for (let i = 0; i < 52; i++) {
          const id = await fixtureUser(t.database.db, `Rival ${i}`);
          await recordPoints(t.database.db, month, id, 500 + i, i % 2 === 0);
        }
        const me = await registerPlayer(t);
        await recordPoints(t.database.db, month, me.id, 1, false);
        const body = (await get('/api/monthly-pot/ranking', me.token)).json();
        expect(body.ranking).toHaveLength(50);
        expect(body.ranking[0]).toEqual({
          position: 1,
          name: 'Rival',
          points: 551,
          matches_won: 0,
        });
        expect(body.ranking.some((r: { points: number }) => r.points === 1)).toBe(false);
        expect(body.me).toEqual({ position: body.ranked_players, points: 1, matches_won: 0 });
        expect(Date.parse(body.pot.ends_at)).toBe(nextMonthStart(month).getTime());
        expect(body.shares.map((s: { bps: number }) => s.bps)).toEqual([5000, 3000, 2000]);
        const total = body.shares.reduce(
          (a: number, s: { amount_cents: number }) => a + s.amount_cents,
          0,
        );
        expect(total).toBe(body.pot.amount_cents);
        expect((await get('/api/monthly-pot/ranking')).statusCode).toBe(401);
        const none = await registerPlayer(t);
        expect((await get('/api/monthly-pot/ranking', none.token)).json().me).toEqual({
          position: null,
          points: 0,
          matches_won: 0,
        });
      },
    );

    it.skipIf(skip)(
      'shows other players by their short name, me by my own name and staff the full names',
      async () => {
        const now = new Date();
        const month = potMonth(now);
        const maria = await registerNamed('María Gabriela González');
        const jose = await registerNamed('José Pérez');
        await recordPoints(t.database.db, month, maria.id, 90_000, true, now);
        await recordPoints(t.database.db, month, jose.id, 80_000, true, now);

        const current = (await get('/api/monthly-pot/current')).json();
        expect(current.top_players.slice(0, 2)).toEqual([
          { position: 1, name: 'María G.', points: 90_000, matches_won: 1 },
          { position: 2, name: 'José P.', points: 80_000, matches_won: 1 },
        ]);
        for (const n of [maria.name, jose.name, 'González', 'Pérez'])
          expect(JSON.stringify(current)).not.toContain(n);

        const mine = (await get('/api/monthly-pot/ranking', jose.token)).json();
        expect(mine.ranking.slice(0, 2)).toEqual([
          { position: 1, name: 'María G.', points: 90_000, matches_won: 1 },
          { position: 2, name: 'José Pérez', points: 80_000, matches_won: 1 },
        ]);
        expect(mine.me).toEqual({ position: 2, points: 80_000, matches_won: 1 });
        expect(JSON.stringify(mine)).not.toContain(maria.name);
        expect(JSON.stringify(mine)).not.toContain('user_id');

        // Staff identify whom they pay: account ids and full names.
        const staff = (await get('/api/admin/pot', admin)).json();
        expect(staff.top_players.slice(0, 2)).toEqual([
          { position: 1, user_id: maria.id, name: maria.name, points: 90_000, matches_won: 1 },
          { position: 2, user_id: jose.id, name: jose.name, points: 80_000, matches_won: 1 },
        ]);
      },
    );

    it.skipIf(skip)(
      'ranks only players with points whose account is not suspended, on every ranking',
      async () => {
        const now = new Date();
        const month = potMonth(now);
        const cheat = await registerNamed('Tramposo Suspendido');
        const shutOut = await registerNamed('Zapato Total');
        await recordPoints(t.database.db, month, cheat.id, 1_000_000, true, now);
        // Their side scored nothing in either match: settlement still writes the rows.
        await recordPoints(t.database.db, month, shutOut.id, 0, false, now);
        await recordPoints(t.database.db, month, shutOut.id, 0, false, now);
        const before = (await get('/api/monthly-pot/ranking', shutOut.token)).json();
        expect(before.ranking[0]).toMatchObject({ name: 'Tramposo S.', points: 1_000_000 });
        // A shut-out player is not ranked at all: no position, not counted, not listed.
        expect(before.me).toEqual({ position: null, points: 0, matches_won: 0 });
        expect(before.ranking.map((r: { points: number }) => r.points)).not.toContain(0);

        await suspend(cheat.id);
        const ranked = async () => {
          const view = (await get('/api/monthly-pot/ranking', shutOut.token)).json();
          const lists = {
            current: (await get('/api/monthly-pot/current')).json().top_players,
            ranking: view.ranking,
            admin: (await get('/api/admin/pot', admin)).json().top_players,
            landing: (await loadHighlights(t.database.db, now)).top_players,
          };
          return { view, lists };
        };
        const after = await ranked();
        expect(after.view.ranked_players).toBe(before.ranked_players - 1);
        for (const [where, list] of Object.entries(after.lists)) {
          const names = (list as { name: string }[]).map((p) => p.name);
          expect(names, where).not.toContain('Tramposo S.');
          expect(names, where).not.toContain(cheat.name);
          expect(names, where).not.toContain('Zapato T.');
          expect(names, where).not.toContain(shutOut.name);
          (list as { position: number }[]).forEach((p, i) => expect(p.position, where).toBe(i + 1));
        }
        expect(after.lists.current[0]).toMatchObject({ position: 1, name: 'María G.' });

        // Reactivated before the month closes, the account is ranked again.
        const back = await send('POST', `/api/admin/users/${cheat.id}/reactivate`, admin, {
          reason: 'Revisión sin hallazgos',
        });
        expect(back.statusCode).toBe(200);
        expect((await get('/api/monthly-pot/current')).json().top_players[0]).toMatchObject({
          name: 'Tramposo S.',
        });
        // Leave it suspended for the month-close tests below (it must never be paid).
        await suspend(cheat.id);
      },
    );

    it.skipIf(skip)('refuses invalid staff settings and changes nothing', async () => {
      const patch = (payload: unknown, token = admin) =>
        send('PATCH', '/api/admin/pot', token, payload);
      const auditCount = async () =>
        (
          await t.database.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.action, 'pot.update_settings'))
        ).length;
      const cases: [unknown, string, string][] = [
        [{ shares_bps: [5000, 3000] }, 'shares_bps', MSG_POT.sharesSum],
        [{ shares_bps: [10_000, 0] }, 'shares_bps', MSG_POT.sharesPositive],
        [{ shares_bps: [5000.5, 4999.5] }, 'shares_bps', MSG_POT.sharesPositive],
        [{ shares_bps: [] }, 'shares_bps', MSG_POT.sharesRequired],
        [{ shares_bps: Array(11).fill(909) }, 'shares_bps', MSG_POT.sharesTooMany],
        [{ description: 'x'.repeat(501) }, 'description', MSG_POT.descriptionTooLong],
        [{}, 'description', MSG_POT.nothingToUpdate],
      ];
      for (const [payload, field, message] of cases) {
        const res = await patch(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json().errors[field]).toContain(message);
      }
      const player = await registerPlayer(t);
      expect((await patch({ description: 'Hola' }, player.token)).statusCode).toBe(403);
      expect((await get('/api/admin/pot', player.token)).statusCode).toBe(403);
      const badTopUp = await send('POST', '/api/admin/pot/top-ups', admin, {
        amount: -5,
        reason: 'Nada',
      });
      expect(badTopUp.statusCode).toBe(422);
      expect(badTopUp.json().errors.amount).toEqual([MSG_POT.topUpAmountInvalid]);
      expect(
        (await send('POST', '/api/admin/pot/top-ups', admin, { amount: 10, reason: '' }))
          .statusCode,
      ).toBe(422);
      expect(await auditCount()).toBe(0);
      const view = (await get('/api/admin/pot', admin)).json();
      expect(view.shares_bps).toEqual([5000, 3000, 2000]);
      expect(view.description).toBe('');

      const ok = await patch({
        description: '  Premios para los mejores del mes  ',
        shares_bps: [6000, 4000],
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        message: MSG_POT.settingsSaved,
        description: 'Premios para los mejores del mes',
        shares_bps: [6000, 4000],
      });
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'pot.update_settings'));
      expect(entry).toMatchObject({
        targetId: potMonth(new Date()),
        before: { description: '', shares_bps: [5000, 3000, 2000] },
        after: { description: 'Premios para los mejores del mes', shares_bps: [6000, 4000] },
      });
      expect((await get('/api/monthly-pot/current')).json().pot.description).toBe(
        'Premios para los mejores del mes',
      );
      // Restore the default for the month-close tests below.
      await patch({ shares_bps: [5000, 3000, 2000] });
    });

    // Month-close tests use past months in DESCENDING order: a close carries money forward to the
    // next month, so each test works on months earlier than every month an earlier test touched.

    it.skipIf(skip)(
      'ranks by points, then matches won, then who reached the total first',
      async () => {
        const month = '2024-06';
        const [a, b, c, d, e] = await Promise.all(
          ['Ana', 'Beto', 'Carla', 'Dario', 'Eva'].map((n) => fixtureUser(t.database.db, n)),
        );
        const day = (n: number) => new Date(inMonth(month).getTime() + n * 86_400_000);
        // Beto and Carla tie on 150 points; Carla won more matches.
        await recordPoints(t.database.db, month, b!, 100, true, day(1));
        await recordPoints(t.database.db, month, b!, 50, false, day(2));
        await recordPoints(t.database.db, month, c!, 75, true, day(3));
        await recordPoints(t.database.db, month, c!, 75, true, day(4));
        // Dario and Eva tie on 120 points and one win; Eva got there first.
        await recordPoints(t.database.db, month, d!, 120, true, day(6));
        await recordPoints(t.database.db, month, e!, 20, false, day(1));
        await recordPoints(t.database.db, month, e!, 100, true, day(5));
        await recordPoints(t.database.db, month, a!, 200, true, day(2));
        // A later match where Eva's side scored nothing does not change when she got there.
        await recordPoints(t.database.db, month, e!, 0, false, day(7));
        // Another month does not count.
        await recordPoints(t.database.db, '2024-05', d!, 999, true);
        const rows = await monthRanking(t.database.db, month);
        expect(rows.map((r) => [r.position, r.name, r.points, r.matchesWon])).toEqual([
          [1, 'Ana', 200, 1],
          [2, 'Carla', 150, 2],
          [3, 'Beto', 150, 1],
          [4, 'Eva', 120, 1],
          [5, 'Dario', 120, 1],
        ]);
        expect(rows[3]!.reachedAt.getTime()).toBe(day(5).getTime());
        expect((await monthRanking(t.database.db, month, { limit: 2 })).map((r) => r.name)).toEqual(
          ['Ana', 'Carla'],
        );

        // Closing pays 50/30/20 to the céntimo, with the odd céntimos to position 1.
        await fundMonth(t, month, 100_001);
        pushes.length = 0;
        const report = await closeDueMonths(t.database.db, {
          now: nextMonthStart(month),
          hub: t.app.deps.hub,
        });
        // May has points but no money: there is nothing to close.
        expect(report.closed).toEqual([{ month, status: 'paid', payouts: 3 }]);
        expect(await walletBalanceCents(t.database.db, a!)).toBe(50_001);
        expect(await walletBalanceCents(t.database.db, c!)).toBe(30_000);
        expect(await walletBalanceCents(t.database.db, b!)).toBe(20_000);
        expect(await walletBalanceCents(t.database.db, e!)).toBe(0);
        expect(await potBalanceCents(t.database.db, month)).toBe(0);
        expect(pushes).toContainEqual({
          userId: a!,
          event: 'balance:updated',
          payload: { balance: 500.01 },
        });
        const payouts = await t.database.db
          .select()
          .from(potPayouts)
          .where(eq(potPayouts.month, month));
        expect(payouts.map((p) => [p.position, p.userId, p.amountCents])).toEqual([
          [1, a, 50_001],
          [2, c, 30_000],
          [3, b, 20_000],
        ]);
        const keys = (
          await t.database.db
            .select({ key: ledgerTransactions.idempotencyKey })
            .from(ledgerTransactions)
            .where(eq(ledgerTransactions.kind, 'pot_payout'))
        ).map((r) => r.key);
        expect(keys).toEqual(
          expect.arrayContaining([`pot:${month}:1`, `pot:${month}:2`, `pot:${month}:3`]),
        );
        const [row] = await t.database.db
          .select({ status: monthlyPots.status })
          .from(monthlyPots)
          .where(eq(monthlyPots.month, month));
        expect(row?.status).toBe('paid');
        // History on /pote.
        const p = await registerPlayer(t);
        const history = (await get('/api/monthly-pot/ranking', p.token)).json().history;
        const june = history.find((h: { period: string }) => h.period === month);
        expect(june).toMatchObject({
          status: 'paid',
          month_name: 'Junio',
          year: 2024,
          paid: 1000.01,
          carried: 0,
        });
        expect(
          june.winners.map((w: { name: string; amount: number }) => [w.name, w.amount]),
        ).toEqual([
          ['Ana', 500.01],
          ['Carla', 300],
          ['Beto', 200],
        ]);
        // Closing again changes nothing.
        expect(
          (await closeDueMonths(t.database.db, { now: nextMonthStart(month) })).closed,
        ).toEqual([]);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      },
    );

    it.skipIf(skip)(
      'carries the unpaid shares over when fewer players are ranked than there are shares',
      async () => {
        const month = '2023-03';
        const solo = await fixtureUser(t.database.db, 'Solo');
        const second = await fixtureUser(t.database.db, 'Segundo');
        await recordPoints(t.database.db, month, solo, 80, true);
        await recordPoints(t.database.db, month, second, 10, false);
        await fundMonth(t, month, 10_000);
        const report = await closeDueMonths(t.database.db, { now: nextMonthStart(month) });
        expect(report.closed).toEqual([{ month, status: 'paid', payouts: 2 }]);
        expect(await walletBalanceCents(t.database.db, solo)).toBe(5_000);
        expect(await walletBalanceCents(t.database.db, second)).toBe(3_000);
        expect(await potBalanceCents(t.database.db, month)).toBe(0);
        expect(await potBalanceCents(t.database.db, '2023-04')).toBe(2_000);
        const [closed] = (await get('/api/admin/pot', admin))
          .json()
          .history.filter((h: { period: string }) => h.period === month);
        expect(closed).toMatchObject({ paid: 80, carried: 20, status: 'paid' });
      },
    );

    it.skipIf(skip)(
      'carries the whole pot to the next month when nobody scored, and pays it there',
      async () => {
        const month = '2022-01';
        await fundMonth(t, month, 7_777);
        const first = await closeDueMonths(t.database.db, { now: nextMonthStart(month) });
        expect(first.closed).toEqual([{ month, status: 'carried', payouts: 0 }]);
        expect(await potBalanceCents(t.database.db, month)).toBe(0);
        expect(await potBalanceCents(t.database.db, '2022-02')).toBe(7_777);
        const [carry] = await t.database.db
          .select()
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.idempotencyKey, `pot:${month}:carry`));
        expect(carry?.kind).toBe('pot_carry');
        // February has a winner: once February is over it gets February's shares of the carry.
        const winner = await fixtureUser(t.database.db, 'Febrero');
        await recordPoints(t.database.db, '2022-02', winner, 30, true);
        const second = await closeDueMonths(t.database.db, { now: nextMonthStart('2022-02') });
        expect(second.closed).toEqual([{ month: '2022-02', status: 'paid', payouts: 1 }]);
        // 50 % (+ the odd céntimo) to the only player, the rest on to March.
        expect(await walletBalanceCents(t.database.db, winner)).toBe(3_889);
        expect(await potBalanceCents(t.database.db, '2022-03')).toBe(3_888);
      },
    );

    it.skipIf(skip)(
      'carries money that reaches a month after it closed to the next month, once',
      async () => {
        const month = '2021-07';
        const p = await fixtureUser(t.database.db, 'Tardío');
        await recordPoints(t.database.db, month, p, 10, true);
        await fundMonth(t, month, 1_000);
        await closeDueMonths(t.database.db, { now: nextMonthStart(month) });
        // One player: 50 % (the first share) is paid, the other shares go on to August.
        expect(await walletBalanceCents(t.database.db, p)).toBe(500);
        expect(await potBalanceCents(t.database.db, '2021-08')).toBe(500);
        // A settlement that began in the month's last instant commits after the close.
        await fundMonth(t, month, 250);
        const again = await closeDueMonths(t.database.db, { now: nextMonthStart(month) });
        expect(again.lateCarried).toEqual([month]);
        expect(await potBalanceCents(t.database.db, month)).toBe(0);
        expect(await potBalanceCents(t.database.db, '2021-08')).toBe(750);
        expect(await walletBalanceCents(t.database.db, p)).toBe(500);
        const twice = await closeDueMonths(t.database.db, { now: nextMonthStart(month) });
        expect(twice).toEqual({ closed: [], lateCarried: [] });
      },
    );

    it.skipIf(skip)(
      'pays each position once when many nodes close the same month at the same time',
      async () => {
        const month = '2020-02';
        const ids = await Promise.all(
          ['Uno', 'Dos', 'Tres', 'Cuatro'].map((n) => fixtureUser(t.database.db, n)),
        );
        for (const [i, id] of ids.entries())
          await recordPoints(t.database.db, month, id, 100 - i * 10, i === 0);
        await fundMonth(t, month, 333_333);
        const log = t.app.log;
        const closers = Array.from(
          { length: 6 },
          () => new PotCloser(t.database.db, null, 0, log, () => nextMonthStart(month)),
        );
        const reports = await Promise.all([
          ...closers.map((c) => c.tick()),
          ...closers.map((c) => c.tick()),
        ]);
        expect(reports.flatMap((r) => r.closed).filter((c) => c.month === month)).toHaveLength(1);
        for (let i = 0; i < 3; i++) await closers[i]!.tick();
        const payouts = await t.database.db
          .select()
          .from(potPayouts)
          .where(eq(potPayouts.month, month));
        expect(payouts.map((p) => [p.position, p.userId, p.amountCents])).toEqual([
          [1, ids[0], 166_668],
          [2, ids[1], 99_999],
          [3, ids[2], 66_666],
        ]);
        const transfers = await t.database.db
          .select()
          .from(ledgerTransactions)
          .where(
            and(
              eq(ledgerTransactions.kind, 'pot_payout'),
              eq(ledgerTransactions.referenceId, month),
            ),
          );
        expect(transfers).toHaveLength(3);
        expect(await walletBalanceCents(t.database.db, ids[0]!)).toBe(166_668);
        expect(await walletBalanceCents(t.database.db, ids[3]!)).toBe(0);
        const [pot] = await t.database.db
          .select({ balance: accounts.balanceCents })
          .from(accounts)
          .where(and(eq(accounts.kind, 'monthly_pot'), eq(accounts.ref, month)));
        expect(pot?.balance).toBe(0);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      },
    );

    it.skipIf(skip)(
      'pays the next eligible players at the month close, never a suspended or shut-out one',
      async () => {
        const month = '2019-05';
        const cheat = await registerNamed('Fraude Mayor');
        const [first, second, shutOut] = await Promise.all(
          ['Primera Elegible', 'Segundo Elegible', 'Sin Puntos'].map((n) =>
            fixtureUser(t.database.db, n),
          ),
        );
        await recordPoints(t.database.db, month, cheat.id, 600, true);
        await recordPoints(t.database.db, month, first!, 300, true);
        await recordPoints(t.database.db, month, second!, 200, false);
        await recordPoints(t.database.db, month, shutOut!, 0, false);
        await recordPoints(t.database.db, month, shutOut!, 0, false);
        await fundMonth(t, month, 10_000);
        // Suspended for fraud before the month is closed.
        await suspend(cheat.id);

        const report = await closeDueMonths(t.database.db, { now: nextMonthStart(month) });
        expect(report.closed).toEqual([{ month, status: 'paid', payouts: 2 }]);
        const payouts = await t.database.db
          .select()
          .from(potPayouts)
          .where(eq(potPayouts.month, month));
        expect(payouts.map((p) => [p.position, p.userId, p.points, p.amountCents])).toEqual([
          [1, first, 300, 5_000],
          [2, second, 200, 3_000],
        ]);
        expect(await walletBalanceCents(t.database.db, first!)).toBe(5_000);
        expect(await walletBalanceCents(t.database.db, second!)).toBe(3_000);
        expect(await walletBalanceCents(t.database.db, cheat.id)).toBe(0);
        expect(await walletBalanceCents(t.database.db, shutOut!)).toBe(0);
        // Third place had no eligible player: its 20 % goes on to the next month.
        expect(await potBalanceCents(t.database.db, month)).toBe(0);
        expect(await potBalanceCents(t.database.db, '2019-06')).toBe(2_000);

        // Past winners: short names for players, full names and ids for staff.
        const viewer = await registerPlayer(t);
        const history = (await get('/api/monthly-pot/ranking', viewer.token)).json().history;
        expect(history.find((h: { period: string }) => h.period === month).winners).toEqual([
          {
            position: 1,
            name: 'Primera E.',
            points: 300,
            matches_won: 1,
            amount: 50,
            amount_cents: 5_000,
          },
          {
            position: 2,
            name: 'Segundo E.',
            points: 200,
            matches_won: 0,
            amount: 30,
            amount_cents: 3_000,
          },
        ]);
        const staffHistory = (await get('/api/admin/pot', admin)).json().history;
        expect(
          staffHistory
            .find((h: { period: string }) => h.period === month)
            .winners.map((w: { user_id: number; name: string }) => [w.user_id, w.name]),
        ).toEqual([
          [first, 'Primera Elegible'],
          [second, 'Segundo Elegible'],
        ]);
        expect((await checkLedger(t.database.db)).ok).toBe(true);
      },
    );
  });
}

potSuite('pglite');
potSuite('postgres');
