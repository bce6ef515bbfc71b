import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { PG_TEMPLATE_ENV, pgliteImage } from './db-images';
import type { Database } from '../db/client';
import { bootstrap } from '../modules/catalog/bootstrap';
import { createDeps } from '../server';
import type { DepsOverrides } from '../server';
import { engineBots } from '../modules/games/bots';
import { isOffensiveUsername } from '../modules/users/username-words';

export type DbKind = 'pglite' | 'postgres';

/** The PostgreSQL server tests use (README.md: local server, trust auth, database `test`). */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgProbe: Promise<boolean> | undefined;
/**
 * Whether real PostgreSQL is reachable. Off CI a missing server is reported loudly and its suites
 * are skipped; with CI=true a missing server is an error (the suite fails).
 */
export function postgresAvailable(): Promise<boolean> {
  pgProbe ??= (async () => {
    const client = new pg.Client({
      connectionString: TEST_DATABASE_URL,
      connectionTimeoutMillis: 3000,
    });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (err) {
      if (process.env.CI === 'true') {
        throw new Error(`PostgreSQL is required under CI but ${TEST_DATABASE_URL} is unreachable`, {
          cause: err,
        });
      }
      console.warn(
        `\n!!! PostgreSQL at ${TEST_DATABASE_URL} is unreachable: the real-PostgreSQL suites are SKIPPED.\n`,
      );
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return pgProbe;
}

/**
 * A fresh, empty, migrated database: PGlite in memory, or a new PostgreSQL database
 * (`domino_t_<random>`) that close() drops, keeping the shared server tidy. Under vitest both
 * start from the run's migrated images (./db-images.ts, docs/decisions/045-fast-test-databases.md).
 */
export async function createTestDatabase(kind: DbKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', pgliteImage: pgliteImage() });
    await database.migrate();
    return database;
  }
  const name = `domino_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  const template = process.env[PG_TEMPLATE_ENV];
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'unused',
    poolMax: 30,
  });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Builds the real app over a fresh database with the demo catalogue and an admin. */
export async function buildTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  overrides: DepsOverrides = {},
  appOptions: Parameters<typeof buildApp>[1] = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'AdminPass123',
    // Suites register many players from one inject address, and a registration spends the
    // per-address availability limit (docs/decisions/013); tests of that limit pass '60'.
    AVAILABILITY_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  await bootstrap(database.db, {
    adminEmail: config.ADMIN_EMAIL,
    adminPassword: config.ADMIN_PASSWORD,
    seedDemo: true,
  });
  const app = await buildApp(
    createDeps(config, database, undefined, engineBots, overrides),
    appOptions,
  );
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The 16 consonants a test username draws from (one per random byte, modulo 16). */
export const TEST_USERNAME_LETTERS = 'bdghjlmnpqrsvwxz';

/**
 * A unique username for a test player: "jp" and 10 random consonants, drawn again until the
 * offensive-word filter accepts it. Consonants alone were meant never to spell a word, but the
 * filter reads some words without their vowels ("blwjb" was refused, about once in 100,000
 * names, and failed a full run), so the filter itself decides. `random(n)` gives n random bytes
 * (crypto's by default; a test passes its own).
 */
export function testUsername(random: (n: number) => Uint8Array = randomBytes): string {
  for (;;) {
    const name = `jp${[...random(10)].map((b) => TEST_USERNAME_LETTERS[b % 16]).join('')}`;
    if (!isOffensiveUsername(name)) return name;
  }
}

let seq = 0;
/**
 * A valid registration payload with a unique email, identity, phone and username (random, per
 * call), an adult's date of birth and the 18+ declaration (decision 040: without them recharges
 * and paid entries are refused).
 */
export function newPlayer(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    username: testUsername(),
    birth_date: '1990-05-17',
    adult_declaration: true,
    name: 'Jugador Prueba',
    email: `jugador${seq}_${randomBytes(4).toString('hex')}@example.com`,
    type_identification: 'V',
    n_identification: String(randomInt(10_000_000, 99_999_999)),
    phone: `0414${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
    password: 'Secreto123',
    password_confirmation: 'Secreto123',
    ...overrides,
  };
}
