import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ADMIN } from '@domino/contracts';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { auth, loginAdmin, registerPlayer } from '../../test/wallet-helpers';

/**
 * Concurrency of the catalogue rules on real PostgreSQL (PGlite serialises everything, README.md):
 * two staff switching off the last two active recharge accounts at once cannot both succeed, and a
 * bank cannot be switched off while an account at it is being switched on.
 */
describe('staff catalogue rules under concurrency on postgres', async () => {
  const skip = !(await postgresAvailable());
  let t: TestApp;
  let admin: string;
  let other: string;
  const post = (url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: auth(token),
      payload: payload as Record<string, unknown>,
    });

  beforeAll(async () => {
    if (skip) return;
    t = await buildTestApp('postgres');
    admin = await loginAdmin(t);
    other = await loginAdmin(t);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)(
    'lets only one of two simultaneous deactivations of the last two accounts through',
    async () => {
      const banks = (
        await t.app.inject({ method: 'GET', url: '/api/admin/banks', headers: auth(admin) })
      ).json() as { id: number; code: string }[];
      const bdt = banks.find((b) => b.code === '0175')!;
      const created = await post('/api/admin/recharge-accounts', admin, {
        bank_id: bdt.id,
        account_number: '01750001110002223334',
        holder_name: 'Dominó Venezuela C.A.',
        type_identification: 'J',
        n_identification: '501234567',
        phone: '04241234567',
      });
      expect(created.statusCode).toBe(201);
      for (let round = 0; round < 5; round++) {
        const [a, b] = await Promise.all([
          post('/api/admin/recharge-accounts/1/deactivate', admin),
          post(`/api/admin/recharge-accounts/${created.json().id}/deactivate`, other),
        ]);
        const codes = [a.statusCode, b.statusCode].sort();
        expect(codes).toEqual([200, 409]);
        const refused = a.statusCode === 409 ? a : b;
        expect(refused.json().message).toBe(MSG_ADMIN.lastActiveAccount);
        const player = await registerPlayer(t);
        const visible = (
          await t.app.inject({
            method: 'GET',
            url: '/api/accounts_recharge',
            headers: auth(player.token),
          })
        ).json();
        expect(visible).toHaveLength(1);
        // Switch the deactivated one back on for the next round.
        const off = a.statusCode === 200 ? 1 : created.json().id;
        expect((await post(`/api/admin/recharge-accounts/${off}/activate`, admin)).statusCode).toBe(
          200,
        );
      }
    },
  );

  it.skipIf(skip)('never leaves an active account at an inactive bank', async () => {
    const banks = (
      await t.app.inject({ method: 'GET', url: '/api/admin/banks', headers: auth(admin) })
    ).json() as { id: number; code: string }[];
    const bdt = banks.find((b) => b.code === '0175')!;
    const accounts = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/recharge-accounts',
        headers: auth(admin),
      })
    ).json() as { id: number; bank: { id: number } }[];
    const atBdt = accounts.find((a) => a.bank.id === bdt.id)!;
    for (let round = 0; round < 5; round++) {
      expect(
        (await post(`/api/admin/recharge-accounts/${atBdt.id}/deactivate`, admin)).statusCode,
      ).toBe(200);
      await Promise.all([
        post(`/api/admin/banks/${bdt.id}/deactivate`, admin),
        post(`/api/admin/recharge-accounts/${atBdt.id}/activate`, other),
      ]);
      const state = (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/recharge-accounts',
          headers: auth(admin),
        })
      ).json() as { id: number; active: boolean; bank: { status: string } }[];
      const row = state.find((a) => a.id === atBdt.id)!;
      expect(row.active && row.bank.status === 'inactivo').toBe(false);
      await post(`/api/admin/banks/${bdt.id}/activate`, admin);
      await post(`/api/admin/recharge-accounts/${atBdt.id}/activate`, admin);
    }
  });
});
