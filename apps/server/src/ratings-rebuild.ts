import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { rebuildRatings } from './modules/ratings/rebuild';

/**
 * `npm run ratings:rebuild -w @domino/server`: recomputes every rating from the finished rated
 * matches (modules/ratings/rebuild.ts) on the configured database (DATABASE_URL or DATA_DIR) and
 * prints the counts. Safe while the server runs on PostgreSQL (the rebuild locks the rating tables
 * for its transaction); PGlite allows one process only.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    await database.migrate();
    const started = Date.now();
    const { matches, players } = await rebuildRatings(database.db);
    process.stdout.write(
      `ratings rebuilt: ${matches} matches, ${players} player ratings, ${Date.now() - started} ms\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
