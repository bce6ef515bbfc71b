import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, configToRules, tableRulesSchema } from '@domino/contracts';
import { DEFAULT_CONFIG } from '@domino/domino';
import { MIGRATIONS, migrationsUpTo } from '../test/migrations';

/**
 * Migration 0016 (docs/decisions/018-table-rules-as-data.md) on a database from before it: each
 * table's mode, seats, target and turn time become its rules with every other option at the
 * default it played by, and each game's rules come from the config its state holds.
 */
describe('migration 0016 on an existing database', () => {
  const client = new PGlite();
  const db = drizzle({ client });
  afterAll(() => client.close());

  it('fills table and game rules from what they played by, then drops the old columns', async () => {
    const before = migrationsUpTo(15);
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into game_tables (name, entry_price_cents, max_players, mode, target_points, turn_seconds)
      values ('Mesa Vieja', 1000, 4, 'parejas', 100, 20),
             ('Mesa Trío', 500, 3, 'individual', 150, 45);
    `);
    const oldConfig = {
      ...DEFAULT_CONFIG,
      mode: 'individual',
      players: 2,
      bonuses: { capicua: true, paseCorrido: false },
    } as Record<string, unknown>;
    delete oldConfig.tranqueCounting;
    delete oldConfig.tranqueTie;
    delete oldConfig.tranqueLead;
    await client.query(
      `insert into games (id, kind, state, commitment) values ('g-old', 'practice', $1, 'c')`,
      [JSON.stringify({ config: oldConfig })],
    );

    await migrate(db, { migrationsFolder: MIGRATIONS });
    const tables = await client.query<{ name: string; rules: unknown }>(
      'select name, rules from game_tables order by id',
    );
    expect(tables.rows).toEqual([
      { name: 'Mesa Vieja', rules: DEFAULT_RULES },
      {
        name: 'Mesa Trío',
        rules: {
          ...DEFAULT_RULES,
          mode: 'individual',
          players: 3,
          target_points: 150,
          turn_seconds: 45,
        },
      },
    ]);
    for (const t of tables.rows) expect(tableRulesSchema.safeParse(t.rules).success).toBe(true);
    const game = await client.query<{ rules: unknown }>(`select rules from games`);
    expect(game.rows[0]?.rules).toEqual(
      configToRules(oldConfig as unknown as typeof DEFAULT_CONFIG),
    );
    const columns = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'game_tables'`,
    );
    const names = columns.rows.map((c) => c.column_name);
    expect(names).toContain('rules');
    for (const gone of ['mode', 'max_players', 'target_points', 'turn_seconds'])
      expect(names).not.toContain(gone);
    await expect(
      client.query(
        `insert into game_tables (name, entry_price_cents, rules) values ('Mala', 1, '{"mode":"x","players":9}')`,
      ),
    ).rejects.toThrow(/game_tables_rules_check/);
  });
});
