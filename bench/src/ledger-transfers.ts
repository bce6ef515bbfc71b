/**
 * Ledger throughput on real PostgreSQL (decision 005): wallet-to-wallet transfers through the
 * production `transfer` function (row locks in id order, balance + version updates, entries, the
 * deferred balance trigger) at 1, 8 and 32 concurrent clients, and in the same run pgbench's
 * tpcb-like TPS on the same server with the same client counts. Prints the ratio (target >= 0.5).
 *
 * Run: npx tsx bench/src/ledger-transfers.ts [--seconds 10]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and pgbench.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema';
import { createWallet } from '../../apps/server/src/modules/ledger/accounts';
import { systemAccount, transfer } from '../../apps/server/src/modules/ledger/ledger';

const BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const secondsArg = process.argv.indexOf('--seconds');
const SECONDS = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const CLIENTS = [1, 8, 32];
const WALLETS = 1000;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: BASE });
  await c.connect();
  await c.query(sql);
  await c.end();
}

function urlFor(name: string) {
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  return u;
}

async function ledgerTps(url: string, clients: number): Promise<number> {
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: 'unused',
    poolMax: clients + 2,
    onIdleError: () => undefined,
  });
  const wallets = (await database.db.execute(
    sql`select id from accounts where kind = 'wallet' order by id`,
  )) as unknown as {
    rows: { id: string | number }[];
  };
  const ids = wallets.rows.map((r) => Number(r.id));
  let done = 0;
  const deadline = Date.now() + SECONDS * 1000;
  let seq = 0;
  const runId = randomBytes(4).toString('hex');
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const a = ids[randomInt(0, ids.length)]!;
        let b = ids[randomInt(0, ids.length)]!;
        if (b === a) b = ids[(ids.indexOf(a) + 1) % ids.length]!;
        const amount = randomInt(1, 100);
        seq += 1;
        const key = `bench:${runId}:${seq}`;
        for (;;) {
          try {
            await database.db.transaction((tx) =>
              transfer(tx, {
                kind: 'adjustment',
                idempotencyKey: key,
                description: 'bench',
                postings: [
                  { accountId: a, amountCents: -amount },
                  { accountId: b, amountCents: amount },
                ],
              }),
            );
            break;
          } catch (err) {
            if ((err as { code?: string }).code === 'wallet/insufficient_funds') break;
            throw err;
          }
        }
        done += 1;
      }
    }),
  );
  await database.close();
  return done / SECONDS;
}

function pgbenchTps(url: string, clients: number): number {
  const out = execFileSync(
    'pgbench',
    [
      '-b',
      'tpcb-like',
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, 2)),
      '-T',
      String(SECONDS),
      '-n',
      url.toString(),
    ],
    { encoding: 'utf8' },
  );
  const m = /tps = ([\d.]+)/.exec(out);
  if (!m) throw new Error(`cannot read pgbench output:\n${out}`);
  return Number(m[1]);
}

async function main() {
  const ledgerDb = `domino_bench_${randomBytes(4).toString('hex')}`;
  const pgbenchDb = `${ledgerDb}_pgbench`;
  await admin(`create database ${ledgerDb}`);
  await admin(`create database ${pgbenchDb}`);
  try {
    const url = urlFor(ledgerDb).toString();
    const setup = await openDatabase({
      databaseUrl: url,
      dataDir: 'unused',
      onIdleError: () => undefined,
    });
    await setup.migrate();
    await setup.db.transaction(async (tx) => {
      const source = await systemAccount(tx, 'pago_movil_in');
      for (let i = 0; i < WALLETS; i++) {
        const [u] = await tx
          .insert(users)
          .values({
            name: `B${i}`,
            email: `b${i}@bench.local`,
            username: `b${i}`,
            typeIdentification: 'V',
            nIdentification: String(10_000_000 + i),
            phone: `0414${String(i).padStart(7, '0')}`,
            passwordHash: 'x',
          })
          .returning();
        const w = await createWallet(tx, u!.id);
        await transfer(tx, {
          kind: 'recharge',
          idempotencyKey: `seed:${i}`,
          description: 'seed',
          postings: [
            { accountId: source, amountCents: -10_000_000 },
            { accountId: w, amountCents: 10_000_000 },
          ],
        });
      }
    });
    await setup.close();
    execFileSync('pgbench', ['-i', '-q', '-s', '10', urlFor(pgbenchDb).toString()], {
      stdio: 'ignore',
    });

    console.log(
      `Ledger transfers vs pgbench tpcb-like, ${SECONDS} s per point, ${WALLETS} wallets, scale 10`,
    );
    console.log('clients | ledger TPS | pgbench TPS | ratio');
    for (const c of CLIENTS) {
      const ledger = await ledgerTps(url, c);
      const bench = pgbenchTps(urlFor(pgbenchDb).toString(), c);
      console.log(
        `${String(c).padStart(7)} | ${ledger.toFixed(0).padStart(10)} | ${bench.toFixed(0).padStart(11)} | ${(ledger / bench).toFixed(2)}`,
      );
    }
  } finally {
    await admin(`drop database if exists ${ledgerDb} with (force)`);
    await admin(`drop database if exists ${pgbenchDb} with (force)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
