import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * Migrated database images, built once per test run (docs/decisions/045-fast-test-databases.md).
 *
 * Migrating an empty database is the fixed cost of every test database: about 6 s of CPU on PGlite
 * (WebAssembly PostgreSQL runs each of the 30-odd migrations' DDL), about 0.4 s on PostgreSQL.
 * The suite creates a few hundred of them. `vitest.global-setup.ts` calls {@link buildDbImages}
 * before any worker starts and passes the images to the workers in environment variables;
 * `createTestDatabase` and the browser journeys' `startApp` start from an image when its variable
 * is set and migrate from scratch otherwise (a file run outside vitest, a bench). Migrations still
 * run on every database opened from an image: drizzle finds them all applied and does nothing, so
 * a stale image can only be slower, never wrong.
 */

/** Path of a gzip tarball of a migrated in-memory PGlite (`PGlite.dumpDataDir`). */
export const PGLITE_IMAGE_ENV = 'DOMINO_TEST_PGLITE_IMAGE';
/** Path of a migrated on-disk PGlite directory; a journey copies it to `DATA_DIR/pglite`. */
export const PGLITE_DIR_ENV = 'DOMINO_TEST_PGLITE_DIR';
/** Name of a migrated PostgreSQL database to `create database ... template` from. */
export const PG_TEMPLATE_ENV = 'DOMINO_TEST_PG_TEMPLATE';

/** Templates older than this are leftovers of a killed run and are dropped by the next one. */
const STALE_TEMPLATE_MS = 6 * 60 * 60 * 1000;

/** The PGlite image as a Blob for `new PGlite({ loadDataDir })`, or undefined without one. */
export function pgliteImage(): Blob | undefined {
  const file = process.env[PGLITE_IMAGE_ENV];
  if (!file || !fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

/**
 * Builds the three images and returns the environment that points at them plus a teardown that
 * removes them. `adminUrl` is the PostgreSQL server's URL (database `test`); without a reachable
 * server the PostgreSQL template is skipped and its suites migrate from scratch.
 *
 * @returns env: variables to set for the workers; teardown(): drops the template, removes files.
 */
export async function buildDbImages(adminUrl: string | undefined): Promise<{
  env: Record<string, string>;
  teardown(): Promise<void>;
}> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'domino-db-images-'));
  const env: Record<string, string> = {};

  // 1. In-memory PGlite, migrated, dumped as a tarball.
  const memory = await openDatabase({ dataDir: 'memory://' });
  await memory.migrate();
  const dump = await memory.dump!();
  const imageFile = path.join(root, 'pglite.tar.gz');
  fs.writeFileSync(imageFile, Buffer.from(await dump.arrayBuffer()));
  await memory.close();
  env[PGLITE_IMAGE_ENV] = imageFile;

  // 2. On-disk PGlite for the journeys' servers: opened from the same image and closed cleanly.
  const dir = path.join(root, 'pglite');
  const disk = new PGlite(dir, { loadDataDir: new Blob([fs.readFileSync(imageFile)]) });
  await disk.waitReady;
  await disk.close();
  env[PGLITE_DIR_ENV] = dir;

  // 3. PostgreSQL template.
  let template: string | undefined;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    let created: string | undefined;
    try {
      await admin.connect();
    } catch {
      // No PostgreSQL here: its suites decide for themselves (skip off CI, fail under CI).
      await admin.end().catch(() => undefined);
      return { env, teardown: async () => fs.rmSync(root, { recursive: true, force: true }) };
    }
    try {
      await dropStaleTemplates(admin);
      created = `domino_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      await admin.query(`create database ${created}`);
      const url = new URL(adminUrl);
      url.pathname = `/${created}`;
      const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolMax: 1 });
      try {
        await db.migrate();
      } finally {
        await db.close();
      }
      template = created;
      env[PG_TEMPLATE_ENV] = template;
    } catch (err) {
      // PostgreSQL answers but the template could not be made: leave nothing behind, and never
      // let the run go on quietly without it under CI (the journeys would fall back to PGlite).
      if (created)
        await admin.query(`drop database if exists ${created} with (force)`).catch(() => undefined);
      if (process.env.CI === 'true') throw err;
      console.warn('\n!!! The migrated PostgreSQL template could not be built:', err);
    } finally {
      await admin.end().catch(() => undefined);
    }
  }

  return {
    env,
    async teardown() {
      fs.rmSync(root, { recursive: true, force: true });
      if (!template || !adminUrl) return;
      const admin = new pg.Client({ connectionString: adminUrl });
      try {
        await admin.connect();
        await admin.query(`drop database if exists ${template} with (force)`);
      } finally {
        await admin.end().catch(() => undefined);
      }
    },
  };
}

/**
 * A new PostgreSQL database `<prefix>_<random hex>` on the server of `adminUrl`, copied from the
 * run's migrated template ({@link PG_TEMPLATE_ENV}; an empty database when there is none, which
 * the server then migrates). Used by the browser journeys' servers (e2e/support.ts `startApp`).
 *
 * @returns url: the new database's URL; drop(): drops it (`with (force)`, so a server that did
 *   not close its pool cannot keep it alive).
 */
export async function createPgDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = process.env[PG_TEMPLATE_ENV];
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Drops `domino_tpl_<base36 ms>_*` databases left by runs that were killed long ago. */
async function dropStaleTemplates(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'domino\\_tpl\\_%'",
  );
  for (const { datname } of rows) {
    const born = parseInt(datname.split('_')[2] ?? '', 36);
    if (Number.isFinite(born) && Date.now() - born > STALE_TEMPLATE_MS) {
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
    }
  }
}
