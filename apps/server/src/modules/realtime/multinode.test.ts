import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { GameView } from '@domino/contracts';
import { eq } from 'drizzle-orm';
import { gameMoves } from '../../db/schema';
import { checkLedger } from '../ledger/ledger';
import { defaultRedisPrefix } from '../../config';
import { createTestDatabase, newPlayer, postgresAvailable } from '../../test/helpers';
import { eventually } from '../../test/sockets';
import { redisAvailable, startNodeProcess, TEST_REDIS_URL } from '../../test/nodes';

/**
 * Two server processes on two ports sharing PostgreSQL and Redis (README.md "Several server processes"): a
 * broadcast on one node reaches sockets on the other, four players split across the nodes play a
 * full match over Socket.IO with exact balances, and when one node is killed mid-match its
 * players' sockets reconnect through the load balancer to the other node, rejoin the game with
 * the exact current view and finish the match there.
 */

const REDIS_URL = TEST_REDIS_URL;

interface Node {
  url: string;
  port: number;
  child: ChildProcess;
}

/**
 * A TCP load balancer in front of the nodes, as a browser would reach them: every connection
 * goes to the first node that accepts it (node A while it lives, then B), so a client's polling
 * requests and its WebSocket stick to one node, and when that node dies the reconnection lands
 * on the next. Upstream connections die with their node, which drops the client's connection.
 */
async function startBalancer(ports: number[]): Promise<{ url: string; close(): Promise<void> }> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.pause();
    client.on('error', () => client.destroy());
    client.on('close', () => open.delete(client));
    const attempt = (i: number) => {
      if (i >= ports.length || client.destroyed) return void client.destroy();
      const upstream = net.connect(ports[i]!, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        open.add(upstream);
        upstream.on('close', () => {
          open.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (connected) upstream.destroy();
        else attempt(i + 1);
      });
    };
    attempt(0);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve(typeof a === 'object' && a ? a.port : 0);
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of open) c.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A player's game screen: a socket that joins the game on every (re)connection, as the web app does. */
interface Screen {
  socket: Socket;
  /** The newest view received (join acknowledgement or push). */
  view: GameView | null;
  /** Views acknowledged by `game:join`, one per (re)connection. */
  joins: GameView[];
}

function openScreen(url: string, token: string, gameId: string): Screen {
  const socket = connect(url, {
    auth: { token },
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
  });
  const screen: Screen = { socket, view: null, joins: [] };
  const accept = (v: GameView) => {
    if (v.game_id === gameId && (!screen.view || v.version >= screen.view.version)) {
      screen.view = v;
    }
  };
  socket.on('game:view', accept);
  socket.on('connect', () => {
    socket
      .timeout(10_000)
      .emit(
        'game:join',
        { game_id: gameId },
        (err: Error | null, ack: { ok: boolean; view?: GameView }) => {
          if (err || !ack.ok || !ack.view) return;
          screen.joins.push(ack.view);
          accept(ack.view);
        },
      );
  });
  return screen;
}

/** What the screens show, in one string: changes when any screen gets a view or (re)joins. */
function screensState(screens: Screen[]): string {
  return screens
    .map((x) => `${x.view?.version ?? -1}/${x.joins.length}/${x.socket.connected}`)
    .join(' ');
}

/** Resolves once `child` has exited (at once if it already has). */
function exited(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return once(child, 'exit');
}

async function until(what: string, check: () => boolean, ms = 30_000): Promise<void> {
  await eventually(what, check, ms, 50);
}

/** A node started like `npm start` (test/nodes.ts), with the port the balancer forwards to. */
async function startNode(databaseUrl: string): Promise<Node> {
  // Registrations share the per-address availability limit, kept in the shared Redis. The match
  // pauses 0.3 s between hands instead of 4 s (nobody reads the summary here): at 4 s a whole
  // match's pauses took half a minute of the test's bound on a slow machine
  // (docs/decisions/045-fast-test-databases.md, addendum "2026-12-02").
  const node = await startNodeProcess(databaseUrl, {
    AVAILABILITY_LIMIT_PER_MINUTE: '100000',
    HAND_PAUSE_MS: '300',
  });
  return { url: node.url, port: Number(new URL(node.url).port), child: node.child };
}

async function call<T>(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

function waitFor<T>(
  socket: Socket,
  event: string,
  predicate: (payload: T) => boolean,
  ms = 15_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const handler = (payload: T) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

describe('two server nodes on PostgreSQL and Redis', async () => {
  const skip = !(await postgresAvailable()) || !(await redisAvailable());

  it.skipIf(skip)(
    "share broadcasts, play a match split across nodes, and move a dead node's players to the other over their sockets",
    // Three nodes, a race, a reconnection and a whole match: 226-237 s beside the journeys on a
    // slow 2-core machine, where the match alone overran its 150 s (decision 045, addendum
    // "2026-12-02"). Bounds against a hang, not a speed target.
    { timeout: 360_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      const otherDatabase = await createTestDatabase('postgres');
      const nodes: Node[] = [];
      const sockets: Socket[] = [];
      let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
      try {
        nodes.push(await startNode(database.url!));
        nodes.push(await startNode(database.url!));
        nodes.push(await startNode(otherDatabase.url!));
        const [a, b, other] = nodes as [Node, Node, Node];
        const admin = (
          await call<{ token: string }>(a.url, 'POST', '/api/login_api', undefined, {
            email: 'admin@test.local',
            password: 'AdminPass123',
          })
        ).body.token;
        const players: { token: string; id: number; node: Node }[] = [];
        for (let i = 0; i < 4; i++) {
          const node = i % 2 === 0 ? a : b;
          const reg = await call<{ token: string; user: { id: number } }>(
            node.url,
            'POST',
            '/api/register_api',
            undefined,
            newPlayer(),
          );
          expect(reg.status).toBe(201);
          await call(a.url, 'POST', `/api/admin/users/${reg.body.user.id}/adjustments`, admin, {
            amount: 2000,
            reason: 'Saldo de prueba',
          });
          players.push({ token: reg.body.token, id: reg.body.user.id, node });
        }

        // A socket on node B hears a join made through node A.
        const watcher = connect(b.url, {
          transports: ['websocket'],
          auth: { token: players[1]!.token },
        });
        sockets.push(watcher);
        await new Promise<void>((r) => watcher.on('connect', () => r()));
        // Only a socket that watches the table list hears its changes (decision 035).
        await watcher.timeout(5_000).emitWithAck('tables:watch', {});
        // Another deployment (its own database) on the same Redis: its table 2 is another table,
        // and it must hear nothing of this one (REDIS_PREFIX, decision 038).
        const outsider = connect(other.url, { transports: ['websocket'] });
        sockets.push(outsider);
        await new Promise<void>((r) => outsider.on('connect', () => r()));
        await outsider.timeout(5_000).emitWithAck('tables:watch', {});
        const overheard: unknown[] = [];
        outsider.on('UserJoinedTable', (p: unknown) => overheard.push(p));
        const heard = waitFor<{ table_id: number }>(
          watcher,
          'UserJoinedTable',
          (p) => p.table_id === 2,
        );
        expect(
          (
            await call(a.url, 'POST', '/api/tables/2/join', players[0]!.token, {
              entry_price: 1000,
            })
          ).status,
        ).toBe(200);
        expect(await heard).toEqual({ table_id: 2 });
        // The barrier: a broadcast to the other deployment's `tables` room through its own Redis
        // channel reaches its node after anything Redis delivered it before, this join included.
        const barrierPub = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
        const barrierSub = barrierPub.duplicate();
        const barrierIo = new Server({
          adapter: createAdapter(barrierPub, barrierSub, {
            key: `${defaultRedisPrefix(otherDatabase.url)}socket.io`,
          }),
        });
        try {
          const barrier = waitFor<{ table_id: number }>(
            outsider,
            'UserJoinedTable',
            (p) => p.table_id === -1,
          );
          barrierIo.to('tables').emit('UserJoinedTable', { table_id: -1 });
          await barrier;
        } finally {
          // Attached to no HTTP server (close() would fail on its missing engine): only its
          // adapter holds anything, the Redis subscriptions. QUIT waits for the replies to the
          // adapter's SUBSCRIBE and UNSUBSCRIBE commands, which it never awaits: a plain
          // disconnect would fail them as unhandled rejections.
          await barrierIo.of('/').adapter.close();
          await Promise.all([barrierPub.quit(), barrierSub.quit()]);
        }
        expect(overheard).toEqual([{ table_id: -1 }]);
        // This deployment's channels and counters carry its prefix in Redis.
        const prefix = defaultRedisPrefix(database.url);
        expect(prefix).not.toBe(defaultRedisPrefix(otherDatabase.url));
        const probe = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
        try {
          const channels = (await probe.pubsub('CHANNELS', `${prefix}socket.io*`)) as string[];
          expect(channels.length).toBeGreaterThan(0);
          expect(await probe.keys(`${prefix}availability*`)).not.toEqual([]);
        } finally {
          await probe.quit();
        }
        other.child.kill('SIGKILL');

        // Racing for the last seat across both nodes: exactly one wins.
        await call(b.url, 'POST', '/api/tables/2/join', players[1]!.token, { entry_price: 1000 });
        await call(a.url, 'POST', '/api/tables/2/join', players[2]!.token, { entry_price: 1000 });
        const racers = [];
        for (let i = 0; i < 4; i++) {
          const reg = await call<{ token: string; user: { id: number } }>(
            b.url,
            'POST',
            '/api/register_api',
            undefined,
            newPlayer(),
          );
          await call(a.url, 'POST', `/api/admin/users/${reg.body.user.id}/adjustments`, admin, {
            amount: 2000,
            reason: 'Saldo de prueba',
          });
          racers.push(reg.body.token);
        }
        const race = await Promise.all(
          [players[3]!.token, ...racers].map((tk, i) =>
            call(i % 2 ? a.url : b.url, 'POST', '/api/tables/2/join', tk, { entry_price: 1000 }),
          ),
        );
        expect(race.filter((r) => r.status === 200)).toHaveLength(1);
        const winnerIndex = race.findIndex((r) => r.status === 200);
        const seatedTokens = [
          players[0]!.token,
          players[1]!.token,
          players[2]!.token,
          winnerIndex === 0 ? players[3]!.token : racers[winnerIndex - 1]!,
        ];

        const table = (
          await call<{ game_id: string; seats: { seat: number; user: { id: number } }[] }>(
            a.url,
            'GET',
            '/api/tables/2',
          )
        ).body;
        const gameId = table.game_id;
        expect(gameId).toBeTruthy();

        // A player's socket on node B receives views of moves made through node A.
        const viewer = connect(b.url, {
          transports: ['websocket'],
          auth: { token: seatedTokens[1] },
        });
        sockets.push(viewer);
        await new Promise<void>((r) => viewer.on('connect', () => r()));
        const joined = await viewer.emitWithAck('game:join', { game_id: gameId });
        expect(joined.ok).toBe(true);

        // A player whose only socket leaves the game is shown disconnected to everyone (after the
        // grace period for reloads), and opening the game again takes the seat back.
        const leaver = connect(b.url, {
          transports: ['websocket'],
          auth: { token: seatedTokens[2] },
        });
        await new Promise<void>((r) => leaver.on('connect', () => r()));
        const leaverView = (await leaver.emitWithAck('game:join', { game_id: gameId }))
          .view as GameView;
        leaver.disconnect();
        await eventually(
          'the leaver shown disconnected after the grace period',
          async () => {
            const seen = (
              await call<GameView>(a.url, 'GET', `/api/games/${gameId}/view`, seatedTokens[0])
            ).body;
            return seen.seats.find((x) => x.seat === leaverView.my_seat)?.connected === false;
          },
          20_000,
          250,
        );
        const back = connect(a.url, {
          transports: ['websocket'],
          auth: { token: seatedTokens[2] },
        });
        sockets.push(back);
        await new Promise<void>((r) => back.on('connect', () => r()));
        await back.emitWithAck('game:join', { game_id: gameId });
        const again = (
          await call<GameView>(b.url, 'GET', `/api/games/${gameId}/view`, seatedTokens[0])
        ).body;
        expect(again.seats.find((x) => x.seat === leaverView.my_seat)?.connected).toBe(true);

        // The match, over Socket.IO: players 0 and 2 reach the nodes through the load balancer
        // (node A while it lives), players 1 and 3 are on node B. Each moves over its socket
        // (first legal move) when its view gives it a real choice; forced moves are the sweepers'.
        balancer = await startBalancer([a.port, b.port]);
        const screens = seatedTokens.map((tk, i) =>
          openScreen(i % 2 === 0 ? balancer!.url : b.url, tk, gameId),
        );
        sockets.push(...screens.map((x) => x.socket));
        await until('every screen to join', () => screens.every((x) => x.joins.length === 1));
        let pushedViaB = 0;
        viewer.on('game:view', () => (pushedViaB += 1));
        let killed = false;
        let movesBeforeKill = 0;
        let movesAfterKill = 0;
        let movesByMovedPlayers = 0;
        let versionAtKill = 0;
        const deadline = Date.now() + 240_000;
        for (;;) {
          expect(Date.now(), 'the match to finish in time').toBeLessThan(deadline);
          const latest = Math.max(...screens.map((x) => x.view?.version ?? -1));
          const current = screens.find((x) => x.view?.version === latest)!.view!;
          if (current.status === 'finished') break;
          if (!killed && current.hand_number >= 2) {
            a.child.kill('SIGKILL');
            killed = true;
            versionAtKill = latest;
            // Node A's players lose their sockets; the clients reconnect through the balancer,
            // which now leads to node B, and rejoin the game there.
            const moved = [screens[0]!, screens[2]!];
            await until('node A to drop its sockets', () =>
              moved.every((x) => !x.socket.connected),
            );
            await until(
              'the reconnections to node B to rejoin the game',
              () => moved.every((x) => x.socket.connected && x.joins.length === 2),
              20_000,
            );
            // The rejoin gives the exact current player view: the same as node B serves over
            // HTTP at that version (a sweeper's forced move may land in between: join again).
            for (const [k, x] of moved.entries()) {
              let joined = x.joins[1]!;
              for (let attempt = 0; ; attempt++) {
                const served = (
                  await call<GameView>(
                    b.url,
                    'GET',
                    `/api/games/${gameId}/view`,
                    seatedTokens[k * 2],
                  )
                ).body;
                if (served.version === joined.version) {
                  expect(joined).toEqual(served);
                  break;
                }
                expect(attempt, 'a stable version to compare the rejoined view').toBeLessThan(10);
                const ack = (await x.socket
                  .timeout(10_000)
                  .emitWithAck('game:join', { game_id: gameId })) as {
                  ok: boolean;
                  view: GameView;
                };
                expect(ack.ok).toBe(true);
                joined = ack.view;
              }
              expect(joined.my_seat).toBe(x.joins[0]!.my_seat);
              expect(joined.hand).not.toHaveLength(0);
            }
            continue;
          }
          const mover = screens.find(
            (x) =>
              x.socket.connected &&
              x.view?.version === latest &&
              x.view.status === 'playing' &&
              x.view.turn_seat === x.view.my_seat,
          );
          if (!mover || mover.view!.legal_moves.length < 2) {
            // A forced move, or a view on its way: wait until a screen sees something new.
            const seen = screensState(screens);
            await until('a new view on a screen', () => screensState(screens) !== seen);
            continue;
          }
          const v = mover.view!;
          const ack = (await mover.socket.timeout(10_000).emitWithAck('game:move', {
            game_id: gameId,
            version: v.version,
            ...v.legal_moves[0],
          })) as {
            ok: boolean;
            version?: number;
            code?: string;
          };
          if (ack.ok) {
            if (killed) movesAfterKill += 1;
            else movesBeforeKill += 1;
            if (killed && (mover === screens[0] || mover === screens[2])) movesByMovedPlayers += 1;
            // The mover's own push may still be on its way: wait for it before choosing again.
            await until(
              'the view of the move just made',
              () => (mover.view?.version ?? 0) >= ack.version!,
            );
          } else {
            // Only a sweeper's move landing first can refuse a move made on the latest view.
            expect(ack.code).toBe('game/stale_version');
          }
        }
        expect(killed).toBe(true);
        expect(movesBeforeKill).toBeGreaterThan(0);
        expect(movesAfterKill).toBeGreaterThan(0);
        expect(movesByMovedPlayers).toBeGreaterThan(0);
        // The reconnected players played their own turns: the bot never stood in for them. (A
        // seat that never lost its socket may still run out of turn time while this test waits on
        // a loaded machine; that is the turn clock, not a lost player.)
        const movedSeats = [screens[0]!, screens[2]!].map((x) => x.joins[0]!.my_seat);
        const log = await database.db.select().from(gameMoves).where(eq(gameMoves.gameId, gameId));
        expect(
          log.filter(
            (m) => m.seq > versionAtKill && m.actor === 'autoplay' && movedSeats.includes(m.seat),
          ),
        ).toEqual([]);
        expect(pushedViaB).toBeGreaterThan(0);
        // Every screen, the reconnected ones included, saw the end of the match over its socket.
        await until('every screen to see the result', () =>
          screens.every((x) => x.view?.status === 'finished'),
        );
        const final = (
          await call<GameView>(b.url, 'GET', `/api/games/${gameId}/view`, seatedTokens[0])
        ).body;
        expect(final.status).toBe('finished');
        const winners = final.result!.winner_seats;
        for (const [i, tk] of seatedTokens.entries()) {
          const v = (await call<GameView>(b.url, 'GET', `/api/games/${gameId}/view`, tk)).body;
          const bal = (await call<{ balance: number }>(b.url, 'GET', '/api/user/balance', tk)).body
            .balance;
          expect(bal, `seat of player ${i}`).toBe(
            winners.includes(v.my_seat) ? 2000 - 1000 + 1800 : 1000,
          );
        }
        expect((await checkLedger(database.db)).ok).toBe(true);
      } finally {
        for (const s of sockets) s.disconnect();
        await balancer?.close();
        for (const n of nodes) n.child.kill('SIGKILL');
        await Promise.all(nodes.map((n) => exited(n.child)));
        await database.close();
        await otherDatabase.close();
      }
    },
  );
});
