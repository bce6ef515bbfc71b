import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run two at a time at least, even on a 2-core machine: most of a file's time is
 * spent waiting (PostgreSQL, child server processes, Chromium, timers), so one file per core
 * left the machine half idle and the suite took over an hour (docs/decisions/038).
 */
const workers = Math.max(2, os.availableParallelism());

/** Server test files that mock a module (vi.mock): they run isolated, outside the shared cache. */
const MOCKING_SERVER_FILES = ['apps/server/src/modules/auth/sessions.socket.test.ts'];

/**
 * One vitest run covers every workspace. Projects:
 * - contracts, domino: pure unit and property tests.
 * - server: route tests on PGlite and the same suites on real PostgreSQL.
 * - e2e: browser journeys (Playwright + Debian Chromium) against the built app; they run after
 *   the others (sequence.groupOrder), three files at a time (E2E_WORKERS), each with its own
 *   server, data directory or database, and Redis prefix (REDIS_PREFIX follows the database). A
 *   journey keeps about 60 % of a core busy (it waits on bots, hand pauses and its server), so
 *   three fill a 2-core machine where two left it a third idle (docs/decisions/045).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          testTimeout: 30_000,
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'domino',
          include: ['packages/domino/src/**/*.test.ts'],
          testTimeout: 120_000,
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...MOCKING_SERVER_FILES],
          globalSetup: ['./vitest.global-setup.ts'],
          // Whole matches played over HTTP on PGlite take 20-40 s alone and twice that beside
          // other files on a loaded 2-core machine; a hung test still fails, later.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers: workers,
          // Files share a worker's module cache: the server's modules (Fastify, drizzle, PGlite,
          // sharp…) are imported once per worker instead of once per file. Each file still builds
          // its own app and database (src/test/helpers.ts); module-level state is limited to
          // caches keyed by what they cache (docs/decisions/045-fast-test-databases.md).
          isolate: false,
        },
      },
      {
        test: {
          // Files that replace a server module with vi.mock need a module cache of their own.
          name: 'server-isolated',
          include: [...MOCKING_SERVER_FILES],
          globalSetup: ['./vitest.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['./vitest.global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
          sequence: { groupOrder: 1 },
          // A poll waits for a state; with three journeys sharing the cores a page may take a few
          // seconds to get there, so a poll without its own timeout waits up to 10 s (vitest's
          // default is 1 s). Only a failing poll ever waits that long.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
