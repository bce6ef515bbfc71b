import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tileId, type Seat, type Tile } from '../tiles';
import { playerView } from '../view';
import type { PastPlay } from './history';
import {
  choiceLogLikelihood,
  observedChoices,
  proposalWeights,
  typeLogLikelihoods,
  type ChoiceModel,
} from './inference';
import { constraintsFromView, lackedTiles, type DealConstraints } from './knowledge';
import { createRng } from './rng';
import { dealSampler, type SampledDeal } from './sampler';
import { BOT_TEST_CONFIGS, endgameState, randomPosition } from './test-positions';
import { maskOf, popcount } from './tileset';
import { weightedDealSampler } from './weighted-sampler';

const id = (t: Tile): number => tileId(t);

function checkDeal(c: DealConstraints, deal: SampledDeal): void {
  let union = 0;
  for (let s = 0; s < c.players; s++) {
    const h = deal.hands[s] ?? 0;
    if (s === c.seat) expect(h).toBe(c.ownMask);
    else {
      expect(popcount(h)).toBe(c.needs[s]);
      expect(h & lackedTiles(c.lacks[s] ?? 0)).toBe(0);
    }
    expect(union & h).toBe(0);
    union |= h;
  }
  expect(deal.stock.length).toBe(c.stockNeed);
  for (const t of deal.stock) union |= 1 << t;
  expect(union & ~c.ownMask).toBe(c.unknownMask);
}

/** Six unseen tiles, seats 1-3 hold two each; seat 1 passed on 0s (it lacks them). */
const SMALL: DealConstraints = {
  seat: 0,
  players: 4,
  ownMask: 0,
  unknownMask: maskOf([
    [0, 1],
    [0, 2],
    [3, 4],
    [5, 6],
    [4, 4],
    [1, 2],
  ]),
  needs: [0, 2, 2, 2],
  stockNeed: 0,
  lacks: [0, 1, 0, 0],
};

function productWeight(
  weights: readonly (readonly number[] | undefined)[],
  d: SampledDeal,
): number {
  let w = 1;
  d.hands.forEach((mask, s) => {
    for (let t = 0; t < 28; t++) if (mask & (1 << t)) w *= weights[s]?.[t] ?? 1;
  });
  return w;
}

describe('the weighted deal sampler', () => {
  it('with every weight 1 is the uniform sampler: same deals, same count, every pass kept', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_TEST_CONFIGS),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 80 }),
        (config, seed, steps) => {
          const state = randomPosition(config, seed, steps);
          if (state.status !== 'playing') return;
          const c = constraintsFromView(playerView(state, state.hand.turn as Seat));
          const weighted = weightedDealSampler(c, []);
          expect(weighted.total).toBe(dealSampler(c).count);
          const rng = createRng(seed);
          for (let i = 0; i < 5; i++) checkDeal(c, weighted.sample(rng));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('a pass removes the suit from the seat whatever the weights say', () => {
    // Seat 1 passed on 0s and 6s; weights that beg for 0-6 at seat 1 cannot put it there.
    const state = endgameState({
      hands: ['1-1 1-2', '0-6 3-3 2-2', '4-4 4-5 2-3', '5-5 1-5 3-4'],
      ends: { left: 1, right: 1 },
      turn: 0,
      passes: [{ seat: 1, left: 0, right: 6 }],
    });
    const c = constraintsFromView(playerView(state, 0));
    expect(c.lacks[1]).toBe((1 << 0) | (1 << 6));
    const row = new Array<number>(28).fill(1);
    row[id([0, 6])] = 1e6;
    const sampler = weightedDealSampler(c, [undefined, row]);
    const rng = createRng('pass');
    for (let i = 0; i < 200; i++) {
      const deal = sampler.sample(rng);
      checkDeal(c, deal);
      expect((deal.hands[1] as number) & (1 << id([0, 6]))).toBe(0);
    }
  });

  it('draws each deal with probability proportional to the product of its tile weights', () => {
    const rng = createRng('weights');
    const weights = [1, 2, 3].map(() => Array.from({ length: 28 }, () => 0.2 + 3 * rng.next()));
    const rows = [undefined, ...weights];
    const sampler = weightedDealSampler(SMALL, rows);
    const all = dealSampler(SMALL).enumerate(100, rng) ?? [];
    expect(all.length).toBe(36);
    const exact = new Map(all.map((d) => [d.hands.join(','), productWeight(rows, d)]));
    const total = [...exact.values()].reduce((a, b) => a + b, 0);
    expect(sampler.total).toBeCloseTo(total, 9);
    for (const d of all)
      expect(sampler.logWeight(d.hands)).toBeCloseTo(Math.log(productWeight(rows, d)), 9);
    const n = 30_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const key = sampler.sample(rng).hands.join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let chi2 = 0;
    for (const [key, w] of exact) {
      const expected = (n * w) / total;
      chi2 += ((counts.get(key) ?? 0) - expected) ** 2 / expected;
    }
    // 35 degrees of freedom: the 99.9th percentile is about 66.
    expect(chi2).toBeLessThan(80);
  });
});

describe('inference from the choices of play', () => {
  // Hand 2: seat 3 led 6-3, seat 0 (the bot) played 3-0; ends 0|6. Seat 1 then played 0-1,
  // a one-pip tile, when any 0 or 6 it held would have fitted.
  const plays: PastPlay[] = [
    { seat: 3, id: id([3, 6]), before: null },
    { seat: 0, id: id([0, 3]), before: { left: 3, right: 6 } },
    { seat: 1, id: id([0, 1]), before: { left: 0, right: 6 } },
  ];
  const greedyish: readonly ChoiceModel[] = [{ beta: 2, doubleValue: 0 }];

  it('reads the other seats plays only, and leads only when asked', () => {
    expect(observedChoices(plays, 0, true).map((c) => c.seat)).toEqual([1]);
    expect(observedChoices(plays, 0, false).map((c) => c.seat)).toEqual([3, 1]);
    expect(observedChoices(plays, 1, true).map((c) => c.seat)).toEqual([0]);
    expect(choiceLogLikelihood(observedChoices(plays, 0, true), () => [])).toBeNull();
  });

  it('finds a deal where the seat held a heavier playable tile less likely', () => {
    const choices = observedChoices(plays, 0, true);
    const likelihood = choiceLogLikelihood(choices, () => greedyish);
    expect(likelihood).not.toBeNull();
    const heavy = [
      0,
      maskOf([
        [6, 6],
        [2, 3],
      ]),
      0,
      0,
    ];
    const light = [
      0,
      maskOf([
        [2, 2],
        [2, 3],
      ]),
      0,
      0,
    ];
    const heavier = likelihood!(heavy);
    expect(heavier).toBeLessThan(likelihood!(light) - 5);
    // A type that reads nothing (beta 0) mixed in keeps the deal possible, and less unlikely.
    const mixed = choiceLogLikelihood(choices, () => [...greedyish, { beta: 0, doubleValue: 0 }]);
    expect(mixed!(heavy)).toBeGreaterThan(heavier);
    expect(Number.isFinite(mixed!(heavy))).toBe(true);
  });

  it('gives each type its own log-likelihood, which choiceLogLikelihood averages', () => {
    const choices = observedChoices(plays, 0, true);
    const types: readonly ChoiceModel[] = [
      { beta: 1, doubleValue: 0 },
      { beta: 5, doubleValue: 0, searchAs: 'heaviest' },
    ];
    const perType = typeLogLikelihoods(choices, () => types)!;
    const mixed = choiceLogLikelihood(choices, () => types)!;
    const heavy = [
      0,
      maskOf([
        [6, 6],
        [2, 3],
      ]),
      0,
      0,
    ];
    const light = [
      0,
      maskOf([
        [2, 2],
        [2, 3],
      ]),
      0,
      0,
    ];
    for (const hands of [heavy, light]) {
      const logs = perType(hands).get(1)!;
      expect([...perType(hands).keys()]).toEqual([1]);
      expect(logs).toHaveLength(2);
      expect(mixed(hands)).toBeCloseTo(Math.log((Math.exp(logs[0]!) + Math.exp(logs[1]!)) / 2), 9);
    }
    // Keeping 6-6 when it fitted reads as anything but the greedy type.
    const [loose, greedy] = perType(heavy).get(1)!;
    expect(greedy!).toBeLessThan(loose! - 3);
    expect(typeLogLikelihoods(choices, () => [])).toBeNull();
  });

  it('takes a prior over the types: equal priors change nothing, a sharp one weighs', () => {
    const choices = observedChoices(plays, 0, true);
    const types: readonly ChoiceModel[] = [
      { beta: 1, doubleValue: 0 },
      { beta: 5, doubleValue: 0, searchAs: 'heaviest' },
    ];
    const heavy = [
      0,
      maskOf([
        [6, 6],
        [2, 3],
      ]),
      0,
      0,
    ];
    const light = [
      0,
      maskOf([
        [2, 2],
        [2, 3],
      ]),
      0,
      0,
    ];
    const plain = choiceLogLikelihood(choices, () => types)!;
    const even = choiceLogLikelihood(
      choices,
      () => types,
      () => [Math.log(0.5), Math.log(0.5)],
    )!;
    const surelyGreedy = choiceLogLikelihood(
      choices,
      () => types,
      () => [-Infinity, 0],
    )!;
    for (const hands of [heavy, light]) expect(even(hands)).toBeCloseTo(plain(hands), 9);
    // Sure of the greedy type, keeping 6-6 when it fitted is far less likely than under equal priors.
    expect(surelyGreedy(heavy)).toBeLessThan(plain(heavy) - 2);
    expect(surelyGreedy(heavy)).toBeCloseTo(
      typeLogLikelihoods(choices, () => types)!(heavy).get(1)![1]!,
      6,
    );
  });

  it('shifts the sampled deals toward hands consistent with the choices, without bias', () => {
    const c: DealConstraints = {
      seat: 0,
      players: 4,
      ownMask: maskOf([[1, 1]]),
      unknownMask: maskOf([
        [6, 6],
        [0, 5],
        [2, 2],
        [2, 3],
        [4, 4],
        [1, 4],
      ]),
      needs: [0, 2, 2, 2],
      stockNeed: 0,
      lacks: [0, 0, 0, 0],
    };
    const choices = observedChoices(plays, 0, true);
    const likelihood = choiceLogLikelihood(choices, () => greedyish)!;
    const rng = createRng('posterior');
    const all = dealSampler(c).enumerate(1000, rng) ?? [];
    const holds66 = (d: { hands: readonly number[] }) =>
      ((d.hands[1] as number) & (1 << id([6, 6]))) !== 0;
    const uniform = all.filter(holds66).length / all.length;
    const post = all.map((d) => Math.exp(likelihood(d.hands)));
    const posterior =
      post.reduce((a, w, i) => a + (holds66(all[i]!) ? w : 0), 0) / post.reduce((a, b) => a + b);
    expect(uniform).toBeCloseTo(1 / 3, 9);
    expect(posterior).toBeLessThan(uniform / 3);

    // The proposal already leans the same way, and importance weights correct it to the posterior.
    const proposal = weightedDealSampler(
      c,
      proposalWeights(choices, 4, () => greedyish),
    );
    let drawn = 0;
    let num = 0;
    let den = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const d = proposal.sample(rng);
      const w = Math.exp(likelihood(d.hands) - proposal.logWeight(d.hands));
      if (holds66(d)) {
        drawn++;
        num += w;
      }
      den += w;
    }
    expect(drawn / n).toBeLessThan(uniform / 2);
    expect(num / den).toBeCloseTo(posterior, 2);
  });
});
