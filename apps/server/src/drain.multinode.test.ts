import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_EVENTS, type GameView } from '@domino/contracts';
import { createTestDatabase, newPlayer, postgresAvailable } from './test/helpers';
import type { NodeProcess } from './test/nodes';
import { redisAvailable, startNodeProcess } from './test/nodes';
import type { TestSocket } from './test/sockets';
import { ask, call, eventually, openSocket, within } from './test/sockets';

/**
 * The drain of a node on SIGTERM (server.ts `drain`, main.ts, docs/decisions/063-cluster-and-drain.md):
 * two server processes share PostgreSQL and Redis; a player's game screen is on node A in the
 * middle of a practice game. SIGTERM to A: A stops being ready and refuses new sockets, tells the
 * screen `server:draining`; the screen moves to node B (what the balancer does for it) and
 * plays its next move there, B's sweeper having taken over the CPU turns; A exits 0. The test
 * fails, rather than hanging the suite, if A has not exited within a generous limit.
 */

/** Resolves with the exit code and signal of `child` (at once if it has already exited). */
function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** The newest view of `gameId` among the join acknowledgements and pushes a screen received. */
function latestView(screen: TestSocket, gameId: string, joined: GameView | null): GameView | null {
  let best = joined;
  for (const r of screen.received) {
    const v = r.payload as GameView | undefined;
    if (r.event !== SERVER_EVENTS.gameView || v?.game_id !== gameId) continue;
    if (!best || v.version > best.version) best = v;
  }
  return best;
}

describe('a node drained by SIGTERM', async () => {
  const skip = !(await postgresAvailable()) || !(await redisAvailable());

  it.skipIf(skip)(
    'tells its sockets to move within a window paced by their number, hands its game on, and exits 0',
    { timeout: 240_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      const nodes: NodeProcess[] = [];
      const sockets: TestSocket[] = [];
      try {
        const env = {
          BOT_MIN_DELAY_MS: '0',
          BOT_MAX_DELAY_MS: '0',
          HAND_PAUSE_MS: '0',
          // No balancer checks readiness here: tell the sockets at once.
          DRAIN_NOTICE_MS: '0',
          DRAIN_RECONNECT_MS: '500',
          // The window grows with the node's sockets (drain-pace.ts, decision 067 addendum): two
          // sockets at one a second are spread over 2 s, above the 500 ms minimum.
          DRAIN_ADMIT_PER_S: '1',
          DRAIN_RECONNECT_MAX_MS: '5000',
        };
        nodes.push(await startNodeProcess(database.url!, env));
        nodes.push(await startNodeProcess(database.url!, env));
        const [a, b] = nodes as [NodeProcess, NodeProcess];
        const reg = await call<{ token: string }>(a.url, 'POST', '/api/register_api', {
          body: newPlayer(),
        });
        expect(reg.status).toBe(201);
        const token = reg.body.token;
        const game = await call<{ game_id: string }>(a.url, 'POST', '/api/practice-games', {
          token,
          body: { difficulty: 'facil' },
        });
        expect(game.status).toBe(201);
        const gameId = game.body.game_id;

        const onA = await openSocket(a.url, token);
        sockets.push(onA);
        // A second tab of the same player on node A.
        const otherTab = await openSocket(a.url, token);
        sockets.push(otherTab);
        const joinedA = await ask(onA.socket, 'game:join', { game_id: gameId }, 10_000);
        expect(joinedA).toMatchObject({ ok: true });

        const aExit = exitOf(a.child);
        a.child.kill('SIGTERM');
        const notice = await eventually(
          'the server:draining notice on node A',
          () => onA.received.find((r) => r.event === SERVER_EVENTS.serverDraining),
          30_000,
        );
        expect(notice.payload).toEqual({ reconnect_within_ms: 2000 });
        // Draining: not ready, no new sockets, still alive for the sockets it has.
        expect((await call(a.url, 'GET', '/api/ready')).status).toBe(503);
        expect((await call(a.url, 'GET', '/api/health')).status).toBe(200);
        await expect(openSocket(a.url, token)).rejects.toThrow();

        // The screen reconnects elsewhere: the balancer would send it to B.
        onA.socket.close();
        otherTab.socket.close();
        const onB = await openSocket(b.url, token);
        sockets.push(onB);
        const joinedB = await ask(onB.socket, 'game:join', { game_id: gameId }, 10_000);
        expect(joinedB).toMatchObject({ ok: true });
        const joinedView = (joinedB as { view: GameView }).view;

        // The next move of the player with a choice, played on B (forced moves and the CPU's
        // turns are the sweepers': A's has stopped, B's plays them).
        const choice = await eventually(
          'a turn of the player with a choice, on node B',
          () => {
            const v = latestView(onB, gameId, joinedView);
            if (v?.status === 'finished') throw new Error('the game finished without a choice');
            return v?.status === 'playing' && v.turn_seat === v.my_seat && v.legal_moves.length >= 2
              ? v
              : null;
          },
          90_000,
          50,
        );
        const move = choice.legal_moves[0]!;
        const played = await ask(
          onB.socket,
          'game:move',
          { game_id: gameId, version: choice.version, ...move },
          10_000,
        );
        expect(played).toMatchObject({ ok: true, version: choice.version + 1 });

        // A exits, and with 0: drained, not killed by its watchdog.
        expect(await within(30_000, aExit, 'node A exiting')).toEqual({ code: 0, signal: null });
      } finally {
        for (const s of sockets) s.socket.close();
        await Promise.all(nodes.map((n) => n.stop()));
        await database.close();
      }
    },
  );
});
