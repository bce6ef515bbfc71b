import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_PREFIXES, MSG, MSG_PHONE, MSG_SESSIONS } from '@domino/contracts';
import { authTokens, users } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer, postgresAvailable } from '../../test/helpers';

/**
 * The account suite, run on PGlite and on real PostgreSQL by the two *.test.ts files
 * beside this one. Every assertion is on what a client sees.
 */
export function accountSuite(kind: DbKind): void {
  describe(`accounts and sessions on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    beforeAll(async () => {
      // The production limit of availability questions (fewer than 60 come from the inject
      // address in this suite, registrations included).
      if (!skip) t = await buildTestApp(kind, { AVAILABILITY_LIMIT_PER_MINUTE: '60' });
    });
    afterAll(async () => {
      if (!skip) await t.close();
    });

    const post = (url: string, payload: unknown, token?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: payload as Record<string, unknown>,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    /** A POST from another address: its availability questions do not spend the suite's 60. */
    const postFrom = (remoteAddress: string, url: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress,
        payload: payload as Record<string, unknown>,
      });
    const get = (url: string, token?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    it.skipIf(skip)('registers a player with every user field and logs them in', async () => {
      const p = newPlayer({ email: 'Maria.Perez@Example.com' });
      const res = await post('/api/register_api', p);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toMatchObject({
        name: 'Jugador Prueba',
        email: 'maria.perez@example.com',
        balance: 0,
        type_identification: 'V',
        n_identification: p.n_identification,
        phone: p.phone,
        username: p.username,
        username_chosen: true,
        adult_declared: true,
        rol: 'jugador',
        status: 'activo',
        points: 0,
      });
      expect(typeof body.user.id).toBe('number');
      expect(Date.parse(body.user.created_at)).not.toBeNaN();
      expect(Date.parse(body.user.updated_at)).not.toBeNaN();
      const me = await get('/api/user', body.token);
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe('maria.perez@example.com');
    });

    it.skipIf(skip)(
      'stores the password as an argon2id hash and never the token in clear',
      async () => {
        const p = newPlayer();
        const res = await post('/api/register_api', p);
        const { token, user } = res.json();
        const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
        expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
        const tokens = await t.database.db
          .select()
          .from(authTokens)
          .where(eq(authTokens.userId, user.id));
        expect(tokens).toHaveLength(1);
        expect(tokens[0]?.tokenHash).not.toContain(token);
        expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      },
    );

    it.skipIf(skip)(
      'never makes a username from the e-mail: without a chosen one it is a neutral generated name',
      async () => {
        const { username: _omit, ...rest } = newPlayer({ email: 'pedro@uno.com' });
        const a = await post('/api/register_api', rest);
        expect(a.json().user.username).toMatch(/^jugador\d{6}$/);
        expect(a.json().user.username_chosen).toBe(false);
      },
    );

    it.skipIf(skip)(
      'answers missing fields with the required messages of docs/product.md §5',
      async () => {
        const res = await post('/api/register_api', {});
        expect(res.statusCode).toBe(422);
        const body = res.json();
        expect(body.message).toBe(MSG.formHasErrors);
        expect(body.errors).toEqual({
          name: [MSG.nameRequired],
          email: [MSG.emailRequired],
          type_identification: [MSG.documentTypeRequired],
          n_identification: [MSG.identificationRequired],
          phone: [MSG.phoneRequired],
          password: [MSG.passwordRequired],
          password_confirmation: [MSG.passwordConfirmRequired],
        });
      },
    );

    it.skipIf(skip)(
      'answers malformed fields with the exact messages of docs/product.md §5',
      async () => {
        const res = await post('/api/register_api', {
          name: '   ',
          email: 'no-es-correo',
          type_identification: 'X',
          n_identification: '12a45',
          phone: '05121234',
          password: 'abc',
          password_confirmation: 'abd',
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({
          name: [MSG.nameRequired],
          email: [MSG.emailInvalid],
          type_identification: [MSG.documentTypeRequired],
          n_identification: [MSG.identificationInvalid],
          phone: [MSG_PHONE.unknownOperator],
          password: [MSG.passwordMinLength, MSG.passwordUppercase, MSG.passwordNumber],
          password_confirmation: [MSG.passwordMismatch],
        });
        const count = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
        const before = count[0]?.n;
        await post('/api/register_api', { ...newPlayer(), phone: '0414123456x' });
        const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
        expect(after[0]?.n).toBe(before);
      },
    );

    it.skipIf(skip)(
      'accepts every mobile operator prefix and rejects others (decision 040)',
      async () => {
        for (const code of MOBILE_PREFIXES) {
          const p = newPlayer();
          const res = await postFrom('10.0.40.1', '/api/register_api', {
            ...p,
            phone: code + p.phone.slice(4),
          });
          expect(res.statusCode, code).toBe(201);
        }
        const res = await postFrom('10.0.40.1', '/api/register_api', {
          ...newPlayer(),
          phone: '02121234567',
        });
        expect(res.json().errors.phone).toEqual([MSG_PHONE.unknownOperator]);
      },
    );

    it.skipIf(skip)(
      'registers a whole number typed in any usual shape, stores its 11 digits, never a cut one',
      async () => {
        const rest = () => String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
        for (const shape of [
          (r: string) => `0412${r}`,
          (r: string) => `0412-${r.slice(0, 3)}.${r.slice(3, 5)}.${r.slice(5)}`,
          (r: string) => `+58 412 ${r}`,
          (r: string) => `412 ${r}`,
        ]) {
          const r = rest();
          const typed = shape(r);
          const res = await postFrom('10.0.40.2', '/api/register_api', newPlayer({ phone: typed }));
          expect(res.statusCode, typed).toBe(201);
          expect(res.json().user.phone, typed).toBe(`0412${r}`);
          const [row] = await t.database.db
            .select({ phone: users.phone })
            .from(users)
            .where(eq(users.id, res.json().user.id));
          expect(row?.phone).toBe(`0412${r}`);
          // The same number in another shape is the same phone: already registered.
          const again = await postFrom(
            '10.0.40.2',
            '/api/register_api',
            newPlayer({ phone: `0412${r}` }),
          );
          expect(again.json().errors.phone, typed).toEqual([MSG.phoneTaken]);
          const check = await postFrom('10.0.40.2', '/api/check_phone', { phone: `+58-412-${r}` });
          expect(check.json()).toEqual({ available: false, message: MSG.phoneTaken });
        }
        // The report's case: a whole number is never kept as its first 7 digits.
        const long = await postFrom(
          '10.0.40.2',
          '/api/register_api',
          newPlayer({ phone: '041270723401' }),
        );
        expect(long.json().errors.phone).toEqual([MSG_PHONE.tooLong]);
      },
    );

    it.skipIf(skip)('refuses a duplicate e-mail in any letter case with 409', async () => {
      const p = newPlayer({ email: 'dup@example.com' });
      expect((await post('/api/register_api', p)).statusCode).toBe(201);
      const res = await post('/api/register_api', newPlayer({ email: 'DUP@Example.COM' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: MSG.emailInUse,
        code: 'auth/email_taken',
        errors: { email: [MSG.emailTaken] },
      });
    });

    it.skipIf(skip)(
      'refuses a duplicate identity or phone with the catalogue messages',
      async () => {
        const p = newPlayer();
        expect((await post('/api/register_api', p)).statusCode).toBe(201);
        const dupId = await post(
          '/api/register_api',
          newPlayer({ n_identification: p.n_identification }),
        );
        expect(dupId.statusCode).toBe(422);
        expect(dupId.json().errors).toEqual({ n_identification: [MSG.identificationTaken] });
        const otherType = await post(
          '/api/register_api',
          newPlayer({ type_identification: 'E', n_identification: p.n_identification }),
        );
        expect(otherType.statusCode).toBe(201);
        const dupPhone = await post('/api/register_api', newPlayer({ phone: p.phone }));
        expect(dupPhone.statusCode).toBe(422);
        expect(dupPhone.json().errors).toEqual({ phone: [MSG.phoneTaken] });
      },
    );

    it.skipIf(skip)(
      'lets exactly one of many concurrent identical registrations succeed, never a 500',
      async () => {
        const p = newPlayer();
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            post(
              '/api/register_api',
              i % 2 === 0 ? p : { ...newPlayer(), email: p.email.toUpperCase() },
            ),
          ),
        );
        const codes = results.map((r) => r.statusCode);
        expect(codes.filter((c) => c === 201)).toHaveLength(1);
        expect(codes.every((c) => c === 201 || c === 409 || c === 422)).toBe(true);
        for (const r of results.filter((x) => x.statusCode === 409))
          expect(r.json().message).toBe(MSG.emailInUse);
        const rows = await t.database.db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${p.email}`);
        expect(rows).toHaveLength(1);
      },
    );

    it.skipIf(skip)(
      'lets one of many concurrent registrations with the same phone succeed',
      async () => {
        const phone = newPlayer().phone;
        const results = await Promise.all(
          Array.from({ length: 8 }, () => post('/api/register_api', newPlayer({ phone }))),
        );
        const codes = results.map((r) => r.statusCode);
        expect(codes.filter((c) => c === 201)).toHaveLength(1);
        for (const r of results.filter((x) => x.statusCode !== 201)) {
          expect(r.statusCode).toBe(422);
          expect(r.json().errors.phone).toEqual([MSG.phoneTaken]);
        }
      },
    );

    it.skipIf(skip)(
      'logs in, with a short session by default and 30 days with remember',
      async () => {
        const p = newPlayer();
        await post('/api/register_api', p);
        const short = await post('/api/login_api', {
          email: p.email.toUpperCase(),
          password: p.password,
        });
        expect(short.statusCode).toBe(200);
        const hours = (Date.parse(short.json().expires_at) - Date.now()) / 3_600_000;
        expect(hours).toBeGreaterThan(11);
        expect(hours).toBeLessThanOrEqual(12);
        const long = await post('/api/login_api', {
          email: p.email,
          password: p.password,
          remember: true,
        });
        const days = (Date.parse(long.json().expires_at) - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(29.9);
        expect(days).toBeLessThanOrEqual(30);
        expect((await get('/api/user', long.json().token)).statusCode).toBe(200);
      },
    );

    it.skipIf(skip)(
      'rejects a wrong password or unknown e-mail with the catalogue 401 message',
      async () => {
        const p = newPlayer();
        await post('/api/register_api', p);
        const wrong = await post('/api/login_api', { email: p.email, password: 'Otra1234' });
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toEqual({
          message: MSG.invalidCredentials,
          code: 'auth/invalid_credentials',
        });
        const unknown = await post('/api/login_api', {
          email: 'nadie@example.com',
          password: 'Otra1234',
        });
        expect(unknown.statusCode).toBe(401);
        expect(unknown.json().message).toBe(MSG.invalidCredentials);
        const empty = await post('/api/login_api', { email: '', password: '' });
        expect(empty.statusCode).toBe(422);
        expect(empty.json().errors).toEqual({
          email: [MSG.emailRequired],
          password: [MSG.passwordRequired],
        });
      },
    );

    it.skipIf(skip)(
      'logs out a bodiless POST with a JSON content type, as the web app and the original client send it',
      async () => {
        const reg = (await post('/api/register_api', newPlayer())).json();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { authorization: `Bearer ${reg.token}`, 'content-type': 'application/json' },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ message: 'Sesión cerrada correctamente' });
        expect((await get('/api/user', reg.token)).statusCode).toBe(401);
        // Without any content type too.
        const again = (await post('/api/register_api', newPlayer())).json();
        const bare = await t.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { authorization: `Bearer ${again.token}` },
        });
        expect(bare.statusCode).toBe(200);
        expect((await get('/api/user', again.token)).statusCode).toBe(401);
        // An empty JSON body is no body: a route that needs one refuses it as invalid input (422),
        // and a broken JSON body is still refused (400).
        const empty = await t.app.inject({
          method: 'POST',
          url: '/api/login_api',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          payload: '',
        });
        expect(empty.statusCode).toBe(422);
        const broken = await t.app.inject({
          method: 'POST',
          url: '/api/login_api',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        });
        expect(broken.statusCode).toBe(400);
        // Fastify's prototype-poisoning guard still applies to JSON bodies.
        const poisoned = await t.app.inject({
          method: 'POST',
          url: '/api/login_api',
          headers: { 'content-type': 'application/json' },
          payload: '{"__proto__":{"x":1},"email":"a@b.co","password":"x"}',
        });
        expect(poisoned.statusCode).toBe(400);
      },
    );

    it.skipIf(skip)(
      'revokes the token at logout; a revoked or expired token gets 401 everywhere',
      async () => {
        const reg = (await post('/api/register_api', newPlayer())).json();
        expect((await post('/api/logout', {}, reg.token)).statusCode).toBe(200);
        for (const res of [
          await get('/api/user', reg.token),
          await post('/api/logout', {}, reg.token),
        ]) {
          // The reason travels with the 401, as the socket's session:ended carries it (decision 012).
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({
            code: 'auth/session_ended',
            reason: 'logged_out',
            message: MSG_SESSIONS.logged_out,
          });
        }
        const other = (await post('/api/register_api', newPlayer())).json();
        await t.database.db
          .update(authTokens)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(authTokens.userId, other.user.id));
        const expired = await get('/api/user', other.token);
        expect(expired.statusCode).toBe(401);
        expect(expired.json()).toMatchObject({ code: 'auth/session_ended', reason: 'expired' });
        const anonymous = await get('/api/user');
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toEqual({
          code: 'auth/unauthenticated',
          message: MSG.unauthenticated,
        });
        // A token nobody issued says nothing more than "no longer valid".
        const guessed = await get('/api/user', 'not-a-real-token-but-long-enough');
        expect(guessed.statusCode).toBe(401);
        expect(guessed.json()).toEqual({
          code: 'auth/session_ended',
          reason: 'revoked',
          message: MSG_SESSIONS.revoked,
        });
      },
    );

    it.skipIf(skip)('locks out a suspended account and stops its live tokens', async () => {
      const p = newPlayer();
      const reg = (await post('/api/register_api', p)).json();
      await t.database.db
        .update(users)
        .set({ status: 'suspendido' })
        .where(eq(users.id, reg.user.id));
      const refused = await get('/api/user', reg.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'auth/session_ended', reason: 'suspended' });
      const login = await post('/api/login_api', { email: p.email, password: p.password });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({ message: MSG.accountSuspended, code: 'auth/suspended' });
    });

    it.skipIf(skip)('rate limits failed logins per e-mail with a Spanish 429', async () => {
      const p = newPlayer();
      await post('/api/register_api', p);
      for (let i = 0; i < 5; i++) {
        expect(
          (await post('/api/login_api', { email: p.email, password: 'Mala1234' })).statusCode,
        ).toBe(401);
      }
      const blocked = await post('/api/login_api', { email: p.email, password: p.password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: MSG.tooManyLoginAttempts, code: 'rate/limited' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it.skipIf(skip)('tells whether an e-mail, identity or phone is available', async () => {
      const p = newPlayer();
      await post('/api/register_api', p);
      expect((await post('/api/check_email', { email: p.email.toUpperCase() })).json()).toEqual({
        available: false,
        message: MSG.emailTaken,
      });
      expect((await post('/api/check_email', { email: 'libre@example.com' })).json()).toEqual({
        available: true,
      });
      expect(
        (
          await post('/api/check_identity', {
            type_identification: 'V',
            n_identification: p.n_identification,
          })
        ).json(),
      ).toEqual({ available: false, message: MSG.identificationTaken });
      expect(
        (
          await post('/api/check_identity', { type_identification: 'V', n_identification: '1' })
        ).json(),
      ).toEqual({
        available: false,
        message: MSG.identificationInvalid,
      });
      expect((await post('/api/check_phone', { phone: p.phone })).json()).toEqual({
        available: false,
        message: MSG.phoneTaken,
      });
      expect((await post('/api/check_phone', { phone: '04260000001' })).json()).toEqual({
        available: true,
      });
    });

    it.skipIf(skip)('rate limits the availability checks per address', async () => {
      const results = [];
      for (let i = 0; i < 70; i++) {
        results.push(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/check_email',
              payload: { email: `x${i}@example.com` },
              remoteAddress: '10.9.9.9',
            })
          ).statusCode,
        );
      }
      expect(results.filter((c) => c === 200)).toHaveLength(60);
      expect(results.slice(60).every((c) => c === 429)).toBe(true);
    });

    it.skipIf(skip)(
      'lists the demo tables with the docs/product.md §3 fields at both catalogue paths',
      async () => {
        for (const url of ['/api/tables', '/api/games']) {
          const res = await get(url);
          expect(res.statusCode).toBe(200);
          const tables = res.json();
          expect(tables.length).toBeGreaterThanOrEqual(4);
          for (const table of tables) {
            expect(Object.keys(table).sort()).toEqual(
              [
                'current_players',
                'entry_price',
                // The running match, for "Ver" (spectators, decision 022); null while waiting.
                'game_id',
                'id',
                'image',
                'max_players',
                'name',
                'rules',
                'status',
                'users',
              ].sort(),
            );
            // The seats follow the table's rules (4 in parejas, 2 or 3 at individual tables).
            expect(table.max_players).toBe(table.rules.players);
            expect(table.status).toBe('open');
          }
          expect(new Set(tables.map((x: { entry_price: number }) => x.entry_price)).size).toBe(
            tables.length,
          );
        }
      },
    );
  });
}
