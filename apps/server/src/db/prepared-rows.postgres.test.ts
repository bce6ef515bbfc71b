import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { openDatabase, preparedRows } from './client';
import { createTestDatabase, postgresAvailable } from '../test/helpers';

const TEXT = 'select $1::int + $2::int as n, $3::jsonb as j';

/**
 * `preparedRows` (docs/decisions/070-cost-per-move.md): one fixed statement with parameters gives
 * the same rows on PostgreSQL (a named prepared statement, prepared once per connection), on
 * PGlite and through drizzle inside a transaction.
 */
describe('preparedRows', async () => {
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
