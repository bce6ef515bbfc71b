import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_PAYMENTS, MSG_UPLOADS } from '@domino/contracts';
import { auditLog, recharges } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp } from '../../test/helpers';
import type { Player } from '../../test/wallet-helpers';
import {
  auth,
  fundPlayer,
  loginAdmin,
  multipart,
  registerPlayer,
  requestRecharge,
  sampleJpegWithExif,
  samplePng,
} from '../../test/wallet-helpers';
import { checkLedger } from '../ledger/ledger';
import { liftIdentityGate } from '../../test/identity-helpers';

describe('wallet routes', () => {
  let t: TestApp;
  let admin: string;
  let player: Player;
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: auth(token) });
  const post = (
    url: string,
    token: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: auth(token, headers),
      payload: payload as Record<string, unknown>,
    });
  const balance = async (token: string) =>
    (await get('/api/user/balance', token)).json().balance as number;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    admin = await loginAdmin(t);
    await liftIdentityGate(t, admin);
    player = await registerPlayer(t);
  });
  afterAll(() => t.close());

  it('lists the recharge account, the banks and the client data', async () => {
    const accounts = (await get('/api/accounts_recharge', player.token)).json();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      id: 1,
      account_id: 1,
      bank: { code: '0102', name: 'Banco de Venezuela' },
      phone: '04141234567',
    });
    expect(accounts[0].account_number).toMatch(/^\d{20}$/);
    const banks = (await t.app.inject('/api/banks')).json();
    expect(banks).toHaveLength(26);
    expect(banks.map((b: { code: string }) => b.code)).toContain('0134');
    const client = (await get('/api/client-data', player.token)).json();
    expect(client).toMatchObject({
      type_identification: 'V',
      user: { id: player.id, balance: 0 },
      bank_accounts: [],
    });
  });

  it('validates a recharge with the catalogue messages and stores nothing', async () => {
    const bad = multipart({ amount: '249.99', reference: 'ab', account_id: '' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recharge_api',
      payload: bad.payload,
      headers: { ...bad.headers, ...auth(player.token) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      amount: [MSG.rechargeMinAmount],
      reference: [MSG_PAYMENTS.referenceLength],
      account_id: [MSG_PAYMENTS.accountRequired],
    });
    const decimals = await requestRecharge(t, player.token, '300.123');
    expect(decimals.json().errors.amount).toEqual([MSG_PAYMENTS.amountInvalid]);
    const text = await requestRecharge(t, player.token, '300', {
      file: { name: 'proof.png', type: 'image/png', data: Buffer.from('not an image at all') },
    });
    expect(text.json().errors.payment_proof).toEqual([MSG_UPLOADS.notAnImage]);
    const huge = await requestRecharge(t, player.token, '300', {
      file: { name: 'big.png', type: 'image/png', data: Buffer.alloc(5_242_881, 1) },
    });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.payment_proof).toEqual([MSG_PAYMENTS.proofSize]);
    expect(await t.database.db.select().from(recharges)).toHaveLength(0);
  });

  it('creates a pending recharge that moves no money, with a re-encoded proof only the owner and staff can see', async () => {
    const jpeg = await sampleJpegWithExif();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await requestRecharge(t, player.token, '250', {
      file: { name: 'comprobante.jpg', type: 'image/jpeg', data: jpeg },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: MSG.rechargeSent, status: 'pendiente' });
    expect(await balance(player.token)).toBe(0);
    const id = res.json().id;
    const proof = await get(`/api/recharges/${id}/proof`, player.token);
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(proof.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(proof.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    const stranger = await registerPlayer(t);
    expect((await get(`/api/recharges/${id}/proof`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/recharges/${id}/proof`, admin)).statusCode).toBe(200);
  });

  it('keeps a PNG proof as PNG', async () => {
    const res = await requestRecharge(t, player.token, '255', {
      file: { name: 'pago.PNG', type: 'image/png', data: await samplePng() },
    });
    expect(res.statusCode).toBe(201);
    const proof = await get(`/api/recharges/${res.json().id}/proof`, player.token);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(await sharp(proof.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 40,
      height: 30,
    });
  });

  it('rasterises an SVG proof to PNG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><script>alert(1)</script><rect width="20" height="10" fill="blue"/></svg>',
    );
    const res = await requestRecharge(t, player.token, '260', {
      file: { name: 'c.svg', type: 'image/svg+xml', data: svg },
    });
    expect(res.statusCode).toBe(201);
    const proof = await get(`/api/recharges/${res.json().id}/proof`, admin);
    expect(proof.headers['content-type']).toBe('image/png');
    expect((await sharp(proof.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses the same reference twice for the same account unless the first was rejected', async () => {
    const first = await requestRecharge(t, player.token, '300', { reference: 'DUP-123' });
    expect(first.statusCode).toBe(201);
    const again = await requestRecharge(t, player.token, '300', { reference: 'dup-123' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.reference).toEqual([MSG_PAYMENTS.referenceDuplicate]);
    expect(
      (
        await post(`/api/admin/recharges/${first.json().id}/reject`, admin, {
          reason: 'Referencia no encontrada',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await requestRecharge(t, player.token, '300', { reference: 'DUP-123' })).statusCode,
    ).toBe(201);
  });

  it('credits the wallet once on approval and answers 409 to a second decision', async () => {
    const p = await registerPlayer(t);
    const res = await requestRecharge(t, p.token, '1234.56');
    const id = res.json().id;
    const ok = await post(`/api/admin/recharges/${id}/approve`, admin);
    expect(ok.json()).toEqual({ message: 'Recarga aprobada', id, status: 'aprobado' });
    expect(await balance(p.token)).toBe(1234.56);
    const twice = await post(`/api/admin/recharges/${id}/approve`, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: MSG_PAYMENTS.alreadyDecided,
      code: 'payments/already_decided',
    });
    expect(
      (await post(`/api/admin/recharges/${id}/reject`, admin, { reason: 'tarde' })).statusCode,
    ).toBe(409);
    expect(await balance(p.token)).toBe(1234.56);
    const logs = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(logs.map((l) => l.action)).toEqual(['recharge.approve']);
    expect(logs[0]?.before).toEqual({ status: 'pendiente' });
  });

  it('answers 403 to players on every staff route', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/recharges'],
      ['GET', '/api/admin/withdrawals'],
      ['POST', '/api/admin/recharges/1/approve'],
      ['POST', '/api/admin/withdrawals/1/pay'],
      ['POST', `/api/admin/users/${player.id}/adjustments`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: auth(player.token),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('holds a withdrawal at once, pays it out or returns it when rejected', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p, admin, '2000');
    const min = await post('/api/withdraw_api', p.token, { amount: 499.99, bank_account: 1 });
    expect(min.json().errors.amount).toEqual([MSG.withdrawMinAmount]);
    const over = await post('/api/withdraw_api', p.token, { amount: 2000.01, bank_account: 1 });
    expect(over.json().errors.amount).toEqual([MSG.withdrawExceedsBalance]);
    const noBank = await post('/api/withdraw_api', p.token, { amount: 600 });
    expect(noBank.json().errors.bank_account).toEqual([MSG.bankRequired]);
    const w1 = await post('/api/withdraw_api', p.token, { amount: 600, bank_account: 1 });
    expect(w1.statusCode).toBe(201);
    expect(w1.json()).toMatchObject({
      message: MSG.withdrawSent,
      status: 'pendiente',
      new_balance: 1400,
    });
    const w2 = await post('/api/withdraw_api', p.token, { amount: 900, bank_account: 2 });
    expect(await balance(p.token)).toBe(500);
    const queue = (await get('/api/admin/withdrawals?status=pendiente', admin)).json();
    const item = queue.find((w: { id: number }) => w.id === w1.json().id);
    expect(item.payout).toMatchObject({ type_identification: 'V' });
    expect(item.payout.phone).toMatch(/^04\d{9}$/);
    expect(
      (
        await post(`/api/admin/withdrawals/${w1.json().id}/pay`, admin, {
          payout_reference: 'PM-998877',
        })
      ).json().status,
    ).toBe('completado');
    expect(
      (
        await post(`/api/admin/withdrawals/${w2.json().id}/reject`, admin, {
          reason: 'Cuenta de pensionado',
        })
      ).json().status,
    ).toBe('rechazado');
    expect(await balance(p.token)).toBe(1400);
    const txs = (await get('/api/transactions?type=retiro', p.token)).json();
    expect(txs.transactions.map((x: { status: string }) => x.status)).toEqual([
      'rejected',
      'completed',
    ]);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('adjusts balances with a reason, never below zero', async () => {
    const p = await registerPlayer(t);
    const add = await post(`/api/admin/users/${p.id}/adjustments`, admin, {
      amount: 100.5,
      reason: 'Bono de bienvenida',
    });
    expect(add.json()).toEqual({ message: 'Saldo ajustado', balance: 100.5 });
    const tooMuch = await post(`/api/admin/users/${p.id}/adjustments`, admin, {
      amount: -100.51,
      reason: 'Corrección',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([MSG_PAYMENTS.adjustmentNegative]);
    const sub = await post(`/api/admin/users/${p.id}/adjustments`, admin, {
      amount: -0.5,
      reason: 'Corrección',
    });
    expect(sub.json().balance).toBe(100);
    const list = (await get('/api/transactions?type=ajuste', p.token)).json();
    expect(
      list.transactions.map((x: { amount: number; direction: string }) => [x.amount, x.direction]),
    ).toEqual([
      [0.5, 'debit'],
      [100.5, 'credit'],
    ]);
  });

  it('replays an Idempotency-Key with the same body and refuses it with another', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p, admin, '3000');
    const first = await post(
      '/api/withdraw_api',
      p.token,
      { amount: 700, bank_account: 1 },
      { 'idempotency-key': 'retiro-1' },
    );
    const again = await post(
      '/api/withdraw_api',
      p.token,
      { amount: 700, bank_account: 1 },
      { 'idempotency-key': 'retiro-1' },
    );
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await balance(p.token)).toBe(2300);
    const other = await post(
      '/api/withdraw_api',
      p.token,
      { amount: 800, bank_account: 1 },
      { 'idempotency-key': 'retiro-1' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(MSG_PAYMENTS.idempotencyMismatch);
    const r1 = await requestRecharge(t, p.token, '300', { reference: 'IDEM-1', key: 'rec-1' });
    const r2 = await requestRecharge(t, p.token, '300', { reference: 'IDEM-1', key: 'rec-1' });
    expect(r2.statusCode).toBe(201);
    expect(r2.json()).toEqual(r1.json());
    const d1 = await post(`/api/admin/recharges/${r1.json().id}/approve`, admin, undefined, {
      'idempotency-key': 'apr-1',
    });
    const d2 = await post(`/api/admin/recharges/${r1.json().id}/approve`, admin, undefined, {
      'idempotency-key': 'apr-1',
    });
    expect(d2.statusCode).toBe(200);
    expect(d2.json()).toEqual(d1.json());
    expect(await balance(p.token)).toBe(2600);
  });

  it('lists transactions with filters, 10 per page and totals', async () => {
    const p = await registerPlayer(t);
    for (let i = 0; i < 12; i++) await requestRecharge(t, p.token, String(250 + i));
    const page1 = (await get('/api/transactions', p.token)).json();
    expect(page1.total).toBe(12);
    expect(page1.transactions).toHaveLength(10);
    expect(page1.transactions[0]).toMatchObject({
      type_transaction: 'deposito',
      status: 'pending',
      direction: 'credit',
      amount: 261,
    });
    const page2 = (await get('/api/transactions?page=2', p.token)).json();
    expect(page2.transactions).toHaveLength(2);
    expect((await get('/api/transactions?type=retiro', p.token)).json().total).toBe(0);
    expect((await get('/api/transactions?period=today&status=pending', p.token)).json().total).toBe(
      12,
    );
    expect((await get('/api/transactions?period=last_month', p.token)).json().total).toBe(0);
    expect((await get('/api/transactions?page=9', p.token)).json()).toMatchObject({
      total: 12,
      transactions: [],
    });
    const bad = await get('/api/transactions?type=robo', p.token);
    expect(bad.statusCode).toBe(422);
    const q = (await get('/api/admin/recharges?status=pendiente', admin)).json();
    const mine = q.filter((x: { user: { id: number } }) => x.user.id === p.id);
    await post(`/api/admin/recharges/${mine[0].id}/approve`, admin);
    const summary = (await get('/api/transactions', p.token)).json().summary;
    expect(summary).toEqual({
      totalRecharges: mine[0].amount,
      totalWithdrawals: 0,
      totalBets: 0,
      totalWins: 0,
    });
  });

  it('stores a player bank account whose first digits name a known bank', async () => {
    const ok = await post('/api/bank-accounts', player.token, {
      bank_name: 'Banco de Venezuela',
      account_number: '01020123456789012345',
      account_type: 'ahorro',
      account_holder: 'María Pérez',
      current_password: 'Secreto123',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().bank_account).toMatchObject({
      bank_name: 'Banco de Venezuela',
      account_type: 'ahorro',
    });
    const unknown = await post('/api/bank-accounts', player.token, {
      bank_name: 'Banco de Venezuela',
      account_number: '09990123456789012345',
      account_type: 'ahorro',
      account_holder: 'María',
      current_password: 'Secreto123',
    });
    expect(unknown.json().errors.account_number).toEqual([MSG_PAYMENTS.accountNumberBank]);
    const short = await post('/api/bank-accounts', player.token, {
      bank_name: 'Banco Digital de los Trabajadores',
      account_number: '0175123',
      account_type: 'corriente',
      account_holder: 'María',
      current_password: 'Secreto123',
    });
    expect(short.json().errors.account_number).toEqual([MSG_PAYMENTS.accountNumberInvalid]);
    const dup = await post('/api/bank-accounts', player.token, {
      bank_name: '0102',
      account_number: '01020123456789012345',
      account_type: 'ahorro',
      account_holder: 'María Pérez',
      current_password: 'Secreto123',
    });
    expect(dup.json().errors.account_number).toEqual([MSG_PAYMENTS.bankAccountDuplicate]);
    expect((await get('/api/client-data', player.token)).json().bank_accounts).toHaveLength(1);
  });
});
