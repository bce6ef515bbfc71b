import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { GameView } from '@domino/contracts';
import { gamePlayers } from '../db/schema';
import type { Database } from '../db/client';
import { newPlayer } from './helpers';
import type { NodeProcess } from './nodes';
import { startNodeProcess } from './nodes';
import type { TestSocket } from './sockets';
import { call, openSocket } from './sockets';

/**
 * Test support for a paid four-player match played across two server processes that share
 * PostgreSQL and Redis (README "Several server processes"; docs/decisions/042 and 064): the
 * set-up the absence and blip tests share.
 */

/** One registered, funded player who joined the match's table. */
export interface MatchPlayer {
  token: string;
  id: number;
}

/** A paid match running on two nodes, ready for the players' sockets. */
export interface PaidMatchOnTwoNodes {
  /** Node A (where everything was set up) and node B. */
  a: NodeProcess;
  b: NodeProcess;
  /** The staff token (the nodes' bootstrap admin). */
  admin: string;
  /** The four players, in join order; each was given 100 Bs (10,000 céntimos) before joining. */
  players: MatchPlayer[];
  /** The table's id. */
  tableId: number;
  /** The match's game id. */
  gameId: string;
  /** `seats[i]` is player i's seat (0-3), as the database dealt it. */
  seats: number[];
}

/**
 * Starts two nodes on `database` with `env`, has the admin create a table (`name`, entry 10 Bs,
 * `turnSeconds` per turn), registers four players, funds each with 100 Bs and joins them, which
 * starts the match. The nodes are pushed onto `nodes` as soon as each starts, so the caller's
 * `finally` stops them even when a later step fails. Fails the test (expect) on any refusal.
 */
export async function startPaidMatchOnTwoNodes(
  database: Database & { url?: string },
  nodes: NodeProcess[],
  opts: { name: string; turnSeconds: number; env: Record<string, string> },
): Promise<PaidMatchOnTwoNodes> {
  nodes.push(await startNodeProcess(database.url!, opts.env));
  nodes.push(await startNodeProcess(database.url!, opts.env));
  const [a, b] = nodes as [NodeProcess, NodeProcess];
  const admin = (
    await call<{ token: string }>(a.url, 'POST', '/api/login_api', {
      body: { email: 'admin@test.local', password: 'AdminPass123' },
    })
  ).body.token;
  const table = await call<{ id: number }>(a.url, 'POST', '/api/admin/tables', {
    token: admin,
    body: { name: opts.name, entry_price: 10, turn_seconds: opts.turnSeconds },
  });
  expect(table.status).toBe(201);
  const players: MatchPlayer[] = [];
  for (let i = 0; i < 4; i++) {
    const reg = await call<{ token: string; user: { id: number } }>(
      a.url,
      'POST',
      '/api/register_api',
      { body: newPlayer() },
    );
    expect(reg.status).toBe(201);
    const funded = await call(a.url, 'POST', `/api/admin/users/${reg.body.user.id}/adjustments`, {
      token: admin,
      body: { amount: 100, reason: 'Saldo de prueba' },
    });
    expect(funded.status).toBe(200);
    players.push({ token: reg.body.token, id: reg.body.user.id });
  }
  for (const p of players) {
    const joined = await call(a.url, 'POST', `/api/tables/${table.body.id}/join`, {
      token: p.token,
      body: { entry_price: 10 },
    });
    expect(joined.status).toBe(200);
  }
  const gameId = (await call<{ game_id: string }>(a.url, 'GET', `/api/tables/${table.body.id}`))
    .body.game_id;
  expect(gameId).toBeTruthy();
  const seats = await Promise.all(
    players.map(
      async (p) =>
        (
          await database.db
            .select({ seat: gamePlayers.seat })
            .from(gamePlayers)
            .where(eq(gamePlayers.userId, p.id))
        )[0]!.seat,
    ),
  );
  return { a, b, admin, players, tableId: table.body.id, gameId, seats };
}

/** A player's game screen on one node: its socket, the views it got, and whether it plays. */
export interface GameScreen {
  s: TestSocket;
  /** Every view received, in order (join answer and pushes). */
  views: GameView[];
  /** Plays its first legal move whenever it has a real choice (forced moves are the server's). */
  playing: boolean;
}

/** The newest view among `views` (highest version; pushes may overtake each other). */
export function newestView(views: readonly GameView[]): GameView | undefined {
  return views.reduce<GameView | undefined>(
    (a, v) => (!a || v.version >= a.version ? v : a),
    undefined,
  );
}

/**
 * Opens a game screen for the player holding `token` on `node` and joins `gameId` there (fails
 * the test if refused). While `playing`, the screen plays its first legal move whenever its
 * newest view gives it a real choice; a refusal (another view overtook this one) is answered by
 * the next view.
 */
export async function openGameScreen(
  node: NodeProcess,
  token: string,
  gameId: string,
  playing = true,
): Promise<GameScreen> {
  const s = await openSocket(node.url, token);
  const screen: GameScreen = { s, views: [], playing };
  const play = (v: GameView) => {
    if (!screen.playing || v.status !== 'playing') return;
    if (v.turn_seat !== v.my_seat || v.legal_moves.length < 2) return;
    if (newestView(screen.views) !== v) return;
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
  const ack = (await s.socket.timeout(10_000).emitWithAck('game:join', { game_id: gameId })) as {
    ok: boolean;
    view: GameView;
  };
  expect(ack.ok).toBe(true);
  screen.views.push(ack.view);
  play(ack.view);
  return screen;
}
