import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat, Tile } from '../tiles';
import { ALL_TILES } from '../tiles';
import type { MatchState } from '../types';
import { playerView } from '../view';
import { BOT_LEVELS, chooseGreedy, chooseMove } from './index';
import { constraintsFromView } from './knowledge';
import { createRng } from './rng';
import { dealSampler } from './sampler';
import { BOT_TEST_CONFIGS, randomPosition } from './test-positions';
import { idsOf } from './tileset';

const LIGHT = { dificil: { samples: 8, exactDeals: 8, nodeBudget: 20_000 } };

/**
 * The same match with the hidden tiles dealt differently: other seats' hands and the stock are
 * replaced by another deal consistent with what `seat` sees, and the recorded deal is scrambled.
 * Returns null when no different deal exists.
 */
function rehide(state: MatchState, seat: Seat, seed: number): MatchState | null {
  const sampler = dealSampler(constraintsFromView(playerView(state, seat)));
  const rng = createRng(seed);
  const toTiles = (mask: number): Tile[] => idsOf(mask).map((id) => ALL_TILES[id] as Tile);
  for (let attempt = 0; attempt < 20; attempt++) {
    const deal = sampler.sample(rng);
    const hands = state.hand.hands.map((own, s) =>
      s === seat ? own : toTiles(deal.hands[s] ?? 0),
    );
    const stock = deal.stock.map((id) => ALL_TILES[id] as Tile);
    const same =
      JSON.stringify(hands.map((h) => [...h].sort())) ===
        JSON.stringify(state.hand.hands.map((h) => [...h].sort())) &&
      JSON.stringify(stock) === JSON.stringify(state.hand.stock);
    if (same) continue;
    return {
      ...state,
      fairness: { ...state.fairness, serverSeed: 'another-secret' },
      hand: {
        ...state.hand,
        hands,
        stock,
        dealt: { hands: [...hands].reverse(), stock: [...stock].reverse() },
      },
    };
  }
  return null;
}

describe('bots never read hidden state', () => {
  it('choose the same move in two matches that differ only in hidden tiles', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_TEST_CONFIGS),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 60 }),
        (config, seed, steps) => {
          const state = randomPosition(config, seed, steps);
          if (state.status !== 'playing') return;
          const seat = state.hand.turn as Seat;
          const other = rehide(state, seat, seed);
          if (other === null) return;
          // Hidden tiles differ (other hands, or at least the stock's order)...
          expect([other.hand.hands, other.hand.stock]).not.toEqual([
            state.hand.hands,
            state.hand.stock,
          ]);
          const view = playerView(state, seat);
          // ...but the view is the same: the second match is indistinguishable from the seat...
          expect(playerView(other, seat)).toEqual(view);
          // ...so every bot, given the same seed, must play the same move.
          for (const level of BOT_LEVELS) {
            expect(chooseMove(playerView(other, seat), level, `s${seed}`, LIGHT)).toEqual(
              chooseMove(view, level, `s${seed}`, LIGHT),
            );
          }
          expect(chooseGreedy(playerView(other, seat), seed)).toEqual(chooseGreedy(view, seed));
          compared++;
        },
      ),
      { numRuns: 80 },
    );
    expect(compared).toBeGreaterThan(40);
  });
});
