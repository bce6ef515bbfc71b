import { BANK_CONNECTORS } from './providers';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_BANKING } from '@domino/contracts';
import { auditLog, bankConnectorCalls, bankConnectors } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TestApp } from '../../test/helpers';
import { buildTestApp } from '../../test/helpers';
import { auth, loginAdmin, registerPlayer } from '../../test/wallet-helpers';
import type { BankConnector, BankHttp, ConnectorConfig, MovementQuery } from './connector';
import { httpFor, loadConnector } from './config';
import { connectorFor, registerConnector, unregisterConnector } from './registry';
import { listBankConnectors, saveBankConnector } from './staff-service';
import { createBankVault } from './vault';

/**
 * Staff routes of bank connectors on PGlite (decision 051): admin only, Spanish refusals, the
 * credentials write-only — never in an answer, a log line, an audit row or a stored call detail —
 * and the test call through the real BankHttp against a local fake bank (the simulator origin).
 */
/**
 * The connectors' HTTP timeout in this suite, ms: the hanging bank costs the test this long, and a
 * bank that does answer must never come near it, even on a machine loaded by the whole suite (at
 * 300 ms a full run once timed out the first answer of the local fake bank).
 */
const BANK_TIMEOUT_MS = 2_000;

describe('bank connector staff routes', () => {
  let t: TestApp;
  let admin: string;
  let bank: http.Server;
  let bankUrl: string;
  /** How the fake bank answers the next request. */
  let mode: 'not_found' | 'echo_500' | 'hang' | 'unauthorized' = 'not_found';
  const hanging: http.ServerResponse[] = [];
  const lines: string[] = [];
  const bodies: string[] = [];
  const SECRET = `clave-${randomBytes(12).toString('hex')}`;
  const SECRET2 = `otra-${randomBytes(12).toString('hex')}`;
  const previous = connectorFor('bdv');

  /** A minimal BDV-like connector speaking to the fake bank (the real one is another part's). */
  const fake: BankConnector = {
    ...BANK_CONNECTORS.bdv,
    async verify(cfg: ConnectorConfig, q: MovementQuery, h: BankHttp) {
      const res = await h('getMovement', `${cfg.baseUrl}/getMovement/v2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': cfg.credentials.apiKey ?? '' },
        body: JSON.stringify({ referencia: q.reference }),
      });
      if (!res.ok) return { kind: 'unavailable', detail: res.detail };
      if (res.status === 401)
        return { kind: 'refused', detail: `clave rechazada ${cfg.credentials.apiKey}` };
      if (res.status !== 200) return { kind: 'unavailable', detail: `HTTP ${res.status}` };
      const body = JSON.parse(res.body) as { code: number; message: string };
      return body.code === 1010
        ? { kind: 'not_found', bankCode: '1010', bankMessage: body.message }
        : { kind: 'unavailable', detail: 'respuesta inesperada' };
    },
  };

  const call = async (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? auth(token) : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
    bodies.push(res.body);
    return res;
  };
  const connectorUrl = (id: number | string) => `/api/admin/recharge-accounts/${id}/bank-connector`;
  const input = (over: Record<string, unknown> = {}) => ({
    provider: 'bdv',
    base_url: bankUrl,
    credentials: { apiKey: SECRET },
    enabled: true,
    capabilities: { verify: true, charge: false, notify: false, payout: false },
    ...over,
  });

  beforeAll(async () => {
    bank = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (mode === 'hang') return void hanging.push(res);
        if (mode === 'unauthorized') return void res.writeHead(401).end();
        if (mode === 'echo_500')
          return void res.writeHead(500).end(`fallo con clave ${String(req.headers['x-api-key'])}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ code: 1010, message: 'Registro solicitado no existe', data: null }),
        );
      });
    });
    await new Promise<void>((resolve) => bank.listen(0, '127.0.0.1', resolve));
    bankUrl = `http://127.0.0.1:${(bank.address() as AddressInfo).port}`;
    registerConnector(fake);
    t = await buildTestApp(
      'pglite',
      {
        BANK_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
        BANK_SIMULATOR_URL: bankUrl,
        BANK_HTTP_TIMEOUT_MS: String(BANK_TIMEOUT_MS),
        LOG_LEVEL: 'trace',
      },
      {},
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    admin = await loginAdmin(t);
  });
  afterAll(async () => {
    if (previous) registerConnector(previous);
    else unregisterConnector('bdv');
    for (const r of hanging) r.destroy();
    await new Promise((resolve) => bank.close(resolve));
    await t?.close();
  });

  it('is refused to visitors (401) and players (403)', async () => {
    const player = await registerPlayer(t);
    for (const [method, url] of [
      ['GET', '/api/admin/bank-connectors'],
      ['PUT', connectorUrl(1)],
      ['DELETE', connectorUrl(1)],
      ['POST', `${connectorUrl(1)}/test`],
    ] as const) {
      expect(
        (await call(method, url, undefined, method === 'PUT' ? input() : undefined)).statusCode,
      ).toBe(401);
      const res = await call(method, url, player.token, method === 'PUT' ? input() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden, code: 'auth/forbidden' });
    }
    expect(await t.database.db.select().from(bankConnectors)).toEqual([]);
  });

  it('lists the providers and every recharge account without a connector', async () => {
    const res = await call('GET', '/api/admin/bank-connectors', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.providers.map((p: { provider: string }) => p.provider)).toEqual([
      'bdv',
      'mercantil',
      'r4',
    ]);
    expect(body.providers[0]).toMatchObject({
      available: true,
      capabilities: { verify: true, charge: false },
    });
    expect(body.providers[1].credential_fields.map((f: { name: string }) => f.name)).toContain(
      'secretKey',
    );
    expect(body.simulator_origin).toBe(bankUrl);
    expect(body.accounts.length).toBeGreaterThan(0);
    expect(body.accounts[0]).toMatchObject({ connector: null, calls: [] });
  });

  it('refuses bad input in Spanish, naming why a URL is refused, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ base_url: 'http://bdvconciliacion.banvenez.com' }, 'base_url', MSG_BANKING.urlNotHttps],
      [
        { base_url: 'https://evil.example' },
        'base_url',
        MSG_BANKING.urlHost(BANK_CONNECTORS.bdv.label, BANK_CONNECTORS.bdv.hosts.join(', ')),
      ],
      [{ base_url: 'https://169.254.169.254' }, 'base_url', MSG_BANKING.urlIpLiteral],
      [
        { capabilities: { verify: true, charge: true, notify: false, payout: false } },
        'capabilities.charge',
        MSG_BANKING.capabilityUnsupported('Cobrar con clave de pago (C2P)'),
      ],
      [
        { credentials: { apiKey: SECRET, password: 'x' } },
        'credentials',
        MSG_BANKING.credentialUnknown('password'),
      ],
      [
        { credentials: {} },
        'credentials',
        MSG_BANKING.credentialsMissing(BANK_CONNECTORS.bdv.credentialFields[0]!.label),
      ],
      [{ provider: 'banesco' }, 'provider', MSG_BANKING.providerInvalid],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('PUT', connectorUrl(1), admin, input(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errors[field], res.body).toEqual([message]);
    }
    expect((await call('PUT', connectorUrl(999_999), admin, input())).json()).toEqual({
      message: MSG_BANKING.accountNotFound,
      code: 'banking/account_not_found',
    });
    expect(await t.database.db.select().from(bankConnectors)).toEqual([]);
  });

  it('saves a connector with write-only credentials, keeps omitted ones and audits names only', async () => {
    const res = await call('PUT', connectorUrl(1), admin, input({ base_url: `${bankUrl}/bdv/` }));
    expect(res.statusCode, res.body).toBe(200);
    const { account } = res.json();
    expect(account.connector).toMatchObject({
      provider: 'bdv',
      base_url: `${bankUrl}/bdv`,
      enabled: true,
      credentials_set: ['apiKey'],
      credentials_readable: true,
      notification_url: null,
      capabilities: { verify: true, charge: false, notify: false, payout: false },
    });
    const [row] = await t.database.db.select().from(bankConnectors);
    expect(row!.credentialsCiphertext).not.toContain(SECRET);
    expect(row!.notificationToken.length).toBeGreaterThanOrEqual(32);
    const loaded = await loadConnector(t.database.db, 1, t.app.deps.bankVault);
    expect(loaded?.credentials).toEqual({ apiKey: SECRET });
    expect(loaded?.enabled).toMatchObject({ verify: true, charge: false, requestKey: false });

    // Omitted (and empty) credentials keep their value; no change, no audit row.
    const again = await call(
      'PUT',
      connectorUrl(1),
      admin,
      input({ base_url: `${bankUrl}/bdv`, credentials: { apiKey: '' } }),
    );
    expect(again.statusCode).toBe(200);
    expect((await loadConnector(t.database.db, 1, t.app.deps.bankVault))?.credentials).toEqual({
      apiKey: SECRET,
    });
    // A new value replaces it; the audit names it, never its value.
    await call('PUT', connectorUrl(1), admin, input({ credentials: { apiKey: SECRET2 } }));
    expect((await loadConnector(t.database.db, 1, t.app.deps.bankVault))?.credentials).toEqual({
      apiKey: SECRET2,
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, 'recharge_account'));
    const mine = audits.filter((a) => a.action.startsWith('bank_connector.'));
    expect(mine.map((a) => a.action)).toEqual(['bank_connector.create', 'bank_connector.update']);
    expect(mine[1]!.after).toMatchObject({ credentials_changed: ['apiKey'], base_url: bankUrl });
    expect(JSON.stringify(mine)).not.toContain(SECRET.slice(6));
    expect(JSON.stringify(mine)).not.toContain(SECRET2.slice(5));

    // Disabled: loadConnector answers null; another server's key cannot open the credentials.
    await call('PUT', connectorUrl(1), admin, input({ enabled: false, credentials: {} }));
    expect(await loadConnector(t.database.db, 1, t.app.deps.bankVault)).toBeNull();
    await call('PUT', connectorUrl(1), admin, input({ credentials: {} }));
    const otherKey = createBankVault({
      BANK_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent',
    });
    expect(await loadConnector(t.database.db, 1, otherKey)).toBeNull();
    const list = await listBankConnectors(t.database.db, t.config, otherKey);
    expect(list.accounts.find((a) => a.id === 1)?.connector?.credentials_readable).toBe(false);
  });

  it('refuses to store credentials in production on PostgreSQL without a key (Spanish, 409)', async () => {
    const noKey = createBankVault({
      NODE_ENV: 'production',
      DATA_DIR: '/nonexistent',
      DATABASE_URL: 'postgres://db.example/domino',
    });
    const err = await saveBankConnector(t.database.db, t.config, noKey, 1, 1, {
      ...input({ credentials: { apiKey: 'nueva-clave-123' } }),
      provider: 'bdv',
    } as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 409,
      code: 'banking/vault_unavailable',
      message: MSG_BANKING.vaultUnavailable,
    });
    // Saving the switches alone keeps the sealed credentials it cannot open.
    const saved = await saveBankConnector(t.database.db, t.config, noKey, 1, 1, {
      ...input({ credentials: {}, enabled: true }),
      provider: 'bdv',
    } as never);
    expect(saved.connector?.credentials_set).toEqual(['apiKey']);
    expect((await loadConnector(t.database.db, 1, t.app.deps.bankVault))?.credentials).toEqual({
      apiKey: SECRET2,
    });
  });

  it('tests the connection through the call log: not found, refused, a 500, a timeout', async () => {
    mode = 'not_found';
    const ok = await call('POST', `${connectorUrl(1)}/test`, admin);
    expect(ok.json()).toEqual({ outcome: 'not_found', message: MSG_BANKING.testOk });

    mode = 'unauthorized';
    const refused = (await call('POST', `${connectorUrl(1)}/test`, admin)).json();
    expect(refused.outcome).toBe('refused');
    expect(refused.message).toBe(MSG_BANKING.testRefused('clave rechazada [oculto]'));

    mode = 'echo_500';
    const failed = (await call('POST', `${connectorUrl(1)}/test`, admin)).json();
    expect(failed).toEqual({
      outcome: 'unavailable',
      message: MSG_BANKING.testUnavailable('HTTP 500'),
    });

    mode = 'hang';
    const slow = (await call('POST', `${connectorUrl(1)}/test`, admin)).json();
    expect(slow).toEqual({
      outcome: 'unavailable',
      message: MSG_BANKING.testUnavailable(MSG_BANKING.httpTimeout(BANK_TIMEOUT_MS)),
    });
    mode = 'not_found';

    const calls = await t.database.db
      .select()
      .from(bankConnectorCalls)
      .orderBy(bankConnectorCalls.id);
    expect(calls.map((c) => [c.operation, c.outcome, c.httpStatus])).toEqual([
      ['getMovement', 'not_found', 200],
      ['getMovement', 'refused', 401],
      ['getMovement', 'unavailable', 500],
      ['getMovement', 'unavailable', null],
    ]);
    expect(calls[0]!.detail).toBe('1010 — Registro solicitado no existe');
    expect(calls[1]!.detail).toBe('clave rechazada [oculto]');
    expect(calls.every((c) => c.rechargeAccountId === 1 && c.durationMs >= 0)).toBe(true);

    // The raw HTTP detail of the 500 (before the connector's reading) was redacted too.
    const loaded = (await loadConnector(t.database.db, 1, t.app.deps.bankVault))!;
    mode = 'echo_500';
    const h = httpFor(t.database.db, loaded, { type: 'recharge', id: 42 });
    const r = await h('getMovement', `${loaded.baseUrl}/getMovement/v2`, {
      method: 'POST',
      headers: { 'x-api-key': SECRET2 },
    });
    mode = 'not_found';
    expect(r).toMatchObject({ ok: true, status: 500 });
    const [raw] = await t.database.db
      .select()
      .from(bankConnectorCalls)
      .where(eq(bankConnectorCalls.id, h.callIds[0]!));
    expect(raw).toMatchObject({
      outcome: 'unavailable',
      relatedType: 'recharge',
      relatedId: 42,
      detail: 'HTTP 500: fallo con clave [oculto]',
    });
    // A URL outside the base is never sent.
    const outside = await h('getMovement', 'https://evil.example/x', {
      method: 'GET',
      headers: {},
    });
    expect(outside).toEqual({ ok: false, detail: MSG_BANKING.httpOtherOrigin });

    const list = (await call('GET', '/api/admin/bank-connectors', admin)).json();
    const acc = list.accounts.find((a: { id: number }) => a.id === 1);
    expect(acc.calls.length).toBe(6);
    expect(acc.calls[0].operation).toBe('getMovement');
    expect(acc.calls[0].outcome).toBe('error');
  });

  it('disconnects (the call log stays) and answers 404 when there is nothing to remove', async () => {
    const res = await call('DELETE', connectorUrl(1), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().account.connector).toBeNull();
    expect(res.json().account.calls.length).toBe(6);
    expect((await call('DELETE', connectorUrl(1), admin)).json()).toEqual({
      message: MSG_BANKING.notConnected,
      code: 'banking/not_connected',
    });
    expect((await call('POST', `${connectorUrl(1)}/test`, admin)).statusCode).toBe(404);
    const [del] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'bank_connector.delete'));
    expect(del?.before).toMatchObject({ provider: 'bdv', credentials_set: ['apiKey'] });
  });

  it('never shows a credential in any answer or log line', () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const s of [SECRET, SECRET2]) {
      expect(bodies.filter((b) => b.includes(s))).toEqual([]);
      expect(lines.filter((l) => l.includes(s))).toEqual([]);
    }
  });
});
