import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { GameView } from '@domino/contracts';
import { createTestDatabase, postgresAvailable } from '../../test/helpers';
import type { NodeProcess } from '../../test/nodes';
import { redisAvailable } from '../../test/nodes';
import { startPaidMatchOnTwoNodes } from '../../test/two-nodes';
import type { TestSocket } from '../../test/sockets';
import { eventually, openSocket } from '../../test/sockets';

/**
 * The outage relay (outage-relay.ts, docs/decisions/071-moves-reach-every-seat-without-redis.md)
 * across two server processes that share PostgreSQL and a Redis of the test's own: two players'
 * screens on node A, two on node B, each playing its first legal move whenever it has a choice.
 * Redis is killed mid-match; without it no node hears the other's moves through the adapter
 * (decision 066), so a player whose turn comes from the other node would never see it and the
 * match would stand still until the 120 s turn timer. With the relay every screen keeps getting
 * new versions, each only its own seat's view, and play goes on when Redis returns.
 */

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

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

interface Screen {
  s: TestSocket;
  views: GameView[];
}

const newestVersion = (screen: Screen) => Math.max(...screen.views.map((v) => v.version));

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
      const screens: Screen[] = [];
      try {
        const { a, b, players, gameId, seats } = await startPaidMatchOnTwoNodes(database, nodes, {
          name: 'Sin Redis',
          turnSeconds: 120,
          env: { REDIS_URL: `redis://127.0.0.1:${port}` },
        });

        const openScreen = async (i: number, node: NodeProcess) => {
          const s = await openSocket(node.url, players[i]!.token);
          const screen: Screen = { s, views: [] };
          const play = (v: GameView) => {
            if (v.status !== 'playing' || v.turn_seat !== v.my_seat) return;
            if (v.legal_moves.length < 2 || v.version !== newestVersion(screen)) return;
            // A refusal (another view overtook this one) is answered by the next view.
            s.socket.emit(
              'game:move',
              { game_id: gameId, version: v.version, ...v.legal_moves[0] },
              () => undefined,
            );
          };
          s.socket.on('game:view', (v: GameView) => {
            if (v.game_id !== gameId) return;
            screen.views.push(v);
            play(v);
          });
          const ack = (await s.socket
            .timeout(10_000)
            .emitWithAck('game:join', { game_id: gameId })) as { ok: boolean; view: GameView };
          expect(ack.ok).toBe(true);
          screen.views.push(ack.view);
          play(ack.view);
          return screen;
        };
        for (const [i, node] of [a, a, b, b].entries()) screens.push(await openScreen(i, node));

        const playedPast = (version: number) => screens.every((s) => newestVersion(s) >= version);
        // Play crosses the nodes with Redis up.
        await eventually('a few moves with Redis up', () => playedPast(4), 30_000, 50);

        redis.kill('SIGKILL');
        await new Promise((r) => redis.once('exit', r));
        await eventually(
          'both nodes knowing Redis is away (/api/ready 503)',
          async () =>
            (
              await Promise.all(
                [a, b].map(async (n) => (await fetch(`${n.url}/api/ready`)).status === 503),
              )
            ).every(Boolean),
          30_000,
          100,
        );
        const atOutage = Math.max(...screens.map(newestVersion));
        // Several turns, each seen on both nodes (a turn not seen would stand for 120 s).
        await eventually(
          'every screen seeing play go on without Redis',
          () => playedPast(atOutage + 8),
          60_000,
          50,
        );

        redis = await startRedis(port);
        await eventually(
          'both nodes ready again with Redis back',
          async () =>
            (
              await Promise.all(
                [a, b].map(async (n) => (await fetch(`${n.url}/api/ready`)).status === 200),
              )
            ).every(Boolean),
          30_000,
          100,
        );
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
