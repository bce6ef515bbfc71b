import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_MESSAGES, MSG_FAIRNESS, PRACTICE_GAME_RATE_LIMIT } from '@domino/contracts';
import type { GameView, MoveRequest } from '@domino/contracts';
import type { MatchState, Move, Seat } from '@domino/domino';
import { replay, verifyMatch } from '@domino/domino';
import { openDatabase } from '../../db/client';
import { gameMoves, gamePlayers, games, rowState } from '../../db/schema';
import { RealtimeHub } from '../realtime/hub';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, createTestDatabase, newPlayer, postgresAvailable } from '../../test/helpers';
import type { BotPolicy } from './bots';
import type { GamesContext } from './context';
import { createPracticeGame } from './create';
import { extendDeadlinesAfterRestart, runDueGame } from './due-moves';
import { submitMove } from './moves';
import { getGameView, markDisconnected, reclaimSeat } from './presence';
import { gameCacheFor } from './cache';
import { ABSENCE_PATIENCE_MS } from './clock';
import { Sweeper } from './sweeper';

/** A deterministic test double: the first legal move of the view (the engine bots are tested in packages/domino). */
const firstLegal: BotPolicy = (view) => {
  const m = view.legalMoves[0];
  if (!m) throw new Error('bot asked to move without legal moves');
  return m as Move;
};

const FAST = {
  BOT_MIN_DELAY_MS: '0',
  BOT_MAX_DELAY_MS: '0',
  HAND_PAUSE_MS: '0',
  SWEEPER_INTERVAL_MS: '0',
};

/** The games context of a test app, without bot or hand pauses (what its sweeper gets). */
function gamesContextOf(t: TestApp): GamesContext {
  return {
    db: t.database.db,
    hub: t.app.deps.hub,
    bots: t.app.deps.bots,
    tableMatchFinished: t.app.deps.tableMatchFinished,
    timing: { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 },
  };
}

describe('practice games over HTTP', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  const gamesContext = () => gamesContextOf(t);
  const sweep = async () => {
    const ctx = gamesContext();
    while (await runDueGame(ctx));
  };
  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, tk = token) =>
    t.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      headers: { authorization: `Bearer ${tk}` },
    });

  /** Plays on (the player's first legal move, the CPU via the sweeper) until the player has a real choice. */
  const reachChoice = async (gameId: string, from: GameView): Promise<GameView> => {
    let view = from;
    while (view.turn_seat !== 0 || view.legal_moves.length < 2) {
      if (view.turn_seat === 0) {
        await api('POST', `/api/games/${gameId}/moves`, {
          version: view.version,
          ...view.legal_moves[0],
        });
      } else {
        await sweep();
      }
      view = (await api('GET', `/api/games/${gameId}/view`)).json();
    }
    return view;
  };

  beforeAll(async () => {
    t = await buildTestApp('pglite', FAST);
    t.app.deps.bots = firstLegal;
    token = (
      await t.app.inject({ method: 'POST', url: '/api/register_api', payload: newPlayer() })
    ).json().token;
    otherToken = (
      await t.app.inject({ method: 'POST', url: '/api/register_api', payload: newPlayer() })
    ).json().token;
  });
  afterAll(() => t.close());

  it('creates a match against the CPU and shows only the caller its own tiles', async () => {
    const res = await api('POST', '/api/practice-games', { difficulty: 'medio' });
    expect(res.statusCode).toBe(201);
    const { game_id } = res.json();
    const view: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
    expect(view).toMatchObject({
      game_id,
      kind: 'practice',
      status: 'playing',
      my_seat: 0,
      mode: 'parejas',
      target_points: 100,
      hand_number: 1,
    });
    expect(view.hand).toHaveLength(7);
    expect(view.tile_counts).toEqual([7, 7, 7, 7]);
    expect(view.fairness.server_seed).toBeNull();
    expect(view.fairness.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(view.seats.map((s) => [s.seat, s.is_bot, s.bot_level])).toEqual([
      [0, false, null],
      [1, true, 'medio'],
      [2, true, 'medio'],
      [3, true, 'medio'],
    ]);
    expect(view.seats[2]?.name).toBe('Compañero CPU');
    const [row] = await t.database.db.select().from(games).where(eq(games.id, game_id));
    const hidden = (rowState(row?.storedState, row?.history) as MatchState).hand.hands
      .slice(1)
      .flat();
    const body = JSON.stringify(view);
    for (const tile of hidden)
      expect(view.hand.some((h) => h[0] === tile[0] && h[1] === tile[1])).toBe(false);
    expect(body).not.toContain(
      (rowState(row?.storedState, row?.history) as MatchState).fairness.serverSeed,
    );
  });

  it("shows a player's new name from the next move of a match in progress", async () => {
    const me = newPlayer({ name: 'Nombre Viejo' });
    const tk = (
      await t.app.inject({ method: 'POST', url: '/api/register_api', payload: me })
    ).json().token as string;
    const created = await api('POST', '/api/practice-games', { difficulty: 'medio' }, tk);
    const { game_id } = created.json();
    const first: GameView = (await api('GET', `/api/games/${game_id}/view`, undefined, tk)).json();
    expect(first.seats[0]?.name).toBe('Nombre Viejo');
    let view = first;
    while (view.turn_seat !== 0) {
      await sweep();
      view = (await api('GET', `/api/games/${game_id}/view`, undefined, tk)).json();
    }
    // This node's copy of the game holds the seats with the old name.
    const copy = await gameCacheFor(t.database.db).load(t.database.db, game_id);
    expect(copy?.players[0]?.name).toBe('Nombre Viejo');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      payload: { name: 'Nombre Nuevo', email: me.email, phone: me.phone },
      headers: { authorization: `Bearer ${tk}` },
    });
    expect(renamed.statusCode).toBe(200);
    const moved = await api(
      'POST',
      `/api/games/${game_id}/moves`,
      { version: view.version, ...view.legal_moves[0] },
      tk,
    );
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as GameView).seats[0]?.name).toBe('Nombre Nuevo');
  });

  it('refuses strangers, unknown games and bad difficulties', async () => {
    const { game_id } = (await api('POST', '/api/practice-games', { difficulty: 'facil' })).json();
    // Another player's practice match is, to a stranger, a match that does not exist (decision 048).
    expect((await api('GET', `/api/games/${game_id}/view`, undefined, otherToken)).json()).toEqual({
      message: GAME_MESSAGES['game/not_found'],
      code: 'game/not_found',
    });
    expect((await api('GET', `/api/games/${game_id}/view`, undefined, otherToken)).statusCode).toBe(
      404,
    );
    expect((await api('GET', '/api/games/nope/view')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/games/${game_id}/view` })).statusCode,
    ).toBe(401);
    const bad = await api('POST', '/api/practice-games', { difficulty: 'imposible' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.difficulty).toEqual([
      'Selecciona una dificultad: facil, medio, dificil o experto',
    ]);
  });

  it('lets a player start PRACTICE_GAME_RATE_LIMIT practice matches per window, then refuses in Spanish and creates nothing', async () => {
    const tk = (
      await t.app.inject({ method: 'POST', url: '/api/register_api', payload: newPlayer() })
    ).json().token;
    const me = (await api('GET', '/api/user', undefined, tk)).json();
    const practiceOf = async () =>
      (
        await t.database.db
          .select({ id: gamePlayers.gameId })
          .from(gamePlayers)
          .where(eq(gamePlayers.userId, me.id))
      ).length;
    for (let i = 0; i < PRACTICE_GAME_RATE_LIMIT.points; i++) {
      const res = await api('POST', '/api/practice-games', { difficulty: 'facil' }, tk);
      expect(res.statusCode).toBe(201);
    }
    expect(await practiceOf()).toBe(PRACTICE_GAME_RATE_LIMIT.points);
    const refused = await api('POST', '/api/practice-games', { difficulty: 'experto' }, tk);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: GAME_MESSAGES['game/too_many_practice'],
      code: 'game/too_many_practice',
    });
    expect(await practiceOf()).toBe(PRACTICE_GAME_RATE_LIMIT.points);
    // Per player: another account still starts one.
    expect(
      (await api('POST', '/api/practice-games', { difficulty: 'facil' }, otherToken)).statusCode,
    ).toBe(201);
  });

  it('rejects stale versions, wrong turns and illegal tiles with Spanish messages and changes nothing', async () => {
    const { game_id } = (await api('POST', '/api/practice-games', { difficulty: 'facil' })).json();
    let view: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
    // Let the CPU play until it is the human's turn.
    while (view.turn_seat !== 0) {
      await sweep();
      view = (await api('GET', `/api/games/${game_id}/view`)).json();
    }
    const stale = await api('POST', `/api/games/${game_id}/moves`, {
      version: view.version + 5,
      pass: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('game/stale_version');
    const legal = view.legal_moves[0] as { tile: [number, number]; end: 'left' | 'right' };
    const notMine = [0, 1, 2, 3, 4, 5, 6]
      .flatMap((a) =>
        [0, 1, 2, 3, 4, 5, 6].filter((b) => b >= a).map((b) => [a, b] as [number, number]),
      )
      .find((tile) => !view.hand.some((h) => h[0] === tile[0] && h[1] === tile[1]))!;
    const illegal = await api('POST', `/api/games/${game_id}/moves`, {
      version: view.version,
      tile: notMine,
      end: 'left',
    });
    expect(illegal.statusCode).toBe(422);
    expect(illegal.json()).toEqual({
      message: GAME_MESSAGES['game/not_in_hand'],
      code: 'game/not_in_hand',
    });
    const pass = await api('POST', `/api/games/${game_id}/moves`, {
      version: view.version,
      pass: true,
    });
    expect(pass.statusCode).toBe(422);
    expect(pass.json().code).toBe('game/must_play');
    const ok = await api('POST', `/api/games/${game_id}/moves`, {
      version: view.version,
      ...legal,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().version).toBe(view.version + 1);
    const again = await api('POST', `/api/games/${game_id}/moves`, {
      version: view.version + 1,
      ...legal,
    });
    expect([409, 422]).toContain(again.statusCode);
    if (again.statusCode === 422) expect(again.json().code).toBe('game/not_your_turn');
  });

  it('plays a whole match to the result, reveals the seed and verifies every deal', async () => {
    const { game_id } = (
      await api('POST', '/api/practice-games', { difficulty: 'dificil', client_seed: 'mi-semilla' })
    ).json();
    let view: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
    expect(view.fairness.client_seeds[0]).toBe('mi-semilla');
    const fairnessBefore = await api('GET', `/api/games/${game_id}/fairness`);
    expect(fairnessBefore.statusCode).toBe(409);
    expect(fairnessBefore.json()).toEqual({
      message: MSG_FAIRNESS.notFinished,
      code: 'game/not_finished',
    });
    let guard = 0;
    while (view.status === 'playing' && guard++ < 2000) {
      if (view.turn_seat === 0) {
        const res = await api('POST', `/api/games/${game_id}/moves`, {
          version: view.version,
          ...view.legal_moves[0],
        });
        expect(res.statusCode).toBe(200);
      } else {
        await sweep();
      }
      view = (await api('GET', `/api/games/${game_id}/view`)).json();
    }
    expect(view.status).toBe('finished');
    expect(view.result).not.toBeNull();
    expect(Math.max(...view.scores)).toBeGreaterThanOrEqual(100);
    expect(view.result?.won).toBe(view.result?.winner_seats.includes(0));
    expect(view.fairness.server_seed).toMatch(/^[0-9a-f]{64}$/);
    const record = (await api('GET', `/api/games/${game_id}/fairness`)).json();
    // Only the match's own players (and staff) read its seeds and deals (decision 015).
    expect(
      (await api('GET', `/api/games/${game_id}/fairness`, undefined, otherToken)).json(),
    ).toEqual({ message: GAME_MESSAGES['game/not_found'], code: 'game/not_found' });
    expect((await t.app.inject(`/api/games/${game_id}/fairness`)).statusCode).toBe(401);
    expect(record.deals.length).toBe(view.hands_played);
    const check = verifyMatch(
      {
        serverSeed: record.server_seed,
        clientSeeds: record.client_seeds,
        commitment: record.commitment,
      },
      record.deals.map((d: { hands: [number, number][][]; stock: [number, number][] }) => ({
        hands: d.hands,
        stock: d.stock,
      })),
    );
    expect(check).toEqual({ ok: true });
    // The append-only move log replays to exactly the stored state.
    const [row] = await t.database.db.select().from(games).where(eq(games.id, game_id));
    const state = rowState(row?.storedState, row?.history) as MatchState;
    const moves = await t.database.db
      .select()
      .from(gameMoves)
      .where(eq(gameMoves.gameId, game_id))
      .orderBy(gameMoves.seq);
    expect(moves.map((m) => m.seq)).toEqual(moves.map((_, i) => i + 1));
    const replayed = replay(
      state.config,
      { serverSeed: state.fairness.serverSeed, clientSeeds: state.fairness.clientSeeds },
      moves.map((m) => ({ seat: m.seat as Seat, move: m.move as Move })),
    );
    expect(JSON.parse(JSON.stringify(replayed))).toEqual(state);
  });

  it('plays a forced move for the player after a short delay, without marking them away', async () => {
    const { game_id } = (await api('POST', '/api/practice-games', { difficulty: 'facil' })).json();
    let view: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
    for (let i = 0; i < 500 && !(view.turn_seat === 0 && view.legal_moves.length === 1); i++) {
      if (view.turn_seat === 0) {
        await api('POST', `/api/games/${game_id}/moves`, {
          version: view.version,
          ...view.legal_moves[0],
        });
      } else {
        await sweep();
      }
      view = (await api('GET', `/api/games/${game_id}/view`)).json();
    }
    expect(view.legal_moves).toHaveLength(1);
    expect(Date.parse(view.turn_deadline ?? '') - Date.now()).toBeLessThanOrEqual(1300);
    await t.database.db
      .update(games)
      .set({ dueAt: sql`now() - interval '1 second'` })
      .where(eq(games.id, game_id));
    await sweep();
    const after: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
    expect(after.version).toBeGreaterThan(view.version);
    expect(after.seats[0]?.connected).toBe(true);
    const logged = await t.database.db
      .select()
      .from(gameMoves)
      .where(eq(gameMoves.gameId, game_id));
    expect(logged.find((m) => m.seq === view.version + 1)?.actor).toBe('forced');
  });

  it('gives players a fresh turn after a server restart instead of timing them out', async () => {
    const { game_id } = (await api('POST', '/api/practice-games', { difficulty: 'facil' })).json();
    let view: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
    view = await reachChoice(game_id, view);
    // The deadline passed while no server was running.
    await t.database.db
      .update(games)
      .set({
        dueAt: sql`now() - interval '30 seconds'`,
        turnDeadline: sql`now() - interval '30 seconds'`,
      })
      .where(eq(games.id, game_id));
    expect(await extendDeadlinesAfterRestart(t.database.db)).toBeGreaterThanOrEqual(1);
    const after: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
    expect(Date.parse(after.turn_deadline ?? '') - Date.now()).toBeGreaterThan(50_000);
    expect(after.version).toBe(view.version);
  });

  it('shows a player with no connection as disconnected, gives their turns the full time for the first minutes, then lets the bot play at bot pace until they return', async () => {
    const { game_id } = (await api('POST', '/api/practice-games', { difficulty: 'facil' })).json();
    await reachChoice(game_id, (await api('GET', `/api/games/${game_id}/view`)).json());
    const ctx = gamesContext();
    const [seat] = await t.database.db
      .select()
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, game_id))
      .limit(1);
    const userId = seat!.userId!;
    expect(await markDisconnected(ctx, game_id, userId)).toBe(true);
    // Read as another seat would see it (the player's own GET /view would bring them back).
    const gone = await getGameView(t.database.db, game_id, userId);
    expect(gone.seats[0]).toMatchObject({ connected: false, cpu_played: false });
    // The turn already running keeps its full time (decision 042).
    expect(Date.parse(gone.turn_deadline ?? '') - Date.now()).toBeGreaterThan(50_000);
    /** Lets the turn time run out and the CPU play until the player's next turn with a choice. */
    const nextTurnOfAbsent = async (): Promise<GameView> => {
      const from = (await getGameView(t.database.db, game_id, userId)).version;
      let v: GameView;
      do {
        await t.database.db
          .update(games)
          .set({ dueAt: sql`now() - interval '1 second'` })
          .where(eq(games.id, game_id));
        expect(await runDueGame(ctx)).toBe(true);
        v = await getGameView(t.database.db, game_id, userId);
      } while (
        v.status === 'playing' &&
        (v.version === from || !(v.turn_seat === 0 && v.legal_moves.length > 1))
      );
      return v;
    };
    const within = await nextTurnOfAbsent();
    expect(within.seats[0]).toMatchObject({ connected: false, cpu_played: true });
    expect(Date.parse(within.turn_deadline ?? '') - Date.now()).toBeGreaterThan(50_000);
    // Absent for longer than ABSENCE_PATIENCE_MS: the CPU plays their turns at bot pace.
    await t.database.db
      .update(gamePlayers)
      .set({ disconnectedAt: new Date(Date.now() - ABSENCE_PATIENCE_MS - 1_000) })
      .where(and(eq(gamePlayers.gameId, game_id), eq(gamePlayers.userId, userId)));
    // The node's copy still reads the absence as recent; the commit of the next move sends the
    // changed seat back and the player's turn is scheduled again from it (decision 037, addendum
    // 2026-12-02).
    const long = await nextTurnOfAbsent();
    if (long.status === 'playing') {
      expect(Date.parse(long.turn_deadline ?? '') - Date.now()).toBeLessThanOrEqual(2100);
      expect(await reclaimSeat(ctx, game_id, userId)).toBe(true);
      const back: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
      expect(back.seats[0]).toMatchObject({ connected: true, cpu_played: false });
      expect(Date.parse(back.turn_deadline ?? '') - Date.now()).toBeGreaterThan(50_000);
    }
  });

  it("gives the full turn time again to a player who lost the connection again, even when this node's copy still had the old absence", async () => {
    const { game_id } = (await api('POST', '/api/practice-games', { difficulty: 'facil' })).json();
    const ctx = gamesContext();
    const db = t.database.db;
    const [seat] = await db
      .select()
      .from(gamePlayers)
      .where(and(eq(gamePlayers.gameId, game_id), eq(gamePlayers.seat, 0)));
    const userId = seat!.userId!;
    expect(await markDisconnected(ctx, game_id, userId)).toBe(true);
    const setAbsence = (since: Date) =>
      db
        .update(gamePlayers)
        .set({ disconnectedAt: since })
        .where(and(eq(gamePlayers.gameId, game_id), eq(gamePlayers.seat, 0)));
    const playDue = async () => {
      await db
        .update(games)
        .set({ dueAt: sql`now() - interval '1 second'` })
        .where(eq(games.id, game_id));
      expect(await runDueGame(ctx)).toBe(true);
    };
    // The move before the player's turn, until that turn is one with a choice (forced moves keep
    // their own short wait): each time the node's copy reads the player as gone for longer than
    // ABSENCE_PATIENCE_MS, and then another node records that they came back and dropped again
    // just now, which keeps the seat's presence ('1') and raises its revision.
    let checked = 0;
    for (let step = 0; step < 400 && checked === 0; step++) {
      const view = await getGameView(db, game_id, userId);
      if (view.status !== 'playing') break;
      if (view.turn_seat !== 3) {
        await playDue();
        continue;
      }
      await setAbsence(new Date(Date.now() - ABSENCE_PATIENCE_MS - 60_000));
      await gameCacheFor(db).load(db, game_id, { refresh: true });
      await setAbsence(new Date());
      await playDue();
      const next = await getGameView(db, game_id, userId);
      if (next.status === 'playing' && next.turn_seat === 0 && next.legal_moves.length > 1) {
        expect(Date.parse(next.turn_deadline ?? '') - Date.now()).toBeGreaterThan(50_000);
        checked += 1;
      }
    }
    expect(checked).toBe(1);
  });

  /** A practice game at the player's turn with a real choice, and the player's user id. */
  const atChoice = async () => {
    const { game_id } = (await api('POST', '/api/practice-games', { difficulty: 'facil' })).json();
    const view = await reachChoice(
      game_id,
      (await api('GET', `/api/games/${game_id}/view`)).json(),
    );
    const [seat] = await t.database.db
      .select()
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, game_id))
      .limit(1);
    return { gameId: game_id as string, view, userId: seat!.userId! };
  };
  const seatZero = async (gameId: string) =>
    (
      await t.database.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId)).limit(1)
    )[0]!;

  it('takes the seat back when a disconnected player opens the game over HTTP, as game:join does', async () => {
    const { gameId, userId } = await atChoice();
    expect(await markDisconnected(gamesContext(), gameId, userId)).toBe(true);
    const back: GameView = (await api('GET', `/api/games/${gameId}/view`)).json();
    expect(back.seats[0]?.connected).toBe(true);
    expect(Date.parse(back.turn_deadline ?? '') - Date.now()).toBeGreaterThan(50_000);
    expect(await seatZero(gameId)).toMatchObject({ autoplayedTurns: 0, disconnectedAt: null });
  });

  it("takes the seat back with the player's own HTTP move, so their next turns get the full time", async () => {
    const { gameId, userId } = await atChoice();
    expect(await markDisconnected(gamesContext(), gameId, userId)).toBe(true);
    const away = await getGameView(t.database.db, gameId, userId);
    const res = await api('POST', `/api/games/${gameId}/moves`, {
      version: away.version,
      ...away.legal_moves[0],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as GameView).seats[0]?.connected).toBe(true);
    expect(await seatZero(gameId)).toMatchObject({ autoplayedTurns: 0, disconnectedAt: null });
    await sweep();
    const next = await getGameView(t.database.db, gameId, userId);
    if (next.status === 'playing' && next.turn_seat === 0 && next.legal_moves.length > 1) {
      expect(Date.parse(next.turn_deadline ?? '') - Date.now()).toBeGreaterThan(50_000);
    }
  });

  it('takes the seat back even when the move arrives after the bot played the turn (409)', async () => {
    const { gameId, userId } = await atChoice();
    expect(await markDisconnected(gamesContext(), gameId, userId)).toBe(true);
    const away = await getGameView(t.database.db, gameId, userId);
    const late = await api('POST', `/api/games/${gameId}/moves`, {
      version: away.version - 1,
      ...away.legal_moves[0],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('game/stale_version');
    const back = await getGameView(t.database.db, gameId, userId);
    expect(back.seats[0]?.connected).toBe(true);
    expect(Date.parse(back.turn_deadline ?? '') - Date.now()).toBeGreaterThan(50_000);
  });

  it("takes the seat back in the move's transaction when this node's copy missed that it was away", async () => {
    const { gameId, userId, view } = await atChoice();
    await gameCacheFor(t.database.db).load(t.database.db, gameId, { refresh: true });
    // Another node marked the player away; this node's copy still shows them present.
    await t.database.db
      .update(gamePlayers)
      .set({ disconnectedAt: new Date() })
      .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.userId, userId)));
    const res = await api('POST', `/api/games/${gameId}/moves`, {
      version: view.version,
      ...view.legal_moves[0],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as GameView).seats[0]?.connected).toBe(true);
    expect(await seatZero(gameId)).toMatchObject({ autoplayedTurns: 0, disconnectedAt: null });
  });

  it('leaves deadlines that lapsed moments ago, or are still ahead, to the running sweepers at start', async () => {
    const { gameId } = await atChoice();
    const deadline = async () =>
      (await t.database.db.select().from(games).where(eq(games.id, gameId)))[0]!.turnDeadline!;
    for (const offset of [sql`now() - interval '2 seconds'`, sql`now() + interval '3 seconds'`]) {
      await t.database.db
        .update(games)
        .set({ dueAt: offset, turnDeadline: offset })
        .where(eq(games.id, gameId));
      const before = await deadline();
      await extendDeadlinesAfterRestart(t.database.db);
      expect(await deadline()).toEqual(before);
    }
    // Past the window (RESTART_EXTENSION_MIN_LAPSE_MS) no sweeper was running: a fresh turn.
    await t.database.db
      .update(games)
      .set({
        dueAt: sql`now() - interval '11 seconds'`,
        turnDeadline: sql`now() - interval '11 seconds'`,
      })
      .where(eq(games.id, gameId));
    expect(await extendDeadlinesAfterRestart(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await deadline()).getTime() - Date.now()).toBeGreaterThan(50_000);
  });

  it('keeps the move log append-only at the database', async () => {
    const [m] = await t.database.db.select().from(gameMoves).limit(1);
    await expect(
      t.database.db.update(gameMoves).set({ seat: 3 }).where(eq(gameMoves.id, m!.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(gameMoves).where(eq(gameMoves.id, m!.id))).rejects.toThrow();
  });

  it('lets the medium bot play the turn of a connected player whose time ran out, without showing them disconnected, and keeps their full turn time', async () => {
    const { game_id } = (await api('POST', '/api/practice-games', { difficulty: 'facil' })).json();
    let view: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
    // Reach a turn of the player with a real choice (a forced move is played for them without
    // counting as absence).
    view = await reachChoice(game_id, view);
    expect(view.turn_deadline).not.toBeNull();
    await t.database.db
      .update(games)
      .set({ dueAt: sql`now() - interval '1 second'` })
      .where(eq(games.id, game_id));
    const ctx = gamesContext();
    expect(await runDueGame(ctx)).toBe(true);
    // Still connected (decision 042): the seats say the CPU played for them, not "Desconectado".
    const after: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
    expect(after.version).toBe(view.version + 1);
    expect(after.seats[0]).toMatchObject({ connected: true, cpu_played: true });
    const [log] = await t.database.db
      .select()
      .from(gameMoves)
      .where(eq(gameMoves.gameId, game_id))
      .orderBy(sql`seq desc`)
      .limit(1);
    expect(log?.actor).toBe('autoplay');
    // The player's next turn gets the whole turn time, not bot pace.
    let next: GameView = after;
    while (next.status === 'playing' && !(next.turn_seat === 0 && next.legal_moves.length > 1)) {
      if (next.turn_seat === 0) {
        // A forced move, played by the server after a short pause.
        await t.database.db
          .update(games)
          .set({ dueAt: sql`now() - interval '1 second'` })
          .where(eq(games.id, game_id));
      }
      await sweep();
      next = (await api('GET', `/api/games/${game_id}/view`)).json();
    }
    if (next.status !== 'playing') return;
    expect(Date.parse(next.turn_deadline ?? '') - Date.now()).toBeGreaterThan(50_000);
    // Their own move clears the note.
    const moved = await api('POST', `/api/games/${game_id}/moves`, {
      version: next.version,
      ...next.legal_moves[0],
    });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as GameView).seats[0]).toMatchObject({
      connected: true,
      cpu_played: false,
    });
  });
});

describe('the sweeper on real PostgreSQL with two nodes', async () => {
  const skip = !(await postgresAvailable());
  it.skipIf(skip)(
    'fires every due action exactly once while two nodes sweep the same games',
    async () => {
      const database = await createTestDatabase('postgres');
      const second = await openDatabase({
        databaseUrl: database.url,
        dataDir: 'unused',
        onIdleError: () => undefined,
      });
      try {
        const t = await buildTestApp('pglite');
        await t.close();
        const hub = new RealtimeHub();
        const timing = { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 };
        // Practice games only: no table match finishes, so the port is never called.
        const tableMatchFinished = () => undefined;
        const nodeA: GamesContext = {
          db: database.db,
          hub,
          bots: firstLegal,
          timing,
          tableMatchFinished,
        };
        const nodeB: GamesContext = {
          db: second.db,
          hub,
          bots: firstLegal,
          timing,
          tableMatchFinished,
        };
        const { users } = await import('../../db/schema');
        const [user] = await database.db
          .insert(users)
          .values({
            name: 'Sweep',
            email: 'sweep@example.com',
            username: 'sweep',
            typeIdentification: 'V',
            nIdentification: '12345678',
            phone: '04140000000',
            passwordHash: 'x',
          })
          .returning();
        // Turn time 1 ms: the player's turns time out at once, so the bots play whole matches.
        const ids = await Promise.all(
          Array.from({ length: 6 }, () => createPracticeGame(nodeA, user!.id, 'facil', 0.001)),
        );
        const log = { error: () => undefined } as unknown as ConstructorParameters<
          typeof Sweeper
        >[2];
        const a = new Sweeper(nodeA, 0, log, 4);
        const b = new Sweeper(nodeB, 0, log, 4);
        for (let round = 0; round < 400; round++) {
          const [x, y] = await Promise.all([a.tick(50), b.tick(50)]);
          if (x + y === 0) {
            const open = await database.db.select().from(games).where(eq(games.status, 'playing'));
            if (open.length === 0) break;
          }
        }
        for (const id of ids) {
          const [row] = await database.db.select().from(games).where(eq(games.id, id));
          expect(row?.status).toBe('finished');
          const state = rowState(row?.storedState, row?.history) as MatchState;
          const moves = await database.db
            .select()
            .from(gameMoves)
            .where(eq(gameMoves.gameId, id))
            .orderBy(gameMoves.seq);
          expect(moves.map((m) => m.seq)).toEqual(moves.map((_, i) => i + 1));
          expect(moves.length).toBe(row?.version);
          const replayed = replay(
            state.config,
            { serverSeed: state.fairness.serverSeed, clientSeeds: state.fairness.clientSeeds },
            moves.map((m) => ({ seat: m.seat as Seat, move: m.move as Move })),
          );
          expect(JSON.parse(JSON.stringify(replayed))).toEqual(state);
        }
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
  it.skipIf(skip)(
    'plays moves through either node when the other changed the game since, and refuses stale versions',
    { timeout: 60_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      const second = await openDatabase({
        databaseUrl: database.url,
        dataDir: 'unused',
        onIdleError: () => undefined,
      });
      try {
        const hub = new RealtimeHub();
        const timing = { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 };
        const nodes: GamesContext[] = [database.db, second.db].map((db) => ({
          db,
          hub,
          bots: firstLegal,
          timing,
          tableMatchFinished: () => undefined,
        }));
        const [a, b] = nodes as [GamesContext, GamesContext];
        const { users } = await import('../../db/schema');
        const [user] = await database.db
          .insert(users)
          .values({
            name: 'Nodos',
            email: 'nodos@example.com',
            username: 'nodos',
            typeIdentification: 'V',
            nIdentification: '12345679',
            phone: '04140000001',
            passwordHash: 'x',
          })
          .returning();
        const userId = user!.id;
        const gameId = await createPracticeGame(a, userId, 'facil', 60);
        const due = () =>
          database.db
            .update(games)
            .set({ dueAt: sql`now() - interval '1 second'` })
            .where(eq(games.id, gameId));
        let playerMoves = 0;
        let awayChecked = false;
        for (let step = 0; step < 3000; step++) {
          const node = nodes[step % 2]!;
          const other = nodes[(step + 1) % 2]!;
          const view = await getGameView(node.db, gameId, userId);
          if (view.status === 'finished') break;
          if (view.turn_seat === 0 && view.legal_moves.length > 1) {
            const req = { version: view.version, ...view.legal_moves[0] } as MoveRequest;
            const next = await submitMove(node, gameId, userId, req);
            expect(next.version).toBe(view.version + 1);
            playerMoves += 1;
            // The same version again through the other node (whose copy may be older): stale.
            await expect(submitMove(other, gameId, userId, req)).rejects.toMatchObject({
              code: 'game/stale_version',
            });
            continue;
          }
          if (!awayChecked && view.turn_seat === 3) {
            // Node A holds the game with the player present; node B marks them away, absent
            // for longer than ABSENCE_PATIENCE_MS. Node A's sweeper move must see that (the
            // player's next turn comes at bot pace).
            await gameCacheFor(a.db).load(a.db, gameId, { refresh: true });
            expect(await markDisconnected(b, gameId, userId)).toBe(true);
            await b.db
              .update(gamePlayers)
              .set({ disconnectedAt: new Date(Date.now() - ABSENCE_PATIENCE_MS - 1_000) })
              .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.userId, userId)));
            await due();
            expect(await runDueGame(a)).toBe(true);
            const after = await getGameView(b.db, gameId, userId);
            expect(after.version).toBe(view.version + 1);
            expect(after.seats[0]?.connected).toBe(false);
            if (after.turn_seat === 0 && after.legal_moves.length > 1) {
              expect(Date.parse(after.turn_deadline ?? '') - Date.now()).toBeLessThanOrEqual(2100);
              awayChecked = true;
            }
            expect(await reclaimSeat(b, gameId, userId)).toBe(true);
            continue;
          }
          await due();
          expect(await runDueGame(node)).toBe(true);
        }
        expect(awayChecked).toBe(true);
        expect(playerMoves).toBeGreaterThan(5);
        const [row] = await database.db.select().from(games).where(eq(games.id, gameId));
        expect(row?.status).toBe('finished');
        const state = rowState(row?.storedState, row?.history) as MatchState;
        const moves = await database.db
          .select()
          .from(gameMoves)
          .where(eq(gameMoves.gameId, gameId))
          .orderBy(gameMoves.seq);
        expect(moves.map((m) => m.seq)).toEqual(moves.map((_, i) => i + 1));
        const replayed = replay(
          state.config,
          { serverSeed: state.fairness.serverSeed, clientSeeds: state.fairness.clientSeeds },
          moves.map((m) => ({ seat: m.seat as Seat, move: m.move as Move })),
        );
        expect(JSON.parse(JSON.stringify(replayed))).toEqual(state);
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});
