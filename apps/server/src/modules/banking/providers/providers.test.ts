import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG_BANK_REASONS, type BankReasonKey } from '@domino/contracts';
import {
  BANK_PROVIDERS,
  type BankHttp,
  type ConnectorConfig,
  type BankProvider,
} from '../connector';
import {
  startBankSimulator,
  DEMO_ACCOUNT_PHONE,
  DEMO_SECRETS,
  type BankSimulator,
} from '../simulator';
import type { DeclineKind } from '../simulator/state';
import { amountToCents, centsToDecimal, centsToJsonNumber, fetchBankHttp } from './common';
import { BANK_CONNECTORS } from './index';
import { mercantilDecrypt, mercantilEncrypt } from './mercantil-crypto';

/**
 * The provider connectors against Banco de pruebas (decision 052): every documented answer
 * (verified, not found, mismatch, refusals, declines with their Spanish reason), every fault
 * (timeout, 5xx, unreadable body → unavailable), the R4 notification check, and that no result
 * ever carries a credential. Plus the amount conversions and Mercantil's field encryption.
 */

const bdv = BANK_CONNECTORS.bdv;
const mercantil = BANK_CONNECTORS.mercantil;
const r4 = BANK_CONNECTORS.r4;

const SECRETS = [
  DEMO_SECRETS.bdv.apiKey,
  DEMO_SECRETS.mercantil.clientId,
  DEMO_SECRETS.mercantil.secretKey,
  DEMO_SECRETS.r4.commerceToken,
  DEMO_SECRETS.r4.webhookToken,
];

/** Every result goes through here: it must never carry a credential or a payment key. */
function clean<T>(result: T, extra: string[] = []): T {
  const text = JSON.stringify(result);
  for (const secret of [...SECRETS, ...extra]) expect(text).not.toContain(secret);
  return result;
}

let sim: BankSimulator;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; rawBody: Buffer; reply: unknown }[] = [];
const http: BankHttp = fetchBankHttp(10_000);
/** A short time limit, for the timeout fault (the simulator holds the request). */
const impatient: BankHttp = fetchBankHttp(400);

function account(): ConnectorConfig['account'] {
  return {
    rechargeAccountId: 1,
    bankCode: '0105',
    accountNumber: '01050000000000000001',
    phone: DEMO_ACCOUNT_PHONE,
    typeIdentification: 'J',
    nIdentification: '500000001',
  };
}

function cfg(
  provider: BankProvider,
  overrides: Record<string, string> = {},
  baseUrl?: string,
): ConnectorConfig {
  const credentials: Record<string, string> =
    provider === 'bdv'
      ? { ...DEMO_SECRETS.bdv }
      : provider === 'mercantil'
        ? { ...DEMO_SECRETS.mercantil }
        : { ...DEMO_SECRETS.r4 };
  return {
    provider,
    baseUrl: baseUrl ?? sim.url,
    credentials: { ...credentials, ...overrides },
    account: account(),
  };
}

async function control<T = unknown>(path: string, body?: unknown, method = 'POST'): Promise<T> {
  const res = await fetch(`${sim.url}/_control${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

async function pay(
  provider: BankProvider,
  amountCents: number,
  payerPhone = '04141234567',
  payerBankCode = '0134',
): Promise<{ reference: string; day: string }> {
  return control<{ reference: string; day: string }>('/movements', {
    provider,
    amountCents,
    payerPhone,
    payerBankCode,
  });
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
      );
      const result = r4.notification!(cfg('r4'), { headers, rawBody });
      const reply = 'reply' in result ? result.reply : { abono: false };
      received.push({ headers: req.headers, rawBody, reply });
      res.writeHead(result.kind === 'bad_signature' ? 401 : 200, {
        'Content-Type': 'application/json',
      });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/r4`;
  sim = await startBankSimulator({ port: 0, faults: { seed: 7 }, hangMs: 5_000 });
});

afterAll(async () => {
  await sim?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(async () => {
  await control('/reset');
  await control('/faults', { seed: 7 }, 'PUT');
  received.length = 0;
});

describe('amounts', () => {
  it('converts céntimos to and from the banks’ formats exactly', () => {
    expect(centsToDecimal(29)).toBe('0.29');
    expect(centsToDecimal(123_456_789)).toBe('1234567.89');
    expect(centsToDecimal(100)).toBe('1.00');
    expect(JSON.stringify({ amount: centsToJsonNumber(29) })).toBe('{"amount":0.29}');
    expect(JSON.stringify({ amount: centsToJsonNumber(123_456_789) })).toBe(
      '{"amount":1234567.89}',
    );
    expect(amountToCents('0.29')).toBe(29);
    expect(amountToCents(1234567.89)).toBe(123_456_789);
    expect(amountToCents('120.00')).toBe(12_000);
    expect(amountToCents(3333.0)).toBe(333_300);
    for (const bad of ['1,50', '1.234', '-1', '1e3', '', null, -0.5, Number.NaN])
      expect(amountToCents(bad)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (n) => {
        expect(amountToCents(centsToDecimal(n))).toBe(n);
        expect(amountToCents(centsToJsonNumber(n))).toBe(n);
      }),
    );
  });
});

describe('Mercantil field encryption', () => {
  it('matches the vectors of the bank’s own playground code (apimercantil/api-playground c2p/modules/crypto.js)', () => {
    // Computed by running the playground's crypto.js unchanged.
    expect(mercantilEncrypt('V12345678', 'changeme')).toBe('ElPU7OT18tSZX0tA2559jA==');
    expect(mercantilEncrypt('584127072340', 'changeme')).toBe('AQuOB1gwNjSC4BhwbYrIFg==');
    expect(mercantilEncrypt('00001111', 'A11103402525120190822HB01')).toBe(
      'm250sf3wDkkTSvuyJ/z/Xg==',
    );
    expect(mercantilDecrypt('ElPU7OT18tSZX0tA2559jA==', 'changeme')).toBe('V12345678');
    expect(mercantilDecrypt('ElPU7OT18tSZX0tA2559jA==', 'otra clave')).toBeNull();
    expect(mercantilDecrypt('no es base64 válido', 'changeme')).toBeNull();
  });
});

describe('connectors', () => {
  it('exist for every provider, with methods exactly where the capability is', () => {
    for (const provider of BANK_PROVIDERS) {
      const c = BANK_CONNECTORS[provider];
      expect(c.provider).toBe(provider);
      expect(c.hosts.length).toBeGreaterThan(0);
      expect(Boolean(c.verify)).toBe(c.capabilities.verify);
      expect(Boolean(c.charge)).toBe(c.capabilities.charge);
      expect(Boolean(c.findCharge)).toBe(c.capabilities.charge);
      expect(Boolean(c.requestKey)).toBe(c.capabilities.requestKey);
      expect(Boolean(c.payout)).toBe(c.capabilities.payout);
      expect(Boolean(c.notification)).toBe(c.capabilities.notify);
    }
  });
});

describe('answers that are not answers', () => {
  it('are unavailable (a redirect, an HTML 4xx, a refused connection); a payout never verifies', async () => {
    const q = {
      reference: '123456',
      day: '2026-11-29',
      amountCents: 100,
      payerPhone: '04141234567',
      payerBankCode: '0134',
    };
    const stub =
      (status: number, body: string): BankHttp =>
      async () => ({ ok: true, status, body });
    expect((await bdv.verify!(cfg('bdv'), q, stub(302, ''))).kind).toBe('unavailable');
    expect((await mercantil.verify!(cfg('mercantil'), q, stub(404, '<html>no</html>'))).kind).toBe(
      'unavailable',
    );
    const payoutListed = JSON.stringify({
      transaction_list: [
        {
          trx_date: q.day,
          trx_type: 'vuelto',
          payment_reference: 123456,
          amount: 1,
          invoice_number: 'withdrawal:1',
        },
      ],
    });
    expect(await mercantil.verify!(cfg('mercantil'), q, stub(200, payoutListed))).toEqual({
      kind: 'not_found',
    });
    const closed = clean(await bdv.verify!(cfg('bdv', {}, 'http://127.0.0.1:1'), q, http));
    expect(closed).toEqual({ kind: 'unavailable', detail: 'No se pudo conectar con el banco.' });
  });
});

describe('Banco de Venezuela (getMovement)', () => {
  const query = (reference: string, day: string, amountCents: number) => ({
    reference,
    day,
    amountCents,
    payerPhone: '04141234567',
    payerBankCode: '0134',
  });

  it('verifies a Pago Móvil received, to the céntimo', async () => {
    for (const amount of [29, 123_456_789]) {
      const { reference, day } = await pay('bdv', amount);
      const result = clean(await bdv.verify!(cfg('bdv'), query(reference, day, amount), http));
      expect(result).toEqual({
        kind: 'verified',
        movement: {
          reference,
          day,
          amountCents: amount,
          payerPhone: '04141234567',
          payerBankCode: '0134',
          payerIdentification: null,
        },
      });
    }
  });

  it('answers not found, mismatch (wrong amount) and refused (wrong key)', async () => {
    const { reference, day } = await pay('bdv', 25_000);
    const missing = clean(await bdv.verify!(cfg('bdv'), query('99999999', day, 25_000), http));
    expect(missing).toMatchObject({ kind: 'not_found', bankCode: '1010' });
    const other = clean(await bdv.verify!(cfg('bdv'), query(reference, day, 26_000), http));
    expect(other).toMatchObject({ kind: 'mismatch', movement: { reference, amountCents: 25_000 } });
    const refused = clean(
      await bdv.verify!(cfg('bdv', { apiKey: 'otra' }), query(reference, day, 25_000), http),
    );
    expect(refused).toMatchObject({
      kind: 'refused',
      bankMessage: 'Cliente no afiliado al producto',
    });
    await control('/faults', { wrongAmount: true }, 'PUT');
    const wrong = clean(await bdv.verify!(cfg('bdv'), query(reference, day, 25_000), http));
    expect(wrong).toMatchObject({ kind: 'mismatch', movement: { amountCents: 25_100 } });
  });

  it('sends a second lookup of a conciliated payment to staff (the bank says "ya conciliado")', async () => {
    const strict = await startBankSimulator({ port: 0, bdvRepeatWindowMs: -1 });
    try {
      const res = await fetch(`${strict.url}/_control/movements`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          provider: 'bdv',
          amountCents: 5_000,
          payerPhone: '04141234567',
          payerBankCode: '0134',
        }),
      });
      const { reference, day } = (await res.json()) as { reference: string; day: string };
      const c = cfg('bdv', {}, strict.url);
      expect(await bdv.verify!(c, query(reference, day, 5_000), http)).toMatchObject({
        kind: 'verified',
      });
      const again = clean(await bdv.verify!(c, query(reference, day, 5_000), http));
      expect(again).toMatchObject({
        kind: 'mismatch',
        movement: { reference, amountCents: 5_000 },
      });
    } finally {
      await strict.close();
    }
  });

  it('draws the same faults again from the same seed', async () => {
    const { reference, day } = await pay('bdv', 1_000);
    const run = async () => {
      await control('/faults', { seed: 42, errorProbability: 0.5 }, 'PUT');
      const kinds: string[] = [];
      for (let i = 0; i < 12; i += 1)
        kinds.push((await bdv.verify!(cfg('bdv'), query(reference, day, 1_000), http)).kind);
      return kinds;
    };
    const first = await run();
    expect(new Set(first)).toEqual(new Set(['verified', 'unavailable']));
    expect(await run()).toEqual(first);
  });

  it('answers unavailable for a 5xx, an unreadable body and a timeout', async () => {
    const { reference, day } = await pay('bdv', 1_000);
    for (const fault of [
      { errorProbability: 1 },
      { garbageProbability: 1 },
      { timeoutProbability: 1 },
    ]) {
      await control(
        '/faults',
        { errorProbability: 0, garbageProbability: 0, timeoutProbability: 0, ...fault },
        'PUT',
      );
      const result = clean(await bdv.verify!(cfg('bdv'), query(reference, day, 1_000), impatient));
      expect(result.kind).toBe('unavailable');
    }
  });
});

describe('Mercantil (search, SCP, C2P, vuelto)', () => {
  const payer = {
    payerPhone: '04241234567',
    payerTypeIdentification: 'V',
    payerNIdentification: '12345678',
    payerBankCode: '0105',
  };

  async function key(amountCents: number): Promise<string> {
    const sent = clean(
      await mercantil.requestKey!(cfg('mercantil'), { ...payer, amountCents }, http),
    );
    expect(sent).toEqual({ kind: 'sent' });
    const sms = (await (
      await fetch(`${sim.url}/_control/sms?phone=${payer.payerPhone}`)
    ).json()) as { key: string; used: boolean }[];
    return sms.filter((k) => !k.used).at(-1)!.key;
  }

  it('verifies a P2C by search, and answers not found, mismatch and refused', async () => {
    const { reference, day } = await pay('mercantil', 123_456_789, '04241234567', '0105');
    const q = {
      reference,
      day,
      amountCents: 123_456_789,
      payerPhone: '04241234567',
      payerBankCode: '0105',
    };
    expect(clean(await mercantil.verify!(cfg('mercantil'), q, http))).toMatchObject({
      kind: 'verified',
      movement: {
        reference,
        day,
        amountCents: 123_456_789,
        payerPhone: '04241234567',
        payerBankCode: '0105',
      },
    });
    expect(
      clean(await mercantil.verify!(cfg('mercantil'), { ...q, reference: '11111111' }, http)),
    ).toMatchObject({
      kind: 'not_found',
    });
    expect(
      clean(await mercantil.verify!(cfg('mercantil'), { ...q, amountCents: 29 }, http)),
    ).toMatchObject({
      kind: 'mismatch',
      movement: { amountCents: 123_456_789 },
    });
    expect(
      clean(await mercantil.verify!(cfg('mercantil', { clientId: 'otro' }), q, http)),
    ).toMatchObject({
      kind: 'refused',
    });
  });

  it('charges with the SMS key, refuses a replayed invoice as "resolve first", and finds the charge', async () => {
    const paymentKey = await key(29);
    const charge = { ...payer, invoice: 'recharge:1', amountCents: 29, paymentKey };
    const approved = clean(await mercantil.charge!(cfg('mercantil'), charge, http), [paymentKey]);
    expect(approved).toMatchObject({
      kind: 'approved',
      movement: { amountCents: 29, payerIdentification: 'V12345678' },
    });
    const again = clean(await mercantil.charge!(cfg('mercantil'), charge, http), [paymentKey]);
    expect(again.kind).toBe('unavailable');
    const found = clean(await mercantil.findCharge!(cfg('mercantil'), charge, http), [paymentKey]);
    expect(found).toMatchObject({
      kind: 'found',
      movement: {
        reference: approved.kind === 'approved' ? approved.movement.reference : '',
        amountCents: 29,
      },
    });
    expect(
      await mercantil.findCharge!(cfg('mercantil'), { ...charge, invoice: 'recharge:2' }, http),
    ).toEqual({ kind: 'not_found' });
  });

  it('a charge whose answer is lost (timeout after the bank charged) is found afterwards', async () => {
    const paymentKey = await key(1_234_567);
    await control('/faults', { timeoutProbability: 1 }, 'PUT');
    const charge = { ...payer, invoice: 'recharge:3', amountCents: 1_234_567, paymentKey };
    expect((await mercantil.charge!(cfg('mercantil'), charge, impatient)).kind).toBe('unavailable');
    await control('/faults', { timeoutProbability: 0 }, 'PUT');
    expect(await mercantil.findCharge!(cfg('mercantil'), charge, http)).toMatchObject({
      kind: 'found',
      movement: { amountCents: 1_234_567 },
    });
  });

  it('declines a wrong key and each bank refusal with a clear Spanish reason', async () => {
    await key(5_000);
    const wrong = clean(
      await mercantil.charge!(
        cfg('mercantil'),
        { ...payer, invoice: 'r:4', amountCents: 5_000, paymentKey: '00000000' },
        http,
      ),
    );
    expect(wrong).toMatchObject({ kind: 'declined', reason: MSG_BANK_REASONS.invalidKey });
    const expected: Record<DeclineKind, BankReasonKey> = {
      invalid_key: 'invalidKey',
      expired_key: 'expiredKey',
      insufficient_funds: 'insufficientFunds',
      wrong_identification: 'wrongIdentification',
      wrong_phone: 'wrongPhone',
      daily_limit: 'dailyLimit',
      bank_unavailable: 'payerBankUnavailable',
    };
    for (const [kind, reason] of Object.entries(expected)) {
      await control('/faults', { chargeDecline: kind }, 'PUT');
      const result = clean(
        await mercantil.charge!(
          cfg('mercantil'),
          { ...payer, invoice: `r:${kind}`, amountCents: 5_000, paymentKey: '12345678' },
          http,
        ),
      );
      expect(result).toMatchObject({ kind: 'declined', reason: MSG_BANK_REASONS[reason] });
    }
    await control('/faults', { chargeDecline: null, keyDecline: 'wrong_phone' }, 'PUT');
    expect(
      await mercantil.requestKey!(cfg('mercantil'), { ...payer, amountCents: 5_000 }, http),
    ).toMatchObject({
      kind: 'declined',
      reason: MSG_BANK_REASONS.wrongPhone,
    });
  });

  it('pays out a vuelto, and tells the player about our own lack of funds without blaming their account', async () => {
    const p = {
      invoice: 'withdrawal:1',
      amountCents: 123_456_789,
      payeePhone: '04161234567',
      payeeTypeIdentification: 'V',
      payeeNIdentification: '7654321',
      payeeBankCode: '0134',
      concept: 'Retiro Dominó',
    };
    expect(clean(await mercantil.payout!(cfg('mercantil'), p, http))).toMatchObject({
      kind: 'paid',
    });
    expect((await mercantil.payout!(cfg('mercantil'), p, http)).kind).toBe('unavailable');
    await control('/faults', { payoutDecline: 'insufficient_funds' }, 'PUT');
    expect(
      await mercantil.payout!(cfg('mercantil'), { ...p, invoice: 'withdrawal:2' }, http),
    ).toMatchObject({
      kind: 'declined',
      reason: MSG_BANK_REASONS.platformUnavailable,
    });
  });

  it('answers unavailable for each fault', async () => {
    const { reference, day } = await pay('mercantil', 1_000, '04241234567', '0105');
    for (const fault of ['errorProbability', 'garbageProbability', 'timeoutProbability']) {
      await control(
        '/faults',
        { errorProbability: 0, garbageProbability: 0, timeoutProbability: 0, [fault]: 1 },
        'PUT',
      );
      const q = {
        reference,
        day,
        amountCents: 1_000,
        payerPhone: '04241234567',
        payerBankCode: '0105',
      };
      expect(clean(await mercantil.verify!(cfg('mercantil'), q, impatient)).kind).toBe(
        'unavailable',
      );
      expect(
        clean(
          await mercantil.requestKey!(
            cfg('mercantil'),
            { ...payer, amountCents: 1_000 },
            impatient,
          ),
        ).kind,
      ).toBe('unavailable');
    }
  });
});

describe('R4 Conecta (notifications, MBvuelto)', () => {
  it('pushes a Pago Móvil received, authenticated like the bank, and the connector reads it exactly', async () => {
    await control('/callback', { url: receiverUrl });
    const { reference, day } = await pay('r4', 123_456_789, '04121234567', '0102');
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    const [push] = received;
    expect(push!.reply).toEqual({ abono: true });
    const result = clean(
      r4.notification!(cfg('r4'), {
        headers: { authorization: String(push!.headers.authorization) },
        rawBody: push!.rawBody,
      }),
    );
    expect(result).toEqual({
      kind: 'movement',
      movement: {
        reference,
        day,
        amountCents: 123_456_789,
        payerPhone: '04121234567',
        payerBankCode: '0102',
        payerIdentification: null,
      },
      reply: { abono: true },
    });
  });

  it('refuses a wrong or missing token, and reads consultas, other merchants and bad bodies apart', () => {
    const body = Buffer.from(
      JSON.stringify({
        IdComercio: 'J1',
        TelefonoComercio: DEMO_ACCOUNT_PHONE,
        TelefonoEmisor: '04121234567',
        Concepto: 'x',
        BancoEmisor: '0102',
        Monto: '0.29',
        FechaHora: '2026-11-29T12:00:00.000Z',
        Referencia: '12345678',
        CodigoRed: '00',
      }),
    );
    const token = DEMO_SECRETS.r4.webhookToken;
    expect(
      r4.notification!(cfg('r4'), { headers: { authorization: `${token}x` }, rawBody: body }),
    ).toEqual({
      kind: 'bad_signature',
    });
    expect(r4.notification!(cfg('r4'), { headers: {}, rawBody: body })).toEqual({
      kind: 'bad_signature',
    });
    expect(
      r4.notification!(cfg('r4'), { headers: { Authorization: token }, rawBody: body }),
    ).toMatchObject({
      kind: 'movement',
      movement: { amountCents: 29, day: '2026-11-29' },
    });
    const consulta = Buffer.from(
      JSON.stringify({ IdCliente: 'V1', Monto: '1.00', TelefonoComercio: DEMO_ACCOUNT_PHONE }),
    );
    expect(
      r4.notification!(cfg('r4'), { headers: { authorization: token }, rawBody: consulta }),
    ).toEqual({
      kind: 'ignored',
      reply: { status: true },
    });
    const elsewhere = Buffer.from(body.toString().replace(DEMO_ACCOUNT_PHONE, '04140000001'));
    expect(
      r4.notification!(cfg('r4'), { headers: { authorization: token }, rawBody: elsewhere }),
    ).toEqual({
      kind: 'ignored',
      reply: { abono: false },
    });
    for (const bad of ['{', '[]', JSON.stringify({ Referencia: '1', Monto: '1,00' })])
      expect(
        clean(
          r4.notification!(cfg('r4'), {
            headers: { authorization: token },
            rawBody: Buffer.from(bad),
          }),
        ).kind,
      ).toBe('malformed');
  });

  it('delivers late and duplicated notifications (the fault), the same movement each time', async () => {
    await control('/callback', { url: receiverUrl });
    await control('/faults', { duplicateNotification: true, notificationDelayMs: 50 }, 'PUT');
    const { reference } = await pay('r4', 2_500, '04121234567', '0102');
    await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 10_000 });
    const bodies = received.map(
      (r) => JSON.parse(r.rawBody.toString()) as { Referencia: string; Monto: string },
    );
    expect(bodies.map((b) => b.Referencia)).toEqual([reference, reference]);
    expect(bodies.map((b) => b.Monto)).toEqual(['25.00', '25.00']);
    await control('/notify', { reference });
    await vi.waitFor(() => expect(received).toHaveLength(4), { timeout: 10_000 });
  });

  it('pays out with MBvuelto (HMAC-signed) and maps R4 codes to Spanish reasons', async () => {
    const p = {
      invoice: 'withdrawal:9',
      amountCents: 29,
      payeePhone: '04161234567',
      payeeTypeIdentification: 'V',
      payeeNIdentification: '7654321',
      payeeBankCode: '0134',
      concept: 'Retiro Dominó',
    };
    expect(clean(await r4.payout!(cfg('r4'), p, http))).toMatchObject({ kind: 'paid' });
    const state = (await (await fetch(`${sim.url}/_control/state`)).json()) as {
      movements: { amountCents: number }[];
    };
    expect(state.movements.at(-1)!.amountCents).toBe(29);
    expect(clean(await r4.payout!(cfg('r4', { commerceToken: 'otro' }), p, http))).toMatchObject({
      kind: 'declined',
      bankCode: '08',
      reason: MSG_BANK_REASONS.generic,
    });
    const expected: [DeclineKind, string, BankReasonKey][] = [
      ['insufficient_funds', '51', 'platformUnavailable'],
      ['wrong_phone', '56', 'wrongPhone'],
      ['wrong_identification', '80', 'wrongIdentification'],
      ['bank_unavailable', '41', 'payerBankUnavailable'],
    ];
    for (const [kind, code, reason] of expected) {
      await control('/faults', { payoutDecline: kind }, 'PUT');
      expect(clean(await r4.payout!(cfg('r4'), p, http))).toMatchObject({
        kind: 'declined',
        bankCode: code,
        reason: MSG_BANK_REASONS[reason],
      });
    }
    await control('/faults', { payoutDecline: null, errorProbability: 1 }, 'PUT');
    expect((await r4.payout!(cfg('r4'), p, http)).kind).toBe('unavailable');
  });
});

describe('Banco de pruebas page', () => {
  it('lets a demo user send a Pago Móvil and read its reference, in Spanish', async () => {
    const page = await (await fetch(`${sim.url}/`)).text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('Banco de pruebas');
    const res = await fetch(`${sim.url}/_control/demo/pago-movil`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        provider: 'bdv',
        amount: '1.234,56',
        phone: '04141234567',
        bank: '0134',
      }).toString(),
    });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Pago Móvil enviado');
    expect(html).toContain('Bs. 1.234,56');
    const bad = await fetch(`${sim.url}/_control/demo/pago-movil`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        provider: 'bdv',
        amount: 'mucho',
        phone: '0414',
        bank: '0134',
      }).toString(),
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('Escribe un monto válido');
  });
});
