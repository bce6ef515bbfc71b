import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client';
import { openDatabase, preparedRows, readTogether } from './client';
import { createTestDatabase, postgresAvailable } from '../test/helpers';
import { pgliteImage } from '../test/db-images';

const TEXT = 'select $1::int + $2::int as n, $3::jsonb as j';

/**
 * The query helpers of db/client.ts, on PostgreSQL and PGlite.
 *
 * `preparedRows` (docs/decisions/070-cost-per-move.md): one fixed statement with parameters gives
 * the same rows on PostgreSQL (a named prepared statement, prepared once per connection), on
 * PGlite and through drizzle inside a transaction.
 *
 * `readTogether` (docs/architecture.md, "Database access"): independent reads run at once on a
 * PostgreSQL pool, each on its own connection, and one after the other inside a transaction (one
 * connection: node-postgres deprecates a query sent while another is running on it) and on
 * PGlite; the results come back in the order of the reads either way, and a failing read
 * rejects the whole.
 */
describe('query helpers', async () => {
  const skip = !(await postgresAvailable());
  let postgres: Database;
  let pglite: Database;

  beforeAll(async () => {
    pglite = await openDatabase({ dataDir: 'memory://', pgliteImage: pgliteImage() });
    if (!skip) postgres = await createTestDatabase('postgres');
  });

  afterAll(async () => {
    await pglite?.close();
    if (!skip) await postgres?.close();
  });

  describe('preparedRows', () => {
    it('binds the parameters on PGlite and inside a transaction', async () => {
      const rows = await preparedRows<{ n: number; j: unknown }>(pglite.db, 'sum_test', TEXT, [
        2,
        3,
        JSON.stringify({ a: [1] }),
      ]);
      expect(rows).toEqual([{ n: 5, j: { a: [1] } }]);
      const inTx = await pglite.db.transaction((tx) =>
        preparedRows<{ n: number; j: unknown }>(tx, 'sum_test', TEXT, [40, 2, '"x"']),
      );
      expect(inTx).toEqual([{ n: 42, j: 'x' }]);
    });

    it.skipIf(skip)('prepares a named statement once per PostgreSQL connection', async () => {
      // One connection, so the statements it holds can be read back through the same pool.
      const single = await openDatabase({
        databaseUrl: (postgres as Database & { url: string }).url,
        dataDir: 'unused',
        poolMax: 1,
      });
      try {
        for (let i = 0; i < 3; i++) {
          const rows = await preparedRows<{ n: number; j: unknown }>(single.db, 'sum_test', TEXT, [
            i,
            1,
            '[1,2]',
          ]);
          expect(rows).toEqual([{ n: i + 1, j: [1, 2] }]);
        }
        const held = await single.db.execute(sql`select name from pg_prepared_statements`);
        expect((held as unknown as { rows: { name: string }[] }).rows).toEqual([
          { name: 'sum_test' },
        ]);
      } finally {
        await single.close();
      }
    });
  });

  describe('readTogether', () => {
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
});
