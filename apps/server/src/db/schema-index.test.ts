import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/**
 * The schema index (docs/decisions/055-each-module-owns-its-tables.md): db/schema.ts only
 * re-exports the tables of no one module (db/shared-schema.ts) and every module's schema.ts,
 * which is what drizzle-kit and the client read. A module's schema.ts missing here would look to
 * drizzle-kit like dropped tables. `npm run lint` does not follow the index's imports
 * (.dependency-cruiser.cjs), so this test holds what it may contain.
 */
const dbDir = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.join(dbDir, '..', 'modules');

/** The specifiers of db/schema.ts's `export * from '…'` lines, and any other statement left. */
function indexContent(): { reexports: string[]; rest: string } {
  const source = readFileSync(path.join(dbDir, 'schema.ts'), 'utf8');
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '');
  const reexports = [...code.matchAll(/^export \* from '([^']+)';$/gm)].map((m) => m[1]!);
  const rest = code.replace(/^export \* from '[^']+';$/gm, '').trim();
  return { reexports, rest };
}

describe('db/schema.ts, the index of every table', () => {
  it('only re-exports: the shared tables and every module schema.ts, each once', () => {
    const { reexports, rest } = indexContent();
    expect(rest).toBe('');
    const moduleSchemas = readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .filter((entry) => existsSync(path.join(modulesDir, entry.name, 'schema.ts')))
      .map((entry) => `../modules/${entry.name}/schema`);
    expect(moduleSchemas.length).toBeGreaterThan(0);
    expect([...reexports].sort()).toEqual(['./shared-schema', ...moduleSchemas].sort());
  });

  it('exports every declared table, each under one name', () => {
    const tables = Object.values(schema).filter((value) => value instanceof PgTable);
    const names = tables.map((table) => getTableConfig(table).name);
    expect(new Set(names).size).toBe(names.length);
    const { reexports } = indexContent();
    const declared = reexports
      .map((specifier) => readFileSync(path.join(dbDir, `${specifier}.ts`), 'utf8'))
      .reduce(
        (sum, source) => sum + (source.match(/^export const \w+ = pgTable\(/gm) ?? []).length,
        0,
      );
    expect(names.length).toBe(declared);
    expect(names).toContain('users');
    expect(names).toContain('ledger_entries');
    expect(names).toContain('player_places');
  });
});
