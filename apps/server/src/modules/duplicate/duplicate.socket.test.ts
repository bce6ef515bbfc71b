import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_EVENTS,
  DUPLICATE_ROUTES,
  MSG_SPECTATE,
  SERVER_EVENTS,
  publicName,
  type DuplicateDetail,
} from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import { games, rowState, users } from '../../db/schema';
import type { RunningServer } from '../../server';
import { startMemoryServer } from '../../test/memory-server';
import { newPlayer } from '../../test/helpers';
import { playGame } from '../../test/tournaments';
import type { TestSocket } from '../../test/sockets';
import { ask, call, eventually, openSocket, roundTrip } from '../../test/sockets';
import { serverGamesContext } from '../games/module';
import { duplicateSets } from './schema';

/**
 * The duplicate leak on the wire (docs/decisions/062-duplicate-domino.md): over real Socket.IO a
 * player of table 1 can neither watch nor join table 2's game, and while table 2 plays a board
 * the table-1 player's socket receives nothing of it (no view, no spectator view); the set's
 * comparison over HTTP lists a board only once both tables finished it. `duplicate:compared`
 * (decision 062, addendum "A board compared, live") reaches the set's players of both tables
 * exactly when the second table finishes a board, and never a stranger.
 */
const ADMIN = { email: 'admin@dup.local', password: 'AdminPass123' };

describe('duplicate set sockets (one node)', () => {
  let server: RunningServer;
  let base: string;
  let adminToken: string;
  const opened: TestSocket[] = [];

  beforeAll(async () => {
    ({ server, base } = await startMemoryServer(ADMIN.email, {
      SESSION_SWEEP_MS: '0',
      HAND_PAUSE_MS: '0',
    }));
    adminToken = (await call<{ token: string }>(base, 'POST', '/api/login_api', { body: ADMIN }))
      .body.token;
  });
  afterAll(async () => {
    for (const s of opened) s.socket.close();
    await server?.close();
  });

  async function player() {
    const body = newPlayer();
    const reg = await call<{ token: string; user: { id: number } }>(
      base,
      'POST',
      '/api/register_api',
      { body },
    );
    expect(reg.status).toBe(201);
    return { token: reg.body.token, id: reg.body.user.id, username: String(body.username) };
  }

  /** Opens a staff set of `boards` boards for eight new players (team x = 0..3, y = 4..7). */
  async function openSet(name: string, boards: number) {
    const p = [] as Awaited<ReturnType<typeof player>>[];
    for (let i = 0; i < 8; i++) p.push(await player());
    const u = (i: number) => (p[i] as { username: string }).username;
    const created = await call<DuplicateDetail>(base, 'POST', DUPLICATE_ROUTES.staffCreate, {
      token: adminToken,
      body: {
        name,
        boards,
        teams: {
          x: [
            [u(0), u(1)],
            [u(2), u(3)],
          ],
          y: [
            [u(4), u(5)],
            [u(6), u(7)],
          ],
        },
      },
    });
    expect(created.status).toBe(200);
    const [set] = await server.app.deps.database.db
      .select()
      .from(duplicateSets)
      .where(eq(duplicateSets.id, created.body.id));
    if (!set) throw new Error('no set');
    return { p, set };
  }

  it('tells both tables of a compared board at once, and nobody before or besides', async () => {
    const { p, set } = await openSet('Duplicado avisado', 2);
    const id = (i: number) => (p[i] as { id: number }).id;
    // Ana plays at table 1 (seat 0), Raúl at table 2 (seat 1); Otto is in no set.
    const ana = await openSocket(base, (p[0] as { token: string }).token);
    const raul = await openSocket(base, (p[2] as { token: string }).token);
    const otto = await openSocket(base, (await player()).token);
    opened.push(ana, raul, otto);
    const compared = (s: TestSocket) =>
      s.received.filter((r) => r.event === SERVER_EVENTS.duplicateCompared).map((r) => r.payload);
    const barrier = () => Promise.all([ana, raul, otto].map((s) => roundTrip(s.socket)));
    const ctx = serverGamesContext(server.app);
    const seats1 = [0, 4, 1, 5].map(id);
    const seats2 = [6, 2, 7, 3].map(id);
    const handsDone = (n: number) => (s: MatchState) => s.history.length >= n;

    // Table 2 finishes board 1 first: table 1 has not, so nobody hears of it.
    await playGame(ctx, set.game2Id, seats2, handsDone(1));
    await barrier();
    expect([compared(ana), compared(raul), compared(otto)]).toEqual([[], [], []]);

    // Table 1 finishes board 1: both tables' players hear it at once, the stranger does not.
    await playGame(ctx, set.game1Id, seats1, handsDone(1));
    const first = { set_id: set.id, boards_compared: 1 };
    await eventually('board 1 told to table 1', () => compared(ana).length > 0);
    await eventually('board 1 told to table 2', () => compared(raul).length > 0);
    expect([compared(ana), compared(raul)]).toEqual([[first], [first]]);

    // Now table 1 is ahead: its last board ends first, and Raúl, whose table still plays it,
    // learns nothing; neither does Ana.
    await playGame(ctx, set.game1Id, seats1);
    await barrier();
    expect([compared(ana), compared(raul), compared(otto)]).toEqual([[first], [first], []]);

    // Table 2 ends board 2: compared, told to both.
    await playGame(ctx, set.game2Id, seats2);
    const second = { set_id: set.id, boards_compared: 2 };
    await eventually('board 2 told to table 2', () => compared(raul).length > 1);
    await eventually('board 2 told to table 1', () => compared(ana).length > 1);
    await barrier();
    expect([compared(ana), compared(raul), compared(otto)]).toEqual([
      [first, second],
      [first, second],
      [],
    ]);
    const detail = await call<DuplicateDetail>(base, 'GET', DUPLICATE_ROUTES.detail(set.id), {
      token: (p[2] as { token: string }).token,
    });
    expect(detail.body.compared.map((b) => b.board)).toEqual([1, 2]);
  });

  it('keeps the other table closed to a player until both tables finished a board', async () => {
    const p = [] as Awaited<ReturnType<typeof player>>[];
    for (let i = 0; i < 8; i++) p.push(await player());
    const u = (i: number) => (p[i] as { username: string }).username;
    const created = await call<DuplicateDetail>(base, 'POST', DUPLICATE_ROUTES.staffCreate, {
      token: adminToken,
      body: {
        name: 'Duplicado en vivo',
        boards: 1,
        teams: {
          x: [
            [u(0), u(1)],
            [u(2), u(3)],
          ],
          y: [
            [u(4), u(5)],
            [u(6), u(7)],
          ],
        },
      },
    });
    expect(created.status).toBe(200);
    const db = server.app.deps.database.db;
    const [set] = await db
      .select()
      .from(duplicateSets)
      .where(eq(duplicateSets.id, created.body.id));
    if (!set) throw new Error('no set');

    const ana = p[0] as { token: string; id: number };
    const socket = await openSocket(base, ana.token);
    opened.push(socket);
    const watch = await ask(socket.socket, CLIENT_EVENTS.watchGame, { game_id: set.game2Id });
    expect(watch).toMatchObject({
      ok: false,
      code: 'game/not_found',
      message: MSG_SPECTATE.notFound,
    });
    const join = await ask(socket.socket, CLIENT_EVENTS.joinGame, { game_id: set.game2Id });
    expect(join).toMatchObject({ ok: false });
    // Her own table she may join.
    expect(
      await ask(socket.socket, CLIENT_EVENTS.joinGame, { game_id: set.game1Id }),
    ).toMatchObject({ ok: true });

    // Table 2 plays its only board to the end while table 1 has not started.
    const seats2 = [p[6], p[2], p[7], p[3]].map((x) => (x as { id: number }).id);
    const ctx = serverGamesContext(server.app);
    const before = socket.received.length;
    await playGame(ctx, set.game2Id, seats2);
    await roundTrip(socket.socket);
    const leaked = socket.received
      .slice(before)
      .filter((r) => JSON.stringify(r.payload).includes(set.game2Id));
    expect(leaked).toEqual([]);
    expect(
      socket.received.some(
        (r) => r.event === SERVER_EVENTS.gameSpectate || r.event === SERVER_EVENTS.gameSpectators,
      ),
    ).toBe(false);
    const early = await call<DuplicateDetail>(base, 'GET', DUPLICATE_ROUTES.detail(set.id), {
      token: ana.token,
    });
    expect(early.body.compared).toEqual([]);

    // Table 1 plays its board: now both finished it and the comparison shows it.
    const seats1 = [p[0], p[4], p[1], p[5]].map((x) => (x as { id: number }).id);
    await playGame(ctx, set.game1Id, seats1);
    const done = await eventually('the compared board', async () => {
      const r = await call<DuplicateDetail>(base, 'GET', DUPLICATE_ROUTES.detail(set.id), {
        token: ana.token,
      });
      return r.body.compared.length === 1 ? r.body : null;
    });
    expect(done.status).toBe('finished');
    const [g1] = await db.select().from(games).where(eq(games.id, set.game1Id));
    const state = rowState(g1?.storedState, g1?.history) as MatchState;
    expect(done.compared[0]?.table1).toEqual(state.history[0]?.pointsBySide);
    const [name] = await db.select({ name: users.name }).from(users).where(eq(users.id, ana.id));
    expect(done.teams.x[0]?.players[0]).toBe(publicName(name?.name ?? ''));
  });
});
