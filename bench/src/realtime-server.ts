/**
 * Shared plumbing of the real-time benches: a throwaway PostgreSQL database, the server started
 * as a child process (`node --import tsx apps/server/src/main.ts`), small HTTP helpers, parallel
 * player registration, and cleanup that runs on normal exit, on errors and on SIGINT/SIGTERM.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BASE_DB = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN_EMAIL = 'bench-admin@domino.local';
export const ADMIN_PASSWORD = 'BenchAdmin123';
export const PASSWORD = 'Secreto123';

/** Cleanup steps, run once in reverse order (last registered first). */
const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;

export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

/** Runs the cleanup steps registered so far (last first) and forgets them. */
export async function cleanupSteps(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error('cleanup step failed:', err);
    }
  }
}

export function cleanup(): Promise<void> {
  cleaning ??= cleanupSteps();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Runs `main`, always cleaning up; exits 1 on error. */
export function runBench(main: () => Promise<void>): void {
  main()
    .then(() => cleanup())
    .then(() => process.exit(0))
    .catch(async (err: unknown) => {
      console.error(err);
      await cleanup();
      process.exit(1);
    });
}

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

async function adminQuery(sql: string, base = BASE_DB): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Creates `domino_bench_rt_<random>` on the PostgreSQL of `base` (default TEST_DATABASE_URL) and
 * registers its drop (with force) as a cleanup step; returns its URL.
 */
export async function createDatabase(base = BASE_DB): Promise<string> {
  const name = `domino_bench_rt_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`, base);
  onCleanup(() => adminQuery(`drop database if exists ${name} with (force)`, base));
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  pid: number;
  url: string;
  child: ChildProcess;
}

/**
 * Starts the server with `env` on a free port and waits until it answers GET /api/tables.
 * `opts.nodeArgs` go before the entry point (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`; the
 * profile is written when the server exits on the cleanup's SIGTERM); `opts.root` runs another
 * checkout's server (A/B comparisons against a `git worktree` of an earlier commit);
 * `opts.logFile` appends the server's stdout and stderr to that file (e.g. with `--trace-gc`);
 * `opts.quietExit` leaves out the "exited unexpectedly" report (a bench that kills it on purpose);
 * `opts.startTimeoutMs` (default 90 s) is how long it may take to answer.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: {
    nodeArgs?: string[];
    root?: string;
    logFile?: string;
    quietExit?: boolean;
    startTimeoutMs?: number;
  } = {},
): Promise<ServerProcess> {
  // A fixed port given in `env` (a node restarted on its port) wins over a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const args = [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: opts.root ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '',
      LOG_LEVEL: 'error',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      // The bench registers hundreds of players from one address (registrations share the
      // availability limit; docs/decisions/013).
      AVAILABILITY_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (opts.logFile) {
    const log = createWriteStream(opts.logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  onCleanup(async () => {
    if (exited !== null) return;
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  });
  const url = `http://127.0.0.1:${port}`;
  const startMs = opts.startTimeoutMs ?? 90_000;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (exited !== null) throw new Error(`server exited with ${exited}:\n${tail}`);
    try {
      const res = await fetch(`${url}/api/tables`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server did not start in ${startMs / 1000} s:\n${tail}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  child.once('exit', (code) => {
    if (!cleaning && !opts.quietExit)
      console.error(`server exited unexpectedly (${code}):\n${tail}`);
  });
  return { pid: child.pid!, url, child };
}

/** Resident set size of a process in bytes (VmRSS in /proc/<pid>/status). */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) * 1024;
}

export async function api<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} -> ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const out = await api<{ token: string }>(base, 'POST', '/api/login_api', { email, password });
  return out.token;
}

export interface Player {
  id: number;
  token: string;
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

let playerSeq = 0;
/** Registers `count` players (argon2-heavy, `concurrency` at a time); with `adminToken`, funds them. */
export async function registerPlayers(
  base: string,
  count: number,
  opts: { adminToken?: string; balance?: number; concurrency?: number } = {},
): Promise<Player[]> {
  const run = randomBytes(3).toString('hex');
  const seqs = Array.from({ length: count }, () => ++playerSeq);
  return pool(seqs, opts.concurrency ?? 8, async (n) => {
    const out = await api<{ token: string; user: { id: number } }>(
      base,
      'POST',
      '/api/register_api',
      {
        name: `Jugador ${n}`,
        email: `rt${run}_${n}@bench.local`,
        type_identification: 'V',
        n_identification: String(10_000_000 + n),
        phone: `0414${String(n).padStart(7, '0')}`,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        // Paid tables are refused until the 18+ declaration (docs/decisions/040).
        birth_date: '1990-05-17',
        adult_declaration: true,
      },
    );
    if (opts.adminToken) {
      await api(
        base,
        'POST',
        `/api/admin/users/${out.user.id}/adjustments`,
        { amount: opts.balance ?? 1000, reason: 'bench balance' },
        opts.adminToken,
      );
    }
    return { id: out.user.id, token: out.token };
  });
}

/** Nearest-rank percentile of an ascending array (NaN when empty). */
export function pct(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((q / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/**
 * Opens one authenticated websocket-only Socket.IO client to `url`; resolves once connected,
 * rejects (and closes it) on a refused handshake. `reconnection` as Socket.IO's option.
 */
export function connectClient(
  url: string,
  token: string,
  opts: { reconnection: boolean; timeoutMs: number },
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, {
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnection: opts.reconnection,
      timeout: opts.timeoutMs,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => {
      s.close();
      reject(err);
    });
  });
}

/** CPU time (user + system, ms) a process has used, from /proc/<pid>/stat; 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ 100
  } catch {
    return 0;
  }
}
