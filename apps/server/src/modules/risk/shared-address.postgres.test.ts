import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_TABLES } from '@domino/contracts';
import { authTokens, tableSeats } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer, postgresAvailable } from '../../test/helpers';

/**
 * An address is not a person (docs/decisions/039-an-address-is-not-a-person.md), on real
 * PostgreSQL behind a trusted proxy (TRUST_PROXY, X-Forwarded-For), as players behind a
 * carrier's NAT reach the app: strangers who share only an address meet in quick play and at a
 * table; two accounts of one browser are still kept apart; a storm of failed sign-ins from the
 * address never keeps out the owner nor staff.
 */
describe('many accounts behind one address on postgres', async () => {
  const skip = !(await postgresAvailable());
  let t: TestApp;
  let admin: string;
  /** The carrier's public address every player below shares. */
  const CARRIER = '203.0.113.7';

  beforeAll(async () => {
    if (skip) return;
    t = await buildTestApp('postgres', { TRUST_PROXY: 'loopback' });
    admin = (await send('POST', '/api/login_api', { body: adminLogin() })).json().token;
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const adminLogin = () => ({ email: t.config.ADMIN_EMAIL, password: t.config.ADMIN_PASSWORD });

  /** A request through the local proxy, which writes the client's address in X-Forwarded-For. */
  function send(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    opts: { token?: string; body?: unknown; from?: string; cookie?: string; device?: string } = {},
  ) {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.from ?? CARRIER };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.device) headers['x-device-id'] = opts.device;
    return t.app.inject({
      method,
      url,
      remoteAddress: '127.0.0.1',
      headers,
      ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
    });
  }

  let deviceSeq = 0;
  /** A stranger: own browser (device id, sign-in cookie), the shared address, funded. */
  async function stranger(amount = 2000, from = CARRIER) {
    const p = newPlayer();
    deviceSeq += 1;
    const device = `phone-${deviceSeq}-${Date.now()}`;
    const res = await send('POST', '/api/register_api', { body: p, from, device });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().user.id as number;
    if (amount > 0) {
      const adj = await send('POST', `/api/admin/users/${id}/adjustments`, {
        token: admin,
        body: { amount, reason: 'Saldo de prueba' },
      });
      expect(adj.statusCode).toBe(200);
    }
    return {
      ...p,
      id,
      token: res.json().token as string,
      device,
      from,
      cookie: String(res.headers['set-cookie']).split(';')[0]!,
    };
  }
  type Stranger = Awaited<ReturnType<typeof stranger>>;
  const quick = (p: Stranger, mode: 'parejas' | 'individual', entry: number) =>
    send('POST', '/api/quick-play', {
      token: p.token,
      device: p.device,
      from: p.from,
      body: { mode, entry_price: entry },
    });

  it.skipIf(skip)('four strangers on one address meet in quick play and are seated', async () => {
    const four = [await stranger(), await stranger(), await stranger(), await stranger()];
    const sessions = await t.database.db
      .select({ ip: authTokens.ip })
      .from(authTokens)
      .where(
        inArray(
          authTokens.userId,
          four.map((p) => p.id),
        ),
      );
    expect(new Set(sessions.map((s) => s.ip))).toEqual(new Set([CARRIER]));
    const answers = [];
    for (const p of four) answers.push((await quick(p, 'parejas', 1000)).json());
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(answers[3]).toMatchObject({ status: 'matched', mode: 'parejas' });
    const seats = await t.database.db
      .select()
      .from(tableSeats)
      .where(eq(tableSeats.tableId, answers[3].table_id));
    expect(seats.map((s) => s.userId).sort()).toEqual(four.map((p) => p.id).sort());
  });

  it.skipIf(skip)(
    'two accounts signed in from one browser are kept apart in quick play and at a table',
    async () => {
      const a = await stranger(2000, '198.51.100.10');
      // b signs in from a's browser (a's sign-in cookie), from another network.
      const b = await stranger(2000, '198.51.100.20');
      const shared = await send('POST', '/api/login_api', {
        from: '198.51.100.20',
        cookie: a.cookie,
        body: { email: b.email, password: b.password },
      });
      expect(shared.statusCode).toBe(200);
      b.token = shared.json().token;
      expect((await quick(a, 'individual', 1000)).json().status).toBe('waiting');
      expect((await quick(b, 'individual', 1000)).json().status).toBe('waiting');
      // A stranger on a's address meets one of them; the other keeps waiting.
      const c = await stranger(2000, '198.51.100.10');
      expect((await quick(c, 'individual', 1000)).json().status).toBe('matched');
      const states = [
        (await send('GET', '/api/quick-play', { token: a.token })).json().status,
        (await send('GET', '/api/quick-play', { token: b.token })).json().status,
      ].sort();
      expect(states).toEqual(['matched', 'waiting']);
      for (const p of [a, b]) await send('DELETE', '/api/quick-play', { token: p.token });

      // At a public money table too: the same rule (risk/linked.ts).
      const d = await stranger(2000, '198.51.100.30');
      const e = await stranger(2000, '198.51.100.40');
      const dLogin = await send('POST', '/api/login_api', {
        from: '198.51.100.40',
        cookie: d.cookie,
        body: { email: e.email, password: e.password },
      });
      const eToken = dLogin.json().token as string;
      const tables = (await send('GET', '/api/tables')).json() as {
        id: number;
        entry_price: number;
        current_players: number;
      }[];
      const table = tables.find((x) => x.entry_price > 0 && x.current_players === 0)!;
      const join = (token: string) =>
        send('POST', `/api/tables/${table.id}/join`, {
          token,
          body: { entry_price: table.entry_price },
        });
      expect((await join(d.token)).statusCode).toBe(200);
      const refused = await join(eToken);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: MSG_TABLES.linkedAccount,
        code: 'tables/linked_account',
      });
      // A stranger behind d's address sits down.
      const f = await stranger(2000, '198.51.100.30');
      expect((await join(f.token)).statusCode).toBe(200);
      for (const p of [d.token, f.token])
        await send('POST', `/api/tables/${table.id}/leave`, { token: p });
    },
  );

  it.skipIf(skip)(
    'the owner and staff sign in after a storm of failed sign-ins from their address',
    async () => {
      const owner = await stranger(0);
      for (let i = 0; i < 35; i++) {
        const res = await send('POST', '/api/login_api', {
          body: { email: `nadie${i}_${deviceSeq}@example.com`, password: 'Adivina123' },
        });
        expect(res.statusCode).toBe(401);
      }
      // From a browser that never signed in here (no cookie), from its own browser, and staff.
      const fresh = await send('POST', '/api/login_api', {
        body: { email: owner.email, password: owner.password },
      });
      expect(fresh.statusCode, fresh.body).toBe(200);
      const known = await send('POST', '/api/login_api', {
        cookie: owner.cookie,
        body: { email: owner.email, password: owner.password },
      });
      expect(known.statusCode).toBe(200);
      expect((await send('POST', '/api/login_api', { body: adminLogin() })).statusCode).toBe(200);
    },
  );

  describe('past the per-address limit', () => {
    let small: TestApp;
    beforeAll(async () => {
      if (skip) return;
      // The limit is 300 failures in 15 minutes in production; 40 here keeps the storm short.
      small = await buildTestApp('postgres', {
        TRUST_PROXY: 'loopback',
        LOGIN_ADDRESS_LIMIT: '40',
        AVAILABILITY_LIMIT_PER_MINUTE: '5',
      });
    });
    afterAll(async () => {
      if (!skip) await small.close();
    });
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      small.app.inject({
        method: 'POST',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': CARRIER, ...headers },
        payload: body as Record<string, unknown>,
      });

    it.skipIf(skip)(
      'refuses unknown browsers only: the known browser, staff and other addresses get in',
      async () => {
        const owner = newPlayer();
        const reg = await post('/api/register_api', owner);
        expect(reg.statusCode).toBe(201);
        const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
        for (let i = 0; i < 45; i++)
          await post('/api/login_api', { email: `nadie${i}@example.com`, password: 'Adivina123' });
        const fresh = await post('/api/login_api', {
          email: owner.email,
          password: owner.password,
        });
        expect(fresh.statusCode).toBe(429);
        expect(fresh.json()).toEqual({ message: MSG.tooManyLoginAttempts, code: 'rate/limited' });
        const known = await post(
          '/api/login_api',
          { email: owner.email, password: owner.password },
          { cookie },
        );
        expect(known.statusCode).toBe(200);
        const staff = await post('/api/login_api', {
          email: small.config.ADMIN_EMAIL,
          password: small.config.ADMIN_PASSWORD,
        });
        expect(staff.statusCode).toBe(200);
        const elsewhere = await post(
          '/api/login_api',
          { email: owner.email, password: owner.password },
          { 'x-forwarded-for': '198.51.100.77' },
        );
        expect(elsewhere.statusCode).toBe(200);
      },
    );

    it.skipIf(skip)(
      'counts availability questions per browser under a ceiling of ten browsers per address',
      async () => {
        const from = { 'x-forwarded-for': '198.51.100.200' };
        const ask = (device: string) =>
          post(
            '/api/check_email',
            { email: `libre_${device}_${Math.random()}@example.com` },
            { ...from, 'x-device-id': device },
          );
        // Each browser has its own 5 a minute, whoever else shares the address.
        for (const device of ['browser-one-1', 'browser-two-2'])
          for (let i = 0; i < 5; i++) expect((await ask(device)).statusCode).toBe(200);
        expect((await ask('browser-one-1')).statusCode).toBe(429);
        // Inventing device ids meets the address's ceiling: 50 in all (10 of them spent above).
        const codes: number[] = [];
        for (let i = 0; i < 41; i++) codes.push((await ask(`invented-${i}-abcdef`)).statusCode);
        expect(codes.slice(0, 40).every((c) => c === 200)).toBe(true);
        expect(codes[40]).toBe(429);
      },
    );
  });
});
