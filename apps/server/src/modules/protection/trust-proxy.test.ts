import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import { loadConfig } from '../../config';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer } from '../../test/helpers';

/**
 * `TRUST_PROXY` believes only the hops it is told to (docs/decisions/013, README "Configuration"):
 * behind one load balancer that appends the address it saw, a client that writes its own
 * `X-Forwarded-For` must not pick the address the per-address lockout counts.
 */
describe('TRUST_PROXY', () => {
  it('reads false, true as the private ranges, or a list of proxies; refuses anything else', () => {
    const read = (v?: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: v }).TRUST_PROXY;
    expect(read(undefined)).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('true')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(read('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => read('yes please')).toThrow();
  });

  describe('behind a proxy on the local network (TRUST_PROXY=true)', () => {
    let t: TestApp;
    beforeAll(async () => {
      // A per-address login limit of 5 (300 in production, docs/decisions/039) keeps it short.
      t = await buildTestApp('pglite', { TRUST_PROXY: 'true', LOGIN_ADDRESS_LIMIT: '5' });
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A request as the proxy (10.0.0.2) forwards it: the client's header, then what it saw. */
    const viaProxy = (clientHeader: string | null, seen: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login_api',
        remoteAddress: '10.0.0.2',
        headers: {
          'x-forwarded-for': clientHeader ? `${clientHeader}, ${seen}` : seen,
        },
        payload: body as Record<string, unknown>,
      });

    it('counts the address the proxy saw, whatever address the attacker writes in the header', async () => {
      const player = newPlayer();
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/register_api', payload: player }))
          .statusCode,
      ).toBe(201);
      for (let i = 0; i < 5; i++) {
        const res = await viaProxy(`198.51.100.${i + 1}`, '203.0.113.9', {
          email: `nadie${i}@example.com`,
          password: `Adivina${i}X`,
        });
        expect(res.statusCode).toBe(401);
      }
      // A sixth try with yet another invented address is still the same client: its unknown
      // devices wait, on any account.
      const refused = await viaProxy('198.51.100.99', '203.0.113.9', {
        email: player.email,
        password: player.password,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: MSG.tooManyLoginAttempts, code: 'rate/limited' });
      // The owner, seen by the proxy at another address, logs in.
      const owner = await viaProxy(null, '203.0.113.50', {
        email: player.email,
        password: player.password,
      });
      expect(owner.statusCode, owner.body).toBe(200);
    });
  });
});
