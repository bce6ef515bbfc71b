import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, configToRules, tableRulesSchema } from '@domino/contracts';
import { DEFAULT_CONFIG, type TableConfig } from '@domino/domino';
import { MIGRATIONS, migrationsUpTo } from '../test/migrations';

/**
 * Migration 0039 (docs/decisions/057-rules-against-their-sources.md) on a database from before it:
 * stored rules gain `pase_salida: false`, and pase corrido at 2 or 3 players reads off, so every
 * stored value passes the rules schema and equals what `configToRules` gives for the match.
 */
describe('migration 0039 on an existing database', () => {
  const client = new PGlite();
  const db = drizzle({ client });
  afterAll(() => client.close());

  it('adds the pase de salida off and turns pase corrido off at 2 or 3 players', async () => {
    await migrate(db, { migrationsFolder: migrationsUpTo(38) });
    const { pase_salida: _s, ...old } = DEFAULT_RULES;
    const parejas = { ...old, capicua: true, pase_corrido: true };
    const trio = { ...old, mode: 'individual', players: 3, pase_corrido: true };
    await client.query(
      `insert into game_tables (name, entry_price_cents, rules) values ('Mesa Capicúa', 1000, $1), ('Mesa de Tres', 500, $2)`,
      [JSON.stringify(parejas), JSON.stringify(trio)],
    );
    const config = {
      ...DEFAULT_CONFIG,
      mode: 'individual',
      players: 2,
      bonuses: { capicua: false, paseCorrido: true },
    } as unknown as TableConfig;
    const gameRules = { ...old, mode: 'individual', players: 2, pase_corrido: true };
    await client.query(
      `insert into games (id, kind, state, commitment, rules) values ('g-old', 'practice', $1, 'c', $2)`,
      [JSON.stringify({ config }), JSON.stringify(gameRules)],
    );

    await migrate(db, { migrationsFolder: MIGRATIONS });
    const tables = await client.query<{ name: string; rules: unknown }>(
      'select name, rules from game_tables order by id',
    );
    expect(tables.rows).toEqual([
      { name: 'Mesa Capicúa', rules: { ...DEFAULT_RULES, capicua: true, pase_corrido: true } },
      { name: 'Mesa de Tres', rules: { ...DEFAULT_RULES, mode: 'individual', players: 3 } },
    ]);
    for (const t of tables.rows) expect(tableRulesSchema.safeParse(t.rules).success).toBe(true);
    const game = await client.query<{ rules: unknown; state: { config: unknown } }>(
      'select rules, state from games',
    );
    expect(game.rows[0]?.rules).toEqual(configToRules(config));
    expect(game.rows[0]?.state.config).toEqual(config);
  });
});
