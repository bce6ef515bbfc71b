import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../../../scripts/cluster-lib.mjs';
import { createTestDatabase, postgresAvailable } from '../../test/helpers';
import type { NodeProcess } from '../../test/nodes';
import { redisAvailable } from '../../test/nodes';
import type { GameScreen } from '../../test/two-nodes';
import { openGameScreen, startPaidMatchOnTwoNodes } from '../../test/two-nodes';
import { eventually } from '../../test/sockets';

/**
 * The outage relay (outage-relay.ts, docs/decisions/071-moves-reach-every-seat-without-redis.md)
 * across two server processes that share PostgreSQL and a Redis of the test's own: two players'
 * screens on node A, two on node B, each playing its first legal move whenever it has a choice.
 * Redis is killed mid-match; without it no node hears the other's moves through the adapter
 * (decision 066), so a player whose turn comes from the other node would never see it and the
 * match would stand still until the 120 s turn timer. With the relay every screen keeps getting
 * new versions, each only its own seat's view, and play goes on when Redis returns.
 */

/** A Redis server of the test's own on `port`, resolved once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await eventually(
    'the test Redis accepting connections',
    () =>
      new Promise<boolean>((resolve) => {
        const c = net.connect(port, '127.0.0.1', () => {
          c.destroy();
          resolve(true);
        });
        c.on('error', () => resolve(false));
      }),
    10_000,
    50,
  );
  return child;
}

const newestVersion = (screen: GameScreen) => Math.max(...screen.views.map((v) => v.version));

/** Resolves once every node's `/api/ready` answers `status` (503 while Redis is away). */
async function allReady(nodes: NodeProcess[], status: number, what: string): Promise<void> {
  await eventually(
    what,
    async () =>
      (await Promise.all(nodes.map(async (n) => (await fetch(`${n.url}/api/ready`)).status))).every(
        (s) => s === status,
      ),
    30_000,
    100,
  );
}

describe('moves reach every seat while Redis is away (two nodes)', async () => {
  const skip = !(await postgresAvailable()) || !(await redisAvailable());

  it.skipIf(skip)(
    "relays the other node's moves to this node's players, each only its own view",
    { timeout: 180_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      const nodes: NodeProcess[] = [];
      const port = await freePort();
      let redis = await startRedis(port);
      const screens: GameScreen[] = [];
      try {
        const { a, b, players, gameId, seats } = await startPaidMatchOnTwoNodes(database, nodes, {
          name: 'Sin Redis',
          turnSeconds: 120,
          env: { REDIS_URL: `redis://127.0.0.1:${port}` },
        });

        for (const [i, node] of [a, a, b, b].entries())
          screens.push(await openGameScreen(node, players[i]!.token, gameId));

        const playedPast = (version: number) => screens.every((s) => newestVersion(s) >= version);
        // Play crosses the nodes with Redis up.
        await eventually('a few moves with Redis up', () => playedPast(4), 30_000, 50);

        redis.kill('SIGKILL');
        await new Promise((r) => redis.once('exit', r));
        await allReady([a, b], 503, 'both nodes knowing Redis is away (/api/ready 503)');
        const atOutage = Math.max(...screens.map(newestVersion));
        // Several turns, each seen on both nodes (a turn not seen would stand for 120 s).
        await eventually(
          'every screen seeing play go on without Redis',
          () => playedPast(atOutage + 8),
          60_000,
          50,
        );

        redis = await startRedis(port);
        await allReady([a, b], 200, 'both nodes ready again with Redis back');
        const atReturn = Math.max(...screens.map(newestVersion));
        await eventually(
          'play going on with Redis back',
          () => playedPast(atReturn + 4),
          60_000,
          50,
        );

        // Every view each screen got, relayed or not, was its own seat's.
        for (const [i, screen] of screens.entries())
          for (const v of screen.views) expect(v.my_seat).toBe(seats[i]);
      } finally {
        for (const screen of screens) screen.s.socket.close();
        for (const n of nodes) await n.stop();
        redis.kill('SIGKILL');
        await database.close();
      }
    },
  );
});
