import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MSG,
  MSG_PUZZLES,
  configToRules,
  puzzleAnswerResponseSchema,
  puzzleResponseSchema,
  type PuzzleAnswerResponse,
  type PuzzleResponse,
} from '@domino/contracts';
import {
  DEFAULT_CONFIG,
  DEFAULT_PUZZLE_CHECK,
  applyMove,
  chooseMove,
  playerView,
  reviewMatch,
  startMatch,
  type MatchState,
  type Seat,
  type SeatedMove,
} from '@domino/domino';
import type { Db } from '../../db/client';
import {
  gameAnalyses,
  gameMoves,
  gamePlayers,
  games,
  puzzleAttempts,
  puzzleDays,
  puzzleMinedAnalyses,
  puzzleStreaks,
  puzzles,
} from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { registerPlayer, routeCallers, type Player } from '../../test/wallet-helpers';
import { PuzzleMiner } from './miner';
import { shippedPuzzles } from './repo';

/**
 * "Problema del día" (docs/decisions/060-puzzles.md) on real PostgreSQL: the daily puzzle is the
 * same for everyone on a Caracas day and its GET holds no answer; the answer check and its
 * explanation; the streak across days under a controlled clock (only `Date` is faked, timers run);
 * practice by difficulty; the miner turns a finished match's analysis into verified puzzles.
 */

const quietLog = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
} as unknown as ConstructorParameters<typeof PuzzleMiner>[2];

/** Noon in Caracas (UTC-4) of a November 2026 day. */
const caracasNoon = (day: number) => new Date(Date.UTC(2026, 10, day, 16, 0, 0));

const postgres = await postgresAvailable();

describe.skipIf(!postgres)('puzzles on postgres', () => {
  let t: TestApp;
  let db: Db;
  let ana: Player;
  let bea: Player;
  const { get, post } = routeCallers(() => t.app);

  const daily = async (token?: string) => {
    const res = await get('/api/puzzles/daily', token);
    expect(res.statusCode).toBe(200);
    return puzzleResponseSchema.parse(res.json());
  };
  /** The best answer and a wrong one, read from the pool (the test's view of the database). */
  const answersOf = async (id: string) => {
    const [row] = await db.select().from(puzzles).where(eq(puzzles.id, id));
    const best = row!.best as { tile: [number, number]; end: 'left' | 'right' };
    const values = row!.values as { move: { tile: [number, number]; end: 'left' | 'right' } }[];
    const wrong = values[values.length - 1]!.move;
    return {
      right: { tile: best.tile, end: best.end },
      wrong: { tile: wrong.tile, end: wrong.end },
    };
  };
  const answer = async (token: string, id: string, move: unknown) => {
    const res = await post(`/api/puzzles/${id}/answer`, token, move);
    expect(res.statusCode, res.body).toBe(200);
    return puzzleAnswerResponseSchema.parse(res.json()) as PuzzleAnswerResponse;
  };

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    db = t.database.db as Db;
    ana = await registerPlayer(t);
    bea = await registerPlayer(t);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ships at least 1,000 verified puzzles, and loads them all into the pool', async () => {
    expect(shippedPuzzles().length).toBeGreaterThanOrEqual(1000);
    await daily();
    const rows = await db.select({ id: puzzles.id }).from(puzzles);
    expect(rows.length).toBeGreaterThanOrEqual(shippedPuzzles().length);
  });

  it('serves the same daily puzzle to everyone on a Caracas day, without its answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(caracasNoon(10));
    const anonymous = await daily();
    expect(await daily(ana.token)).toEqual(anonymous);
    expect(await daily(bea.token)).toEqual(anonymous);
    expect(anonymous.day).toBe('2026-11-10');
    // 23:59 in Caracas is 03:59 UTC of the next day: still the 10th's puzzle.
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 11, 3, 59)));
    expect(await daily()).toEqual(anonymous);
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 11, 4, 1)));
    const next = await daily();
    expect(next.day).toBe('2026-11-11');
    expect(next.id).not.toBe(anonymous.id);

    // The wire: no answer, no values, nothing of another seat but its tile count.
    const raw = (await get('/api/puzzles/daily')).body;
    for (const word of ['best', 'values', 'options', 'margin', 'explanation', 'hands', 'dealt'])
      expect(raw).not.toContain(`"${word}"`);
    expect(Object.keys(JSON.parse(raw) as object).sort()).toEqual(
      ['day', 'difficulty', 'id', 'position', 'prompt'].sort(),
    );
    const p = next.position;
    expect(p.tile_counts[p.seat]).toBe(p.hand.length);
    const shown = p.line.length + p.hand.length;
    const counted = p.line.length + p.tile_counts.reduce((a, b) => a + b, 0);
    expect(counted).toBeGreaterThanOrEqual(shown);
  });

  it('checks an answer, explains it in Spanish, and counts only the first try', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(caracasNoon(12));
    const puzzle = await daily();
    const { right, wrong } = await answersOf(puzzle.id);

    const anonymous = await post(`/api/puzzles/${puzzle.id}/answer`, '', right);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MSG.unauthenticated);
    const malformed = await post(`/api/puzzles/${puzzle.id}/answer`, ana.token, {
      tile: [9, 9],
      end: 'left',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().code).toBe('validation/failed');
    // A well-formed tile that is not one of the position's moves.
    const legal = new Set(puzzle.position.legal_moves.map((m) => JSON.stringify(m)));
    const outside = [0, 1, 2, 3, 4, 5, 6]
      .flatMap((a) => [0, 1, 2, 3, 4, 5, 6].map((b) => ({ tile: [a, b], end: 'right' })))
      .find((m) => !legal.has(JSON.stringify(m)));
    const illegal = await post(`/api/puzzles/${puzzle.id}/answer`, ana.token, outside);
    expect(illegal.statusCode).toBe(422);
    expect(illegal.json()).toMatchObject({ code: 'puzzles/illegal', message: MSG_PUZZLES.illegal });
    const missing = await post('/api/puzzles/0000000000000000/answer', ana.token, right);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG_PUZZLES.notFound);

    const first = await answer(ana.token, puzzle.id, wrong);
    expect(first).toMatchObject({ correct: false, first_try: true, best: right });
    expect(first.streak).toMatchObject({ current: 0, answered_today: true, solved_today: false });
    expect(first.explanation[0]).toMatch(/^La mejor jugada es el \d-\d/);
    expect(first.explanation.join(' ')).toContain('puntos esperados');
    expect(first.options.length).toBe(
      new Set(first.options.map((o) => JSON.stringify(o.move))).size,
    );
    expect(first.options[0]!.move).toEqual(right);
    const second = await answer(ana.token, puzzle.id, right);
    expect(second).toMatchObject({ correct: true, first_try: false });
    expect(second.streak.current).toBe(0);

    // The server recorded the first answer and both tries.
    const [row] = await db
      .select()
      .from(puzzleAttempts)
      .where(and(eq(puzzleAttempts.userId, ana.id), eq(puzzleAttempts.puzzleId, puzzle.id)));
    expect(row).toMatchObject({ firstCorrect: false, solved: true, tries: 2, day: '2026-11-12' });
  });

  it('keeps a streak of days solved at the first try, across days of the Caracas calendar', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const solve = async (day: number, right: boolean) => {
      vi.setSystemTime(caracasNoon(day));
      const puzzle = await daily(bea.token);
      const moves = await answersOf(puzzle.id);
      return answer(bea.token, puzzle.id, right ? moves.right : moves.wrong);
    };
    const streak = async () => (await get('/api/puzzles/streak', bea.token)).json();

    vi.setSystemTime(caracasNoon(20));
    expect(await streak()).toMatchObject({ current: 0, best: 0, last_day: null });
    expect((await solve(20, true)).streak).toMatchObject({ current: 1, best: 1 });
    expect((await solve(21, true)).streak).toMatchObject({ current: 2, best: 2 });
    expect((await solve(22, true)).streak).toMatchObject({ current: 3, best: 3 });
    // A day missed: the streak shows 0 the day after, and starts again at 1.
    vi.setSystemTime(caracasNoon(24));
    expect(await streak()).toMatchObject({ current: 0, best: 3, last_day: '2026-11-22' });
    expect((await solve(24, true)).streak).toMatchObject({ current: 1, best: 3 });
    // A wrong first answer ends it, even if the second is right.
    expect((await solve(25, false)).streak).toMatchObject({ current: 0, best: 3 });
    vi.setSystemTime(caracasNoon(25));
    const again = await daily(bea.token);
    expect(
      (await answer(bea.token, again.id, (await answersOf(again.id)).right)).streak.current,
    ).toBe(0);
    expect((await solve(26, true)).streak).toMatchObject({ current: 1, best: 3 });
    expect(await streak()).toMatchObject({
      current: 1,
      best: 3,
      today: '2026-11-26',
      answered_today: true,
      solved_today: true,
    });
    const [row] = await db.select().from(puzzleStreaks).where(eq(puzzleStreaks.userId, bea.id));
    expect(row).toMatchObject({ current: 1, best: 3, lastDay: '2026-11-26' });
    // A practice or past puzzle never moves the streak.
    const past = await db.select().from(puzzleDays).where(eq(puzzleDays.day, '2026-11-10'));
    await answer(bea.token, past[0]!.puzzleId, (await answersOf(past[0]!.puzzleId)).right);
    expect((await streak()).current).toBe(1);
    expect((await get('/api/puzzles/streak')).statusCode).toBe(401);
  });

  it('gives practice puzzles by difficulty, the next unsolved one each time', async () => {
    const bad = await get('/api/puzzles/practice?difficulty=imposible', ana.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('validation/failed');
    expect((await get('/api/puzzles/practice?difficulty=facil')).statusCode).toBe(401);
    for (const difficulty of ['facil', 'media', 'dificil'] as const) {
      const res = await get(`/api/puzzles/practice?difficulty=${difficulty}`, ana.token);
      expect(res.statusCode).toBe(200);
      const first = res.json() as PuzzleResponse;
      expect(first).toMatchObject({ difficulty, day: null });
      expect(res.body).not.toContain('"best"');
      // Solving it moves on; a wrong answer does not.
      const { right, wrong } = await answersOf(first.id);
      await answer(ana.token, first.id, wrong);
      expect(
        (await get(`/api/puzzles/practice?difficulty=${difficulty}`, ana.token)).json().id,
      ).toBe(first.id);
      await answer(ana.token, first.id, right);
      const next = (await get(`/api/puzzles/practice?difficulty=${difficulty}`, ana.token)).json();
      expect(next.id).not.toBe(first.id);
      expect(next.difficulty).toBe(difficulty);
    }
  });

  it('mines a finished match analysis into verified puzzles of the seat view', async () => {
    // A finished match between Medio bots, seat 0 played by ana, with its analysis done.
    const gameId = randomUUID();
    const seeds = {
      serverSeed: randomBytes(16).toString('hex'),
      clientSeeds: ['a', 'b', 'c', 'd'],
    };
    let state: MatchState = startMatch(DEFAULT_CONFIG, seeds);
    const moves: SeatedMove[] = [];
    while (state.status === 'playing') {
      const seat = state.hand.turn as Seat;
      const move = chooseMove(playerView(state, seat), 'medio', `${gameId}-${moves.length}`);
      const r = applyMove(state, seat, move);
      if (!r.ok) throw new Error(r.code);
      moves.push({ seat, move });
      state = r.state;
    }
    await db.insert(games).values({
      id: gameId,
      kind: 'practice',
      storedState: state,
      status: 'finished',
      version: moves.length,
      commitment: state.fairness.commitment,
      rules: configToRules(DEFAULT_CONFIG),
      finishedAt: new Date(),
    });
    await db.insert(gamePlayers).values(
      [0, 1, 2, 3].map((seat) => ({
        gameId,
        seat,
        userId: seat === 0 ? ana.id : null,
        botLevel: seat === 0 ? null : 'medio',
        clientSeed: seeds.clientSeeds[seat]!,
      })),
    );
    await db
      .insert(gameMoves)
      .values(
        moves.map((m, i) => ({ gameId, seq: i + 1, seat: m.seat, move: m.move, actor: 'player' })),
      );
    const light = { samples: 10, nodeBudget: 20_000, candidates: 100 };
    // The analysis's Experto search and the verifier's Difícil search, both light.
    const review = reviewMatch(DEFAULT_CONFIG, seeds, moves, 0, { seed: gameId, experto: light });
    await db.insert(gameAnalyses).values({
      gameId,
      seat: 0,
      userId: ana.id,
      status: 'done',
      result: review,
      finishedAt: new Date(),
    });

    const check = {
      ...DEFAULT_PUZZLE_CHECK,
      candidateMargin: 4,
      verifyMargin: 2,
      seeds: ['t'],
      samples: [10, 20],
      dificil: light,
    };
    const miner = new PuzzleMiner(db, 0, quietLog, { check, jobsPerTick: 10 });
    const tick = await miner.tick();
    expect(tick.analyses).toBeGreaterThanOrEqual(1);
    expect(tick.failed).toBe(0);
    const [mined] = await db
      .select()
      .from(puzzleMinedAnalyses)
      .where(eq(puzzleMinedAnalyses.gameId, gameId));
    expect(mined).toMatchObject({ status: 'done', seat: 0 });
    expect(mined!.candidates).toBeGreaterThan(0);
    const found = await db.select().from(puzzles).where(eq(puzzles.gameId, gameId));
    expect(found.length).toBe(mined!.verified);
    // Read once: a second tick finds nothing new.
    expect((await miner.tick()).analyses).toBe(0);
    // Each mined puzzle is seat 0's view at one of its decisions: its own hand, nobody else's.
    let replay: MatchState = startMatch(DEFAULT_CONFIG, seeds);
    const hands = new Set<string>();
    for (const m of moves) {
      if (m.seat === 0) hands.add(JSON.stringify(replay.hand.hands[0]));
      const r = applyMove(replay, m.seat, m.move);
      if (!r.ok) throw new Error(r.code);
      replay = r.state;
    }
    for (const p of found) {
      const position = p.position as { seat: number; hand: unknown };
      expect(p.source).toBe('match');
      expect(position.seat).toBe(0);
      expect(hands.has(JSON.stringify(position.hand))).toBe(true);
      expect(JSON.stringify(p.position)).not.toContain('hands');
    }
  });
});
