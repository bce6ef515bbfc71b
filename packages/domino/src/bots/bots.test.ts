import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMove } from '../match';
import { legalMoves } from '../rules';
import type { Seat } from '../tiles';
import type { Move } from '../types';
import { playerView } from '../view';
import { BOT_LEVELS, analyzeExperto, chooseGreedy, chooseMove, createRng } from './index';
import { BOT_TEST_CONFIGS, endgameState, randomPosition } from './test-positions';

/** Small search effort so property runs stay fast; the defaults are exercised separately. */
const LIGHT = {
  dificil: { samples: 6, exactDeals: 6, nodeBudget: 6_000, minNodesPerDeal: 200 },
  experto: { samples: 6, candidates: 30, exactDeals: 6, nodeBudget: 6_000, minNodesPerDeal: 200 },
};

const positionArb = fc.record({
  config: fc.constantFrom(...BOT_TEST_CONFIGS),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  steps: fc.integer({ min: 0, max: 90 }),
  botSeed: fc.string({ maxLength: 8 }),
});

function isLegal(move: Move, legal: readonly Move[]): boolean {
  return legal.some((m) => JSON.stringify(m) === JSON.stringify(move));
}

describe('every bot', () => {
  it('returns one of the legal moves in random positions of every mode', () => {
    fc.assert(
      fc.property(positionArb, ({ config, seed, steps, botSeed }) => {
        const state = randomPosition(config, seed, steps);
        if (state.status !== 'playing') return;
        const seat = state.hand.turn as Seat;
        const view = playerView(state, seat);
        const legal = legalMoves(state, seat);
        for (const level of BOT_LEVELS) {
          const move = chooseMove(view, level, botSeed, LIGHT);
          expect(isLegal(move, legal)).toBe(true);
          expect(applyMove(state, seat, move).ok).toBe(true);
        }
        expect(isLegal(chooseGreedy(view, botSeed), legal)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('plays whole matches through the engine without an illegal move', () => {
    for (const config of BOT_TEST_CONFIGS) {
      let state = randomPosition(config, 7, 0);
      const rng = createRng(`match-${config.mode}-${config.players}`);
      for (let i = 0; i < 400 && state.status === 'playing'; i++) {
        const seat = state.hand.turn as Seat;
        const level = BOT_LEVELS[seat % BOT_LEVELS.length] ?? 'medio';
        const move = chooseMove(playerView(state, seat), level, rng, LIGHT);
        const result = applyMove(state, seat, move);
        expect(result.ok).toBe(true);
        if (result.ok) state = result.state;
      }
    }
  });

  it('plays legal moves with the default Difícil effort', () => {
    for (let seed = 0; seed < 12; seed++) {
      const config = BOT_TEST_CONFIGS[seed % BOT_TEST_CONFIGS.length] ?? BOT_TEST_CONFIGS[0];
      if (config === undefined) continue;
      const state = randomPosition(config, seed, 4 + seed * 3);
      if (state.status !== 'playing') continue;
      const seat = state.hand.turn as Seat;
      const move = chooseMove(playerView(state, seat), 'dificil', seed);
      expect(isLegal(move, legalMoves(state, seat))).toBe(true);
    }
  });

  it('plays legal moves with the default Experto effort, reading the other seats plays', () => {
    let inferred = 0;
    for (let seed = 0; seed < 12; seed++) {
      const config = BOT_TEST_CONFIGS[seed % BOT_TEST_CONFIGS.length] ?? BOT_TEST_CONFIGS[0];
      if (config === undefined) continue;
      const state = randomPosition(config, seed, 6 + seed * 3);
      if (state.status !== 'playing') continue;
      const seat = state.hand.turn as Seat;
      const analysis = analyzeExperto(playerView(state, seat), seed);
      expect(isLegal(analysis.move, legalMoves(state, seat))).toBe(true);
      if (analysis.ess > 0) inferred++;
    }
    expect(inferred).toBeGreaterThan(0);
  });

  it('gives the same move for the same view, level and seed', () => {
    const state = randomPosition(BOT_TEST_CONFIGS[0] ?? BOT_TEST_CONFIGS[1]!, 11, 9);
    const view = playerView(state, state.hand.turn as Seat);
    for (const level of BOT_LEVELS) {
      const first = chooseMove(view, level, 'same-seed', LIGHT);
      for (let i = 0; i < 3; i++)
        expect(chooseMove(view, level, 'same-seed', LIGHT)).toEqual(first);
    }
  });

  it('refuses to move for a seat whose turn it is not', () => {
    const state = randomPosition(BOT_TEST_CONFIGS[0]!, 3, 5);
    const other = (((state.hand.turn as Seat) + 1) % 4) as Seat;
    for (const level of BOT_LEVELS)
      expect(() => chooseMove(playerView(state, other), level, 1)).toThrow(RangeError);
  });
});

describe('Medio', () => {
  it('plays on the end the next opponent has passed on', () => {
    // Seat 1 (next, an opponent) passed on 4s. Seat 0 can cover the 2 with 2-4 (leaving 4|4,
    // where seat 1 must pass) or with 2-1 (leaving 1|4).
    const state = endgameState({
      hands: ['2-4 2-1 6-6', '0-0 0-5 5-5', '3-3 3-5 0-3', '1-1 1-3 0-1'],
      ends: { left: 2, right: 4 },
      turn: 0,
      passes: [{ seat: 1, left: 4, right: 6 }],
    });
    const move = chooseMove(playerView(state, 0), 'medio', 5);
    expect(move).toEqual({ kind: 'play', tile: [2, 4], end: 'left' });
  });

  it('sheds the heavier of two otherwise equal tiles', () => {
    const state = endgameState({
      hands: ['0-6 0-1', '2-2 2-3 2-5', '3-3 3-5 4-4', '5-5 4-5 1-1'],
      ends: { left: 6, right: 1 },
      turn: 0,
    });
    // 0-6 on the 6 end or 0-1 on the 1 end both leave a 0 open; 0-6 carries more pips.
    expect(chooseMove(playerView(state, 0), 'medio', 9)).toEqual({
      kind: 'play',
      tile: [0, 6],
      end: 'left',
    });
  });
});
