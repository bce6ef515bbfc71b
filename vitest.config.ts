import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Test files run two at a time at least, even on a 2-core machine: most of a file's time is
 * spent waiting (PostgreSQL, child server processes, Chromium, timers), so one file per core
 * left the machine half idle and the suite took over an hour (docs/decisions/038).
 * `TEST_WORKERS` overrides it: `npm test` (scripts/test.mjs) runs the non-browser projects with
 * three beside the journeys (docs/decisions/045, "Addendum 2026-11-30").
 */
const workers = Number(process.env.TEST_WORKERS ?? Math.max(2, os.availableParallelism()));

const here = path.dirname(fileURLToPath(import.meta.url));

/** The `.test.ts` files under `dir` (from the repository root) whose text matches `pattern`. */
function testFilesMatching(dir: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(path.join(here, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f.split(path.sep).join('/')}`)
    .filter((f) => pattern.test(fs.readFileSync(path.join(here, f), 'utf8')));
}

/**
 * Server test files that mock a module (vi.mock): they run isolated, outside the shared module
 * cache (a mock there would replace the module for every later file of the worker, and the real
 * module loaded by an earlier file would defeat the mock). Found by reading the files, so a new
 * one cannot be forgotten.
 */
const MOCKING_SERVER_FILES = testFilesMatching('apps/server/src', /vi\.mock\(/);

/**
 * Web test files that replace a module or a global (vi.mock, vi.doMock, vi.stubGlobal,
 * vi.stubEnv) or the clock (vi.useFakeTimers): they run isolated, like MOCKING_SERVER_FILES.
 * Found by reading the files.
 */
const ISOLATED_WEB_FILES = testFilesMatching(
  'apps/web/src',
  /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/,
);

/**
 * Seconds the longest browser journeys took in the last full run (2026-11-29, on a machine slower
 * than CI's last; docs/decisions/045 "Longest journeys first"). Only their order matters: a fresh checkout (CI) has no vitest results
 * cache, and without one vitest starts the largest files first, which left a long, short file
 * (accessibility) to start late and run alone at the end. Journeys missing here keep the size order
 * after these; once a run left its results cache (a local machine), the measured durations decide.
 */
const JOURNEY_SECONDS: Record<string, number> = {
  'private-table.test.ts': 304,
  'tournament.test.ts': 294,
  'individual-match.test.ts': 243,
  'firstday.test.ts': 224,
  'landing.test.ts': 194,
  'table-match.test.ts': 186,
  'ratings.test.ts': 178,
  'duplicate.test.ts': 176,
  'accessibility.test.ts': 141,
  // Added 2026-12-04, from that day's full run (16.3 min in all).
  'layout-stability.test.ts': 114,
  'absence.test.ts': 124,
  'pwa.test.ts': 112,
};

/**
 * vitest's own order (groupOrder, then failed and longest first from its results cache, else
 * largest first), except that the browser journeys start longest first by JOURNEY_SECONDS when the
 * cache has no duration for them: with three journeys at a time, the run ends with short files
 * instead of one long journey started last.
 */
class LongestJourneysFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journeys = sorted.filter((f) => f.project.name === 'e2e');
    const cached = (f: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`,
      ) !== undefined;
    if (journeys.length === 0 || journeys.every(cached)) return sorted;
    const seconds = (f: TestSpecification) => JOURNEY_SECONDS[path.basename(f.moduleId)] ?? 0;
    // Array.prototype.sort is stable: journeys of equal weight keep vitest's order.
    const ordered = [...journeys].sort((a, b) => seconds(b) - seconds(a));
    let next = 0;
    return sorted.map((f) => (f.project.name === 'e2e' ? ordered[next++]! : f));
  }
}

/**
 * One vitest run covers every workspace. Projects:
 * - contracts, domino: pure unit and property tests.
 * - web, web-isolated: the web app's logic (stores, formatting, sockets) without a browser.
 * - server: route tests on PGlite and the same suites on real PostgreSQL.
 * - e2e: browser journeys (Playwright + Debian Chromium) against the built app. `npm test` runs
 *   them in a vitest run of their own beside the other projects' (scripts/test.mjs); a plain
 *   `vitest run` runs them after the others (sequence.groupOrder). Three files at a time
 *   (E2E_WORKERS), each with its own
 *   server (the run's bundle of it, e2e/global-setup.ts), data directory, PostgreSQL database
 *   (PGlite for the journeys that run the server as `npm start` does) and Redis prefix
 *   (REDIS_PREFIX follows the database). A journey keeps about 60 % of a core busy (it waits on
 *   bots, hand pauses and its server), so three fill a 2-core machine where two left it a third
 *   idle (docs/decisions/045).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestJourneysFirst },
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          maxWorkers: workers,
          // Pure functions: files share a worker's module cache, as the server's do (below).
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          exclude: [...ISOLATED_WEB_FILES],
          testTimeout: 30_000,
          maxWorkers: workers,
          // Files share a worker's module cache: each isolated file imported its modules again,
          // half of these projects' CPU (docs/decisions/045, "Addendum 2026-12-01 (third)").
          isolate: false,
        },
      },
      {
        test: {
          // Files that replace a module, a global or the clock keep a module cache of their own.
          name: 'web-isolated',
          include: [...ISOLATED_WEB_FILES],
          testTimeout: 30_000,
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'domino',
          include: ['packages/domino/src/**/*.test.ts'],
          // These tests are synchronous computation, which a timeout cannot interrupt: it only
          // fails a test after it finished, when a loaded machine made it slow.
          testTimeout: 600_000,
          maxWorkers: workers,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...MOCKING_SERVER_FILES],
          globalSetup: ['./vitest.global-setup.ts', './e2e/global-setup.ts'],
          // Whole matches played over HTTP on PGlite take 20-40 s alone and twice that beside
          // other files on a loaded 2-core machine, up to 87 s on one 1.8 times slower than
          // usual (docs/decisions/045, addendum 2026-12-01); a hung test still fails, later.
          testTimeout: 240_000,
          // A child server started in a hook on PGlite took over 60 s beside the journeys on a
          // machine slower still (docs/decisions/045, addendum 2026-12-01 (later)).
          hookTimeout: 240_000,
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
          globalSetup: ['./vitest.global-setup.ts', './e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['./vitest.global-setup.ts', './e2e/global-setup.ts'],
          // Twice what the slowest journeys without a limit of their own took beside the others on
          // a 2-core machine 1.8 times slower than usual (docs/decisions/045, addendum 2026-12-01).
          testTimeout: 360_000,
          hookTimeout: 360_000,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
          // A journey's imports (Playwright, the server's schema and test helpers) load once per
          // worker, not once per file (decision 045, "Addendum 2026-11-30").
          isolate: false,
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
