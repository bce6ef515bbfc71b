import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createTestDatabase, postgresAvailable } from '../apps/server/src/test/helpers';
import type { RunningApp } from './support';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  REDIS_URL,
  browserAvailable,
  loginViaUi,
  newContext,
  playUntilDone,
  redisAvailable,
  registerViaApi,
  shot,
  startApp,
  useJourney,
} from './support';

/** Where the four browsers play: one node, or two nodes sharing PostgreSQL and Redis. */
interface Setup {
  name: string;
  /** Whether it can run here (two nodes need PostgreSQL and Redis). */
  available: () => Promise<boolean>;
  /** Starts the nodes; player i plays through `nodes[i % nodes.length]`. */
  start: () => Promise<{ nodes: RunningApp[]; stop: () => Promise<void> }>;
}

const SETUPS: Setup[] = [
  {
    // Only where two nodes cannot run: the embedded database's single node already plays whole
    // matches in the individual, private-table, practice and tournament journeys, and the two
    // nodes cover everything this journey checks on one (docs/decisions/045-fast-test-databases.md).
    name: 'on one node (embedded database)',
    available: async () => !((await postgresAvailable()) && (await redisAvailable())),
    async start() {
      const app = await startApp({ HAND_PAUSE_MS: '300' });
      return { nodes: [app], stop: () => app.stop() };
    },
  },
  {
    name: 'on two nodes sharing PostgreSQL and Redis',
    available: async () => (await postgresAvailable()) && (await redisAvailable()),
    async start() {
      // A throwaway database, migrated; close() drops it at the end.
      const database = await createTestDatabase('postgres');
      const env = { HAND_PAUSE_MS: '300', DATABASE_URL: database.url!, REDIS_URL };
      const a = await startApp(env);
      const b = await startApp(env);
      return {
        nodes: [a, b],
        async stop() {
          await Promise.all([a.stop(), b.stop()]);
          await database.close();
        },
      };
    },
  },
];

/**
 * Table match journey (decisions 005 and 010): four browser contexts (two phones, two desktops) get balance, join the same
 * table, meet in the waiting room, play a full partnership match through the UI, and the winners'
 * balances rise by exactly the prize (entry Bs. 500 × 4 = 2.000; 8% house fee, 2% to the pot;
 * Bs. 900 to each winner). On one node, and on two nodes behind no balancer at all: players 0
 * and 2 use node A, players 1 and 3 node B (Redis carries the broadcasts between them).
 */
describe.each(SETUPS)('a real-money match between four browsers $name', async (setup) => {
  // The browser first: when it is missing, Redis and PostgreSQL are not asked.
  const journey = useJourney({
    available: browserAvailable() && (await setup.available()),
    start: setup.start,
  });

  it.skipIf(!journey.ok)(
    'seats four players, plays the match and pays the winners to the céntimo',
    { timeout: 600_000 },
    async () => {
      const { app, nodes } = journey;
      const adminLogin = await fetch(`${app.baseUrl}/api/login_api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      const adminToken = ((await adminLogin.json()) as { token: string }).token;
      const players = [];
      for (let i = 0; i < 4; i++) {
        const p = await registerViaApi(app.baseUrl);
        const res = await fetch(`${app.baseUrl}/api/admin/users/${p.id}/adjustments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
          body: JSON.stringify({ amount: 1000, reason: 'Saldo de prueba e2e' }),
        });
        expect(res.status).toBe(200);
        players.push(p);
      }
      const pages: Page[] = [];
      for (const [i, p] of players.entries()) {
        const node = nodes[i % nodes.length]!;
        const ctx = await newContext(journey.browser, node.baseUrl, i % 2 === 0 ? PHONE : DESKTOP);
        journey.contexts.push(ctx);
        const page = await ctx.newPage();
        await loginViaUi(page, p.email, p.password, '/dashboard');
        await page.getByTestId('table-join-1').click();
        // Nothing is charged until the entry is confirmed (decision 017).
        await page.getByTestId('join-confirm-pay').click();
        await page.waitForURL('**/waiting-room/1');
        pages.push(page);
        if (i === 1 && nodes.length === 1) await shot(page, 'waiting-room-desktop');
      }
      await Promise.all(
        pages.map((page) => page.waitForURL(/\/games\/[0-9a-f-]{36}$/, { timeout: 30_000 })),
      );
      const gameIds = new Set(pages.map((page) => page.url().split('/').pop()));
      expect(gameIds.size).toBe(1);
      if (nodes.length === 1) await shot(pages[0]!, 'table-match-start-phone');

      const done = await playUntilDone(pages, { deadline: Date.now() + 540_000 });
      expect(done.size).toBe(4);
      if (nodes.length === 1) await shot(pages[0]!, 'table-match-result-phone');

      const nets = await Promise.all(
        pages.map(async (page) =>
          Number(await page.getByTestId('result-money').getAttribute('data-net')),
        ),
      );
      expect(nets.filter((n) => n === 400)).toHaveLength(2);
      expect(nets.filter((n) => n === -500)).toHaveLength(2);
      for (const [i, p] of players.entries()) {
        const res = await fetch(`${nodes[(i + 1) % nodes.length]!.baseUrl}/api/user/balance`, {
          headers: { authorization: `Bearer ${p.token}` },
        });
        expect(((await res.json()) as { balance: number }).balance).toBe(
          nets[i] === 400 ? 1400 : 500,
        );
      }
    },
  );
});
