import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMIT_RAISE_DELAY_MS,
  MSG_RESPONSIBLE,
  RESPONSIBLE_MESSAGES,
  TOURNAMENT_ROUTES,
  caracasDateTime,
} from '@domino/contracts';
import { auditLog, quickPlayQueue, recharges } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { liftIdentityGate } from '../../test/identity-helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { tournamentRequest } from '../../test/tournaments';
import type { Player } from '../../test/wallet-helpers';
import {
  auth,
  fundedPlayer,
  loginAdmin,
  registerPlayer,
  requestRecharge,
} from '../../test/wallet-helpers';
import { assertMayDeposit } from './guard';
import { setLimit, settingsOf } from './service';

/**
 * Responsible gaming on real PostgreSQL (docs/decisions/030-responsible-gaming.md): deposit and
 * loss limits at their edges, lowering at once and raising after 24 h, concurrent recharges at
 * the edge, time-out and self-exclusion refusing every new stake but not withdrawals or history,
 * and what another player or a player on a staff route gets.
 */
const pg = await postgresAvailable();

describe.skipIf(!pg)('responsible gaming (PostgreSQL)', () => {
  let t: TestApp;
  let admin: string;

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: token ? auth(token) : {},
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
  const setDeposit = (p: Player, period: string, cents: number | null) =>
    send('PUT', '/api/responsible/limits', p.token, {
      kind: 'deposit',
      period,
      amount_cents: cents,
    });
  const setLoss = (p: Player, period: string, cents: number | null) =>
    send('PUT', '/api/responsible/limits', p.token, { kind: 'loss', period, amount_cents: cents });
  const rechargeCount = async (userId: number) =>
    (await t.database.db.select().from(recharges).where(eq(recharges.userId, userId))).length;

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    admin = await loginAdmin(t);
    // Withdrawals here are about this module, not identity (decision 031).
    await liftIdentityGate(t, admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('passes a recharge exactly at the daily deposit limit and refuses one céntimo over', async () => {
    const p = await registerPlayer(t);
    expect((await setDeposit(p, 'day', 50_001)).json()).toEqual({
      message: MSG_RESPONSIBLE.limitSaved,
    });
    expect((await requestRecharge(t, p.token, '250')).statusCode).toBe(201);
    const over = await requestRecharge(t, p.token, '250.02');
    expect(over.statusCode).toBe(422);
    const message = 'Superas tu límite de recargas diario. Disponible hoy: Bs. 250,01.';
    expect(over.json()).toMatchObject({ message, errors: { amount: [message] } });
    expect(await rechargeCount(p.id)).toBe(1);
    expect((await requestRecharge(t, p.token, '250.01')).statusCode).toBe(201);
    expect(await rechargeCount(p.id)).toBe(2);

    // A weekly limit counts the same recharges; a rejected one frees its room.
    const view = (await send('GET', '/api/responsible', p.token)).json();
    expect(view.limits).toContainEqual({
      kind: 'deposit',
      period: 'day',
      amount_cents: 50_001,
      used_cents: 50_001,
      pending: null,
    });
  });

  it('counts pending and approved recharges but not rejected ones', async () => {
    const p = await registerPlayer(t);
    await setDeposit(p, 'month', 60_000);
    const first = await requestRecharge(t, p.token, '300');
    expect(first.statusCode).toBe(201);
    const refused = await requestRecharge(t, p.token, '300.01');
    expect(refused.json().message).toBe(
      'Superas tu límite de recargas mensual. Disponible este mes: Bs. 300,00.',
    );
    const reject = await send('POST', `/api/admin/recharges/${first.json().id}/reject`, admin, {
      reason: 'Referencia inválida',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await requestRecharge(t, p.token, '600')).statusCode).toBe(201);
  });

  it('applies a lower limit at once and a higher one or a removal only after 24 hours', async () => {
    const p = await registerPlayer(t);
    const db = t.database.db;
    const now = new Date();
    expect(
      await setLimit(db, p.id, { kind: 'deposit', period: 'day', amount_cents: 100_000 }, now),
    ).toEqual({ message: MSG_RESPONSIBLE.limitSaved });
    await setLimit(db, p.id, { kind: 'deposit', period: 'day', amount_cents: 30_000 }, now);
    const day = (s: Awaited<ReturnType<typeof settingsOf>>) =>
      s.limits.find((l) => l.kind === 'deposit' && l.period === 'day');
    expect(day(await settingsOf(db, p.id, now))?.amount_cents).toBe(30_000);

    const raised = await setLimit(
      db,
      p.id,
      { kind: 'deposit', period: 'day', amount_cents: 80_000 },
      now,
    );
    const effective = new Date(now.getTime() + LIMIT_RAISE_DELAY_MS);
    expect(raised.message).toBe(
      `Tu nuevo límite entra en vigor el ${caracasDateTime(effective.toISOString())}.`,
    );
    const before = new Date(effective.getTime() - 1);
    expect(day(await settingsOf(db, p.id, before))).toMatchObject({
      amount_cents: 30_000,
      pending: { amount_cents: 80_000, effective_at: effective.toISOString() },
    });
    await expect(
      db.transaction((tx) => assertMayDeposit(tx, p.id, 30_001, before)),
    ).rejects.toMatchObject({ status: 422 });
    expect(day(await settingsOf(db, p.id, effective))).toMatchObject({
      amount_cents: 80_000,
      pending: null,
    });
    await db.transaction((tx) => assertMayDeposit(tx, p.id, 80_000, effective));

    // Lowering while a raise waits cancels the raise; removing waits 24 h too.
    await setLimit(db, p.id, { kind: 'deposit', period: 'day', amount_cents: 20_000 }, before);
    expect(day(await settingsOf(db, p.id, effective))).toMatchObject({
      amount_cents: 20_000,
      pending: null,
    });
    await setLimit(db, p.id, { kind: 'deposit', period: 'day', amount_cents: null }, now);
    expect(day(await settingsOf(db, p.id, before))?.amount_cents).toBe(20_000);
    expect(day(await settingsOf(db, p.id, effective))?.amount_cents).toBeNull();

    // Over HTTP, the raise answers with the date it takes effect.
    await setDeposit(p, 'week', 10_000);
    const http = await setDeposit(p, 'week', 20_000);
    expect(http.json().message).toMatch(/^Tu nuevo límite entra en vigor el \d{2}\/\d{2}\/\d{4} /);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(p.id)), like(auditLog.action, 'responsible.%')));
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.every((r) => r.actorUserId === p.id)).toBe(true);
  });

  it('lets only the recharges that fit pass when they arrive at the same moment', async () => {
    const p = await registerPlayer(t);
    await setDeposit(p, 'day', 100_000);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => requestRecharge(t, p.token, '250')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 422)).toHaveLength(4);
    const rows = await t.database.db.select().from(recharges).where(eq(recharges.userId, p.id));
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(100_000);
  });

  it('refuses an entry that could take the net loss over the loss limit; exactly at it passes', async () => {
    const p = await fundedPlayer(t, admin, 2000);
    await setLoss(p, 'day', 50_000);
    const join = await send('POST', '/api/tables/1/join', p.token, { entry_price: 500 });
    expect(join.statusCode, join.body).toBe(200);
    // Leaving refunds the entry: the net loss is back to zero.
    expect((await send('POST', '/api/tables/1/leave', p.token)).statusCode).toBe(200);
    const big = await send('POST', '/api/tables/2/join', p.token, { entry_price: 1000 });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toMatchObject({
      code: 'responsible/loss_limit',
      message:
        'Esta entrada podría superar tu límite de pérdidas diario. Puedes arriesgar hoy hasta Bs. 500,00.',
    });
    await setLoss(p, 'day', 49_999);
    const over = await send('POST', '/api/tables/1/join', p.token, { entry_price: 500 });
    expect(over.json().code).toBe('responsible/loss_limit');
    const quick = await send('POST', '/api/quick-play', p.token, {
      mode: 'individual',
      entry_price: 500,
    });
    expect(quick.statusCode).toBe(422);
    expect(quick.json().code).toBe('responsible/loss_limit');
    expect((await send('GET', '/api/user/balance', p.token)).json().balance).toBe(2000);
  });

  it('a time-out and a self-exclusion refuse every new stake but allow withdrawal and history', async () => {
    const p = await fundedPlayer(t, admin, 2000);
    // Queued in quick play before the pause: the pause takes the entry out of the queue.
    const queued = await send('POST', '/api/quick-play', p.token, {
      mode: 'individual',
      entry_price: 500,
    });
    expect(queued.json().status).toBe('waiting');

    const unconfirmed = await send('POST', '/api/responsible/pause', p.token, { option: '24h' });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors.confirm).toEqual([MSG_RESPONSIBLE.confirmRequired]);
    const pause = await send('POST', '/api/responsible/pause', p.token, {
      option: '7d',
      confirm: true,
    });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(pause.json().message).toMatch(
      /^Estás en una pausa de juego hasta el \d{2}\/\d{2}\/\d{4}/,
    );
    const [entry] = await t.database.db
      .select()
      .from(quickPlayQueue)
      .where(eq(quickPlayQueue.userId, p.id));
    expect(entry?.status).toBe('left');

    const refusals = [
      await send('POST', '/api/tables/1/join', p.token, { entry_price: 500 }),
      await send('POST', '/api/quick-play', p.token, { mode: 'individual', entry_price: 500 }),
      await requestRecharge(t, p.token, '300'),
    ];
    const tournament = await send(
      'POST',
      TOURNAMENT_ROUTES.staffList,
      admin,
      tournamentRequest({
        format: 'swiss',
        rules: { ...tournamentRequest().rules, mode: 'individual', players: 2 },
      }),
    );
    expect(tournament.statusCode, tournament.body).toBe(200);
    refusals.push(
      await send('POST', TOURNAMENT_ROUTES.register(tournament.json().id), p.token, {}),
    );
    for (const r of refusals) {
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json().code).toBe('responsible/paused');
      expect(r.json().message).toBe(pause.json().message);
    }
    expect(await rechargeCount(p.id)).toBe(0);

    // Free practice against the CPU stays open (decision 030).
    expect(
      (await send('POST', '/api/practice-games', p.token, { difficulty: 'facil' })).statusCode,
    ).toBe(201);

    // Withdrawal, balance and history still work.
    const w = await send('POST', '/api/withdraw_api', p.token, { amount: 600, bank_account: 1 });
    expect(w.statusCode, w.body).toBe(201);
    expect((await send('GET', '/api/user/balance', p.token)).json().balance).toBe(1400);
    expect((await send('GET', '/api/transactions', p.token)).statusCode).toBe(200);

    // It cannot be shortened; a permanent self-exclusion may follow, and then nothing shorter.
    const shorter = await send('POST', '/api/responsible/pause', p.token, {
      option: '24h',
      confirm: true,
    });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json().message).toBe(MSG_RESPONSIBLE.pauseActive);
    const forever = await send('POST', '/api/responsible/pause', p.token, {
      option: 'permanent',
      confirm: true,
    });
    expect(forever.json().message).toBe(RESPONSIBLE_MESSAGES.exclusion(null));
    const again = await send('POST', '/api/responsible/pause', p.token, {
      option: '6m',
      confirm: true,
    });
    expect(again.statusCode).toBe(409);
    const join = await send('POST', '/api/tables/1/join', p.token, { entry_price: 500 });
    expect(join.json().message).toBe(RESPONSIBLE_MESSAGES.exclusion(null));
    const view = (await send('GET', '/api/responsible', p.token)).json();
    expect(view.pause).toMatchObject({ kind: 'exclusion', until: null });
  });

  it('keeps each player to their own settings and staff routes to staff', async () => {
    const ana = await registerPlayer(t);
    const luis = await registerPlayer(t);
    await setDeposit(ana, 'day', 70_000);

    // No player route takes an id; an extra user_id is refused and changes nothing.
    const sneaky = await send('PUT', '/api/responsible/limits', luis.token, {
      kind: 'deposit',
      period: 'day',
      amount_cents: 10_000_000,
      user_id: ana.id,
    });
    expect(sneaky.statusCode).toBe(422);
    const mine = (await send('GET', '/api/responsible', luis.token)).json();
    expect(mine.limits.every((l: { amount_cents: number | null }) => l.amount_cents === null)).toBe(
      true,
    );
    const anas = (await send('GET', '/api/responsible', ana.token)).json();
    expect(
      anas.limits.find(
        (l: { period: string; kind: string }) => l.kind === 'deposit' && l.period === 'day',
      ).amount_cents,
    ).toBe(70_000);

    // The staff view: admin only.
    const asPlayer = await send('GET', `/api/admin/users/${ana.id}/responsible`, luis.token);
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().message).toBe('No tienes permiso para realizar esta acción.');
    expect((await send('GET', `/api/admin/users/${ana.id}/responsible`)).statusCode).toBe(401);
    expect((await send('GET', '/api/responsible')).statusCode).toBe(401);
    const staff = await send('GET', `/api/admin/users/${ana.id}/responsible`, admin);
    expect(staff.json().limits).toContainEqual(
      expect.objectContaining({ kind: 'deposit', period: 'day', amount_cents: 70_000 }),
    );
    expect((await send('GET', '/api/admin/users/99999999/responsible', admin)).statusCode).toBe(
      404,
    );
  });

  it('answers bad input with Spanish field errors and changes nothing', async () => {
    const p = await registerPlayer(t);
    const cases: [unknown, string][] = [
      [{ kind: 'deposit', period: 'day', amount_cents: -5 }, 'amount_cents'],
      [{ kind: 'deposit', period: 'day', amount_cents: 1.5 }, 'amount_cents'],
      [{ kind: 'deposit', period: 'day', amount_cents: '100' }, 'amount_cents'],
      [{ kind: 'apuesta', period: 'day', amount_cents: 100 }, 'kind'],
      [{ kind: 'loss', period: 'year', amount_cents: 100 }, 'period'],
    ];
    for (const [body, field] of cases) {
      const res = await send('PUT', '/api/responsible/limits', p.token, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field][0]).toMatch(/^(Ingresa|Elige)/);
    }
    const reminder = await send('PUT', '/api/responsible/reminder', p.token, { minutes: 7 });
    expect(reminder.statusCode).toBe(422);
    expect(reminder.json().errors.minutes).toEqual([MSG_RESPONSIBLE.reminderInvalid]);
    const pause = await send('POST', '/api/responsible/pause', p.token, {
      option: '1y',
      confirm: true,
    });
    expect(pause.json().errors.option).toEqual([MSG_RESPONSIBLE.pauseInvalid]);
    const view = (await send('GET', '/api/responsible', p.token)).json();
    expect(view).toMatchObject({ reminder_minutes: null, pause: null });
    expect(view.limits.every((l: { amount_cents: number | null }) => l.amount_cents === null)).toBe(
      true,
    );

    // The session of the reminder: since this sign-in, in minutes, with its net result.
    expect(
      (await send('PUT', '/api/responsible/reminder', p.token, { minutes: 30 })).statusCode,
    ).toBe(200);
    const session = (await send('GET', '/api/responsible/session', p.token)).json();
    expect(session).toMatchObject({ minutes: 0, net_cents: 0, reminder_minutes: 30 });
  });
});
