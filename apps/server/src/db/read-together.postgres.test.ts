import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client';
import { openDatabase, readTogether } from './client';
import { createTestDatabase, postgresAvailable } from '../test/helpers';

/**
 * `readTogether` (docs/architecture.md, "Database access"): independent reads run at once on a
 * PostgreSQL pool, each on its own connection, and one after the other inside a transaction (one
 * connection: node-postgres deprecates a query sent while another is running on it) and on
 * PGlite; the results come back in the order of the reads either way, and a failing read
 * rejects the whole.
 */
describe('readTogether', async () => {
  const skip = !(await postgresAvailable());
  let postgres: Database;
  let pglite: Database;

  beforeAll(async () => {
    pglite = await openDatabase({ dataDir: 'memory://' });
    if (!skip) postgres = await createTestDatabase('postgres');
  });

  afterAll(async () => {
    await pglite?.close();
    if (!skip) await postgres?.close();
  });

  /**
   * Three reads on `db`, each answering its index and its connection's backend pid; `most` is
   * the largest number of them that had been started and not yet answered at one time.
   */
  async function threeReads(db: Executor) {
    let running = 0;
    let most = 0;
    const read = (i: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      try {
        const rows = (await db.execute(
          sql`select ${i}::int as i, pg_backend_pid() as pid, pg_sleep(0.02)`,
        )) as unknown as { rows: { i: number; pid: number }[] };
        return rows.rows[0]!;
      } finally {
        running -= 1;
      }
    };
    const results = await readTogether(db, [read(0), read(1), read(2)]);
    return { results, most };
  }

  it.skipIf(skip)('runs the reads at once on the pool, each on its own connection', async () => {
    const { results, most } = await threeReads(postgres.db);
    expect(results.map((r) => r.i)).toEqual([0, 1, 2]);
    expect(most).toBe(3);
    expect(new Set(results.map((r) => r.pid)).size).toBe(3);
  });

  it.skipIf(skip)('runs them one after the other inside a transaction', async () => {
    const { results, most } = await postgres.db.transaction((tx) => threeReads(tx));
    expect(results.map((r) => r.i)).toEqual([0, 1, 2]);
    expect(most).toBe(1);
    expect(new Set(results.map((r) => r.pid)).size).toBe(1);
  });

  it('runs them one after the other on PGlite, in a transaction or not', async () => {
    for (const run of [
      () => threeReads(pglite.db),
      () => pglite.db.transaction((tx) => threeReads(tx)),
    ]) {
      const { results, most } = await run();
      expect(results.map((r) => r.i)).toEqual([0, 1, 2]);
      expect(most).toBe(1);
    }
  });

  it.skipIf(skip)(
    'rejects with the failing read and starts no read after it in a transaction',
    async () => {
      const started: number[] = [];
      const read =
        (i: number, fail = false) =>
        async () => {
          started.push(i);
          if (fail) throw new Error(`read ${i} failed`);
          return i;
        };
      await expect(
        postgres.db.transaction((tx) => readTogether(tx, [read(0), read(1, true), read(2)])),
      ).rejects.toThrow('read 1 failed');
      expect(started).toEqual([0, 1]);
      await expect(readTogether(postgres.db, [read(3), read(4, true)])).rejects.toThrow(
        'read 4 failed',
      );
    },
  );
});
