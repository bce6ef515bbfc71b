import { defineConfig } from 'vitest/config';

/**
 * One vitest run covers every workspace. Projects:
 * - contracts, domino: pure unit and property tests.
 * - server: route tests on PGlite and the same suites on real PostgreSQL.
 * - e2e: browser journeys (Playwright + Debian Chromium) against the built app.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'domino',
          include: ['packages/domino/src/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
