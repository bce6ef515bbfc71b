import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView, SpectatorView, TableRules } from '@domino/contracts';
import {
  CLIENT_EVENTS,
  DEFAULT_RULES,
  MSG_SPECTATE,
  SERVER_EVENTS,
  rulesToConfig,
  spectatorViewSchema,
} from '@domino/contracts';
import type { MatchState, SeatedMove, Tile } from '@domino/domino';
import { replay } from '@domino/domino';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { gameMoves, games, gameTables, rowState } from '../../db/schema';
import type { RunningServer } from '../../server';
import { startServer } from '../../server';
import { createTestDatabase, newPlayer, postgresAvailable } from '../../test/helpers';
import { TEST_REDIS_URL, redisAvailable } from '../../test/nodes';
import type { TestSocket } from '../../test/sockets';
import { ask, call, eventually, openSocket, within } from '../../test/sockets';
import { createTableMatch } from './create';
import { spectatorCount } from './spectators';

/**
 * Spectators (docs/decisions/022-spectators.md) on real PostgreSQL, over two server
 * nodes sharing Redis: players on node A, spectators on node B. Proves that (a) no spectator
 * payload, HTTP or socket, carries a tile of any seat's hand (checked on the raw JSON against the
 * hands in the database), (b) a paid match is shown two moves behind, rebuilt from the move log,
 * (c) a private table's match needs allow_spectators and its invitation code, and every refusal
 * looks like "no such match", (d) an ended session is served nothing, (e) the count of watchers
 * reaches players and spectators live, across nodes, and (f) the replay of a finished public
 * match is open to a spectator while a private one's is not.
 */

const ADMIN = { email: 'admin@spectators.local', password: 'AdminPass123' };

interface Player {
  token: string;
  id: number;
}

/** Keys of the spectator view whose number pairs are not tiles. */
const NUMBER_ARRAYS = new Set(['scores', 'winner_seats']);

/** Every `[a, b]` pair of pips (0..6) in `value`, outside the number arrays and `last_hand`. */
function tilesIn(value: unknown, key = ''): Tile[] {
  if (NUMBER_ARRAYS.has(key) || key === 'last_hand') return [];
  if (Array.isArray(value)) {
    if (
      value.length === 2 &&
      value.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 6)
    )
      return [[value[0] as number, value[1] as number]];
    return value.flatMap((v) => tilesIn(v));
  }
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => tilesIn(v, k));
  return [];
}

const same = (a: Tile, b: Tile) =>
  Math.min(a[0], a[1]) === Math.min(b[0], b[1]) && Math.max(a[0], a[1]) === Math.max(b[0], b[1]);

/** The state after move `version`, replayed from the database's move log (independently of the server). */
async function stateAt(db: Database['db'], gameId: string, version: number): Promise<MatchState> {
  const [row] = await db.select().from(games).where(eq(games.id, gameId));
  const live = rowState(row!.storedState, row!.history) as MatchState;
  const log = await db
    .select()
    .from(gameMoves)
    .where(eq(gameMoves.gameId, gameId))
    .orderBy(asc(gameMoves.seq));
  return replay(
    live.config,
    { serverSeed: live.fairness.serverSeed, clientSeeds: live.fairness.clientSeeds },
    log.filter((m) => m.seq <= version).map((m) => ({ seat: m.seat, move: m.move }) as SeatedMove),
  );
}

/**
 * Checks one spectator payload on the wire: the exact spectator shape (no unknown key), no key
 * that names hidden information anywhere in its raw JSON, no tile of any seat's hand — in the
 * state it shows, nor in the live state in the database — outside the line, and a `last_hand`
 * that is exactly the public end-of-hand summary every player got.
 */
async function assertNoHand(db: Database['db'], gameId: string, payload: unknown): Promise<void> {
  const raw = JSON.stringify(payload);
  for (const hidden of ['"hand":', '"hands":[', '"legal_moves"', '"stock":', '"dealt"', 'seed'])
    expect(raw, `the spectator payload names ${hidden}`).not.toContain(hidden);
  const view = spectatorViewSchema.strict().parse(payload);
  const shown = await stateAt(db, gameId, view.version);
  const [row] = await db.select().from(games).where(eq(games.id, gameId));
  const live = rowState(row!.storedState, row!.history) as MatchState;
  const handsNow = [...shown.hand.hands.flat(), ...live.hand.hands.flat()];
  const onWire = tilesIn(payload);
  const line = shown.hand.line.map((p) => p.tile);
  for (const t of onWire) {
    expect(
      line.some((l) => same(l, t)),
      `tile ${t.join('-')} on the wire is not on the line`,
    ).toBe(true);
  }
  // A tile of the shown line can sit in a LIVE hand only after a new deal (the line is public).
  const stillHeld = onWire.filter((t) => shown.hand.hands.flat().some((h) => same(h, t)));
  expect(stillHeld).toEqual([]);
  if (shown.hand.number === live.hand.number) {
    expect(onWire.filter((t) => handsNow.some((h) => same(h, t)))).toEqual([]);
  }
  for (const [seat, tiles] of shown.hand.hands.entries()) {
    expect(view.seats.find((s) => s.seat === seat)?.tile_count).toBe(tiles.length);
    // The raw text of the payload outside the public summary holds none of this seat's tiles.
    const { last_hand: _summary, scores: _s, result: _r, ...rest } = view;
    const text = JSON.stringify(rest);
    for (const t of tiles) {
      expect(text).not.toContain(`[${t[0]},${t[1]}]`);
      expect(text).not.toContain(`[${t[1]},${t[0]}]`);
    }
  }
  const summary = shown.history[shown.history.length - 1];
  expect(view.last_hand?.remaining ?? null).toEqual(
    summary ? summary.remaining.map((ts) => ts.map((t) => [t[0], t[1]])) : null,
  );
  expect(view.stock_count).toBe(shown.hand.stock.length);
}

describe('spectators on PostgreSQL across two nodes', async () => {
  const skip = !(await postgresAvailable()) || !(await redisAvailable());
  let database: Database & { url?: string };
  let a: RunningServer;
  let b: RunningServer;
  let baseA = '';
  let baseB = '';
  let admin = '';
  const sockets: TestSocket[] = [];

  const start = async () => {
    const server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '',
        DATABASE_URL: database.url!,
        REDIS_URL: TEST_REDIS_URL,
        PORT: '0',
        HOST: '127.0.0.1',
        SWEEPER_INTERVAL_MS: '0',
        SESSION_SWEEP_MS: '0',
        HAND_PAUSE_MS: '0',
        BOT_MIN_DELAY_MS: '0',
        BOT_MAX_DELAY_MS: '0',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        AVAILABILITY_LIMIT_PER_MINUTE: '100000',
      }),
    );
    const { port } = server.app.server.address() as AddressInfo;
    return { server, base: `http://127.0.0.1:${port}` };
  };

  const register = async (name: string, funds = 0): Promise<Player> => {
    const reg = await call<{ token: string; user: { id: number } }>(
      baseA,
      'POST',
      '/api/register_api',
      {
        body: newPlayer({ name }),
      },
    );
    expect(reg.status).toBe(201);
    if (funds > 0) {
      const adj = await call(baseA, 'POST', `/api/admin/users/${reg.body.user.id}/adjustments`, {
        token: admin,
        body: { amount: funds, reason: 'Saldo de prueba' },
      });
      expect(adj.status).toBe(200);
    }
    return { token: reg.body.token, id: reg.body.user.id };
  };

  const socketOn = async (base: string, token: string) => {
    const s = await openSocket(base, token);
    sockets.push(s);
    return s;
  };

  const received = (s: TestSocket, event: string) =>
    s.received.filter((r) => r.event === event).map((r) => r.payload);

  const until = async (what: string, check: () => boolean, ms = 5_000) => {
    await eventually(what, check, ms);
  };

  /** The first legal move of the seat to move, sent over HTTP by its player (node A). */
  const playOne = async (gameId: string, players: Player[]): Promise<GameView> => {
    const any = await call<GameView>(baseA, 'GET', `/api/games/${gameId}/view`, {
      token: players[0]!.token,
    });
    const mover = players[any.body.turn_seat!]!;
    const mine = await call<GameView>(baseA, 'GET', `/api/games/${gameId}/view`, {
      token: mover.token,
    });
    const res = await call<GameView>(baseA, 'POST', `/api/games/${gameId}/moves`, {
      token: mover.token,
      body: { version: mine.body.version, ...mine.body.legal_moves[0] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  /** A match at a new table created directly (the private tables' own flows are not this suite's). */
  const matchAt = async (
    table: { visibility: 'public' | 'private'; allowSpectators?: boolean; code?: string },
    players: Player[],
    entryCents: number,
  ): Promise<{ gameId: string; tableId: number }> => {
    const rules: TableRules = { ...DEFAULT_RULES, mode: 'individual', players: 2, drawing: true };
    const [row] = await database.db
      .insert(gameTables)
      .values({
        name: `Mesa ${table.visibility} ${table.code ?? ''}`.trim(),
        entryPriceCents: table.visibility === 'public' ? Math.max(entryCents, 100) : entryCents,
        rules,
        visibility: table.visibility,
        hostUserId: table.visibility === 'private' ? players[0]!.id : null,
        inviteCode: table.code ?? null,
        allowSpectators: table.allowSpectators ?? true,
      })
      .returning({ id: gameTables.id });
    const tableId = row!.id;
    const gameId = await database.db.transaction((tx) =>
      createTableMatch(tx, {
        tableId,
        tableName: `Mesa ${tableId}`,
        round: 1,
        config: rulesToConfig(rules),
        serverSeed: `seed-${tableId}-${Date.now()}`,
        seats: players.map((p, seat) => ({ seat, userId: p.id, clientSeed: `c${seat}` })),
        entryCents,
        houseFeeBps: 800,
        potShareBps: 200,
        startsAt: new Date(),
        timing: { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 },
      }),
    );
    return { gameId, tableId };
  };

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase('postgres');
    ({ server: a, base: baseA } = await start());
    ({ server: b, base: baseB } = await start());
    admin = (await call<{ token: string }>(baseA, 'POST', '/api/login_api', { body: ADMIN })).body
      .token;
  }, 60_000);
  afterAll(async () => {
    if (skip) return;
    for (const s of sockets) s.socket.close();
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it.skipIf(skip)(
    'shows a paid public match two moves behind, without any hand on the wire, with live counts, and its replay once finished',
    // A whole match over sockets on two nodes: under a minute alone, more on a loaded machine.
    { timeout: 240_000 },
    async () => {
      // A real paid table: two funded players join "Mesa Mano a Mano" (id 6, Bs. 750, drawing).
      const p0 = await register('Ana Pérez', 2000);
      const p1 = await register('Beto Ruiz', 2000);
      const players = [p0, p1];
      for (const p of players) {
        const res = await call(baseA, 'POST', '/api/tables/6/join', {
          token: p.token,
          body: { entry_price: 750 },
        });
        expect(res.status).toBe(200);
      }
      const list = await call<{ id: number; status: string; game_id: string | null }[]>(
        baseA,
        'GET',
        '/api/tables',
      );
      const card = list.body.find((t) => t.id === 6)!;
      expect(card.status).toBe('playing');
      const gameId = card.game_id!;
      expect(gameId).toMatch(/^[0-9a-f-]{36}$/);

      const viewer = await register('Carla Díaz');
      const other = await register('Diego Mora');

      // A seated player is sent to their own view; the spectator's HTTP view of a fresh match.
      const seatedTry = await call(baseB, 'GET', `/api/games/${gameId}/spectate`, {
        token: p0.token,
      });
      expect(seatedTry.status).toBe(409);
      expect(seatedTry.body).toMatchObject({ message: MSG_SPECTATE.isPlayer });
      const first = await call<SpectatorView>(baseB, 'GET', `/api/games/${gameId}/spectate`, {
        token: viewer.token,
      });
      expect(first.status).toBe(200);
      await assertNoHand(database.db, gameId, first.body);
      expect(first.body).toMatchObject({ version: 0, delayed_moves: 0, spectators: 0 });
      expect(first.body.seats.map((s) => s.name)).toEqual(['Ana P.', 'Beto R.']);

      // (e) A player's socket on node A hears the count when a spectator on node B starts.
      const playerSocket = await socketOn(baseA, p0.token);
      const joined = (await ask(playerSocket.socket, CLIENT_EVENTS.joinGame, {
        game_id: gameId,
      })) as { ok: boolean; view: GameView };
      expect(joined.ok).toBe(true);
      expect(joined.view.spectators).toBe(0);
      const seatedWatch = await ask(playerSocket.socket, CLIENT_EVENTS.watchGame, {
        game_id: gameId,
      });
      expect(seatedWatch).toMatchObject({ ok: false, message: MSG_SPECTATE.isPlayer });

      const watcher = await socketOn(baseB, viewer.token);
      const ack = (await ask(
        watcher.socket,
        CLIENT_EVENTS.watchGame,
        { game_id: gameId },
        5_000,
      )) as {
        ok: boolean;
        view: SpectatorView;
      };
      expect(ack.ok).toBe(true);
      expect(ack.view.spectators).toBe(1);
      await assertNoHand(database.db, gameId, ack.view);
      await until('the player to hear one spectator', () =>
        received(playerSocket, SERVER_EVENTS.gameSpectators).some(
          (e) => (e as { count: number }).count === 1,
        ),
      );
      // Node A learns the count node B took from B's message (decision 077): nothing on A
      // counted since the player joined, and A's moves below push to the spectator on B.
      await until(
        'node A to learn the count from node B',
        () => spectatorCount(a.app.deps.hub, gameId) === 1,
      );
      // The same user in a second tab is still one spectator; another user makes two.
      const watcherTab2 = await socketOn(baseA, viewer.token);
      expect(
        await ask(watcherTab2.socket, CLIENT_EVENTS.watchGame, { game_id: gameId }, 5_000),
      ).toMatchObject({ ok: true, view: { spectators: 1 } });
      const second = await socketOn(baseB, other.token);
      expect(
        await ask(second.socket, CLIENT_EVENTS.watchGame, { game_id: gameId }, 5_000),
      ).toMatchObject({ ok: true, view: { spectators: 2 } });
      await until('the player to hear two spectators', () =>
        received(playerSocket, SERVER_EVENTS.gameSpectators).some(
          (e) => (e as { count: number }).count === 2,
        ),
      );
      second.socket.close();
      await until('the player and the spectator to hear one spectator again', () =>
        [playerSocket, watcher].every(
          (s) =>
            (received(s, SERVER_EVENTS.gameSpectators).at(-1) as { count: number } | undefined)
              ?.count === 1,
        ),
      );
      // A spectator's socket leaving always announces the count (games/socket.ts): the one
      // announced after the second tab closed is still one.
      const countsBefore = received(playerSocket, SERVER_EVENTS.gameSpectators).length;
      watcherTab2.socket.close();
      await until(
        'the count announced after the second tab closed',
        () => received(playerSocket, SERVER_EVENTS.gameSpectators).length > countsBefore,
      );
      expect(
        (received(playerSocket, SERVER_EVENTS.gameSpectators).at(-1) as { count: number }).count,
      ).toBe(1);

      // (a)+(b) Moves on node A: the spectator on node B gets each view two moves behind.
      const lines = new Map<number, GameView['line']>([[0, joined.view.line]]);
      let last: GameView = joined.view;
      for (let i = 0; i < 12 && last.status === 'playing'; i++) {
        last = await playOne(gameId, players);
        lines.set(last.version, last.line);
        // The mover's own view counts the spectator too.
        expect(last.spectators).toBe(1);
        if (last.status === 'finished') break;
        const want = Math.max(0, last.version - 2);
        // The view pushed for this move: version `want`, as many moves behind as the match.
        const ofThisMove = (v: unknown) =>
          (v as SpectatorView).version === want &&
          (v as SpectatorView).version + (v as SpectatorView).delayed_moves === last.version;
        await until(`the spectator view of version ${want}`, () =>
          received(watcher, SERVER_EVENTS.gameSpectate).some(ofThisMove),
        );
        const pushed = received(watcher, SERVER_EVENTS.gameSpectate).find(
          ofThisMove,
        ) as SpectatorView;
        expect(pushed.delayed_moves).toBe(Math.min(2, last.version));
        expect(pushed.turn_deadline).toBeNull();
        if (want >= 0 && lines.has(want)) expect(pushed.line).toEqual(lines.get(want));
        const overHttp = await call<SpectatorView>(baseB, 'GET', `/api/games/${gameId}/spectate`, {
          token: viewer.token,
        });
        expect(overHttp.body.version).toBe(Math.max(0, last.version - 2));
        await assertNoHand(database.db, gameId, overHttp.body);
      }
      for (const payload of received(watcher, SERVER_EVENTS.gameSpectate))
        await assertNoHand(database.db, gameId, payload);
      // The line really is behind: the live line has two more tiles than the spectator's, or a
      // new hand began in between.
      const pushedViews = received(watcher, SERVER_EVENTS.gameSpectate) as SpectatorView[];
      expect(pushedViews.length).toBeGreaterThanOrEqual(10);

      // A running public match's replay is not a spectator's (no move log mid-match).
      expect(
        (await call(baseB, 'GET', `/api/games/${gameId}/replay`, { token: viewer.token })).status,
      ).toBe(403);

      // To the end: the final state is shown at once, with the replay open to the spectator.
      for (let i = 0; i < 2000 && last.status === 'playing'; i++)
        last = await playOne(gameId, players);
      expect(last.status).toBe('finished');
      await until('the spectator to see the end', () =>
        received(watcher, SERVER_EVENTS.gameSpectate).some(
          (v) => (v as SpectatorView).status === 'finished',
        ),
      );
      const end = received(watcher, SERVER_EVENTS.gameSpectate).find(
        (v) => (v as SpectatorView).status === 'finished',
      ) as SpectatorView;
      expect(end).toMatchObject({
        delayed_moves: 0,
        replay_available: true,
        version: last.version,
        turn_seat: null,
      });
      expect(end.result?.winner_seats).toEqual(last.result?.winner_seats);
      await assertNoHand(database.db, gameId, end);
      const rep = await call<{ my_seat: number | null; seats: { name: string }[] }>(
        baseB,
        'GET',
        `/api/games/${gameId}/replay`,
        { token: viewer.token },
      );
      expect(rep.status).toBe(200);
      expect(rep.body.my_seat).toBeNull();
      expect(rep.body.seats.map((s) => s.name)).toEqual(['Ana P.', 'Beto R.']);
      // The fairness record keeps its rule: players and staff only.
      expect(
        (await call(baseB, 'GET', `/api/games/${gameId}/fairness`, { token: viewer.token })).status,
      ).toBe(403);
    },
  );

  it.skipIf(skip)(
    'shows a free match live, and a private table only with spectators allowed and its code, refusing like a missing match',
    { timeout: 60_000 },
    async () => {
      const host = await register('Elena Soto');
      const guest = await register('Félix Rojas');
      const viewer = await register('Gabriela Luna');
      const players = [host, guest];
      const open = await matchAt(
        { visibility: 'private', code: 'QW7ER2', allowSpectators: true },
        players,
        0,
      );
      const host2 = await register('Hugo Vera');
      const guest2 = await register('Inés Paz');
      const closed = await matchAt(
        { visibility: 'private', code: 'ZX9CV4', allowSpectators: false },
        [host2, guest2],
        0,
      );
      const missing = '00000000-0000-4000-8000-000000000000';

      const refusals = [
        `/api/games/${open.gameId}/spectate`,
        `/api/games/${open.gameId}/spectate?code=AAAAAA`,
        `/api/games/${open.gameId}/spectate?code=QW7ER`,
        `/api/games/${closed.gameId}/spectate?code=ZX9CV4`,
        `/api/games/${closed.gameId}/spectate`,
        `/api/games/${missing}/spectate?code=QW7ER2`,
      ];
      const bodies = [];
      for (const url of refusals) {
        const res = await call(baseB, 'GET', url, { token: viewer.token });
        expect(res.status, url).toBe(404);
        bodies.push(res.body);
      }
      // Every refusal is the same answer as a match that does not exist.
      for (const body of bodies) expect(body).toEqual(bodies[bodies.length - 1]);
      expect(bodies[0]).toMatchObject({ message: MSG_SPECTATE.notFound });
      // A practice match is nobody's to watch either.
      const practice = await call<{ game_id: string }>(baseA, 'POST', '/api/practice-games', {
        token: host.token,
        body: { difficulty: 'facil' },
      });
      expect(
        (
          await call(baseB, 'GET', `/api/games/${practice.body.game_id}/spectate`, {
            token: viewer.token,
          })
        ).body,
      ).toEqual(bodies[0]);

      const socket = await socketOn(baseB, viewer.token);
      for (const payload of [
        { game_id: open.gameId },
        { game_id: open.gameId, code: 'AAAAAA' },
        { game_id: closed.gameId, code: 'ZX9CV4' },
        { game_id: missing },
        { game_id: 'not-a-uuid' },
        { game_id: open.gameId, code: 42 },
        'nonsense',
      ]) {
        expect(await ask(socket.socket, CLIENT_EVENTS.watchGame, payload, 5_000)).toEqual({
          ok: false,
          code: 'game/not_found',
          message: MSG_SPECTATE.notFound,
        });
      }
      expect(received(socket, SERVER_EVENTS.gameSpectate)).toEqual([]);

      // The right code (any letter case) opens it; a free match is live: no delay, a deadline.
      const ok = (await ask(
        socket.socket,
        CLIENT_EVENTS.watchGame,
        { game_id: open.gameId, code: ' qw7er2 ' },
        5_000,
      )) as { ok: boolean; view: SpectatorView };
      expect(ok.ok).toBe(true);
      expect(ok.view).toMatchObject({ delayed_moves: 0, version: 0, replay_available: false });
      expect(ok.view.turn_deadline).not.toBeNull();
      await assertNoHand(database.db, open.gameId, ok.view);
      const http = await call<SpectatorView>(
        baseA,
        'GET',
        `/api/games/${open.gameId}/spectate?code=QW7ER2`,
        { token: viewer.token },
      );
      expect(http.status).toBe(200);
      for (let i = 0; i < 4; i++) {
        const v = await playOne(open.gameId, players);
        await until(`the live view of version ${v.version}`, () =>
          received(socket, SERVER_EVENTS.gameSpectate).some(
            (x) => (x as SpectatorView).version === v.version,
          ),
        );
        const pushed = received(socket, SERVER_EVENTS.gameSpectate).find(
          (x) => (x as SpectatorView).version === v.version,
        ) as SpectatorView;
        expect(pushed.line).toEqual(v.line);
        expect(pushed.delayed_moves).toBe(0);
        await assertNoHand(database.db, open.gameId, pushed);
      }
      // A finished private match's replay stays with its players: to anyone else it is a match
      // that does not exist (decision 048), as the spectate route says of it without the code.
      await database.db
        .update(games)
        .set({ status: 'finished', storedState: sql`jsonb_set(state, '{status}', '"finished"')` })
        .where(eq(games.id, open.gameId));
      expect(
        (await call(baseA, 'GET', `/api/games/${open.gameId}/replay`, { token: host.token }))
          .status,
      ).toBe(200);
      expect(
        (await call(baseB, 'GET', `/api/games/${open.gameId}/replay`, { token: viewer.token }))
          .status,
      ).toBe(404);
    },
  );

  it.skipIf(skip)(
    'serves nothing to a session that ended: no view pushed after the logout, no watch, no HTTP',
    { timeout: 60_000 },
    async () => {
      const p0 = await register('Julia Mar');
      const p1 = await register('Kevin Sol');
      const viewer = await register('Luis Gil');
      const players = [p0, p1];
      const { gameId } = await matchAt({ visibility: 'public' }, players, 5_000);
      const socket = await socketOn(baseB, viewer.token);
      const ack = await ask(socket.socket, CLIENT_EVENTS.watchGame, { game_id: gameId }, 5_000);
      expect(ack).toMatchObject({ ok: true });
      // Another spectator on the same node, whose session lives: the barrier of the check below.
      const witness = await socketOn(baseB, (await register('Nora Paz')).token);
      expect(
        await ask(witness.socket, CLIENT_EVENTS.watchGame, { game_id: gameId }, 5_000),
      ).toMatchObject({ ok: true });
      await playOne(gameId, players);
      await playOne(gameId, players);
      await until(
        'a view pushed while the session lives',
        () => received(socket, SERVER_EVENTS.gameSpectate).length > 0,
      );
      const out = await call(baseA, 'POST', '/api/logout', { token: viewer.token });
      expect(out.status).toBe(200);
      const end = await within(5_000, socket.ended, 'the disconnect');
      expect(end.event?.reason).toBe('logged_out');
      const before = socket.received.length;
      const witnessed = received(witness, SERVER_EVENTS.gameSpectate).length;
      for (let i = 0; i < 3; i++) await playOne(gameId, players);
      // Each move's view has reached the live spectator on node B: the ended one got none.
      await until(
        'the views of the three moves pushed to the live spectator',
        () => received(witness, SERVER_EVENTS.gameSpectate).length >= witnessed + 3,
      );
      expect(socket.received.slice(before)).toEqual([]);
      expect(
        (await call(baseB, 'GET', `/api/games/${gameId}/spectate`, { token: viewer.token })).status,
      ).toBe(401);
      await expect(openSocket(baseB, viewer.token)).rejects.toBeTruthy();
    },
  );
});
