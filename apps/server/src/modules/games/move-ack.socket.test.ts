import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView, MoveGameAck } from '@domino/contracts';
import { SOCKET_ID_HEADER, gameMessage, tileJson } from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import { games, rowState } from '../../db/schema';
import type { RunningServer } from '../../server';
import { startMemoryServer } from '../../test/memory-server';
import { newPlayer } from '../../test/helpers';
import type { TestSocket } from '../../test/sockets';
import { ask, call, eventually, openSocket, roundTrip } from '../../test/sockets';
import { playDueGame } from './due-moves';
import { gamesContext } from './routes';

/**
 * `game:move` with `ack_view: true` (docs/decisions/068-move-view-in-the-ack.md), on one node over
 * real Socket.IO connections: the acknowledgement carries the mover's own new view (its hand and
 * nobody else's), the socket that moved gets no `game:view` for that move, the player's other
 * socket (another tab) still gets the same view pushed, and a move without the option is answered
 * as before (`{ok, version}`, the view pushed to every socket of the player).
 */
describe('a move’s acknowledgement with its view', () => {
  let server: RunningServer;
  let base: string;
  const opened: TestSocket[] = [];

  beforeAll(async () => {
    ({ server, base } = await startMemoryServer('admin@move-ack.local'));
  });
  afterAll(async () => {
    for (const s of opened) s.socket.close();
    await server?.close();
  });

  const db = () => server.app.deps.database.db;
  const open = async (token: string) => {
    const s = await openSocket(base, token);
    opened.push(s);
    return s;
  };
  const pushedViews = (s: TestSocket, version: number) =>
    s.received.filter(
      (r) => r.event === 'game:view' && (r.payload as GameView).version === version,
    );
  const stateOf = async (gameId: string): Promise<MatchState> => {
    const [row] = await db().select().from(games).where(eq(games.id, gameId));
    return rowState(row!.storedState, row!.history) as MatchState;
  };

  /** The player's view once it is their turn with a legal move: the CPU seats play until then. */
  async function myTurn(gameId: string, token: string): Promise<GameView> {
    const ctx = gamesContext(server.app);
    for (let i = 0; i < 50; i++) {
      const view = (await call<GameView>(base, 'GET', `/api/games/${gameId}/view`, { token })).body;
      expect(view.status).toBe('playing');
      if (view.turn_seat === view.my_seat && view.legal_moves.length > 0) return view;
      // No sweeper on this server: the test plays the CPU's due turn itself.
      await db()
        .update(games)
        .set({ dueAt: sql`now() - interval '1 second'` })
        .where(eq(games.id, gameId));
      expect(await playDueGame(ctx, gameId, view.version)).toBe(true);
    }
    throw new Error('the player never got the turn');
  }

  async function practice() {
    const reg = await call<{ token: string }>(base, 'POST', '/api/register_api', {
      body: newPlayer(),
    });
    expect(reg.status).toBe(201);
    const token = reg.body.token;
    const created = await call<{ game_id: string }>(base, 'POST', '/api/practice-games', {
      token,
      body: { difficulty: 'facil' },
    });
    expect(created.status).toBe(201);
    const gameId = created.body.game_id;
    // Two tabs of the same player, both on the game screen.
    const tabA = await open(token);
    const tabB = await open(token);
    for (const tab of [tabA, tabB]) {
      expect(await ask(tab.socket, 'game:join', { game_id: gameId })).toMatchObject({ ok: true });
    }
    return { token, gameId, tabA, tabB };
  }

  it('answers with the mover’s own view and pushes it to the player’s other tab only', async () => {
    const { token, gameId, tabA, tabB } = await practice();
    const view = await myTurn(gameId, token);
    const ack = (await ask(tabA.socket, 'game:move', {
      game_id: gameId,
      version: view.version,
      ...view.legal_moves[0],
      ack_view: true,
    })) as MoveGameAck;
    expect(ack).toMatchObject({ ok: true, version: view.version + 1 });
    const answered = (ack as Extract<MoveGameAck, { ok: true }>).view!;
    expect(answered.version).toBe(view.version + 1);
    expect(answered.my_seat).toBe(view.my_seat);

    // The other tab gets exactly the same view pushed.
    const pushed = await eventually(
      'the other tab’s view',
      () => pushedViews(tabB, answered.version)[0],
    );
    expect(pushed.payload).toEqual(answered);
    // The moving tab got nothing else for this move: everything sent before the barrier is here.
    await roundTrip(tabA.socket);
    expect(pushedViews(tabA, answered.version)).toEqual([]);

    // Hidden information: the answer is exactly the view the player reads over HTTP (no
    // sweeper: nothing moved since), nothing more; its hand is the mover's as committed, and no
    // tile of another seat's hand is in its hand or its legal moves.
    const read = (await call<GameView>(base, 'GET', `/api/games/${gameId}/view`, { token })).body;
    expect(ack).toStrictEqual({ ok: true, version: answered.version, view: read });
    const state = await stateOf(gameId);
    expect(answered.hand).toEqual(state.hand.hands[view.my_seat]!.map(tileJson));
    const shown = JSON.stringify([answered.hand, answered.legal_moves]);
    for (const [seat, hand] of state.hand.hands.entries()) {
      if (seat === view.my_seat) continue;
      for (const [a, b] of hand.map(tileJson)) {
        expect(shown).not.toContain(`[${a},${b}]`);
        expect(shown).not.toContain(`[${b},${a}]`);
      }
    }
  });

  it('leaves out of the push the socket an HTTP move names (X-Socket-Id), and only it', async () => {
    const { token, gameId, tabA, tabB } = await practice();
    const view = await myTurn(gameId, token);
    const res = await call<GameView>(base, 'POST', `/api/games/${gameId}/moves`, {
      token,
      body: { version: view.version, ...view.legal_moves[0] },
      headers: { [SOCKET_ID_HEADER]: tabA.socket.id! },
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(view.version + 1);
    const pushed = await eventually('the other tab’s view', () =>
      pushedViews(tabB, res.body.version).at(0),
    );
    expect(pushed.payload).toEqual(res.body);
    await roundTrip(tabA.socket);
    expect(pushedViews(tabA, res.body.version)).toEqual([]);

    // A header that names no socket of the player's (another player's, a made-up one) leaves
    // every socket of the player pushed as before.
    const next = await myTurn(gameId, token);
    const again = await call<GameView>(base, 'POST', `/api/games/${gameId}/moves`, {
      token,
      body: { version: next.version, ...next.legal_moves[0] },
      headers: { [SOCKET_ID_HEADER]: 'not-a-socket-of-yours' },
    });
    expect(again.status).toBe(200);
    for (const tab of [tabA, tabB]) {
      await eventually('the pushed view', () => pushedViews(tab, again.body.version).length === 1);
    }
  });

  it('answers a move without the option as before, with the view pushed to every tab', async () => {
    const { token, gameId, tabA, tabB } = await practice();
    const view = await myTurn(gameId, token);
    const ack = await ask(tabA.socket, 'game:move', {
      game_id: gameId,
      version: view.version,
      ...view.legal_moves[0],
    });
    expect(ack).toEqual({ ok: true, version: view.version + 1 });
    for (const tab of [tabA, tabB]) {
      await eventually('the pushed view', () => pushedViews(tab, view.version + 1).length === 1);
    }
  });

  // The payload's check (the game's id and the move; decision 070, addendum 2026-11-30): a
  // malformed move is refused before it reaches the game, and only `ack_view: true` asks for the
  // view.
  it('refuses a malformed move before it reaches the game; only ack_view: true is the option', async () => {
    const { token, gameId, tabA } = await practice();
    const view = await myTurn(gameId, token);
    const move = view.legal_moves[0]!;
    const refused = {
      ok: false,
      code: 'game/invalid_move',
      message: gameMessage('game/invalid_move'),
    };
    for (const bad of [
      { version: view.version, ...move },
      { game_id: gameId.toUpperCase(), version: view.version, ...move },
      { game_id: 'x', version: view.version, ...move },
      { game_id: gameId, version: view.version },
      { game_id: gameId, version: -1, ...move },
      { game_id: gameId, version: view.version, pass: false },
      { game_id: gameId, version: view.version, tile: [1, 9], end: 'left' },
      'x',
      null,
    ]) {
      expect(await ask(tabA.socket, 'game:move', bad)).toEqual(refused);
    }
    const read = (await call<GameView>(base, 'GET', `/api/games/${gameId}/view`, { token })).body;
    expect(read.version).toBe(view.version);

    // Anything but `true` is no request for the view: the plain answer, the view pushed.
    const ack = await ask(tabA.socket, 'game:move', {
      game_id: gameId,
      version: view.version,
      ...move,
      ack_view: 'yes',
    });
    expect(ack).toEqual({ ok: true, version: view.version + 1 });
    await eventually('the pushed view', () => pushedViews(tabA, view.version + 1).length === 1);
  });
});
