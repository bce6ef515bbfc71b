import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '@domino/contracts';
import {
  DEFAULT_CONFIG,
  applyMove,
  chooseMove,
  playerView,
  startMatch,
  type MatchState,
  type Move,
  type PlayerView,
  type Seat,
} from '@domino/domino';
import { gameMoves, games, rowState } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer } from '../../test/helpers';
import { botThreads, workerBots } from './bot-compute';
import type { OffLoopBots } from './bots';
import type { GamesContext } from './context';
import { runDueGame } from './due-moves';

/**
 * CPU moves chosen off the event loop (docs/decisions/082-bot-moves-off-the-event-loop.md): the
 * worker pool answers Experto's moves, the same moves the engine chooses inline, and the move
 * player plays them; a worker that fails costs nothing but the wait (the move is chosen inline).
 */

/** Views of a seeded four-seat match at its first `count` turns, with their seeds. */
function viewsOfAMatch(count: number): { view: PlayerView; seed: string }[] {
  let state: MatchState = startMatch(DEFAULT_CONFIG, {
    serverSeed: 'bot-compute-test',
    clientSeeds: ['a', 'b', 'c', 'd'],
  });
  const out: { view: PlayerView; seed: string }[] = [];
  for (let i = 0; out.length < count && state.status === 'playing'; i++) {
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const seed = `views:${i}`;
    if (view.legalMoves.length > 1) out.push({ view, seed });
    const next = applyMove(state, seat, chooseMove(view, 'medio', seed));
    if (!next.ok) throw new Error(next.code);
    state = next.state;
  }
  return out;
}

describe('CPU moves off the event loop', () => {
  it('chooses Experto in a worker thread, the same move as inline, and leaves the cheap levels inline', async () => {
    const positions = viewsOfAMatch(4);
    expect(positions.length).toBe(4);
    for (const level of ['facil', 'medio', 'dificil'] as const) {
      expect(workerBots.levels.has(level)).toBe(false);
    }
    expect(workerBots.levels.has('experto')).toBe(true);
    for (const { view, seed } of positions) {
      expect(await workerBots.choose(view, 'experto', seed)).toEqual(
        chooseMove(view, 'experto', seed),
      );
    }
    expect(botThreads()).toBeGreaterThanOrEqual(1);
  });

  describe('in a practice match against Experto', () => {
    let t: TestApp;
    let token: string;
    const chosenOffLoop: string[] = [];
    const errors: unknown[] = [];
    let failing = false;
    /** The pool, counting its jobs; `failing` makes every job fail as a dead thread would. */
    const counted: OffLoopBots = {
      levels: workerBots.levels,
      choose: (view, level, seed) => {
        if (failing) return Promise.reject(new Error('bot worker exited'));
        chosenOffLoop.push(seed);
        return workerBots.choose(view, level, seed);
      },
    };
    const ctx = (): GamesContext => ({
      db: t.database.db,
      hub: t.app.deps.hub,
      bots: t.app.deps.bots,
      offLoopBots: counted,
      tableMatchFinished: t.app.deps.tableMatchFinished,
      onError: (err) => errors.push(err),
      timing: { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 },
    });
    const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        payload: payload as Record<string, unknown>,
        headers: { authorization: `Bearer ${token}` },
      });

    /** Plays (the player's first legal move, the CPU by the sweeper's step) until `cpuMoves` CPU moves. */
    const playOn = async (gameId: string, cpuMoves: number) => {
      const cpu = async () =>
        (await t.database.db.select().from(gameMoves).where(eq(gameMoves.gameId, gameId))).filter(
          (m) => m.actor === 'bot',
        ).length;
      let view: GameView = (await api('GET', `/api/games/${gameId}/view`)).json();
      while (view.status === 'playing' && (await cpu()) < cpuMoves) {
        if (view.turn_seat === 0) {
          const res = await api('POST', `/api/games/${gameId}/moves`, {
            version: view.version,
            ...view.legal_moves[0],
          });
          expect(res.statusCode).toBe(200);
        } else {
          expect(await runDueGame(ctx())).toBe(true);
        }
        view = (await api('GET', `/api/games/${gameId}/view`)).json();
      }
    };

    /** Every CPU move of the game's log against the engine's Experto move at that version. */
    const expectExpertoMoves = async (gameId: string) => {
      const [row] = await t.database.db.select().from(games).where(eq(games.id, gameId));
      const stored = rowState(row?.storedState, row?.history) as MatchState;
      const log = await t.database.db
        .select()
        .from(gameMoves)
        .where(eq(gameMoves.gameId, gameId))
        .orderBy(gameMoves.seq);
      let state = startMatch(stored.config, {
        serverSeed: stored.fairness.serverSeed,
        clientSeeds: stored.fairness.clientSeeds,
      });
      let cpu = 0;
      for (const m of log) {
        const seat = m.seat as Seat;
        if (m.actor === 'bot') {
          cpu += 1;
          const expected = chooseMove(playerView(state, seat), 'experto', `${gameId}:${m.seq - 1}`);
          expect(m.move).toEqual(JSON.parse(JSON.stringify(expected)));
        }
        const next = applyMove(state, seat, m.move as Move);
        if (!next.ok) throw new Error(next.code);
        state = next.state;
      }
      return cpu;
    };

    beforeAll(async () => {
      t = await buildTestApp('pglite', {
        BOT_MIN_DELAY_MS: '0',
        BOT_MAX_DELAY_MS: '0',
        HAND_PAUSE_MS: '0',
        SWEEPER_INTERVAL_MS: '0',
      });
      token = (
        await t.app.inject({ method: 'POST', url: '/api/register_api', payload: newPlayer() })
      ).json().token;
    });
    afterAll(() => t.close());

    it("plays the CPU seats' moves chosen in the worker pool, each the engine's Experto move", async () => {
      expect(t.app.deps.offLoopBots).toBe(workerBots);
      const res = await api('POST', '/api/practice-games', { difficulty: 'experto' });
      expect(res.statusCode).toBe(201);
      const { game_id } = res.json();
      const view: GameView = (await api('GET', `/api/games/${game_id}/view`)).json();
      expect(view.seats.filter((s) => s.is_bot).map((s) => s.bot_level)).toEqual([
        'experto',
        'experto',
        'experto',
      ]);
      chosenOffLoop.length = 0;
      await playOn(game_id, 8);
      const cpu = await expectExpertoMoves(game_id);
      expect(cpu).toBeGreaterThanOrEqual(8);
      // Every CPU move was asked of the pool, at its own version.
      expect(chosenOffLoop.length).toBe(cpu);
      expect(new Set(chosenOffLoop).size).toBe(cpu);
      expect(errors).toEqual([]);
    });

    it('chooses inline, the same move, when the worker fails, and reports the failure', async () => {
      const { game_id } = (
        await api('POST', '/api/practice-games', { difficulty: 'experto' })
      ).json();
      failing = true;
      try {
        await playOn(game_id, 3);
      } finally {
        failing = false;
      }
      expect(await expectExpertoMoves(game_id)).toBeGreaterThanOrEqual(3);
      expect(errors.length).toBeGreaterThanOrEqual(3);
      expect(errors.every((e) => e instanceof Error && e.message === 'bot worker exited')).toBe(
        true,
      );
    });
  });
});
