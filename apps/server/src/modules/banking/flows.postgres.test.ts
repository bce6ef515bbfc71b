import { createHmac } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_VERIFY, C2P_KEY_RATE_LIMIT, MSG_BANK_FLOWS } from '@domino/contracts';
import { openDatabase } from '../../db/client';
import type { Database } from '../../db/client';
import {
  auditLog,
  bankMovements,
  idempotencyRequests,
  ledgerTransactions,
  recharges,
  riskAccountMarks,
  withdrawals,
} from '../../db/schema';
import { caracasDate } from '../../lib/time';
import { checkLedger } from '../ledger/ledger';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import type { TestApp } from '../../test/helpers';
import { NO_IDENTITY_GATE } from '../../test/identity-helpers';
import { auth, loginAdmin, multipart, registerPlayer } from '../../test/wallet-helpers';
import type { Player } from '../../test/wallet-helpers';
import type {
  BankConnector,
  BankMovement,
  ChargeRequest,
  ChargeResult,
  ConnectorConfig,
  PayoutResult,
} from './connector';
import { c2pInvoice } from './c2p';
import { creditRecharge } from './credit';
import { receiveNotification } from './notifications';
import type { BankConnectors, BoundConnector } from './port';
import { VERIFY_IDLE_MS, verifyDelayMs, verifyDue } from './verify-worker';

/**
 * The automatic recharge flows on real PostgreSQL (docs/decisions/051-bank-connectors.md)
 * against a scripted fake bank: one movement credits once whatever reports it (verification,
 * notification, statement line, staff approval) and however often, raced from two connection
 * pools ("nodes"); limits before any credit; C2P never charged above a limit, nor twice, with
 * its unknown outcome resolved or sent to staff and its key stored nowhere; signed notifications;
 * the verification backoff and window; payouts; and the ledger check after all of it.
 */

const PAYMENT_KEY = '918273645';
const HMAC_KEY = 'fake-hmac-secret-value';

function today(offset = 0): string {
  const t = caracasDate(new Date());
  return new Date(Date.UTC(t.year, t.month - 1, t.day + offset)).toISOString().slice(0, 10);
}

/** A scripted bank: movements it has received, charge and payout scripts, call counters. */
class FakeBank implements BankConnector {
  provider = 'r4' as const;
  label = 'Banco de pruebas (falso)';
  hosts = ['fake.test'];
  credentialFields = [{ name: 'hmac_key', label: 'Clave HMAC' }];
  capabilities = { verify: true, charge: true, requestKey: true, notify: true, payout: true };
  received: BankMovement[] = [];
  verifyFault: 'unavailable' | 'mismatch' | null = null;
  /** A lookup of this reference waits for `verifyRelease` (a bank that hangs). */
  verifyHold: string | null = null;
  verifyRelease: Promise<void> = Promise.resolve();
  verifyHolding = false;
  chargeScript: ('approve' | 'decline' | 'lost' | 'timeout' | 'hold')[] = [];
  /** A 'hold' charge waits for this to resolve (a slow bank). */
  release: Promise<void> = Promise.resolve();
  holding = false;
  charged = new Map<string, BankMovement>();
  chargeCalls = 0;
  keyCalls = 0;
  payoutScript: PayoutResult[] = [];
  payoutCalls = 0;

  async verify(_cfg: ConnectorConfig, q: { reference: string; amountCents: number }) {
    if (q.reference === this.verifyHold) {
      this.verifyHolding = true;
      await this.verifyRelease;
    }
    if (this.verifyFault === 'unavailable')
      return { kind: 'unavailable', detail: 'Sin respuesta' } as const;
    const m = this.received.find((r) => r.reference === q.reference);
    if (!m) return { kind: 'not_found', bankCode: '1010', bankMessage: 'No encontrado' } as const;
    if (this.verifyFault === 'mismatch' || m.amountCents !== q.amountCents)
      return { kind: 'mismatch', movement: m, detail: 'El monto no coincide' } as const;
    return { kind: 'verified', movement: m } as const;
  }
  async requestKey() {
    this.keyCalls += 1;
    return { kind: 'sent' } as const;
  }
  async charge(_cfg: ConnectorConfig, c: ChargeRequest): Promise<ChargeResult> {
    this.chargeCalls += 1;
    const step = this.chargeScript.shift() ?? 'approve';
    if (step === 'hold') {
      this.holding = true;
      await this.release;
    }
    if (step === 'decline')
      return {
        kind: 'declined',
        bankCode: '51',
        bankMessage: 'Fondos insuficientes',
        reason: 'Tu banco rechazó el pago: fondos insuficientes.',
      };
    const movement: BankMovement = {
      reference: `77${String(this.chargeCalls).padStart(6, '0')}`,
      day: today(),
      amountCents: c.amountCents,
      payerPhone: c.payerPhone,
      payerBankCode: c.payerBankCode,
      payerIdentification: c.payerNIdentification,
    };
    if (step === 'lost') return { kind: 'unavailable', detail: 'Tiempo de espera agotado' };
    this.charged.set(c.invoice, movement);
    if (step === 'timeout') return { kind: 'unavailable', detail: 'Tiempo de espera agotado' };
    return { kind: 'approved', movement };
  }
  async findCharge(_cfg: ConnectorConfig, c: ChargeRequest) {
    const m = this.charged.get(c.invoice);
    return m
      ? ({ kind: 'found', movement: m } as const)
      : ({ kind: 'unavailable', detail: 'x' } as const);
  }
  async payout(): Promise<PayoutResult> {
    this.payoutCalls += 1;
    return this.payoutScript.shift() ?? { kind: 'paid', reference: '55501' };
  }
  notification(
    _cfg: ConnectorConfig,
    n: { headers: Record<string, string | undefined>; rawBody: Buffer },
  ) {
    const sig = createHmac('sha256', HMAC_KEY).update(n.rawBody).digest('hex');
    if (n.headers['x-signature'] !== sig) return { kind: 'bad_signature' } as const;
    try {
      const movement = JSON.parse(n.rawBody.toString('utf8')) as BankMovement;
      return { kind: 'movement', movement, reply: { code: '00' } } as const;
    } catch {
      return { kind: 'malformed', detail: 'json' } as const;
    }
  }
}

function portFor(bank: FakeBank, accountId: number): BankConnectors {
  const bound: BoundConnector = {
    connector: bank,
    config: {
      provider: 'r4',
      baseUrl: 'https://fake.test',
      credentials: { hmac_key: HMAC_KEY },
      account: {
        rechargeAccountId: accountId,
        bankCode: '0102',
        accountNumber: '01020000000000000000',
        phone: '04120000000',
        typeIdentification: 'J',
        nIdentification: '123456789',
      },
    },
    http: async () => ({ ok: false, detail: 'no network in tests' }),
  };
  return {
    forAccount: async (_db, id) => (id === accountId ? bound : null),
    forNotificationToken: async (_db, token) => (token === 'tok-1' ? bound : null),
  };
}

describe('automatic recharge flows on real PostgreSQL', async () => {
  const skip = !(await postgresAvailable());
  const bank = new FakeBank();
  const ACCOUNT = 1;
  let t: TestApp;
  let node2: Database;
  let admin: string;
  const events: { userId: number; event: string; payload: Record<string, unknown> }[] = [];
  const logLines: string[] = [];
  const silent = { hub: { toUser: () => undefined }, push: { notifyPayment: () => undefined } };

  beforeAll(async () => {
    if (skip) return;
    t = await buildTestApp(
      'postgres',
      { LOG_LEVEL: 'debug' },
      { bankConnectors: portFor(bank, ACCOUNT) },
      { logStream: { write: (line: string) => void logLines.push(line) } },
    );
    const hub = t.app.deps.hub;
    const original = hub.toUser.bind(hub);
    hub.toUser = (userId, event, payload) => {
      events.push({ userId, event, payload: payload as Record<string, unknown> });
      original(userId, event, payload);
    };
    node2 = await openDatabase({
      databaseUrl: (t.database as Database & { url: string }).url,
      dataDir: 'unused',
      poolMax: 10,
    });
    admin = await loginAdmin(t);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/identity/settings',
      headers: auth(admin),
      payload: NO_IDENTITY_GATE,
    });
  });
  afterAll(async () => {
    await node2?.close();
    await t?.close();
  });

  const request = (p: Player, fields: Record<string, string>, key?: string) => {
    const form = multipart({ account_id: String(ACCOUNT), ...fields });
    return t.app.inject({
      method: 'POST',
      url: '/api/recharge_api',
      payload: form.payload,
      headers: { ...form.headers, ...auth(p.token, key ? { 'idempotency-key': key } : {}) },
    });
  };
  const settle = () => t.app.deps.bank.verifier!.settled();
  const future = (ms: number) => new Date(Date.now() + ms);
  const recharge = async (id: number) =>
    (await t.database.db.select().from(recharges).where(eq(recharges.id, id)))[0]!;
  const balance = async (p: Player) =>
    (await t.app.inject({ url: '/api/user/balance', headers: auth(p.token) })).json().balance;
  const notify = (m: BankMovement, signature?: string) => {
    const body = JSON.stringify(m);
    return t.app.inject({
      method: 'POST',
      url: '/api/bank-notifications/tok-1',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-signature': signature ?? createHmac('sha256', HMAC_KEY).update(body).digest('hex'),
      },
    });
  };
  const movementOf = (reference: string, amountCents: number, phone: string): BankMovement => ({
    reference,
    day: today(),
    amountCents,
    payerPhone: phone,
    payerBankCode: '0105',
    payerIdentification: null,
  });

  it.skipIf(skip)(
    'credits each movement once whatever reports it, however often, from two nodes',
    { timeout: 120_000 },
    async () => {
      const players = await Promise.all([0, 1, 2, 3].map(() => registerPlayer(t)));
      bank.received = [];
      const made: { id: number; player: Player; m: BankMovement }[] = [];
      for (let i = 0; i < 16; i++) {
        const player = players[i % players.length]!;
        const reference = `90${String(100000 + i)}`;
        const res = await request(player, {
          amount: '300',
          reference,
          payer_phone: '0414-555.00.11',
          payer_bank_code: '0105',
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ status: 'pendiente', verification: 'checking' });
        made.push({ id: res.json().id, player, m: movementOf(reference, 30_000, '04145550011') });
      }
      await settle(); // the kicks found nothing yet: retries are scheduled
      expect((await recharge(made[0]!.id)).verifyAttempts).toBe(1);
      bank.received = made.map((x) => x.m);
      events.length = 0;

      const bound = await t.app.deps.bank.connectors.forAccount(t.database.db, ACCOUNT);
      const incoming = (m: BankMovement) => {
        const rawBody = Buffer.from(JSON.stringify(m));
        const sig = createHmac('sha256', HMAC_KEY).update(rawBody).digest('hex');
        return { headers: { 'x-signature': sig }, rawBody };
      };
      const staff = (id: number) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/recharges/${id}/approve`,
          headers: auth(admin),
        });
      const statement = (db: Database['db'], id: number, m: BankMovement) =>
        db
          .transaction((tx) => creditRecharge(tx, id, m, 'statement', { staffId: 1 }))
          .catch((err: unknown) => err);
      // Everything at once, twice over, from both pools.
      const racers: Promise<unknown>[] = [];
      for (let round = 0; round < 2; round++) {
        racers.push(verifyDue(t.database.db, t.app.deps.bank.connectors, silent, future(60_000)));
        racers.push(verifyDue(node2.db, t.app.deps.bank.connectors, silent, future(60_000)));
        for (const x of made) {
          racers.push(receiveNotification(round ? node2.db : t.database.db, bound!, incoming(x.m)));
          racers.push(staff(x.id));
          racers.push(statement(round ? t.database.db : node2.db, x.id, x.m));
        }
      }
      const outcomes = await Promise.allSettled(racers);
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      await verifyDue(node2.db, t.app.deps.bank.connectors, silent, future(120_000));

      const ids = made.map((x) => x.id);
      const rows = await t.database.db.select().from(recharges).where(inArray(recharges.id, ids));
      expect(rows.every((r) => r.status === 'aprobado')).toBe(true);
      const moves = await t.database.db
        .select()
        .from(bankMovements)
        .where(inArray(bankMovements.rechargeId, ids));
      expect(moves).toHaveLength(ids.length);
      const [credits] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerTransactions)
        .where(
          inArray(
            ledgerTransactions.idempotencyKey,
            ids.map((id) => `recharge:${id}`),
          ),
        );
      expect(credits!.n).toBe(ids.length);
      for (const p of players) {
        const mine = made.filter((x) => x.player.id === p.id).length;
        expect(await balance(p)).toBe(300 * mine);
      }
      // A late notification and a retried verification change nothing.
      for (const x of made.slice(0, 3)) expect((await notify(x.m)).statusCode).toBe(200);
      expect(
        await verifyDue(t.database.db, t.app.deps.bank.connectors, silent, future(600_000)),
      ).toEqual([]);
      expect(await checkLedger(t.database.db)).toMatchObject({ ok: true, totalCents: 0 });
    },
  );

  it.skipIf(skip)(
    'stores a notification nobody claims and credits the recharge requested later at once',
    async () => {
      const p = await registerPlayer(t);
      expect(
        (await notify(movementOf('0001234567', 45_000, '04125550022'), 'bad')).statusCode,
      ).toBe(401);
      expect((await notify(movementOf('0001234567', 45_000, '04125550022'))).statusCode).toBe(200);
      expect((await notify(movementOf('0001234567', 45_000, '04125550022'))).json()).toEqual({
        code: '00',
      });
      const [stored] = await t.database.db
        .select()
        .from(bankMovements)
        .where(eq(bankMovements.reference, '0001234567'));
      expect(stored).toMatchObject({ rechargeId: null, source: 'notification' });
      events.length = 0;
      // The player types the tail of the reference, the day before the bank's day is fine.
      const res = await request(p, {
        amount: '450',
        reference: '1234567',
        payer_phone: '04125550022',
        payer_bank_code: '0105',
        paid_on: today(-1),
      });
      expect(res.json()).toMatchObject({
        status: 'aprobado',
        verification: 'verified',
        new_balance: 450,
      });
      expect(await balance(p)).toBe(450);
      expect(events.filter((e) => e.userId === p.id && e.event === 'balance:updated')).toHaveLength(
        1,
      );
      expect(
        (
          await t.app.inject({
            url: `/api/recharges/${res.json().id}/status`,
            headers: auth(p.token),
          })
        ).json(),
      ).toMatchObject({ status: 'aprobado', verification: 'verified' });
      // Staff approved a payment under the reference its payer typed; the bank's notification
      // spells it longer. It is not free for another player's look-alike reference.
      const payer = { payer_phone: '04125550022', payer_bank_code: '0105' };
      const typed = await request(p, { amount: '275', reference: '7654321', ...payer });
      const approve = await t.app.inject({
        method: 'POST',
        url: `/api/admin/recharges/${typed.json().id}/approve`,
        headers: auth(admin),
      });
      expect(approve.statusCode).toBe(200);
      expect((await notify(movementOf('0007654321', 27_500, '04125550022'))).statusCode).toBe(200);
      const q = await registerPlayer(t);
      const lookalike = await request(q, { amount: '275', reference: '07654321', ...payer });
      expect(lookalike.json()).toMatchObject({ status: 'pendiente' });
      expect(await balance(q)).toBe(0);
    },
  );

  it.skipIf(skip)(
    'retries with backoff, sends mismatches and the end of the window to staff, and checks limits before a credit',
    async () => {
      const p = await registerPlayer(t);
      bank.received = [];
      const ask = async (reference: string, amount = '260') => {
        const res = await request(p, {
          amount,
          reference,
          payer_phone: '04165550033',
          payer_bank_code: '0102',
        });
        expect(res.statusCode, res.body).toBe(201);
        await settle();
        return res.json().id as number;
      };
      const a = await ask('55000001');
      const first = await recharge(a);
      expect(first.verificationState).toBe('checking');
      expect(first.verifyNextAt!.getTime() - Date.now()).toBeGreaterThan(verifyDelayMs(1) / 2);
      expect([verifyDelayMs(1), verifyDelayMs(2), verifyDelayMs(3), verifyDelayMs(40)]).toEqual([
        2_000,
        4_000,
        8_000,
        BANK_VERIFY.maxDelayMs,
      ]);
      // The window ends: staff decide, with what the bank said.
      await verifyDue(
        t.database.db,
        t.app.deps.bank.connectors,
        silent,
        future(BANK_VERIFY.windowMs + 1_000),
      );
      expect(await recharge(a)).toMatchObject({
        verificationState: 'needs_staff',
        bankAnswer: expect.objectContaining({ kind: 'not_found', bank_code: '1010' }),
      });
      // A mismatch goes to staff at once; the admin queue shows the bank's answer.
      bank.received = [movementOf('55000002', 99_900, '04165550033')];
      const b = await ask('55000002');
      expect((await recharge(b)).verificationState).toBe('needs_staff');
      const queue = await t.app.inject({
        url: '/api/admin/recharges?status=pendiente',
        headers: auth(admin),
      });
      expect(queue.json().find((r: { id: number }) => r.id === b)).toMatchObject({
        verification: 'needs_staff',
        bank_answer: { kind: 'mismatch' },
      });
      // A risk hold: the bank verifies, but the credit waits for staff with the reason.
      await t.database.db
        .insert(riskAccountMarks)
        .values({ userId: p.id, withdrawalsHeld: true } as typeof riskAccountMarks.$inferInsert);
      bank.received = [movementOf('55000003', 26_000, '04165550033')];
      const c = await ask('55000003');
      expect(await recharge(c)).toMatchObject({
        status: 'pendiente',
        verificationState: 'needs_staff',
        bankAnswer: expect.objectContaining({ kind: 'limit' }),
      });
      expect(await balance(p)).toBe(0);
      // Staff approve it: the movement the verification linked credits it, once.
      const ok = await t.app.inject({
        method: 'POST',
        url: `/api/admin/recharges/${c}/approve`,
        headers: auth(admin),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await balance(p)).toBe(260);
      // The bank already has the payment: the request's kick credits it in seconds, and the
      // player hears of it once.
      const q = await registerPlayer(t);
      bank.received = [movementOf('55000004', 31_000, '04165550033')];
      events.length = 0;
      const res = await request(q, {
        amount: '310',
        reference: '55000004',
        payer_phone: '04165550033',
        payer_bank_code: '0102',
      });
      expect(res.json()).toMatchObject({ status: 'pendiente', verification: 'checking' });
      await settle();
      expect(await recharge(res.json().id)).toMatchObject({
        status: 'aprobado',
        verificationState: 'verified',
      });
      expect(await balance(q)).toBe(310);
      const mine = events.filter((e) => e.userId === q.id);
      expect(mine.filter((e) => e.event === 'balance:updated')).toEqual([
        expect.objectContaining({ payload: { balance: 310 } }),
      ]);
      expect(mine.filter((e) => e.payload.status === 'aprobado')).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    'verifies recharges side by side: a bank call that hangs holds no other, in a pass or after it',
    async () => {
      const [p, q] = await Promise.all([registerPlayer(t), registerPlayer(t)]);
      bank.received = [];
      const ask = async (who: Player, reference: string) => {
        const res = await request(who, {
          amount: '270',
          reference,
          payer_phone: '04165550066',
          payer_bank_code: '0102',
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as number;
      };
      // Both wait for a retry (the bank had neither yet); the slow one is first in line.
      const slow = await ask(p, '56000001');
      const quick = await ask(q, '56000002');
      await settle();
      bank.received = [
        movementOf('56000001', 27_000, '04165550066'),
        movementOf('56000002', 27_000, '04165550066'),
      ];
      let open = () => undefined as void;
      bank.verifyRelease = new Promise<void>((resolve) => (open = resolve));
      bank.verifyHold = '56000001';
      const pass = verifyDue(t.database.db, t.app.deps.bank.connectors, silent, future(5_000));
      await expect.poll(() => bank.verifyHolding).toBe(true);
      // The other recharge of the pass is credited while the first lookup still hangs.
      await expect.poll(async () => (await recharge(quick)).status).toBe('aprobado');
      expect((await recharge(slow)).status).toBe('pendiente');
      open();
      const steps = await pass;
      bank.verifyHold = null;
      expect(steps.filter((x) => x === 'credited').length).toBeGreaterThanOrEqual(2);
      expect(await recharge(slow)).toMatchObject({
        status: 'aprobado',
        verificationState: 'verified',
      });
      expect([await balance(p), await balance(q)]).toEqual([270, 270]);

      // The timer's pass starts its lookups and returns: a retry that falls due while one hangs
      // is taken by the next pass.
      const verifier = t.app.deps.bank.verifier!;
      const hung = await ask(p, '56000003');
      await settle();
      bank.received = [movementOf('56000003', 27_000, '04165550066')];
      bank.verifyRelease = new Promise<void>((resolve) => (open = resolve));
      bank.verifyHolding = false;
      bank.verifyHold = '56000003';
      expect(await verifier.tick(future(5_000))).toBeGreaterThanOrEqual(1);
      await expect.poll(() => bank.verifyHolding).toBe(true);
      const later = await ask(q, '56000004');
      // Its kick asked the bank, which did not have it yet (settle() would wait for the hung one).
      await expect
        .poll(async () => (await recharge(later)).bankAnswer)
        .toMatchObject({ kind: 'not_found' });
      expect((await recharge(later)).status).toBe('pendiente');
      bank.received.push(movementOf('56000004', 27_000, '04165550066'));
      expect(await verifier.tick(future(5_000))).toBe(1);
      await expect.poll(async () => (await recharge(later)).status).toBe('aprobado');
      expect((await recharge(hung)).status).toBe('pendiente');
      open();
      await settle();
      bank.verifyHold = null;
      expect((await recharge(hung)).status).toBe('aprobado');
      expect([await balance(p), await balance(q)]).toEqual([540, 540]);
      expect(await checkLedger(t.database.db)).toMatchObject({ ok: true, totalCents: 0 });
    },
  );

  it.skipIf(skip)(
    'sleeps until the earliest retry while nothing is due (at most VERIFY_IDLE_MS), the interval while lookups run',
    async () => {
      const verifier = t.app.deps.bank.verifier!;
      const idleDelay = () => verifier['nextDelayMs']();
      const p = await registerPlayer(t);
      bank.received = [];
      await settle();
      // Whatever earlier tests left awaiting the bank is answered, so only this test's recharge waits.
      await t.database.db
        .update(recharges)
        .set({ verificationState: 'needs_staff' })
        .where(eq(recharges.verificationState, 'checking'));
      expect(await verifier.tick()).toBe(0);
      expect(idleDelay()).toBe(VERIFY_IDLE_MS);
      const res = await request(p, {
        amount: '270',
        reference: '57000001',
        payer_phone: '04165550066',
        payer_bank_code: '0102',
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as number;
      // Its kick asked the bank, which did not have it: the retry is 2 s after that answer.
      await settle();
      const retryAt = (await recharge(id)).verifyNextAt!.getTime();
      const now = new Date();
      expect(await verifier.tick(now)).toBe(0);
      const delay = idleDelay();
      expect(delay).toBeGreaterThan(0);
      expect(delay).toBeLessThanOrEqual(Math.max(retryAt - now.getTime(), 1_000));
      expect(delay).toBeLessThan(VERIFY_IDLE_MS);
      // At the retry the pass claims it and its lookup runs: the interval again.
      bank.received = [movementOf('57000001', 27_000, '04165550066')];
      let open!: () => void;
      bank.verifyRelease = new Promise<void>((resolve) => (open = resolve));
      bank.verifyHolding = false;
      bank.verifyHold = '57000001';
      expect(await verifier.tick(new Date(retryAt + 1))).toBe(1);
      await expect.poll(() => bank.verifyHolding, { timeout: 30_000 }).toBe(true);
      expect(await verifier.tick(new Date(retryAt + 2))).toBe(0);
      expect(idleDelay()).toBe(1_000);
      open();
      await settle();
      bank.verifyHold = null;
      expect(await recharge(id)).toMatchObject({
        status: 'aprobado',
        verificationState: 'verified',
      });
    },
  );

  it.skipIf(skip)(
    'charges C2P only within the limits, never twice, resolves an unknown outcome and stores no key',
    { timeout: 60_000 },
    async () => {
      const p = await registerPlayer(t);
      const limit = await t.app.inject({
        method: 'PUT',
        url: '/api/responsible/limits',
        headers: auth(p.token),
        payload: { kind: 'deposit', period: 'day', amount_cents: 135_000 },
      });
      expect(limit.statusCode, limit.body).toBe(200);
      const me = (await t.app.inject({ url: '/api/client-data', headers: auth(p.token) })).json();
      const c2p = (amount: number, key: string | null, idem?: string) =>
        t.app.inject({
          method: 'POST',
          url: key === null ? '/api/recharges/c2p/key' : '/api/recharges/c2p',
          headers: auth(p.token, idem ? { 'idempotency-key': idem } : {}),
          payload: {
            account_id: ACCOUNT,
            amount,
            type_identification: me.type_identification,
            n_identification: me.n_identification,
            phone: '0424 555 00 44',
            bank_code: '0134',
            ...(key === null ? {} : { key }),
          },
        });
      const calls = bank.chargeCalls;
      // Someone else's account: refused before the bank is asked.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/recharges/c2p',
        headers: auth(p.token),
        payload: {
          account_id: ACCOUNT,
          amount: 300,
          type_identification: 'V',
          n_identification: '5550001',
          phone: '04245550044',
          bank_code: '0134',
          key: PAYMENT_KEY,
        },
      });
      expect(other.statusCode).toBe(422);
      // Above the limit: refused before the bank hears of it (neither key nor charge).
      expect((await c2p(1_500, null)).statusCode).toBe(422);
      expect((await c2p(1_500, PAYMENT_KEY)).statusCode).toBe(422);
      expect(bank.chargeCalls).toBe(calls);
      expect(bank.keyCalls).toBe(0);
      expect((await c2p(300, null)).statusCode).toBe(200);
      // Each key is an SMS: after C2P_KEY_RATE_LIMIT.points requests (the refused one above
      // counts), a Spanish 429 and no call.
      for (let i = 2; i < C2P_KEY_RATE_LIMIT.points; i++)
        expect((await c2p(300, null)).statusCode).toBe(200);
      const keysAsked = bank.keyCalls;
      const tooMany = await c2p(300, null);
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json().message).toBe(MSG_BANK_FLOWS.c2pKeyTooMany);
      expect(bank.keyCalls).toBe(keysAsked);
      // Approved: credited at once; the same Idempotency-Key again charges nothing more.
      bank.chargeScript = ['approve'];
      const ok = await c2p(300, PAYMENT_KEY, 'c2p-a');
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ status: 'aprobado', new_balance: 300 });
      expect((await c2p(300, PAYMENT_KEY, 'c2p-a')).json()).toMatchObject({
        id: ok.json().id,
        status: 'aprobado',
      });
      expect(bank.chargeCalls).toBe(calls + 1);
      // Declined: the bank's reason in Spanish, nothing stored but an audit row.
      bank.chargeScript = ['decline'];
      const no = await c2p(250, PAYMENT_KEY, 'c2p-b');
      expect(no.statusCode).toBe(422);
      expect(no.json().message).toBe('Tu banco rechazó el pago: fondos insuficientes.');
      // Unknown, then found: credited. Unknown and not found: staff, never charged again.
      bank.chargeScript = ['timeout'];
      expect((await c2p(250, PAYMENT_KEY, 'c2p-c')).json()).toMatchObject({
        status: 'aprobado',
        new_balance: 550,
      });
      bank.chargeScript = ['lost'];
      const unsure = await c2p(250, PAYMENT_KEY, 'c2p-d');
      expect(unsure.statusCode).toBe(202);
      expect(unsure.json()).toMatchObject({ status: 'pendiente', verification: 'needs_staff' });
      const before = bank.chargeCalls;
      expect((await c2p(250, PAYMENT_KEY, 'c2p-d')).statusCode).toBe(202);
      expect(bank.chargeCalls).toBe(before);
      // A slow bank: staff cannot decide the charge while the bank has not answered.
      let open = () => undefined as void;
      bank.release = new Promise<void>((resolve) => (open = resolve));
      bank.holding = false;
      bank.chargeScript = ['hold'];
      const slow = c2p(250, PAYMENT_KEY, 'c2p-slow');
      await expect.poll(() => bank.holding).toBe(true);
      const [flying] = await t.database.db
        .select()
        .from(recharges)
        .where(eq(recharges.reference, c2pInvoice(p.id, 'c2p-slow')));
      for (const action of ['approve', 'reject'])
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: `/api/admin/recharges/${flying!.id}/${action}`,
              headers: auth(admin),
              payload: action === 'reject' ? { reason: 'no llegó' } : undefined,
            })
          ).statusCode,
        ).toBe(409);
      open();
      expect((await slow).json()).toMatchObject({ status: 'aprobado', new_balance: 800 });
      // Two requests at once with one key: one charge.
      bank.chargeScript = ['approve', 'approve'];
      const both = await Promise.all([
        c2p(250, PAYMENT_KEY, 'c2p-e'),
        c2p(250, PAYMENT_KEY, 'c2p-e'),
      ]);
      expect(bank.chargeCalls).toBe(before + 2); // the slow one and one of the pair
      expect(both.map((r) => r.json().id)).toEqual([both[0]!.json().id, both[0]!.json().id]);
      // The limit counts pending and credited C2P: 1,300 used, 250 more would pass 1,350.
      expect(await balance(p)).toBe(1_050);
      expect((await c2p(250, PAYMENT_KEY, 'c2p-f')).statusCode).toBe(422);
      // The key is nowhere in the database.
      const dump = JSON.stringify([
        await t.database.db.select().from(recharges).where(eq(recharges.userId, p.id)),
        await t.database.db.select().from(auditLog),
        await t.database.db.select().from(idempotencyRequests),
        await t.database.db.select().from(bankMovements),
      ]);
      expect(dump).not.toContain(PAYMENT_KEY);
      expect(dump).not.toContain(HMAC_KEY);
      // Nor in the server's log (debug level, every request of this suite).
      expect(logLines.length).toBeGreaterThan(10);
      expect(logLines.join('\n')).not.toContain(PAYMENT_KEY);
      expect(logLines.join('\n')).not.toContain(HMAC_KEY);
      expect(dump).toContain('recharge.c2p_declined');
      expect(await checkLedger(t.database.db)).toMatchObject({ ok: true, totalCents: 0 });
    },
  );

  it.skipIf(skip)('pays a withdrawal through the bank once, never blindly again', async () => {
    const p = await registerPlayer(t);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${p.id}/adjustments`,
      headers: auth(admin),
      payload: { amount: 2_000, reason: 'saldo de prueba' },
    });
    const withdraw = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/withdraw_api',
          headers: auth(p.token),
          payload: { amount: 600, bank_account: 1 },
        })
      ).json().id as number;
    const pay = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${id}/pay-by-bank`,
        headers: auth(admin),
        payload: {},
      });
    const w1 = await withdraw();
    bank.payoutScript = [{ kind: 'paid', reference: '55501' }];
    expect((await pay(w1)).json()).toMatchObject({ status: 'completado' });
    const [paid] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w1));
    expect(paid).toMatchObject({
      status: 'completado',
      payoutReference: '55501',
      bankPayoutState: 'paid',
    });
    const w2 = await withdraw();
    bank.payoutScript = [{ kind: 'unavailable', detail: 'Tiempo de espera agotado' }];
    expect((await pay(w2)).json()).toMatchObject({ status: 'pendiente' });
    const calls = bank.payoutCalls;
    expect((await pay(w2)).statusCode).toBe(409);
    expect(bank.payoutCalls).toBe(calls);
    expect(await checkLedger(t.database.db)).toMatchObject({ ok: true, totalCents: 0 });
  });
});
