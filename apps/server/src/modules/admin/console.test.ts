import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_ADMIN, MSG_PAYMENTS, MSG_PHONE } from '@domino/contracts';
import { accounts, auditLog, tableSeats, users } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer } from '../../test/helpers';
import type { Player } from '../../test/wallet-helpers';
import { auth, fundPlayer, loginAdmin, registerPlayer } from '../../test/wallet-helpers';
import { caracasDate } from '../../lib/time';
import { systemAccount, transfer } from '../ledger/ledger';
import { potMonth } from '../pot/month';
import { liftIdentityGate } from '../../test/identity-helpers';

/** The staff console routes of decision 009 (dashboard, users, banks, audit), on PGlite. */
describe('staff console routes', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
  const send = (method: 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: auth(token),
      payload: payload as Record<string, unknown>,
    });
  const post = (url: string, token: string, payload?: unknown) => send('POST', url, token, payload);
  const auditRows = (action: string, targetId?: string | number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(
        targetId === undefined
          ? eq(auditLog.action, action)
          : and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))),
      );
  const today = () => {
    const d = caracasDate(new Date());
    return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
  };

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    admin = await loginAdmin(t);
    await liftIdentityGate(t, admin);
    adminId = (await get('/api/user', admin)).json().id;
  });
  afterAll(() => t.close());

  it('documents every staff console endpoint in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const path of [
      '/api/admin/dashboard',
      '/api/admin/ledger-check',
      '/api/admin/users',
      '/api/admin/users/{id}',
      '/api/admin/users/{id}/transactions',
      '/api/admin/users/{id}/matches',
      '/api/admin/users/{id}/suspend',
      '/api/admin/users/{id}/reactivate',
      '/api/admin/banks',
      '/api/admin/banks/{id}',
      '/api/admin/banks/{id}/activate',
      '/api/admin/banks/{id}/deactivate',
      '/api/admin/recharge-accounts',
      '/api/admin/recharge-accounts/{id}',
      '/api/admin/recharge-accounts/{id}/activate',
      '/api/admin/recharge-accounts/{id}/deactivate',
      '/api/admin/audit',
    ]) {
      const ops = Object.values(doc.paths[path] ?? {});
      expect(ops.length, path).toBeGreaterThan(0);
      for (const op of ops) expect(op.tags, path).toEqual(['Administración']);
    }
  });

  it('refuses every staff console endpoint to visitors (401) and players (403)', async () => {
    const player = await registerPlayer(t);
    const endpoints: [string, string][] = [
      ['GET', '/api/admin/dashboard'],
      ['POST', '/api/admin/ledger-check'],
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${player.id}`],
      ['GET', `/api/admin/users/${player.id}/transactions`],
      ['GET', `/api/admin/users/${player.id}/matches`],
      ['POST', `/api/admin/users/${player.id}/suspend`],
      ['POST', `/api/admin/users/${player.id}/reactivate`],
      ['GET', '/api/admin/banks'],
      ['POST', '/api/admin/banks'],
      ['PATCH', '/api/admin/banks/1'],
      ['POST', '/api/admin/banks/1/activate'],
      ['POST', '/api/admin/banks/1/deactivate'],
      ['GET', '/api/admin/recharge-accounts'],
      ['POST', '/api/admin/recharge-accounts'],
      ['PATCH', '/api/admin/recharge-accounts/1'],
      ['POST', '/api/admin/recharge-accounts/1/activate'],
      ['POST', '/api/admin/recharge-accounts/1/deactivate'],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, url] of endpoints) {
      const anon = await t.app.inject({ method: method as 'GET', url });
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: auth(player.token),
        payload: method === 'GET' ? undefined : { reason: 'Intento de jugador' },
      });
      expect(res.statusCode, `${method} ${url} as player`).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden, code: 'auth/forbidden' });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.id));
    expect(row?.status).toBe('activo');
  });

  it('shows pending work, today’s volume, house fees, the pot and live matches on the dashboard', async () => {
    const before = (await get('/api/admin/dashboard', admin)).json();
    expect(before.today.date).toBe(today());
    expect(before.pot.month).toBe(potMonth(new Date()));

    // Four funded players fill the cheapest table (Bs. 500): the match starts.
    const players: Player[] = [];
    for (let i = 0; i < 4; i++) {
      const p = await registerPlayer(t);
      await fundPlayer(t, p, admin, '600');
      players.push(p);
    }
    for (const p of players) {
      const res = await post('/api/tables/1/join', p.token, { entry_price: 500 });
      expect(res.statusCode).toBe(200);
    }
    // A pending recharge and a pending withdrawal.
    const extra = await registerPlayer(t);
    await fundPlayer(t, extra, admin, '1000');
    const w = await post('/api/withdraw_api', extra.token, { amount: 700, bank_account: 1 });
    expect(w.statusCode).toBe(201);
    const { requestRecharge } = await import('../../test/wallet-helpers');
    expect((await requestRecharge(t, extra.token, '300.50')).statusCode).toBe(201);
    // House fees and the month's pot, moved through the ledger as a settlement would.
    await t.database.db.transaction(async (tx) => {
      const adjustments = await systemAccount(tx, 'adjustments');
      await transfer(tx, {
        kind: 'game_payout',
        idempotencyKey: 'console-test-fees',
        postings: [
          { accountId: adjustments, amountCents: -1_234 },
          { accountId: await systemAccount(tx, 'house_fees'), amountCents: 1_000 },
          {
            accountId: await systemAccount(tx, 'monthly_pot', potMonth(new Date())),
            amountCents: 234,
          },
        ],
        description: 'Prueba',
      });
    });

    const res = await get('/api/admin/dashboard', admin);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.pending.recharges).toEqual({ count: 1, amount: 300.5 });
    expect(d.pending.withdrawals).toEqual({ count: 1, amount: 700 });
    expect(d.today.recharges_approved.count - before.today.recharges_approved.count).toBe(5);
    expect(d.today.recharges_approved.amount - before.today.recharges_approved.amount).toBe(3400);
    expect(d.today.entries.count - before.today.entries.count).toBe(4);
    expect(d.today.entries.amount - before.today.entries.amount).toBe(2000);
    expect(d.house_fees.today - before.house_fees.today).toBe(10);
    expect(d.house_fees.total - before.house_fees.total).toBe(10);
    expect(d.pot.amount - before.pot.amount).toBeCloseTo(2.34, 2);
    expect(d.matches).toHaveLength(1);
    expect(d.matches[0]).toMatchObject({
      table_id: 1,
      table_name: 'Mesa Principiantes',
      entry: 500,
    });
    expect(d.matches[0].players).toHaveLength(4);

    // Paying the withdrawal moves it from pending to today's paid volume.
    const pay = await post(`/api/admin/withdrawals/${w.json().id}/pay`, admin, {
      payout_reference: 'PAGO-1',
    });
    expect(pay.statusCode).toBe(200);
    const after = (await get('/api/admin/dashboard', admin)).json();
    expect(after.pending.withdrawals).toEqual({ count: 0, amount: 0 });
    expect(after.today.withdrawals_paid.count - d.today.withdrawals_paid.count).toBe(1);
    expect(after.today.withdrawals_paid.amount - d.today.withdrawals_paid.amount).toBe(700);
  });

  it('runs the ledger check on demand, records it, and reports what failed', async () => {
    const ok = await post('/api/admin/ledger-check', admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      ok: true,
      total: 0,
      problems: [],
      checked_by: 'Administrador',
    });
    expect((await get('/api/admin/dashboard', admin)).json().ledger_check).toMatchObject({
      ok: true,
      checked_at: ok.json().checked_at,
    });
    expect((await auditRows('ledger.check')).length).toBeGreaterThanOrEqual(1);

    // Tamper with a balance behind the ledger's back: the check names the broken invariants.
    const db = t.database.db;
    const house = await systemAccount(db, 'house_fees');
    await db
      .update(accounts)
      .set({ balanceCents: sql`${accounts.balanceCents} + 500` })
      .where(eq(accounts.id, house));
    try {
      const bad = (await post('/api/admin/ledger-check', admin)).json();
      expect(bad.ok).toBe(false);
      expect(bad.mismatched_accounts).toBe(1);
      expect(bad.total).toBe(5);
      expect(bad.problems).toEqual([
        'La suma de todos los saldos es Bs. 5,00; debe ser Bs. 0,00.',
        '1 cuenta cuyo saldo no coincide con la suma de sus movimientos.',
      ]);
      expect((await get('/api/admin/dashboard', admin)).json().ledger_check.ok).toBe(false);
    } finally {
      await db
        .update(accounts)
        .set({ balanceCents: sql`${accounts.balanceCents} - 500` })
        .where(eq(accounts.id, house));
    }
    expect((await post('/api/admin/ledger-check', admin)).json().ok).toBe(true);
  });

  it('finds users by partial name, e-mail, cédula or phone in any case, a page at a time', async () => {
    const payload = newPlayer({ name: 'Rigoberta Menchú Zamora' });
    const reg = await t.app.inject({ method: 'POST', url: '/api/register_api', payload });
    const id = reg.json().user.id as number;
    const search = async (q: string) =>
      (await get(`/api/admin/users?q=${encodeURIComponent(q)}`, admin)).json();
    for (const q of [
      'menchú zam',
      'RIGOBERTA',
      payload.email.slice(0, 12).toUpperCase(),
      payload.n_identification.slice(1, 6),
      `V-${payload.n_identification}`,
      payload.phone.slice(3),
    ]) {
      const res = await search(q);
      expect(
        res.users.map((u: { id: number }) => u.id),
        q,
      ).toContain(id);
    }
    const one = await search('Rigoberta');
    expect(one.total).toBe(1);
    expect(one.users[0]).toMatchObject({
      id,
      name: 'Rigoberta Menchú Zamora',
      status: 'activo',
      rol: 'jugador',
      balance: 0,
    });
    expect((await search('%')).total).toBe(0);
    expect((await search('zzz-nadie')).users).toEqual([]);

    const all = (await get('/api/admin/users', admin)).json();
    expect(all.per_page).toBe(20);
    expect(all.total).toBeGreaterThan(7);
    for (let i = 0; i < 20 - all.total + 1; i++) await registerPlayer(t);
    const page2 = (await get('/api/admin/users?page=2', admin)).json();
    expect(page2.total).toBeGreaterThanOrEqual(21);
    expect(page2.users.length).toBe(page2.total - 20);
    expect((await get('/api/admin/users?page=0', admin)).statusCode).toBe(422);
  });

  it('shows a user’s profile, balance, transactions and matches; unknown ids are 404', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p, admin, '800');
    const detail = await get(`/api/admin/users/${p.id}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      user: { id: p.id, balance: 800, status: 'activo' },
      seat: null,
      last_status_change: null,
    });
    const tx = (await get(`/api/admin/users/${p.id}/transactions`, admin)).json();
    expect(tx.total).toBe(1);
    expect(tx.transactions[0]).toMatchObject({ type_transaction: 'deposito', amount: 800 });
    const filtered = (await get(`/api/admin/users/${p.id}/transactions?type=retiro`, admin)).json();
    expect(filtered.total).toBe(0);
    const matches = (await get(`/api/admin/users/${p.id}/matches`, admin)).json();
    expect(matches).toMatchObject({ matches: [], total: 0, page: 1 });
    for (const url of [
      '/api/admin/users/999999',
      '/api/admin/users/999999/transactions',
      '/api/admin/users/999999/matches',
    ]) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: MSG_ADMIN.userNotFound, code: 'admin/user_not_found' });
    }
    expect((await get('/api/admin/users/abc', admin)).statusCode).toBe(404);
  });

  it('suspends a player: tokens revoked at once, login refused, seat refunded, audited; reactivation lets them back', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p, admin, '1000');
    // Seated at a table whose match has not started (table 2, Bs. 1.000).
    expect((await post('/api/tables/2/join', p.token, { entry_price: 1000 })).statusCode).toBe(200);
    expect((await get('/api/user/balance', p.token)).json().balance).toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    const email = row!.email;
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login_api',
        payload: { email, password: 'Secreto123' },
      });
    const second = (await login()).json().token as string;
    const seated = (await get(`/api/admin/users/${p.id}`, admin)).json();
    expect(seated.seat).toEqual({ table_id: 2, table_name: 'Mesa Clásica', playing: false });

    const noReason = await post(`/api/admin/users/${p.id}/suspend`, admin, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([MSG_PAYMENTS.reasonRequired]);
    expect((await get('/api/user', p.token)).statusCode).toBe(200);

    const res = await post(`/api/admin/users/${p.id}/suspend`, admin, {
      reason: 'Uso de cuentas múltiples',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG_ADMIN.userSuspended,
      user: { id: p.id, status: 'suspendido', balance: 1000 },
      left_table: { table_id: 2, refund: 1000 },
    });
    for (const token of [p.token, second]) {
      const me = await get('/api/user', token);
      expect(me.statusCode).toBe(401);
    }
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MSG.accountSuspended, code: 'auth/suspended' });
    expect(
      await t.database.db.select().from(tableSeats).where(eq(tableSeats.userId, p.id)),
    ).toEqual([]);
    const [entry] = await auditRows('user.suspend', p.id);
    expect(entry).toMatchObject({
      actorUserId: adminId,
      targetType: 'user',
      before: { status: 'activo' },
      after: { status: 'suspendido', tokens_revoked: true, left_table: 2, refund: 1000 },
      reason: 'Uso de cuentas múltiples',
    });
    const again = await post(`/api/admin/users/${p.id}/suspend`, admin, { reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG_ADMIN.alreadySuspended);
    const detail = (await get(`/api/admin/users/${p.id}`, admin)).json();
    expect(detail.last_status_change).toMatchObject({
      action: 'user.suspend',
      reason: 'Uso de cuentas múltiples',
      by: 'Administrador',
    });

    const back = await post(`/api/admin/users/${p.id}/reactivate`, admin, {
      reason: 'Verificada la identidad',
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      message: MSG_ADMIN.userReactivated,
      user: { status: 'activo' },
    });
    expect((await get('/api/user', p.token)).statusCode).toBe(401);
    const relogin = await login();
    expect(relogin.statusCode).toBe(200);
    expect((await get('/api/user', relogin.json().token)).statusCode).toBe(200);
    expect(await auditRows('user.reactivate', p.id)).toHaveLength(1);
    const twice = await post(`/api/admin/users/${p.id}/reactivate`, admin, { reason: 'Otra vez' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MSG_ADMIN.alreadyActive);
  });

  it('keeps a player in a match that already started when suspending them', async () => {
    const players: Player[] = [];
    for (let i = 0; i < 4; i++) {
      const p = await registerPlayer(t);
      await fundPlayer(t, p, admin, '2600');
      players.push(p);
      expect((await post('/api/tables/3/join', p.token, { entry_price: 2500 })).statusCode).toBe(
        200,
      );
    }
    const target = players[0]!;
    const res = await post(`/api/admin/users/${target.id}/suspend`, admin, {
      reason: 'Comportamiento abusivo',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().left_table).toBeNull();
    expect(res.json().user.balance).toBe(100);
    const seats = await t.database.db
      .select()
      .from(tableSeats)
      .where(eq(tableSeats.userId, target.id));
    expect(seats).toHaveLength(1);
    const detail = (await get(`/api/admin/users/${target.id}`, admin)).json();
    expect(detail.seat).toMatchObject({ table_id: 3, playing: true });
  });

  it('refuses to suspend oneself or another admin, and unknown users', async () => {
    const self = await post(`/api/admin/users/${adminId}/suspend`, admin, { reason: 'Prueba' });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({
      message: MSG_ADMIN.cannotSuspendSelf,
      code: 'admin/cannot_suspend_self',
    });
    const colleague = await registerPlayer(t);
    await t.database.db.update(users).set({ rol: 'admin' }).where(eq(users.id, colleague.id));
    const other = await post(`/api/admin/users/${colleague.id}/suspend`, admin, {
      reason: 'Prueba',
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MSG_ADMIN.cannotSuspendStaff);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, colleague.id));
    expect(row?.status).toBe('activo');
    expect(
      (await post('/api/admin/users/999999/suspend', admin, { reason: 'Prueba' })).statusCode,
    ).toBe(404);
    expect(await auditRows('user.suspend', adminId)).toEqual([]);
  });

  it('creates, edits, deactivates and reactivates a bank; players see only active banks', async () => {
    const playerBanks = async () =>
      ((await get('/api/banks')).json() as { code: string }[]).map((b) => b.code);
    const countBefore = (await get('/api/admin/banks', admin)).json().length;
    const bad = await post('/api/admin/banks', admin, { code: '12a', name: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      code: [MSG_ADMIN.bankCodeInvalid],
      name: [MSG_ADMIN.bankNameRequired],
    });
    const dup = await post('/api/admin/banks', admin, { code: '0102', name: 'Otro' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ code: [MSG_ADMIN.bankCodeTaken] });
    expect((await get('/api/admin/banks', admin)).json()).toHaveLength(countBefore);
    expect(await auditRows('bank.create')).toEqual([]);

    const created = await post('/api/admin/banks', admin, {
      code: '0199',
      name: ' Banco de Prueba ',
    });
    expect(created.statusCode).toBe(201);
    const bank = created.json();
    expect(bank).toMatchObject({
      code: '0199',
      name: 'Banco de Prueba',
      status: 'activo',
      active_accounts: 0,
    });
    expect(await playerBanks()).toContain('0199');

    const clash = await send('PATCH', `/api/admin/banks/${bank.id}`, admin, {
      code: '0175',
      name: 'Banco de Prueba',
    });
    expect(clash.statusCode).toBe(422);
    const edited = await send('PATCH', `/api/admin/banks/${bank.id}`, admin, {
      code: '0199',
      name: 'Banco de Prueba Universal',
    });
    expect(edited.json()).toMatchObject({ name: 'Banco de Prueba Universal' });
    expect(
      (await send('PATCH', '/api/admin/banks/99999', admin, { code: '0999', name: 'X' }))
        .statusCode,
    ).toBe(404);

    const off = await post(`/api/admin/banks/${bank.id}/deactivate`, admin);
    expect(off.json().status).toBe('inactivo');
    expect(await playerBanks()).not.toContain('0199');
    const p = await registerPlayer(t);
    await fundPlayer(t, p, admin, '1000');
    const w = await post('/api/withdraw_api', p.token, { amount: 600, bank_account: bank.id });
    expect(w.statusCode).toBe(422);
    expect(w.json().errors.bank_account).toEqual([MSG_PAYMENTS.bankUnavailable]);
    // Deactivating again changes nothing and records nothing.
    expect((await post(`/api/admin/banks/${bank.id}/deactivate`, admin)).statusCode).toBe(200);
    expect(await auditRows('bank.deactivate', bank.id)).toHaveLength(1);

    expect((await post(`/api/admin/banks/${bank.id}/activate`, admin)).json().status).toBe(
      'activo',
    );
    expect(await playerBanks()).toContain('0199');

    expect((await auditRows('bank.create', bank.id))[0]).toMatchObject({
      before: null,
      after: { code: '0199', name: 'Banco de Prueba', status: 'activo' },
    });
    expect((await auditRows('bank.update', bank.id))[0]).toMatchObject({
      before: { name: 'Banco de Prueba' },
      after: { name: 'Banco de Prueba Universal' },
    });
    expect((await auditRows('bank.activate', bank.id))[0]).toMatchObject({
      before: { status: 'inactivo' },
      after: { status: 'activo' },
    });
  });

  it('manages recharge accounts: players see active ones only, never none, never at an inactive bank', async () => {
    const player = await registerPlayer(t);
    const visible = async () =>
      ((await get('/api/accounts_recharge', player.token)).json() as { id: number }[]).map(
        (a) => a.id,
      );
    const banks = (await get('/api/admin/banks', admin)).json() as { id: number; code: string }[];
    const bdt = banks.find((b) => b.code === '0175')!;
    const input = {
      bank_id: bdt.id,
      account_number: '01750001110002223334',
      holder_name: 'Dominó Venezuela C.A.',
      type_identification: 'J',
      n_identification: '501234567',
      phone: '04241234567',
    };
    const invalid = await post('/api/admin/recharge-accounts', admin, {
      ...input,
      account_number: '123',
      type_identification: 'X',
      phone: '0400123',
      holder_name: '',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      account_number: [MSG_PAYMENTS.accountNumberInvalid],
      type_identification: [MSG_ADMIN.documentTypeInvalid],
      holder_name: [MSG_ADMIN.holderRequired],
      phone: [MSG_PHONE.unknownOperator],
    });
    const mismatch = await post('/api/admin/recharge-accounts', admin, {
      ...input,
      account_number: '01020001110002223334',
    });
    expect(mismatch.json().errors).toEqual({
      account_number: [MSG_PAYMENTS.accountNumberMismatch],
    });
    const created = await post('/api/admin/recharge-accounts', admin, input);
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toMatchObject({ active: true, bank: { code: '0175' }, phone: '04241234567' });
    expect(await visible()).toEqual([1, account.id]);
    const counts = (await get('/api/admin/banks', admin)).json() as {
      code: string;
      active_accounts: number;
    }[];
    expect(counts.find((b) => b.code === '0102')?.active_accounts).toBe(1);
    expect(counts.find((b) => b.code === '0175')?.active_accounts).toBe(1);
    expect(counts.find((b) => b.code === '0171')?.active_accounts).toBe(0);

    // The bank of an active account cannot be deactivated.
    const busy = await post(`/api/admin/banks/${bdt.id}/deactivate`, admin);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(MSG_ADMIN.bankHasActiveAccounts);

    const edited = await send('PATCH', `/api/admin/recharge-accounts/${account.id}`, admin, {
      ...input,
      holder_name: 'Dominó Occidente C.A.',
    });
    expect(edited.json().holder_name).toBe('Dominó Occidente C.A.');
    expect((await auditRows('recharge_account.update', account.id))[0]).toMatchObject({
      before: { holder_name: 'Dominó Venezuela C.A.' },
      after: { holder_name: 'Dominó Occidente C.A.' },
    });

    expect((await post('/api/admin/recharge-accounts/1/deactivate', admin)).json().active).toBe(
      false,
    );
    expect(await visible()).toEqual([account.id]);
    const last = await post(`/api/admin/recharge-accounts/${account.id}/deactivate`, admin);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      message: MSG_ADMIN.lastActiveAccount,
      code: 'admin/last_active_account',
    });
    expect(await visible()).toEqual([account.id]);

    // An inactive account's bank can go; the account cannot come back while its bank is off.
    expect((await post('/api/admin/recharge-accounts/1/activate', admin)).statusCode).toBe(200);
    expect(
      (await post(`/api/admin/recharge-accounts/${account.id}/deactivate`, admin)).statusCode,
    ).toBe(200);
    expect((await post(`/api/admin/banks/${bdt.id}/deactivate`, admin)).statusCode).toBe(200);
    const blocked = await post(`/api/admin/recharge-accounts/${account.id}/activate`, admin);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(MSG_ADMIN.bankInactive);
    const atInactive = await post('/api/admin/recharge-accounts', admin, {
      ...input,
      account_number: '01759999999999999999',
    });
    expect(atInactive.json().errors).toEqual({ bank_id: [MSG_ADMIN.bankInactive] });
    expect(await visible()).toEqual([1]);
    expect((await post(`/api/admin/banks/${bdt.id}/activate`, admin)).statusCode).toBe(200);
    expect(await auditRows('recharge_account.deactivate', 1)).toHaveLength(1);
    expect((await post('/api/admin/recharge-accounts/9999/activate', admin)).statusCode).toBe(404);
  });

  it('lists the audit log newest first with filters, pages and the before and after', async () => {
    // More than a page of history: each on-demand ledger check is a staff action too.
    const first = (await get('/api/admin/audit', admin)).json();
    for (let i = first.total; i <= 30; i++) await post('/api/admin/ledger-check', admin);
    const all = (await get('/api/admin/audit', admin)).json();
    expect(all.per_page).toBe(25);
    expect(all.entries).toHaveLength(25);
    expect(all.total).toBeGreaterThan(10);
    expect(all.entries[0].id).toBeGreaterThan(all.entries[1].id);
    expect(all.actors).toContainEqual({ id: adminId, name: 'Administrador' });
    expect(all.actions).toEqual(expect.arrayContaining(['bank.create', 'user.suspend']));

    const suspensions = (await get('/api/admin/audit?action=user.suspend', admin)).json();
    expect(suspensions.total).toBe(2);
    expect(suspensions.entries[0]).toMatchObject({
      action: 'user.suspend',
      target_type: 'user',
      actor: { id: adminId, name: 'Administrador' },
      before: { status: 'activo' },
      after: { status: 'suspendido' },
    });
    const target = suspensions.entries[1].target_id;
    const byTarget = (
      await get(`/api/admin/audit?target_type=user&target_id=${target}`, admin)
    ).json();
    expect(byTarget.entries.map((e: { action: string }) => e.action)).toEqual([
      'user.reactivate',
      'user.suspend',
    ]);
    expect((await get(`/api/admin/audit?actor=${adminId}`, admin)).json().total).toBe(all.total);
    expect((await get('/api/admin/audit?actor=999999', admin)).json().total).toBe(0);
    const d = today();
    expect((await get(`/api/admin/audit?from=${d}&to=${d}`, admin)).json().total).toBe(all.total);
    expect((await get('/api/admin/audit?to=2020-01-01', admin)).json().total).toBe(0);
    const page2 = (await get('/api/admin/audit?page=2', admin)).json();
    expect(page2.page).toBe(2);
    expect(page2.entries.length).toBe(Math.min(25, all.total - 25));
    expect(page2.entries[0].id).toBeLessThan(all.entries[24].id);
    const bad = await get('/api/admin/audit?from=2026-13-45', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual([MSG_ADMIN.dateInvalid]);
    const reversed = await get('/api/admin/audit?from=2026-02-01&to=2026-01-01', admin);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.from).toEqual([MSG_ADMIN.dateRangeInvalid]);
  });
});
