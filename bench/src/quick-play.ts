/**
 * Quick play at 1,000 queued players (docs/decisions/027-quick-play.md) on real PostgreSQL, a
 * throwaway database with the production code (`enqueue`, `matchQueue`: SKIP LOCKED claims,
 * linked-account checks, table creation, escrow through the ledger, match creation).
 *
 * 1. Burst: 1,000 players are queued at once (no pass in between), then one matcher pass seats
 *    whoever it can: the cost of that tick.
 * 2. Stream: 1,000 players arrive over `--seconds` (uniform random times), each enqueue followed
 *    by one pass (as POST /api/quick-play does) while two "nodes" also run the periodic pass
 *    every second; prints the time from enqueue to seat (p50/p95/p99) and the tick costs.
 *
 * Players: modes 50/50, entries Bs. 100/500/1000, ratings ~ N(1500, 200), each with their own
 * address and device (no links).
 *
 * Run: npx tsx bench/src/quick-play.ts [--players 1000] [--seconds 30]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { quickPlayQueue, users } from '../../apps/server/src/db/schema';
import { bootstrap } from '../../apps/server/src/modules/catalog/bootstrap';
import { createWallet } from '../../apps/server/src/modules/ledger/accounts';
import { adjustBalance } from '../../apps/server/src/modules/payments/service';
import {
  enqueue,
  matchQueue,
  type RatingSource,
} from '../../apps/server/src/modules/quickplay/service';
import { arg } from './realtime-server';

const PLAYERS = Number(arg('players', '1000'));
const SECONDS = Number(arg('seconds', '30'));
const BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TIMING = { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 };
const PRICES = [100, 500, 1000];

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

function gaussian(): number {
  const u = 1 - Math.random();
  const v = Math.random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

interface Player {
  id: number;
  mode: 'parejas' | 'individual';
  entry: number;
  rating: number;
  ip: string;
}

async function makePlayers(
  db: Database['db'],
  adminId: number,
  n: number,
  from: number,
): Promise<Player[]> {
  const out: Player[] = [];
  const tag = randomBytes(3).toString('hex');
  for (let i = from; i < from + n; i++) {
    const id = await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          name: `Bench ${i}`,
          email: `bench${i}.${tag}@example.com`,
          username: `bench${i}${tag}`,
          typeIdentification: 'V',
          nIdentification: String(20_000_000 + i),
          phone: `0414${String(i).padStart(7, '0')}`,
          passwordHash: 'x',
          // Paid entries need the 18+ declaration (docs/decisions/040).
          birthDate: '1990-01-01',
          adultDeclaredAt: new Date(),
        })
        .returning({ id: users.id });
      await createWallet(tx, u!.id);
      await adjustBalance(tx, adminId, u!.id, 10_000_000, 'bench', `bench:${tag}:${i}`);
      return u!.id;
    });
    out.push({
      id,
      mode: i % 2 === 0 ? 'individual' : 'parejas',
      entry: PRICES[i % 3]!,
      rating: Math.round(1500 + 200 * gaussian()),
      ip: `10.${Math.floor(i / 62500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`,
    });
  }
  return out;
}

async function main() {
  const name = `domino_qp_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  const nodeA = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolMax: 10 });
  const nodeB = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolMax: 10 });
  try {
    await nodeA.migrate();
    await bootstrap(nodeA.db, {
      adminEmail: 'bench@local',
      adminPassword: 'Bench12345',
      seedDemo: false,
    });
    const [staff] = await nodeA.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.rol, 'admin'));
    const ratingOf = new Map<number, number>();
    const ratings: RatingSource = (_db, ids) =>
      Promise.resolve(new Map(ids.map((id) => [id, ratingOf.get(id) ?? 1500])));
    const queue = (db: Database['db'], p: Player) =>
      enqueue(
        db,
        ratings,
        p.id,
        { mode: p.mode, entryPrice: p.entry },
        { ip: p.ip, deviceId: `d-${p.id}-bench` },
      );

    // 1. Burst.
    let t0 = performance.now();
    const burst = await makePlayers(nodeA.db, staff!.id, PLAYERS, 0);
    for (const p of burst) ratingOf.set(p.id, p.rating);
    console.log(`setup: ${burst.length} funded players in ${fmt(performance.now() - t0)}`);
    for (const p of burst) await queue(nodeA.db, p);
    t0 = performance.now();
    const pass = await matchQueue(nodeA.db, TIMING);
    const burstMs = performance.now() - t0;
    const seatedNow = pass.formed.reduce((n, f) => n + f.seats.length, 0);
    console.log(
      `burst: one pass over ${PLAYERS} queued took ${fmt(burstMs)}: ${pass.formed.length} tables, ${seatedNow} seated (${(burstMs / Math.max(1, pass.formed.length)).toFixed(1)} ms per table)`,
    );
    t0 = performance.now();
    const late = await matchQueue(nodeA.db, TIMING, new Date(Date.now() + 61_000));
    console.log(
      `burst: after 60 s (any rating) one more pass took ${fmt(performance.now() - t0)}: ${late.formed.length} tables`,
    );
    const idle0 = performance.now();
    await matchQueue(nodeA.db, TIMING);
    console.log(`burst: a pass with the leftovers only took ${fmt(performance.now() - idle0)}`);
    await nodeA.db
      .update(quickPlayQueue)
      .set({ status: 'left' })
      .where(eq(quickPlayQueue.status, 'waiting'));

    // 2. Stream.
    const stream = await makePlayers(nodeA.db, staff!.id, PLAYERS, PLAYERS);
    for (const p of stream) ratingOf.set(p.id, p.rating);
    const arrivals = stream
      .map((p) => ({ p, at: Math.random() * SECONDS * 1000 }))
      .sort((a, b) => a.at - b.at);
    const tickMs: number[] = [];
    const afterEnqueueMs: number[] = [];
    let running = true;
    const periodic = async (db: Database['db']) => {
      while (running) {
        const s = performance.now();
        await matchQueue(db, TIMING);
        tickMs.push(performance.now() - s);
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    const start = performance.now();
    const jobs = [periodic(nodeA.db), periodic(nodeB.db)];
    // Arrivals in parallel (each a client): enqueue, then one pass as the route does.
    await Promise.all(
      arrivals.map(async ({ p, at }, i) => {
        await new Promise((r) => setTimeout(r, at));
        const db = i % 2 === 0 ? nodeA.db : nodeB.db;
        await queue(db, p);
        const s = performance.now();
        await matchQueue(db, TIMING);
        afterEnqueueMs.push(performance.now() - s);
      }),
    );
    // Let the windows widen: at most 70 s more.
    const ids = new Set(stream.map((p) => p.id));
    for (let i = 0; i < 70; i++) {
      const waiting = await nodeA.db
        .select({ userId: quickPlayQueue.userId })
        .from(quickPlayQueue)
        .where(eq(quickPlayQueue.status, 'waiting'));
      if (waiting.filter((w) => ids.has(w.userId)).length < 4) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    running = false;
    await Promise.all(jobs);
    const rows = (await nodeA.db.select().from(quickPlayQueue)).filter((r) => ids.has(r.userId));
    const seated = rows.filter((r) => r.status === 'seated');
    const waits = seated.map((r) => r.closedAt!.getTime() - r.queuedAt.getTime());
    console.log(
      `stream: ${PLAYERS} players over ${SECONDS} s, ${seated.length} seated, ${rows.filter((r) => r.status === 'waiting').length} still waiting (their group had no one left), run ${fmt(performance.now() - start)}`,
    );
    console.log(
      `stream: enqueue -> seat p50 ${fmt(pct(waits, 50))}, p95 ${fmt(pct(waits, 95))}, p99 ${fmt(pct(waits, 99))}, max ${fmt(Math.max(...waits))}`,
    );
    console.log(
      `stream: periodic tick p50 ${fmt(pct(tickMs, 50))}, p95 ${fmt(pct(tickMs, 95))}, max ${fmt(Math.max(...tickMs))} (${tickMs.length} ticks); pass after enqueue p50 ${fmt(pct(afterEnqueueMs, 50))}, p95 ${fmt(pct(afterEnqueueMs, 95))}`,
    );
    const charged = await nodeA.db.execute(
      sql.raw(
        // Seats taken in quick tables against entries charged: one each, nothing twice.
        `select (select count(*) from table_seats s join game_tables g on g.id = s.table_id where g.visibility = 'quick')::int as seats, (select count(*) from quick_play_queue where status = 'seated')::int as entries, (select count(*) from ledger_transactions where kind = 'entry_fee')::int as fees`,
      ),
    );
    console.log('check:', JSON.stringify((charged as unknown as { rows: unknown[] }).rows[0]));
  } finally {
    await nodeA.close();
    await nodeB.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

void main();
