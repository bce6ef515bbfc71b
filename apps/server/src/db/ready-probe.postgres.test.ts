import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { createTestDatabase, postgresAvailable } from '../test/helpers';

/**
 * `probe()` (db/client.ts): the readiness probe is never queued behind the pool, so a node busy
 * with a burst (a dead node's players reconnecting) still says it is ready
 * (docs/decisions/067-recovery-after-a-lost-node.md). Real PostgreSQL: the pool's own counts.
 */
describe('the PostgreSQL pool', async () => {
  const skip = !(await postgresAvailable());

  it.skipIf(skip)(
    'answers the readiness probe while every pooled connection is busy and queries wait',
    { timeout: 20_000 },
    async () => {
      const test = await createTestDatabase('postgres');
      const database = await openDatabase({
        databaseUrl: test.url!,
        dataDir: 'unused',
        poolMax: 2,
      });
      const pool = database.pool as unknown as pg.Pool;
      const held = [await pool.connect(), await pool.connect()];
      try {
        // A query now waits for a connection (the burst's queue)…
        const waiting = pool.query('select 1');
        expect(database.pool?.waitingCount).toBe(1);
        // …and the probe does not: it has its own connection. Were it queued, this would hang.
        await database.probe();
        await database.probe();
        expect(database.pool?.waitingCount).toBe(1);
        for (const c of held.splice(0)) c.release();
        await waiting;
      } finally {
        for (const c of held) c.release();
        await database.close();
        await test.close();
      }
    },
  );
});
