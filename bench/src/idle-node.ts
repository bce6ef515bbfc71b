/**
 * The fixed cost of a quiet node (docs/decisions/078-jobs-sleep-while-idle.md): the CPU a server
 * takes, with its PostgreSQL backends, while nobody uses it, and the transactions its background
 * jobs commit. Each run starts the server as `npm start` does (tsx) on a fresh PostgreSQL database,
 * lets it settle (`--warm` seconds: the start's garbage collection is over after about a minute),
 * then reads, over `--window` seconds:
 * - the server's CPU, all its threads (`/proc/<pid>/stat`, utime + stime), ms per s;
 * - its database's backends' CPU (`pg_stat_activity` pids, `/proc`), ms per s;
 * - the database's committed transactions (`pg_stat_database.xact_commit`), per s: each job's
 *   statement outside a transaction commits one.
 *
 *   npx tsx bench/src/idle-node.ts                                  # this checkout, one run
 *   npx tsx bench/src/idle-node.ts --compare /tmp/wt-before --runs 2  # alternated with another
 *
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and
 * Linux's /proc. Figures in docs/performance.md ("A quiet node's fixed cost").
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { ROOT, startApp } from './built-app';
import { arg, cpuMs } from './realtime-server';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Reading {
  serverMsPerS: number;
  postgresMsPerS: number;
  commitsPerS: number;
}

async function measure(root: string, warmS: number, windowS: number): Promise<Reading> {
  const name = `domino_idle_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const app = await startApp('', {
    root,
    env: {
      DATABASE_URL: url.toString(),
      BANK_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    },
  });
  try {
    await sleep(warmS * 1000);
    const backends = async () =>
      (
        await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
          name,
        ])
      ).rows.map((r) => r.pid);
    const pgCpu = (pids: number[]) => pids.reduce((sum, p) => sum + cpuMs(p), 0);
    const commits = async () =>
      Number(
        (
          await admin.query<{ n: string }>(
            'select xact_commit as n from pg_stat_database where datname = $1',
            [name],
          )
        ).rows[0]!.n,
      );
    const pids = await backends();
    const s0 = cpuMs(app.child.pid!);
    const p0 = pgCpu(pids);
    const c0 = await commits();
    await sleep(windowS * 1000);
    const s1 = cpuMs(app.child.pid!);
    const p1 = pgCpu(pids);
    const c1 = await commits();
    // The reads of pg_stat_database are this bench's own, not the server's.
    return {
      serverMsPerS: (s1 - s0) / windowS,
      postgresMsPerS: (p1 - p0) / windowS,
      commitsPerS: (c1 - c0) / windowS,
    };
  } finally {
    await app.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main() {
  const warm = Number(arg('warm', '60'));
  const window = Number(arg('window', '60'));
  const runs = Number(arg('runs', '1'));
  const compare = arg('compare', '');
  const builds = [
    { label: 'this checkout', root: ROOT },
    ...(compare ? [{ label: path.resolve(compare), root: path.resolve(compare) }] : []),
  ];
  console.log(`quiet node: ${warm} s to settle, then a ${window} s window; ${runs} run(s) each`);
  for (let run = 1; run <= runs; run++) {
    for (const b of run % 2 === 1 ? builds : [...builds].reverse()) {
      const r = await measure(b.root, warm, window);
      console.log(
        `${b.label.padEnd(40)} run ${run}: server ${r.serverMsPerS.toFixed(1)} ms/s, ` +
          `PostgreSQL ${r.postgresMsPerS.toFixed(1)} ms/s, ${r.commitsPerS.toFixed(1)} commits/s`,
      );
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
