import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_SPECTATE } from '@domino/contracts';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer } from '../../test/helpers';
import { createPrivateTable, startMatchRow } from '../../test/private-tables';
import { auth } from '../../test/wallet-helpers';

/**
 * Invitation codes to watch a private match cannot be found by trying (docs/decisions/048): wrong
 * codes are counted per account (the invitation-code allowance, 30 per 10 minutes) and per
 * (match, browser: device id, else address; 10 per 10 minutes), never per address alone
 * (decision 039). A wrong code for a real private match and any code for a match that does not
 * exist are refused alike and counted alike.
 */
describe('spectator invitation codes are rate limited', () => {
  let t: TestApp;
  let gameId: string;
  let inviteCode: string;

  async function account(): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register_api',
      payload: newPlayer(),
    });
    expect(res.statusCode).toBe(201);
    return res.json().token as string;
  }
  const watch = (token: string, game: string, code: string, device: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/games/${game}/spectate?code=${code}`,
      headers: auth(token, { 'x-device-id': device }),
    });

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const host = await account();
    const hostId = (
      await t.app.inject({ method: 'GET', url: '/api/user', headers: auth(host) })
    ).json().id as number;
    const table = await createPrivateTable(t.database.db, { hostUserId: hostId, seated: [hostId] });
    inviteCode = table.inviteCode!;
    gameId = await startMatchRow(t.database.db, table.id);
  });
  afterAll(async () => t?.close());

  it('counts wrong codes per (match, browser), whatever the account, and then refuses even the right code', async () => {
    const ana = await account();
    const notFound = { code: 'game/not_found', message: MSG_SPECTATE.notFound };
    for (let i = 0; i < 10; i++) {
      const res = await watch(ana, gameId, `ZZZZ${String(i).padStart(2, '0')}`, 'navegador-uno');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    const limited = await watch(ana, gameId, 'ZZZZ99', 'navegador-uno');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate/limited', message: MSG_SPECTATE.tooManyCodes });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The right code from that browser waits too: guessing cannot be finished by luck.
    expect((await watch(ana, gameId, inviteCode, 'navegador-uno')).statusCode).toBe(429);
    // Another account on the same browser, same match: the same wait.
    const beto = await account();
    expect((await watch(beto, gameId, 'ZZZZ98', 'navegador-uno')).statusCode).toBe(429);
    // Another browser (a neighbour behind the same address) is not locked out.
    expect((await watch(beto, gameId, 'ZZZZ98', 'navegador-dos')).statusCode).toBe(404);
  });

  it('counts wrong codes per account across matches and browsers, a missing match like a real one', async () => {
    const carla = await account();
    const real = await watch(carla, gameId, 'YYYY00', 'navegador-c-0');
    const missing = await watch(carla, randomUUID(), 'YYYY00', 'navegador-c-1');
    expect(missing.statusCode).toBe(real.statusCode);
    expect(missing.json()).toEqual(real.json());
    for (let i = 2; i < 30; i++)
      expect((await watch(carla, randomUUID(), 'YYYY00', `navegador-c-${i}`)).statusCode).toBe(404);
    const limited = await watch(carla, randomUUID(), 'YYYY00', 'navegador-c-99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG_SPECTATE.tooManyCodes);
  });
});
