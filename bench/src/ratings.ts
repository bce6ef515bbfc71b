/**
 * Ratings on real PostgreSQL (docs/decisions/026-ratings-and-leaderboards.md): the cost of
 * `rateMatch` inside a match's final transaction (rows locked, 4 updates, 4 change rows), and of a
 * full `rebuildRatings` over the resulting match log. Synthetic finished public matches among
 * `--players` players (3 parejas for every individual match), written and rated one transaction
 * each, as the final move does.
 *
 * Run: npx tsx bench/src/ratings.ts [--matches 2000] [--players 200]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_RULES } from '@domino/contracts';
import { openDatabase } from '../../apps/server/src/db/client';
import { gamePlayers, gameTables, games, users } from '../../apps/server/src/db/schema';
import { rebuildRatings } from '../../apps/server/src/modules/ratings/rebuild';
import { rateMatch } from '../../apps/server/src/modules/ratings/service';

const BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MATCHES = arg('matches', 2000);
const PLAYERS = arg('players', 200);

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: BASE });
  await c.connect();
  await c.query(statement);
  await c.end();
}

async function main() {
  const name = `domino_bench_ratings_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  try {
    await database.migrate();
    const db = database.db;
    const ids: number[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const [u] = await db
        .insert(users)
        .values({
          name: `Jugador ${i}`,
          email: `bench${i}@example.com`,
          typeIdentification: 'V',
          nIdentification: String(10_000_000 + i),
          phone: `0414${String(i).padStart(7, '0')}`,
          username: `bench${i}`,
          passwordHash: 'x',
        })
        .returning({ id: users.id });
      ids.push(u!.id);
    }
    const tables: Record<'parejas' | 'individual', number> = { parejas: 0, individual: 0 };
    for (const mode of ['parejas', 'individual'] as const) {
      const [t] = await db
        .insert(gameTables)
        .values({
          name: `Mesa ${mode}`,
          entryPriceCents: 10_000,
          rules: { ...DEFAULT_RULES, mode, players: mode === 'parejas' ? 4 : 3 },
        })
        .returning({ id: gameTables.id });
      tables[mode] = t!.id;
    }
    const rateMs: number[] = [];
    const started = Date.now();
    for (let m = 0; m < MATCHES; m++) {
      const mode = m % 4 === 3 ? 'individual' : 'parejas';
      const size = mode === 'parejas' ? 4 : 3;
      const pool = [...ids];
      const picked = Array.from({ length: size }, () => pool.splice(randomInt(pool.length), 1)[0]!);
      const win = randomInt(size);
      const seats = picked.map((userId, seat) => ({
        seat,
        userId,
        won: mode === 'parejas' ? seat % 2 === win % 2 : seat === win,
      }));
      await db.transaction(async (tx) => {
        const id = randomUUID();
        await tx.insert(games).values({
          id,
          kind: 'table',
          tableId: tables[mode],
          storedState: {},
          commitment: 'bench',
          status: 'finished',
          finishedAt: sql`now()`,
          rules: { ...DEFAULT_RULES, mode, players: size },
        });
        await tx.insert(gamePlayers).values(
          seats.map((s) => ({
            gameId: id,
            seat: s.seat,
            userId: s.userId,
            clientSeed: 'x',
            result: s.won ? 'win' : 'loss',
            payoutCents: 0,
          })),
        );
        const t0 = performance.now();
        await rateMatch(tx, { gameId: id, kind: 'table', visibility: 'public', mode, seats });
        rateMs.push(performance.now() - t0);
      });
    }
    const total = Date.now() - started;
    rateMs.sort((a, b) => a - b);
    const pct = (p: number) => rateMs[Math.min(rateMs.length - 1, Math.floor(rateMs.length * p))]!;
    console.log(
      `rateMatch inside the transaction: ${MATCHES} matches, median ${pct(0.5).toFixed(2)} ms, ` +
        `p95 ${pct(0.95).toFixed(2)} ms (whole write+rate transaction: ${(total / MATCHES).toFixed(2)} ms each)`,
    );
    const r0 = performance.now();
    const result = await rebuildRatings(db);
    const rebuildMs = performance.now() - r0;
    console.log(
      `rebuildRatings: ${result.matches} matches, ${result.players} player ratings in ` +
        `${rebuildMs.toFixed(0)} ms (${((rebuildMs / result.matches) * 1000).toFixed(0)} µs a match)`,
    );
  } finally {
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
