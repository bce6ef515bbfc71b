import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { bootstrap } from '../catalog/bootstrap';
import { createDeps } from '../../server';
import { createTestDatabase, newPlayer, postgresAvailable } from '../../test/helpers';

/**
 * The login lockout and the availability counter with REDIS_URL (decision 013): two
 * app instances (two nodes) over one PostgreSQL database share their counters through Redis, so
 * an address locked out of an account on one node is locked out on the other, the owner still
 * logs in from elsewhere, and a burst of failures spread over both nodes is audited once.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch (err) {
    if (process.env.CI === 'true')
      throw new Error(`Redis is required under CI but ${REDIS_URL} is unreachable`, { cause: err });
    console.warn(
      `\n!!! Redis at ${REDIS_URL} is unreachable: the Redis limiter suite is SKIPPED.\n`,
    );
    return false;
  } finally {
    r.disconnect();
  }
}

/** Addresses unique to this run: Redis keeps counters across runs for their window. */
const run = randomInt(0, 250);
let seq = 0;
const address = () => {
  seq += 1;
  return `10.${run}.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;
};

describe('account protection across two nodes sharing Redis', async () => {
  const skip = !(await postgresAvailable()) || !(await redisAvailable());
  let database: Database;
  const redises: Redis[] = [];
  const nodes: FastifyInstance[] = [];

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase('postgres');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'AdminPass123',
      REDIS_URL,
    });
    await bootstrap(database.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      seedDemo: true,
    });
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
      redises.push(redis);
      nodes.push(await buildApp(createDeps(config, database, redis)));
    }
  });
  afterAll(async () => {
    if (skip) return;
    for (const node of nodes) await node.close();
    for (const r of redises) r.disconnect();
    await database.close();
  });

  const post = (node: number, url: string, ip: string, payload: Record<string, unknown>) =>
    nodes[node]!.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it.skipIf(skip)(
    "backs unknown devices off on both nodes, lets the owner's browser in, and audits a burst once",
    async () => {
      const p = newPlayer();
      const reg = await post(0, '/api/register_api', address(), p);
      expect(reg.statusCode).toBe(201);
      const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
      const attacker = address();
      for (let i = 0; i < 5; i++) {
        const res = await post(i % 2, '/api/login_api', attacker, {
          email: p.email,
          password: `Adivina${i}X`,
        });
        expect(res.statusCode).toBe(401);
      }
      for (const node of [0, 1]) {
        const res = await post(node, '/api/login_api', attacker, {
          email: p.email,
          password: p.password,
        });
        expect(res.statusCode).toBe(429);
        expect(res.json().message).toBe(MSG.tooManyLoginAttempts);
      }
      // The owner's browser (the cookie its registration left) signs in on the other node.
      expect(
        (
          await nodes[1]!.inject({
            method: 'POST',
            url: '/api/login_api',
            payload: { email: p.email, password: p.password },
            remoteAddress: address(),
            headers: { cookie },
          })
        ).statusCode,
      ).toBe(200);

      // 7 attempts so far (5 failures, 2 refused); 20 more from fresh addresses over both nodes,
      // concurrently: wrong passwords or refused by the backoff, all counted once.
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(i % 2, '/api/login_api', address(), { email: p.email, password: `Otra${i}Clave` }),
        ),
      );
      expect(results.every((r) => [401, 429].includes(r.statusCode))).toBe(true);
      const bursts = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.login_burst')));
      expect(bursts).toHaveLength(1);
      expect(bursts[0]).toMatchObject({ actorUserId: null, after: { failures: 20 } });
    },
  );

  it.skipIf(skip)(
    'shares the availability counter of an address between nodes, registrations included',
    async () => {
      const ip = address();
      for (let i = 0; i < 59; i++) {
        const res = await post(i % 2, '/api/check_email', ip, { email: `libre${i}@example.com` });
        expect(res.statusCode).toBe(200);
      }
      expect((await post(1, '/api/register_api', ip, newPlayer())).statusCode).toBe(201);
      const refused = await post(0, '/api/register_api', ip, newPlayer());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: MSG.tooManyRequests, code: 'rate/limited' });
    },
  );
});
