import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../tiles';
import { playerView } from '../view';
import { BOT_LEVELS, chooseGreedy, chooseMove } from './index';
import { BOT_TEST_CONFIGS, randomPosition, rehide } from './test-positions';

const LIGHT = {
  dificil: { samples: 8, exactDeals: 8, nodeBudget: 20_000 },
  experto: { samples: 8, candidates: 40, exactDeals: 8, nodeBudget: 20_000 },
};
/**
 * Experto's optional opponent-model search and voting (decision 058, addendum), and its read of
 * the earlier hands (addendum 2), its adaptive effort on key decisions (addendum 3), and its
 * long-suit lead, read of the partner's lead and match play (addendum 4), its own-view
 * seats (addendum 5), its partner searched from the partner's own view (addendum 6), and its
 * information-set search of its own next turn (addendum 8).
 */
const MODELLED = [
  { experto: { ...LIGHT.experto, modelSample: true } },
  { experto: { ...LIGHT.experto, modelThreshold: 0.5, vote: 0.5 } },
  { experto: { ...LIGHT.experto, readHands: 20, modelThreshold: 0.5 } },
  { experto: { ...LIGHT.experto, keyEffort: 2, keyLine: 4, keyDoubles: true } },
  { experto: { ...LIGHT.experto, leadLongest: true, readPartnerLead: true, matchPlay: true } },
  { experto: { ...LIGHT.experto, ownView: 'partner' as const } },
  { experto: { ...LIGHT.experto, signalMargin: 2, readSignals: 2 } },
  { experto: { ...LIGHT.experto, ownView: 'others' as const, modelThreshold: 0.5 } },
  {
    experto: {
      ...LIGHT.experto,
      partnerSearch: 2,
      partnerNodes: 60,
      partnerTurns: 2,
      ownView: 'partner' as const,
      readHands: 20,
      modelThreshold: 0.5,
    },
  },
  {
    experto: {
      ...LIGHT.experto,
      infoSetTiles: 28,
      infoSetNodes: 200,
      infoSetDeals: 4,
      infoSetBeta: 1,
    },
  },
  {
    experto: {
      ...LIGHT.experto,
      infoSetTiles: 16,
      infoSetNodes: 300,
      ownView: 'partner' as const,
      readHands: 20,
      modelThreshold: 0.5,
    },
  },
];

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
          for (const options of MODELLED) {
            expect(chooseMove(playerView(other, seat), 'experto', `s${seed}`, options)).toEqual(
              chooseMove(view, 'experto', `s${seed}`, options),
            );
          }
          expect(chooseGreedy(playerView(other, seat), seed)).toEqual(chooseGreedy(view, seed));
          compared++;
        },
      ),
      { numRuns: 50 },
    );
    expect(compared).toBeGreaterThan(25);
  });
});
