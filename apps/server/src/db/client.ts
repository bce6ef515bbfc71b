import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** A drizzle database over either driver; services depend on this, never on a driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A drizzle transaction handle. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run queries: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: the pool's connection counts, read by the operators' metrics
   * (modules/metrics, docs/decisions/061-prometheus-metrics.md).
   */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /** Applies pending migrations (idempotent; serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /**
   * Whether PostgreSQL answers now: `select 1` on a connection of its own (PostgreSQL), never
   * queued behind the pool's waiting queries, so a node busy with a burst (the players of a dead
   * node reconnecting) still says it is ready (`/api/ready`, decision 067); on PGlite, a query.
   * Rejects when the database does not answer; the next call connects again.
   */
  probe(): Promise<void>;
  close(): Promise<void>;
  /** In-memory PGlite only: its data directory as a gzip tarball (for test images). */
  dump?(): Promise<Blob>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Raised when a second process tries to open a PGlite data directory already in use. */
export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data directory ${dir} is already in use by another server process. ` +
        'Stop that process, or start this one with another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * PostgreSQL's start options for an in-memory PGlite: PGlite's own, plus a 16 MB buffer cache
 * instead of the data directory's 128 MB. Its files already live in memory, so the cache only
 * saves a copy; but the WebAssembly PostgreSQL zeroes and sets up all of it at every start, about
 * 0.45 s of CPU of the 1.6 s a test database took to open from its image
 * (docs/decisions/045-fast-test-databases.md, "Addendum 2026-12-02 (fourth)").
 */
const MEMORY_PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Opens the database: node-postgres when `databaseUrl` is set, else PGlite in `dataDir/pglite`
 * (or in memory when `dataDir` is 'memory://'). A PGlite directory is locked for the life of the
 * process; a second opener gets DataDirLockedError instead of corrupting it.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolMax?: number;
  /** Errors of idle pooled connections (server restart, dropped database); never fatal. */
  onIdleError?: (err: Error) => void;
  /**
   * In-memory PGlite only: start from this data directory image (`PGlite.dumpDataDir`) instead of
   * an empty cluster; tests pass a migrated one (docs/decisions/045-fast-test-databases.md).
   */
  pgliteImage?: Blob | undefined;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const max = opts.poolMax ?? 20;
    // The pool keeps the connections it opened (`min` = `max`) instead of closing them after 10 s
    // idle: at human pace the load comes in bursts, and each reopened connection cost a new
    // PostgreSQL backend (a fork, its catalog caches, the compile of game_commit_moves) and the
    // driver's start-up (docs/decisions/037-hot-moves.md, docs/performance.md).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max, min: max });
    // Without a listener, an idle connection's error (e.g. PostgreSQL restarting) crashes the process.
    pool.on(
      'error',
      opts.onIdleError ??
        ((err) => console.error('idle PostgreSQL connection error:', err.message)),
    );
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    /** The readiness probe's own connection, opened on first use. */
    let probeClient: Promise<pg.Client> | undefined;
    return {
      db,
      kind: 'postgres',
      pool,
      async migrate() {
        const client = await pool.connect();
        try {
          // Two nodes starting together must not both run the same migration.
          await client.query('select pg_advisory_lock(7226001)');
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(7226001)').catch(() => undefined);
          client.release();
        }
      },
      async probe() {
        probeClient ??= (async () => {
          const c = new pg.Client({ connectionString: opts.databaseUrl });
          // A dropped connection is found by the next probe's query; never fatal.
          c.on('error', () => undefined);
          await c.connect();
          return c;
        })();
        const held = probeClient;
        try {
          await (await held).query('select 1');
        } catch (err) {
          // Connect again next time (PostgreSQL restarted, the connection dropped).
          if (probeClient === held) probeClient = undefined;
          void held.then((c) => c.end()).catch(() => undefined);
          throw err;
        }
      },
      async close() {
        const held = probeClient;
        probeClient = undefined;
        await held?.then((c) => c.end()).catch(() => undefined);
        await pool.end();
      },
    };
  }

  if (opts.dataDir === 'memory://') {
    const client = new PGlite({
      ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}),
      startParams: MEMORY_PGLITE_START_PARAMS,
    });
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      probe: async () => void (await client.query('select 1')),
      close: () => client.close(),
      dump: async () => client.dumpDataDir('gzip'),
    };
  }

  const dir = path.resolve(opts.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, {
      lockfilePath: path.join(dir, 'server.lock'),
      realpath: false,
      stale: 15_000,
      update: 5_000,
      onCompromised: (err) => {
        throw err;
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dir);
    throw err;
  }
  const client = new PGlite(path.join(dir, 'pglite'));
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    probe: async () => void (await client.query('select 1')),
    async close() {
      await client.close();
      await release();
    },
  };
}

/**
 * The node-postgres pool under `db` when `db` is the database on PostgreSQL; undefined for a
 * transaction handle (one connection) and for PGlite.
 */
function poolOf(db: Executor): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * Runs one fixed statement (`text`, parameters `$1`, `$2`… bound to `values`) and returns its
 * rows. On PostgreSQL it is a named prepared statement (`name`, one per distinct `text`): each
 * pooled connection parses and plans it once, and no drizzle query is built per call. That is
 * for statements on the path of every move (the group commit's `game_commit_moves`,
 * docs/decisions/070-cost-per-move.md). On PGlite it goes to PGlite's own query; on anything
 * else (a transaction handle) through drizzle. Errors are the driver's, as with `db.execute`.
 */
export async function preparedRows<R>(
  db: Executor,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const pool = poolOf(db);
  if (pool) return (await pool.query<R & pg.QueryResultRow>({ name, text, values })).rows;
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) return (await client.query<R>(text, values)).rows;
  const query = sql.empty();
  text.split(/\$(\d+)/).forEach((chunk, i) => {
    query.append(i % 2 === 0 ? sql.raw(chunk) : sql`${values[Number(chunk) - 1]}`);
  });
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/**
 * Runs independent reads and resolves with their results, in order. On a PostgreSQL pool they
 * run at once (each takes its own pooled connection); on anything else, a transaction handle or
 * the embedded PGlite (one connection each), one after the other: node-postgres deprecates a
 * query sent while another is still running on the same client, and pg@9 refuses it
 * (docs/architecture.md, "Database access"). A read that fails rejects the whole, as with
 * `Promise.all`; after a failure on one connection the reads not yet started are not started.
 */
export async function readTogether<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: Executor,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (poolOf(db)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as Results;
}

/** True for PostgreSQL serialization failures and deadlocks, which a retry resolves. */
export function isRetryableTxError(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code === '40001' || code === '40P01';
}

/** The SQLSTATE of a database error, looking through drizzle's wrapping. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The violated constraint's name of a database error (23505 and friends), if any. */
export function pgConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The DETAIL of a database error, looking through drizzle's wrapping. */
export function pgDetail(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const d = (e as { detail?: unknown }).detail;
    if (typeof d === 'string') return d;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
