import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import { rechargeAccounts, users } from './db/schema';
import type { TestApp } from './test/helpers';
import { buildTestApp } from './test/helpers';
import type { Player } from './test/wallet-helpers';
import { loginAdmin, registerPlayer } from './test/wallet-helpers';

/**
 * Canonical ids (decision 014): a fuzz run suspended a user and deactivated the recharge account
 * through `0x10`, ` 1`, `1e3` and `01`, read as 16, 1, 1000 and 1. Path ids are now canonical
 * decimal or UUID, anything else is a Spanish 404; query pages and ids are strict too.
 */
describe('canonical ids', () => {
  let t: TestApp;
  let admin: string;
  let player: Player;
  const notFound = { message: MSG.notFound, code: 'http/not_found' };
  const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    admin = await loginAdmin(t);
    player = await registerPlayer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('never suspends a user through a loose spelling of the id', async () => {
    const { id } = await registerPlayer(t);
    const spellings = [
      `0x${id.toString(16)}`,
      `%20${id}`,
      `${id}%20`,
      `${id}e0`,
      `0${id}`,
      `${id}.0`,
      `+${id}`,
      `${id}${'0'.repeat(29)}`,
    ];
    for (const s of spellings) {
      const res = await call('POST', `/api/admin/users/${s}/suspend`, admin, {
        reason: 'Prueba de id',
      });
      expect(res.statusCode, s).toBe(404);
      expect(res.json(), s).toEqual(notFound);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.status).toBe('activo');
    const canonical = await call('POST', `/api/admin/users/${id}/suspend`, admin, {
      reason: 'Prueba de id',
    });
    expect(canonical.statusCode).toBe(200);
  });

  it('never deactivates the recharge account through 01, 1e0 or 0x1', async () => {
    for (const s of ['01', '1e0', '0x1', '%201', '1.0']) {
      const res = await call('POST', `/api/admin/recharge-accounts/${s}/deactivate`, admin);
      expect(res.statusCode, s).toBe(404);
    }
    const [account] = await t.database.db
      .select()
      .from(rechargeAccounts)
      .where(eq(rechargeAccounts.id, 1));
    expect(account!.active).toBe(true);
  });

  it('reads tables, proofs and games by canonical id only', async () => {
    expect((await call('GET', '/api/tables/1', admin)).statusCode).toBe(200);
    for (const url of [
      '/api/tables/01',
      '/api/tables/0x1',
      '/api/recharges/1e0/proof',
      '/api/table-images/-1',
    ])
      expect((await call('GET', url, admin)).json(), url).toEqual(notFound);
    const upper = await call(
      'GET',
      '/api/games/3F0E8C1A-7B2D-4C5E-9F10-A1B2C3D4E5F6/fairness',
      admin,
    );
    expect(upper.statusCode).toBe(404);
  });

  it('reads page and actor query values strictly', async () => {
    expect((await call('GET', '/api/transactions?page=2', player.token)).statusCode).toBe(200);
    for (const url of [
      '/api/transactions?page=0x2',
      '/api/transactions?page=%202',
      '/api/history?page=01',
      '/api/admin/users?page=1e1',
      '/api/admin/users/1/matches?page=1.0',
      '/api/admin/audit?actor=0x1',
    ]) {
      const res = await call('GET', url, url.includes('admin') ? admin : player.token);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code, url).toBe('validation/failed');
    }
    expect((await call('GET', '/api/admin/audit?actor=1', admin)).statusCode).toBe(200);
  });
});
