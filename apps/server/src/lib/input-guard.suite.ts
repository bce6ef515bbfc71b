import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_CODES, MSG_INPUT } from '@domino/contracts';
import { gameTables, monthlyPots, recharges, uploads, users } from '../db/schema';
import type { DbKind, TestApp } from '../test/helpers';
import { buildTestApp, newPlayer, postgresAvailable } from '../test/helpers';
import { multipart, samplePng } from '../test/wallet-helpers';

/**
 * The central input guard (decision 014), run on PGlite and real PostgreSQL by the
 * two *.test.ts files beside this one. Each case is one the issue lists as a 500 on both
 * databases: NUL in login, register, profile, reasons, table names, search and a path; a lone
 * surrogate in the pot description. Each now gets one Spanish 422 and nothing is stored.
 */
export function inputGuardSuite(kind: DbKind): void {
  describe(`the input guard on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let player: { token: string; id: number; body: ReturnType<typeof newPlayer> };
    let admin: string;

    const send = (
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      opts: { token?: string; body?: unknown; raw?: string } = {},
    ) =>
      t.app.inject({
        method,
        url,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.raw !== undefined || opts.body !== undefined
            ? { 'content-type': 'application/json' }
            : {}),
        },
        ...(opts.raw !== undefined
          ? { payload: opts.raw }
          : opts.body !== undefined
            ? { payload: JSON.stringify(opts.body) }
            : {}),
      });

    /** A 422 `input/invalid_characters` with the Spanish message on each of `fields`. */
    const expectRefused = (
      res: Awaited<ReturnType<typeof send>>,
      fields: string | string[],
      label: string,
    ) => {
      expect(res.statusCode, label).toBe(422);
      const errors = Object.fromEntries(
        [fields].flat().map((f) => [f, [MSG_INPUT.invalidCharacters]]),
      );
      expect(res.json(), label).toEqual({
        message: MSG_INPUT.invalidCharacters,
        code: INPUT_CODES.invalidCharacters,
        errors,
      });
    };

    beforeAll(async () => {
      if (skip) return;
      t = await buildTestApp(kind);
      const body = newPlayer();
      const reg = await send('POST', '/api/register_api', { body });
      player = { token: reg.json().token, id: reg.json().user.id, body };
      admin = (
        await send('POST', '/api/login_api', {
          body: { email: 'admin@test.local', password: 'AdminPass123' },
        })
      ).json().token;
    });
    afterAll(async () => {
      if (!skip) await t.close();
    });

    const countOf = async (
      table: typeof users | typeof gameTables | typeof recharges | typeof uploads,
    ) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

    it.skipIf(skip)(
      'refuses NUL in a login, a registration and a profile before any hashing or storing',
      async () => {
        const usersBefore = await countOf(users);
        expectRefused(
          await send('POST', '/api/login_api', {
            body: { email: 'admin@test.local', password: 'AdminPass123\u0000' },
          }),
          'password',
          'login',
        );
        expectRefused(
          await send('POST', '/api/register_api', { body: newPlayer({ name: 'Ana\u0000María' }) }),
          'name',
          'register',
        );
        expectRefused(
          await send('POST', '/api/register_api', {
            body: newPlayer({ email: 'ana\u0000@example.com', password: 'Clave\u00001234' }),
          }),
          ['email', 'password'],
          'register, two fields',
        );
        expect(await countOf(users)).toBe(usersBefore);
        expectRefused(
          await send('PATCH', '/api/user', {
            token: player.token,
            body: { name: 'Nombre\u0000', email: player.body.email, phone: player.body.phone },
          }),
          'name',
          'profile',
        );
        const [me] = await t.database.db.select().from(users).where(eq(users.id, player.id));
        expect(me!.name).toBe(player.body.name);
      },
    );

    it.skipIf(skip)(
      'refuses NUL in a staff reason, a table name, a search and a path id',
      async () => {
        expectRefused(
          await send('POST', `/api/admin/users/${player.id}/suspend`, {
            token: admin,
            body: { reason: 'Motivo\u0000 de prueba' },
          }),
          'reason',
          'suspension reason',
        );
        const [me] = await t.database.db.select().from(users).where(eq(users.id, player.id));
        expect(me!.status).toBe('activo');
        const tablesBefore = await countOf(gameTables);
        expectRefused(
          await send('POST', '/api/admin/tables', {
            token: admin,
            body: { name: 'Mesa\u0000 nueva', entry_price: 100 },
          }),
          'name',
          'table name',
        );
        expect(await countOf(gameTables)).toBe(tablesBefore);
        expectRefused(await send('GET', '/api/admin/users?q=%00', { token: admin }), 'q', 'search');
        // The fairness record is for the match's players and staff (decision 015): signed in.
        expectRefused(
          await send('GET', '/api/games/%00/fairness', { token: player.token }),
          'gameId',
          'fairness path',
        );
        expectRefused(
          await send('GET', '/api/tables/1%00', { token: player.token }),
          'tableId',
          'table path',
        );
        expectRefused(await send('GET', '/api/tables?x%00=1'), 'x\u0000', 'query key');
      },
    );

    it.skipIf(skip)(
      'refuses a lone surrogate (the pot description) and NUL deep inside a body',
      async () => {
        const potsBefore = await t.database.db.select().from(monthlyPots);
        // JSON.stringify escapes a lone surrogate as \ud800, which jsonb refuses: the old 500.
        expectRefused(
          await send('PATCH', '/api/admin/pot', {
            token: admin,
            raw: '{"description":"Pote del mes \\ud800"}',
          }),
          'description',
          'pot description',
        );
        expectRefused(
          await send('PATCH', '/api/admin/pot', {
            token: admin,
            raw: '{"description":"bajo \\udfff alto"}',
          }),
          'description',
          'low surrogate',
        );
        expect(await t.database.db.select().from(monthlyPots)).toEqual(potsBefore);
        expectRefused(
          await send('PATCH', '/api/admin/tables/1', {
            token: admin,
            body: { rules: { nested: [{ deeper: ['ok', 'x\u0000'] }] } },
          }),
          'rules',
          'deep value',
        );
        expectRefused(
          await send('PATCH', '/api/admin/tables/1', {
            token: admin,
            body: { ['n\u0000ame']: 'x' },
          }),
          'n\u0000ame',
          'object key',
        );
        // 20 000 levels of nesting: checked without recursion, so no stack overflow.
        const deep = `${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}`;
        const res = await send('POST', '/api/login_api', { raw: `{"email":${deep}}` });
        expectRefused(res, 'email', 'deep nesting');
      },
    );

    it.skipIf(skip)(
      'refuses NUL in a multipart field or file name, and stores no recharge',
      async () => {
        const auth = { authorization: `Bearer ${player.token}` };
        const field = multipart({ amount: '300', reference: 'REF\u0000123', account_id: '1' });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/recharge_api',
          payload: field.payload,
          headers: { ...field.headers, ...auth },
        });
        expectRefused(res, 'reference', 'multipart field');
        const file = multipart(
          { amount: '300', reference: 'REF123', account_id: '1' },
          { name: 'pago\u0000.png', type: 'image/png', data: await samplePng() },
        );
        const named = await t.app.inject({
          method: 'POST',
          url: '/api/recharge_api',
          payload: file.payload,
          headers: { ...file.headers, ...auth },
        });
        expectRefused(named, 'payment_proof', 'file name');
        expect(await countOf(recharges)).toBe(0);
        expect(await countOf(uploads)).toBe(0);
      },
    );

    it.skipIf(skip)('lets well-formed text of any script through, emoji included', async () => {
      const res = await send('POST', '/api/register_api', {
        body: newPlayer({ name: 'José Ñandú 🂡 漢字' }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.name).toBe('José Ñandú 🂡 漢字');
    });
  });
}
