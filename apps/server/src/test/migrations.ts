import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's migrations folder (drizzle's SQL files and their journal). */
export const MIGRATIONS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../db/migrations',
);

/**
 * A copy of the migrations folder (in a new temporary folder) whose journal stops after migration
 * `last` (its `idx`), for the tests of one migration on a database from before it.
 */
export function migrationsUpTo(last: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
