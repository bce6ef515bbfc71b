import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../config';
import { startServer } from '../server';
import type { RunningServer } from '../server';
import { TEST_DATABASE_URL, createTestDatabase, postgresAvailable } from '../test/helpers';

/**
 * DATABASE_POOL_MAX (README configuration; docs/decisions/045-fast-test-databases.md): the server
 * opens at most that many PostgreSQL connections, however many requests arrive at once.
 */
describe('the PostgreSQL pool size', async () => {
  const skip = !(await postgresAvailable());
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: RunningServer;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase('postgres');
    server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        WEB_DIST: '',
        DATABASE_URL: database.url,
        DATABASE_POOL_MAX: '2',
        ADMIN_EMAIL: 'admin@test.local',
        ADMIN_PASSWORD: 'AdminPass123',
      }),
    );
  });

  afterAll(async () => {
    if (skip) return;
    await server.close();
    await database.close();
  });

  it('defaults to 20 connections', () => {
    expect(loadConfig({}).DATABASE_POOL_MAX).toBe(20);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it.skipIf(skip)('keeps to DATABASE_POOL_MAX connections under 20 requests at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.app.inject({ method: 'GET', url: '/api/monthly-pot/current' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [new URL(database.url!).pathname.slice(1)],
      );
      // The test's own pool (it migrated the database) holds connections there too.
      const server = rows[0]!.n - database.pool!.totalCount;
      expect(server).toBeGreaterThanOrEqual(1);
      expect(server).toBeLessThanOrEqual(2);
    } finally {
      await admin.end();
    }
  });
});
