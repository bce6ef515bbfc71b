import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_PLACE,
  MSG_QUICK,
  MSG_TABLES,
  QUICK_GIVE_UP_MS,
  QUICK_WINDOW,
  ratingWindow,
} from '@domino/contracts';
import { openDatabase } from '../../db/client';
import {
  accounts,
  authTokens,
  banks,
  gameTables,
  loginDevices,
  quickPlayQueue,
  riskItems,
  tableSeats,
  userBankAccounts,
  users,
  withdrawals,
} from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { auth, fundedPlayer, loginAdmin } from '../../test/wallet-helpers';
import { gamesContext } from '../games/routes';
import { checkLedger } from '../ledger/ledger';
import { linkedAmong } from '../risk/linked';
import { playMatchToEnd } from '../../test/play';
import { QUICK_IDLE_MS, QuickPlayMatcher, periodicMatchers } from './matcher';
import { enqueue, matchQueue, type MatchPass, type RatingSource } from './service';

/**
 * Quick play on real PostgreSQL (docs/decisions/027-quick-play.md): formation seats each player
 * once with the escrow exact, concurrent enqueues and two nodes' matchers, linked accounts kept
 * apart by each signal, the rating window widening with time, a balance short at formation,
 * leaving the queue, and refusals of bad or foreign requests.
 */
describe('quick play on postgres', async () => {
  const skip = !(await postgresAvailable());
  let t: TestApp;
  let admin: string;
  /** Ratings the tests set per user (mode ignored); unknown users 1500. */
  const ratingOf = new Map<number, number>();
  const ratings: RatingSource = (_db, ids) =>
    Promise.resolve(new Map(ids.map((id) => [id, ratingOf.get(id) ?? 1500])));
  let ipSeq = 0;

  beforeAll(async () => {
    if (skip) return;
    t = await buildTestApp(
      'postgres',
      { BOT_MIN_DELAY_MS: '0', BOT_MAX_DELAY_MS: '0', HAND_PAUSE_MS: '0' },
      { ratings },
    );
    admin = await loginAdmin(t);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  /** A funded player with an address of their own (all test requests come from 127.0.0.1). */
  async function player(amount = 1000, rating?: number) {
    const p = await fundedPlayer(t, admin, amount);
    ipSeq += 1;
    const ip = `10.9.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
    await t.database.db.update(authTokens).set({ ip }).where(eq(authTokens.userId, p.id));
    if (rating !== undefined) ratingOf.set(p.id, rating);
    return { ...p, ip, device: `dev-${p.id}-${ipSeq}-abcdef` };
  }
  type P = Awaited<ReturnType<typeof player>>;

  const send = (
    method: 'GET' | 'POST' | 'DELETE',
    p: P | null,
    payload?: unknown,
    url = '/api/quick-play',
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: p?.ip ?? '127.0.0.1',
      headers: p ? auth(p.token, { 'X-Device-Id': p.device }) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const play = (p: P, mode: 'individual' | 'parejas', entry: number) =>
    send('POST', p, { mode, entry_price: entry });
  const balance = async (p: P) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/balance', headers: auth(p.token) })).json()
      .balance as number;
  const timing = () => gamesContext(t.app).timing;
  const queueOf = (ids: number[]) =>
    t.database.db.select().from(quickPlayQueue).where(inArray(quickPlayQueue.userId, ids));
  async function escrowCents(tableId: number) {
    const [row] = await t.database.db
      .select({ balance: accounts.balanceCents })
      .from(accounts)
      .where(and(eq(accounts.kind, 'table_escrow'), eq(accounts.ref, `table:${tableId}:1`)));
    return row?.balance ?? 0;
  }
  /** Enqueues straight through the service (no matcher pass), as a queue filled over time. */
  const queueUp = (p: P, mode: 'individual' | 'parejas', entry: number) =>
    enqueue(
      t.database.db,
      ratings,
      p.id,
      { mode, entryPrice: entry },
      { ip: p.ip, deviceId: p.device },
    );

  it.skipIf(skip)(
    'forms an individual table: each player seated once, escrow exact, status matched',
    async () => {
      const a = await player(1000);
      const b = await player(1000);
      const first = await play(a, 'individual', 500);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ status: 'waiting', entry_price: 500, window: 100 });
      const second = await play(b, 'individual', 500);
      expect(second.statusCode).toBe(200);
      const matched = second.json();
      expect(matched).toMatchObject({ status: 'matched', mode: 'individual', entry_price: 500 });
      expect((await send('GET', a)).json()).toEqual(matched);
      const tableId = matched.table_id as number;
      const seats = await t.database.db
        .select()
        .from(tableSeats)
        .where(eq(tableSeats.tableId, tableId));
      expect(seats.map((s) => s.userId).sort()).toEqual([a.id, b.id].sort());
      expect(seats.every((s) => s.entryCents === 50_000)).toBe(true);
      expect(await escrowCents(tableId)).toBe(100_000);
      expect(await balance(a)).toBe(500);
      expect(await balance(b)).toBe(500);
      const [table] = await t.database.db
        .select()
        .from(gameTables)
        .where(eq(gameTables.id, tableId));
      expect(table).toMatchObject({ visibility: 'quick', status: 'open' });
      expect(table?.rules).toMatchObject({ mode: 'individual', players: 2 });
      // Hidden from the list; nobody joins it by id.
      const list = await t.app.inject({ method: 'GET', url: '/api/tables' });
      expect((list.json() as { id: number }[]).some((x) => x.id === tableId)).toBe(false);
      const c = await player(1000);
      const join = await send('POST', c, { entry_price: 500 }, `/api/tables/${tableId}/join`);
      expect(join.statusCode).toBe(404);
      expect(join.json().message).toBe(MSG_TABLES.notFound);
      // By id the table exists for its players only.
      const mine = await send('GET', a, undefined, `/api/tables/${tableId}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ quick: true, game_id: matched.game_id });
      const stranger = await send('GET', c, undefined, `/api/tables/${tableId}`);
      expect(stranger.statusCode).toBe(404);
      expect((await send('GET', null, undefined, `/api/tables/${tableId}`)).statusCode).toBe(404);
      // Seated: leaving the queue is refused; the entry stays seated.
      const leave = await send('DELETE', a);
      expect(leave.statusCode).toBe(409);
      expect(leave.json()).toEqual({
        code: 'quick/already_matched',
        message: MSG_QUICK.alreadyMatched,
      });
      expect(await checkLedger(t.database.db)).toMatchObject({ ok: true });
    },
  );

  it.skipIf(skip)(
    'settles the match like any table, closes the quick table, and lets both queue again',
    async () => {
      const a = await player(1000);
      const b = await player(1000);
      await play(a, 'individual', 100);
      const matched = (await play(b, 'individual', 100)).json();
      expect(matched.status).toBe('matched');
      const seats = await t.database.db
        .select()
        .from(tableSeats)
        .where(eq(tableSeats.tableId, matched.table_id));
      const bySeat = [a, b].sort(
        (x, y) =>
          seats.find((s) => s.userId === x.id)!.seat - seats.find((s) => s.userId === y.id)!.seat,
      );
      const view = await playMatchToEnd(t, matched.game_id, bySeat);
      const winner = bySeat[view.result!.winner_seats[0]!]!;
      const loser = winner === a ? b : a;
      // Pot 200, house fee 8 % (16), Pote del Mes 2 % (4): the winner gets 180.
      expect(await balance(winner)).toBe(1080);
      expect(await balance(loser)).toBe(900);
      const [table] = await t.database.db
        .select()
        .from(gameTables)
        .where(eq(gameTables.id, matched.table_id));
      expect(table).toMatchObject({ status: 'closed', closedReason: 'finished' });
      expect((await send('GET', a)).json()).toEqual({ status: 'idle', seated: null });
      expect((await play(a, 'individual', 100)).json().status).toBe('waiting');
      expect((await send('DELETE', a)).statusCode).toBe(200);
      expect(await checkLedger(t.database.db)).toMatchObject({ ok: true });
    },
  );

  it.skipIf(skip)('balances the parejas sides by rating', async () => {
    const ps = [
      await player(1000, 1800),
      await player(1000, 1500),
      await player(1000, 1550),
      await player(1000, 1750),
    ];
    // All inside ±300 of each other only after 40 s of waiting.
    for (const p of ps) await queueUp(p, 'parejas', 100);
    const later = new Date(Date.now() + 45_000);
    const pass = await matchQueue(t.database.db, timing(), later);
    expect(pass.formed).toHaveLength(1);
    const seats = await t.database.db
      .select()
      .from(tableSeats)
      .where(eq(tableSeats.tableId, pass.formed[0]!.tableId));
    const r = (seat: number) => ratingOf.get(seats.find((s) => s.seat === seat)!.userId)!;
    // 1800 + 1500 against 1750 + 1550.
    expect(r(0) + r(2)).toBe(3300);
    expect(r(1) + r(3)).toBe(3300);
    expect(await escrowCents(pass.formed[0]!.tableId)).toBe(40_000);
  });

  it.skipIf(skip)('keeps one entry when the same player enqueues twice at once', async () => {
    const a = await player(1000);
    const res = await Promise.all(Array.from({ length: 6 }, () => play(a, 'parejas', 1000)));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of res.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ code: 'quick/already_queued', message: MSG_QUICK.alreadyQueued });
    }
    const rows = await queueOf([a.id]);
    expect(rows.filter((x) => x.status === 'waiting')).toHaveLength(1);
    expect((await send('DELETE', a)).statusCode).toBe(200);
  });

  it.skipIf(skip)(
    "two nodes' matchers at once: nobody seated twice, nobody charged twice",
    async () => {
      const players: P[] = [];
      for (let i = 0; i < 40; i++) players.push(await player(1000, 1500 + (i % 5) * 10));
      for (const p of players) await queueUp(p, 'individual', 100);
      const before = new Map<number, number>();
      for (const p of players) before.set(p.id, await balance(p));
      const other = await openDatabase({
        databaseUrl: (t.database as { url?: string }).url!,
        dataDir: 'unused',
      });
      try {
        const passes = await Promise.all([
          matchQueue(t.database.db, timing()),
          matchQueue(other.db, timing()),
          matchQueue(t.database.db, timing()),
          matchQueue(other.db, timing()),
        ]);
        const again = await matchQueue(t.database.db, timing());
        const formed = [...passes, again].flatMap((p) => p.formed);
        const seated = formed.flatMap((f) => f.seats.map((s) => s.userId));
        expect(seated.sort()).toEqual(players.map((p) => p.id).sort());
        expect(new Set(seated).size).toBe(players.length);
        for (const f of formed) expect(await escrowCents(f.tableId)).toBe(20_000);
        for (const p of players) expect(await balance(p)).toBe(before.get(p.id)! - 100);
        const rows = await queueOf(players.map((p) => p.id));
        expect(rows.every((r) => r.status === 'seated')).toBe(true);
      } finally {
        await other.close();
      }
      expect(await checkLedger(t.database.db)).toMatchObject({ ok: true });
    },
  );

  describe('linked accounts never share a table', () => {
    async function linkVia(signal: string, a: P, b: P) {
      const db = t.database.db;
      if (signal === 'device') b.device = a.device;
      if (signal === 'session device')
        await db.insert(authTokens).values({
          userId: b.id,
          tokenHash: `x-${b.id}-${Date.now()}`,
          expiresAt: new Date(Date.now() + 60_000),
          deviceId: a.device,
        });
      if (signal === 'sign-in cookie')
        for (const u of [a, b])
          await db.insert(loginDevices).values({ userId: u.id, deviceHash: `cookie-of-${a.id}` });
      if (signal === 'cédula') {
        // b asks for a payout to a's cédula (with a phone of its own).
        const [owner] = await db.select().from(users).where(eq(users.id, a.id));
        const [bank] = await db.select({ id: banks.id }).from(banks).limit(1);
        await db.insert(withdrawals).values({
          userId: b.id,
          amountCents: 100,
          bankId: bank!.id,
          payoutPhone: `0416${String(b.id).padStart(7, '0')}`,
          payoutTypeIdentification: owner!.typeIdentification,
          payoutNIdentification: owner!.nIdentification,
          payoutName: 'Titular',
          status: 'rechazado',
        });
      }
      if (signal === 'confirmed pattern')
        await db.insert(riskItems).values({
          kind: 'co_seating',
          key: `co_seating:${a.id}:${b.id}`,
          userIds: [a.id, b.id],
          evidence: {},
          score: 5,
          status: 'actioned',
        });
      if (signal === 'payout phone') {
        const [bank] = await db.select({ id: banks.id }).from(banks).limit(1);
        for (const u of [a, b])
          await db.insert(withdrawals).values({
            userId: u.id,
            amountCents: 100,
            bankId: bank!.id,
            payoutPhone: '04141234567',
            payoutTypeIdentification: 'V',
            payoutNIdentification: '12345678',
            payoutName: 'Titular',
            status: 'rechazado',
          });
      }
      if (signal === 'bank account') {
        const [bank] = await db.select({ id: banks.id }).from(banks).limit(1);
        for (const u of [a, b])
          await db.insert(userBankAccounts).values({
            userId: u.id,
            bankId: bank!.id,
            accountNumber: `0102${String(a.id).padStart(16, '0')}`,
            accountType: 'corriente',
            accountHolder: 'Titular',
          });
      }
    }

    for (const signal of [
      'device',
      'session device',
      'sign-in cookie',
      'payout phone',
      'bank account',
      'cédula',
      'confirmed pattern',
    ])
      it.skipIf(skip)(`by ${signal}`, async () => {
        const a = await player(1000);
        const b = await player(1000);
        await linkVia(signal, a, b);
        expect((await play(a, 'individual', 1000)).json().status).toBe('waiting');
        expect((await play(b, 'individual', 1000)).json().status).toBe('waiting');
        // Not even after the window is unlimited.
        const late = await matchQueue(t.database.db, timing(), new Date(Date.now() + 120_000));
        expect(late.formed).toHaveLength(0);
        const c = await player(1000);
        const res = await play(c, 'individual', 1000);
        expect(res.json().status).toBe('matched');
        const rows = await queueOf([a.id, b.id]);
        expect(rows.map((r) => r.status).sort()).toEqual(['seated', 'waiting']);
        for (const u of [a, b]) await send('DELETE', u);
      });

    it.skipIf(skip)('an address alone is never a link, however recent', async () => {
      const a = await player(1000);
      const b = await player(1000);
      b.ip = a.ip;
      await t.database.db.update(authTokens).set({ ip: a.ip }).where(eq(authTokens.userId, b.id));
      const graph = await linkedAmong(t.database.db, [a.id, b.id], {
        recent: [a, b].map((u) => ({ userId: u.id, ip: u.ip })),
        withAddress: true,
      });
      expect(graph.pairs).toEqual([]);
      expect((await play(a, 'individual', 1000)).json().status).toBe('waiting');
      expect((await play(b, 'individual', 1000)).json().status).toBe('matched');
    });

    it.skipIf(skip)('an address adds weight to a device link, not evidence', async () => {
      const a = await player(1000);
      const b = await player(1000);
      await t.database.db
        .update(authTokens)
        .set({ ip: a.ip, deviceId: a.device })
        .where(eq(authTokens.userId, b.id));
      await t.database.db
        .update(authTokens)
        .set({ deviceId: a.device })
        .where(eq(authTokens.userId, a.id));
      const graph = await linkedAmong(t.database.db, [a.id, b.id], { withAddress: true });
      expect(graph.pairs).toEqual([{ a: a.id, b: b.id, signals: ['device'], sharedAddress: true }]);
      const old = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
      const later = await linkedAmong(t.database.db, [a.id, b.id], { withAddress: true, now: old });
      expect(later.pairs).toEqual([
        { a: a.id, b: b.id, signals: ['device'], sharedAddress: false },
      ]);
    });
  });

  it.skipIf(skip)('widens the rating window with the waiting time', async () => {
    expect(ratingWindow(0)).toBe(QUICK_WINDOW.startPoints);
    expect(ratingWindow(25_000)).toBe(200);
    expect(ratingWindow(60_000)).toBeNull();
    const a = await player(1000, 2000);
    const b = await player(1000, 2180);
    await queueUp(a, 'individual', 1000);
    await queueUp(b, 'individual', 1000);
    const now = Date.now();
    expect((await matchQueue(t.database.db, timing(), new Date(now))).formed).toHaveLength(0);
    expect((await matchQueue(t.database.db, timing(), new Date(now + 10_500))).formed).toHaveLength(
      0,
    );
    const pass = await matchQueue(t.database.db, timing(), new Date(now + 20_500));
    expect(pass.formed).toHaveLength(1);
    expect(pass.formed[0]!.seats.map((s) => s.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it.skipIf(skip)(
    'drops a player whose balance no longer covers the entry; the others are seated',
    async () => {
      const short = await player(1000);
      const b = await player(1000);
      const c = await player(1000);
      await queueUp(short, 'individual', 1000);
      // The balance goes down after queueing (a staff adjustment).
      const adj = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${short.id}/adjustments`,
        headers: auth(admin),
        payload: { amount: -500, reason: 'Corrección' },
      });
      expect(adj.statusCode).toBe(200);
      await queueUp(b, 'individual', 1000);
      await queueUp(c, 'individual', 1000);
      const pass = await matchQueue(t.database.db, timing());
      expect(pass.dropped).toEqual([{ userId: short.id, message: MSG_QUICK.droppedBalance }]);
      expect(pass.formed).toHaveLength(1);
      expect(pass.formed[0]!.seats.map((s) => s.userId).sort()).toEqual([b.id, c.id].sort());
      expect(await balance(short)).toBe(500);
      expect(await escrowCents(pass.formed[0]!.tableId)).toBe(200_000);
      // Told once, then idle.
      expect((await send('GET', short)).json()).toEqual({
        status: 'dropped',
        message: MSG_QUICK.droppedBalance,
      });
      expect((await send('GET', short)).json()).toEqual({ status: 'idle', seated: null });
      // No table was left behind by the undone formation.
      const empty = await t.database.db
        .select({ id: gameTables.id })
        .from(gameTables)
        .where(
          sql`${gameTables.visibility} = 'quick' and ${gameTables.status} = 'open' and not exists (select 1 from ${tableSeats} s where s.table_id = ${gameTables.id})`,
        );
      expect(empty).toEqual([]);
      expect(await checkLedger(t.database.db)).toMatchObject({ ok: true });
    },
  );

  it.skipIf(skip)('leaves the queue, charging nothing; only the caller’s own entry', async () => {
    const a = await player(1000);
    const b = await player(1000);
    expect((await play(a, 'parejas', 500)).statusCode).toBe(200);
    // Another player's DELETE touches only their own (absent) entry.
    const foreign = await send('DELETE', b);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toEqual({ code: 'quick/not_queued', message: MSG_QUICK.notQueued });
    expect((await send('GET', a)).json().status).toBe('waiting');
    const left = await send('DELETE', a);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ status: 'idle', seated: null });
    expect(await balance(a)).toBe(1000);
    expect((await send('DELETE', a)).statusCode).toBe(409);
  });

  it.skipIf(skip)(
    'refuses bad prices, bad modes, unknown fields, the broke and strangers',
    async () => {
      const a = await player(1000);
      const bad = await play(a, 'individual', 123);
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({ code: 'quick/bad_price', message: MSG_QUICK.badPrice });
      const free = await play(a, 'individual', 0);
      expect(free.statusCode).toBe(422);
      const mode = await send('POST', a, { mode: 'torneo', entry_price: 100 });
      expect(mode.statusCode).toBe(422);
      expect(JSON.stringify(mode.json())).toContain(MSG_QUICK.badMode);
      const extra = await send('POST', a, { mode: 'individual', entry_price: 100, user_id: 1 });
      expect(extra.statusCode).toBe(422);
      const broke = await player(50);
      const poor = await play(broke, 'individual', 100);
      expect(poor.statusCode).toBe(422);
      expect(poor.json()).toEqual({
        code: 'wallet/insufficient_funds',
        message: MSG_QUICK.insufficientBalance,
      });
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const anon = await send(
          method,
          null,
          method === 'POST' ? { mode: 'individual', entry_price: 100 } : undefined,
        );
        expect(anon.statusCode).toBe(401);
      }
      expect(await queueOf([a.id, broke.id])).toHaveLength(0);
    },
  );

  it.skipIf(skip)(
    'tells a waiting player who else searches, other prices, open tables and when it gives up',
    async () => {
      const a = await player(1000);
      const b = await player(1000);
      const c = await player(1000);
      await queueUp(a, 'individual', 500);
      await queueUp(b, 'individual', 1000);
      await queueUp(c, 'individual', 1000);
      const status = (await send('GET', a)).json();
      expect(status).toMatchObject({ status: 'waiting', searching: 1, needed: 2 });
      expect(status.other_prices).toContainEqual({ entry_price: 1000, searching: 2 });
      expect(Date.parse(status.gives_up_at) - Date.parse(status.queued_at)).toBe(QUICK_GIVE_UP_MS);
      // The open tables are the public ones of this mode and price with a free seat.
      const listed = (
        await t.app.inject({ method: 'GET', url: '/api/tables', headers: auth(a.token) })
      ).json() as {
        id: number;
        entry_price: number;
        rules: { mode: string };
        current_players: number;
        max_players: number;
        game_id: string | null;
      }[];
      const expected = listed
        .filter(
          (x) =>
            x.rules.mode === 'individual' &&
            x.entry_price === 500 &&
            x.game_id === null &&
            x.current_players < x.max_players,
        )
        .map((x) => x.id);
      expect(status.open_tables.map((x: { id: number }) => x.id)).toEqual(expected.slice(0, 5));
      expect((await send('GET', b)).json()).toMatchObject({ searching: 2, needed: 2 });
      expect(MSG_QUICK.searching(2, 2)).toBe(
        '2 jugadores buscan esta mesa, tú incluido. Hacen falta 2.',
      );

      // After 3 minutes without a table the search ends, nothing charged, and says so once.
      const later = new Date(Date.now() + QUICK_GIVE_UP_MS + 1_000);
      const pass = await matchQueue(t.database.db, timing(), later);
      expect(pass.dropped).toContainEqual({ userId: a.id, message: MSG_QUICK.gaveUp });
      expect(pass.formed.some((f) => f.seats.some((x) => x.userId === a.id))).toBe(false);
      expect((await send('GET', a)).json()).toEqual({
        status: 'dropped',
        message: MSG_QUICK.gaveUp,
      });
      expect((await send('GET', a)).json()).toEqual({ status: 'idle', seated: null });
      expect(await balance(a)).toBe(1000);
    },
  );

  it.skipIf(skip)(
    'a player seated at a table gets its link and may leave it to search',
    async () => {
      const a = await player(1000);
      const join = await t.app.inject({
        method: 'POST',
        url: '/api/tables/1/join',
        headers: auth(a.token),
        payload: { entry_price: 500 },
      });
      expect(join.statusCode, join.body).toBe(200);
      const refused = await play(a, 'individual', 500);
      expect(refused.statusCode).toBe(409);
      const [table] = await t.database.db.select().from(gameTables).where(eq(gameTables.id, 1));
      expect(refused.json()).toEqual({
        code: 'place/elsewhere',
        message: MSG_PLACE.atTable(table!.name),
        place: {
          kind: 'table',
          table_id: 1,
          tournament_id: null,
          name: table!.name,
          playing: false,
        },
      });
      expect((await send('GET', a)).json()).toEqual({
        status: 'idle',
        seated: { table_id: 1, name: table!.name, quick: false },
      });
      const left = await t.app.inject({
        method: 'POST',
        url: '/api/tables/1/leave',
        headers: auth(a.token),
      });
      expect(left.statusCode).toBe(200);
      expect((await play(a, 'individual', 500)).json().status).toBe('waiting');
      expect((await send('DELETE', a)).statusCode).toBe(200);
    },
  );
  it.skipIf(skip)(
    "an enqueue wakes the node's sleeping matcher; it sleeps longer while nobody waits",
    async () => {
      // An interval of ten minutes: only the enqueue's wake can run a second pass in time.
      const deps = {
        db: t.database.db,
        hub: t.app.deps.hub,
        push: t.app.deps.push,
        timing: timing(),
      };
      const sleeping = new QuickPlayMatcher(deps, 600_000, t.app.log);
      const passes: MatchPass[] = [];
      const tick = sleeping.tick.bind(sleeping);
      sleeping.tick = async () => {
        const out = await tick();
        passes.push(out);
        return out;
      };
      periodicMatchers.register(t.app.deps, sleeping);
      sleeping.start();
      try {
        await expect.poll(() => passes.length, { timeout: 30_000 }).toBe(1);
        const a = await player(1000);
        expect((await play(a, 'parejas', 100)).json().status).toBe('waiting');
        await expect.poll(() => passes.length, { timeout: 30_000 }).toBe(2);
        expect(passes[1]!.waitingGroups).toBeGreaterThanOrEqual(1);
        expect((await send('DELETE', a)).statusCode).toBe(200);
        const every = new QuickPlayMatcher(deps, 1_000, t.app.log);
        const delay = (pass: MatchPass) => every['nextDelayMs'](pass);
        expect(delay({ formed: [], dropped: [], waitingGroups: 1 })).toBe(1_000);
        expect(delay({ formed: [], dropped: [], waitingGroups: 0 })).toBe(QUICK_IDLE_MS);
      } finally {
        await sleeping.stop();
      }
    },
  );
});
