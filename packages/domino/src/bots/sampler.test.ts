import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../tiles';
import { playerView } from '../view';
import { constraintsFromView, lackedTiles, type DealConstraints } from './knowledge';
import { createRng } from './rng';
import { dealSampler, type SampledDeal } from './sampler';
import { BOT_TEST_CONFIGS, randomPosition } from './test-positions';
import { FULL_MASK, idsOf, maskOf, popcount } from './tileset';

function checkDeal(c: DealConstraints, deal: SampledDeal): void {
  expect(deal.hands[c.seat]).toBe(c.ownMask);
  let union = 0;
  for (let s = 0; s < c.players; s++) {
    const h = deal.hands[s] ?? 0;
    if (s !== c.seat) {
      expect(popcount(h)).toBe(c.needs[s]);
      // No tile showing a pip the seat passed on.
      expect(h & lackedTiles(c.lacks[s] ?? 0)).toBe(0);
      expect(h & ~c.unknownMask).toBe(0);
    }
    expect(union & h).toBe(0);
    union |= h;
  }
  expect(deal.stock.length).toBe(c.stockNeed);
  for (const id of deal.stock) {
    expect(union & (1 << id)).toBe(0);
    union |= 1 << id;
  }
  expect(union & ~c.ownMask).toBe(c.unknownMask);
}

describe('the deal sampler', () => {
  it('produces deals consistent with the tile counts and every pass', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_TEST_CONFIGS),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 80 }),
        (config, seed, steps) => {
          const state = randomPosition(config, seed, steps);
          if (state.status !== 'playing') return;
          const seat = state.hand.turn as Seat;
          const c = constraintsFromView(playerView(state, seat));
          const sampler = dealSampler(c);
          // The real hidden deal is one of the consistent ones.
          expect(sampler.count).toBeGreaterThan(0);
          const rng = createRng(seed);
          for (let i = 0; i < 10; i++) checkDeal(c, sampler.sample(rng));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never gives a seat a tile of a suit it passed on, even when passes leave one deal', () => {
    // Seat 0 knows its own tiles; seat 1 passed on 0s and 1s, seat 2 on 2s: the 0/1 tiles must
    // go to seats 2 and 3, the 2s to seats 1 and 3.
    const unknown = maskOf([
      [0, 0],
      [0, 1],
      [1, 1],
      [2, 2],
      [2, 3],
      [3, 3],
    ]);
    const c: DealConstraints = {
      seat: 0,
      players: 4,
      ownMask: maskOf([[6, 6]]),
      unknownMask: unknown,
      needs: [0, 2, 2, 2],
      stockNeed: 0,
      lacks: [0, 0b11, 0b100, 0],
    };
    const sampler = dealSampler(c);
    const all = sampler.enumerate(1_000, createRng(1)) ?? [];
    expect(all.length).toBe(sampler.count);
    for (const deal of all) checkDeal(c, deal);
    expect(all.length).toBeGreaterThan(0);
  });

  it('counts and enumerates exactly the deals a brute force finds', () => {
    const rng = createRng('brute');
    for (let trial = 0; trial < 30; trial++) {
      // Nine unseen tiles split 3/3/3 among seats 1-3, random pass deductions.
      const ids = idsOf(FULL_MASK);
      const picked: number[] = [];
      while (picked.length < 9) {
        const id = ids[rng.int(ids.length)] as number;
        if (!picked.includes(id)) picked.push(id);
      }
      const unknown = picked.reduce((m, id) => m | (1 << id), 0);
      const lacks = [0, rng.int(4) === 0 ? 0 : 1 << rng.int(7), 1 << rng.int(7), 0];
      const c: DealConstraints = {
        seat: 0,
        players: 4,
        ownMask: 0,
        unknownMask: unknown,
        needs: [0, 3, 3, 3],
        stockNeed: 0,
        lacks,
      };
      let brute = 0;
      const seen = new Set<string>();
      const forbidden = lacks.map(lackedTiles);
      for (let a = 0; a < 1 << 9; a++) {
        if (popcount(a) !== 3) continue;
        for (let b = 0; b < 1 << 9; b++) {
          if (popcount(b) !== 3 || a & b) continue;
          const cBits = ((1 << 9) - 1) & ~a & ~b;
          const toMask = (bits: number) =>
            picked.reduce((m, id, i) => (bits & (1 << i) ? m | (1 << id) : m), 0);
          const h = [0, toMask(a), toMask(b), toMask(cBits)];
          if (h.some((m, s) => m & (forbidden[s] ?? 0))) continue;
          brute++;
          seen.add(h.join(','));
        }
      }
      const sampler = dealSampler(c);
      expect(sampler.count).toBe(brute);
      const listed = sampler.enumerate(10_000, rng) ?? [];
      expect(new Set(listed.map((d) => d.hands.join(',')))).toEqual(seen);
    }
  });

  it('draws every consistent deal about equally often', () => {
    const c: DealConstraints = {
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
      // Seat 1 lacks 0s: it can only hold two of 3-4, 5-6, 4-4, 1-2.
      lacks: [0, 1, 0, 0],
    };
    const sampler = dealSampler(c);
    // Seat 1 takes 2 of its 4 allowed tiles (6 ways), seats 2 and 3 split the rest (6 ways).
    expect(sampler.count).toBe(36);
    const counts = new Map<string, number>();
    const rng = createRng('uniform');
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const key = sampler.sample(rng).hands.join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(sampler.count);
    const expected = n / sampler.count;
    let chi2 = 0;
    for (const k of counts.values()) chi2 += (k - expected) ** 2 / expected;
    // 35 degrees of freedom at most here; 80 is far beyond the 99.9th percentile (~66).
    expect(chi2).toBeLessThan(80);
  });
});
