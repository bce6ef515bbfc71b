import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_USERNAME, RESERVED_USERNAME_WORDS } from '@domino/contracts';
import { usernameHistory, users } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer } from '../../test/helpers';
import { createPrivateTable } from '../../test/private-tables';
import {
  auth,
  fundedPlayer,
  loginAdmin,
  requestRecharge,
  samplePng,
} from '../../test/wallet-helpers';

/**
 * Usernames players choose, and the 18+ declaration (docs/decisions/040): rules and live
 * availability, case-insensitive uniqueness, offensive and reserved words, the 30-day change
 * limit, names held 90 days, neutral names for accounts that did not choose, no e-mail fragment
 * in anything other players receive, and recharges/paid entries refused until 18+ is declared.
 */
describe('usernames and the 18+ declaration', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    admin = await loginAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? auth(token) : {},
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const check = async (username: string, token?: string) =>
    (await send('POST', '/api/check_username', token, { username })).json();
  async function register(overrides: Record<string, unknown> = {}) {
    const payload = newPlayer(overrides);
    const res = await send('POST', '/api/register_api', undefined, payload);
    return { res, payload };
  }
  const backdateChoice = (id: number, days: number) =>
    t.database.db
      .update(users)
      .set({ usernameChosenAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(users.id, id));

  it('checks a name live with the rules, in Spanish', async () => {
    expect(await check('ab')).toEqual({ available: false, message: MSG_USERNAME.tooShort });
    expect(await check('a'.repeat(21))).toEqual({
      available: false,
      message: MSG_USERNAME.tooLong,
    });
    expect(await check('josé')).toEqual({ available: false, message: MSG_USERNAME.characters });
    expect(await check('9lives')).toEqual({ available: false, message: MSG_USERNAME.startLetter });
    for (const word of RESERVED_USERNAME_WORDS)
      expect(await check(`${word}_ve`), word).toEqual({
        available: false,
        message: MSG_USERNAME.reserved,
      });
    expect(await check('jugador123456')).toEqual({
      available: false,
      message: MSG_USERNAME.reserved,
    });
    for (const word of ['mamaguevo', 'Marico_77', 'hijo.de.puta', 'm1erda'])
      expect(await check(word), word).toEqual({
        available: false,
        message: MSG_USERNAME.offensive,
      });
    // Spanish words and names that contain an English term stay allowed.
    for (const word of ['analista', 'Cumana_Kike', 'el-pana.22'])
      expect(await check(word), word).toEqual({ available: true });
  });

  it('registers with the chosen name, unique whatever the letter case', async () => {
    const { res } = await register({ username: 'ElPana22' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ username: 'ElPana22', username_chosen: true });
    expect(await check('elpana22')).toEqual({ available: false, message: MSG_USERNAME.taken });
    const again = await register({ username: 'ELPANA22' });
    expect(again.res.statusCode).toBe(422);
    expect(again.res.json().errors.username).toEqual([MSG_USERNAME.taken]);
    const offensive = await register({ username: 'Verga_Loca' });
    expect(offensive.res.json().errors.username).toEqual([MSG_USERNAME.offensive]);
    // The owner asking about their own name (the profile form) hears "available".
    expect(await check('elpana22', res.json().token)).toEqual({ available: true });
  });

  it('changes the name once every 30 days and holds the old one 90 days for its owner', async () => {
    const { res } = await register({ username: 'Carmencita' });
    const me = res.json() as { token: string; user: { id: number } };
    const early = await send('PATCH', '/api/user/username', me.token, { username: 'Carmen2' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.username[0]).toMatch(/una vez cada 30 días/);

    await backdateChoice(me.user.id, 31);
    const changed = await send('PATCH', '/api/user/username', me.token, { username: 'Carmen2' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ username: 'Carmen2', username_chosen: true });
    expect(changed.json().username_change_after).not.toBeNull();
    const [held] = await t.database.db
      .select()
      .from(usernameHistory)
      .where(eq(usernameHistory.userId, me.user.id));
    expect(held?.username).toBe('Carmencita');
    expect(held!.heldUntil.getTime() - Date.now()).toBeGreaterThan(89 * 86_400_000);

    // Nobody else may take the old name while it is held, in any letter case.
    expect(await check('carmencita')).toEqual({ available: false, message: MSG_USERNAME.held });
    const other = await register({ username: 'CARMENCITA' });
    expect(other.res.json().errors.username).toEqual([MSG_USERNAME.held]);
    // Its owner may take it back (after the 30 days).
    await backdateChoice(me.user.id, 31);
    const back = await send('PATCH', '/api/user/username', me.token, { username: 'Carmencita' });
    expect(back.json()).toMatchObject({ username: 'Carmencita' });
    // Once the hold is over, anybody may.
    await t.database.db
      .update(usernameHistory)
      .set({ heldUntil: sql`now() - interval '1 second'` })
      .where(eq(usernameHistory.userId, me.user.id));
    expect(await check('Carmen2')).toEqual({ available: true });
  });

  it('gives an account without a chosen name a neutral one, changeable at once', async () => {
    const { username: _chosen, ...payload } = newPlayer({ email: 'zz.privado.77@example.com' });
    const res = await send('POST', '/api/register_api', undefined, payload);
    expect(res.statusCode).toBe(201);
    const body = res.json() as { token: string; user: { username: string } };
    expect(body.user.username).toMatch(/^jugador\d{6}$/);
    expect(body.user).toMatchObject({ username_chosen: false, username_change_after: null });
    const chosen = await send('PATCH', '/api/user/username', body.token, { username: 'Zeta77' });
    expect(chosen.json()).toMatchObject({ username: 'Zeta77', username_chosen: true });
    // A generated name is not held: nobody would pass for anybody with it.
    const history = await t.database.db
      .select()
      .from(usernameHistory)
      .where(sql`lower(${usernameHistory.username}) = ${body.user.username}`);
    expect(history).toEqual([]);
  });

  it('migration 0034 replaces names derived from the e-mail, and spares the staff', async () => {
    const { res } = await register({ email: 'pedro.martinez@example.com' });
    const id = res.json().user.id as number;
    await t.database.db.update(users).set({ username: 'pedro.martinez' }).where(eq(users.id, id));
    const sqlText = readFileSync(
      new URL('../../db/migrations/0034_usernames_and_age.sql', import.meta.url),
      'utf8',
    );
    const rename = sqlText.split('--> statement-breakpoint')[0]!.replace(/^--.*$/gm, '');
    await t.database.db.execute(sql.raw(rename));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.username).toBe(`jugador${String(id).padStart(6, '0')}`);
    const [staff] = await t.database.db.select().from(users).where(eq(users.rol, 'admin'));
    expect(staff?.username).toBe('admin');
  });

  it('refuses under 18 at registration, in Spanish', async () => {
    const year = new Date().getUTCFullYear();
    const minor = await register({ birth_date: `${year - 17}-01-01` });
    expect(minor.res.statusCode).toBe(422);
    expect(minor.res.json().errors.birth_date).toEqual([MSG_USERNAME.underAge]);
    const undeclared = await register({ adult_declaration: false });
    expect(undeclared.res.json().errors.adult_declaration).toEqual([MSG_USERNAME.adultRequired]);
    const { res } = await register({ birth_date: '2000-02-29' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ birth: users.birthDate, at: users.adultDeclaredAt })
      .from(users)
      .where(eq(users.id, res.json().user.id));
    expect(row?.birth).toBe('2000-02-29');
    expect(row?.at).toBeInstanceOf(Date);
  });

  it('refuses recharges and paid entries until an older account declares 18+', async () => {
    const png = { name: 'comprobante.png', type: 'image/png', data: await samplePng() };
    const player = await fundedPlayer(t, admin, 1000, {
      birth_date: undefined,
      adult_declaration: undefined,
    });
    expect((await send('GET', '/api/user', player.token)).json().adult_declared).toBe(false);
    const join = await send('POST', '/api/tables/1/join', player.token, { entry_price: 500 });
    expect(join.statusCode).toBe(403);
    expect(join.json()).toEqual({
      code: 'account/adult_declaration_required',
      message: MSG_USERNAME.adultDeclarationNeeded,
    });
    const recharge = await requestRecharge(t, player.token, '300', { file: png });
    expect(recharge.statusCode).toBe(403);
    expect(recharge.json().code).toBe('account/adult_declaration_required');
    const minor = await send('POST', '/api/user/adult', player.token, {
      birth_date: '2015-01-01',
      adult_declaration: true,
    });
    expect(minor.json().errors.birth_date).toEqual([MSG_USERNAME.underAge]);
    const declared = await send('POST', '/api/user/adult', player.token, {
      birth_date: '1988-11-02',
      adult_declaration: true,
    });
    expect(declared.json()).toMatchObject({ adult_declared: true });
    const joined = await send('POST', '/api/tables/1/join', player.token, { entry_price: 500 });
    expect(joined.statusCode).toBe(200);
    expect((await requestRecharge(t, player.token, '300', { file: png })).statusCode).toBe(201);
  });

  it('never shows an e-mail fragment to friends, invitees, table mates or the leaderboard', async () => {
    const secret = (tag: string) => `zq${tag}privado${Date.now() % 100000}`;
    const [a, b, c] = await Promise.all(
      ['ana', 'beto', 'cruz'].map(async (tag, i) => {
        const local = secret(tag);
        const overrides: Record<string, unknown> = { email: `${local}@example.com` };
        const p = await fundedPlayer(t, admin, 2000, overrides);
        // The third never chose a name: the generated one must not leak the e-mail either.
        if (i === 2)
          await t.database.db
            .update(users)
            .set({ username: `jugador${String(p.id).padStart(6, '0')}`, usernameChosenAt: null })
            .where(eq(users.id, p.id));
        const [row] = await t.database.db
          .select({ username: users.username })
          .from(users)
          .where(eq(users.id, p.id));
        return { ...p, local, username: row!.username };
      }),
    );
    const players = [a!, b!, c!];
    for (const [x, y] of [
      [a!, b!],
      [b!, a!],
      [a!, c!],
      [c!, a!],
    ] as const)
      await send('POST', '/api/friends/requests', x.token, { username: y.username });
    const table = await createPrivateTable(t.database.db, { hostUserId: a!.id, seated: [a!.id] });
    await send('POST', '/api/friends/invitations', a!.token, {
      user_id: b!.id,
      table_id: table.id,
    });
    for (const p of [b!, c!])
      expect(
        (await send('POST', '/api/tables/2/join', p.token, { entry_price: 1000 })).statusCode,
      ).toBe(200);

    const seen: string[] = [];
    for (const p of players) {
      for (const url of [
        '/api/friends',
        '/api/friends/invitations',
        '/api/tables/2',
        '/api/tables',
        '/api/leaderboard?tab=points',
        '/api/leaderboard?tab=parejas',
      ]) {
        const res = await send('GET', url, p.token);
        expect(res.statusCode, url).toBe(200);
        seen.push(`${url} ${res.body}`);
      }
    }
    const all = seen.join('\n');
    // The walk saw the others (so it would have seen a leak)...
    expect(all).toContain(b!.username);
    expect(all).toContain(c!.username);
    // ...and never their e-mails.
    for (const p of players) expect(all).not.toContain(p.local);
  });
});
