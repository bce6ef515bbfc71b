/// <reference types="node" />
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commitment,
  dealHand,
  shuffleForHand,
  uniformInt,
  verifyDeal,
  verifyMatch,
  type Deal,
} from './fairness';
import { hmacSha256, toHex, utf8Encode } from './sha256';
import { mulberry32 } from './test-support';
import { ALL_TILES, tileId, type Tile } from './tiles';

/** The algorithm of docs/fairness.md written again, literally, on top of node:crypto. */
function referenceShuffle(serverSeed: string, clientSeeds: string[], n: number): Tile[] {
  const tiles = ALL_TILES.slice();
  let counter = 0;
  let stream = Buffer.alloc(0);
  const word = () => {
    if (stream.length === 0) {
      stream = createHmac('sha256', Buffer.from(serverSeed, 'utf8'))
        .update(Buffer.from(`${clientSeeds.join(':')}:${n}:${counter++}`, 'utf8'))
        .digest();
    }
    const w = stream.readUInt32BE(0);
    stream = stream.subarray(4);
    return w;
  };
  for (let i = 27; i >= 1; i--) {
    const r = i + 1;
    const limit = Math.floor(2 ** 32 / r) * r;
    let x = word();
    while (x >= limit) x = word();
    const j = x % r;
    [tiles[i], tiles[j]] = [tiles[j] as Tile, tiles[i] as Tile];
  }
  return tiles;
}

interface Vector {
  serverSeed: string;
  clientSeeds: string[];
  handNumber: number;
  players: number;
  commitment: string;
  firstBlock: string;
  hands: string[];
  stock: string;
}

function docVectors(): Vector[] {
  const doc = readFileSync(new URL('../../../docs/fairness.md', import.meta.url), 'utf8');
  const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)];
  const last = blocks[blocks.length - 1];
  if (last === undefined) throw new Error('docs/fairness.md has no json block');
  return JSON.parse(last[1] as string) as Vector[];
}

const text = (tiles: readonly Tile[]) => tiles.map((t) => `${t[0]}-${t[1]}`).join(' ');

describe('provably fair dealing', () => {
  it('commits to the server seed as the hex SHA-256 of its UTF-8 bytes', () => {
    for (const seed of ['x', 'example-server-seed', 'ñandú ☕ seed', 'a'.repeat(1000)]) {
      expect(commitment(seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
    }
  });

  it('reproduces every known-answer vector published in docs/fairness.md', () => {
    const vectors = docVectors();
    expect(vectors.length).toBeGreaterThanOrEqual(3);
    for (const v of vectors) {
      expect(commitment(v.serverSeed)).toBe(v.commitment);
      const block = hmacSha256(
        utf8Encode(v.serverSeed),
        utf8Encode(`${v.clientSeeds.join(':')}:${v.handNumber}:0`),
      );
      expect(toHex(block)).toBe(v.firstBlock);
      const deal = dealHand(v, v.handNumber, v.players);
      expect(deal.hands.map(text)).toEqual(v.hands);
      expect(text(deal.stock)).toBe(v.stock);
    }
  });

  it('matches an independent implementation on node:crypto for random seeds', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.array(fc.string({ maxLength: 12 }), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 10_000 }),
        (serverSeed, clientSeeds, n) => {
          const ours = shuffleForHand({ serverSeed, clientSeeds }, n);
          expect(ours).toEqual(referenceShuffle(serverSeed, clientSeeds, n));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('deals seven tiles per seat and the rest, in order, as the stock', () => {
    const seeds = { serverSeed: 's', clientSeeds: ['a', 'b', 'c'] };
    const shuffled = shuffleForHand(seeds, 3);
    for (const players of [2, 3, 4]) {
      const deal = dealHand(seeds, 3, players);
      expect(deal.hands).toHaveLength(players);
      deal.hands.forEach((h, s) => expect(h).toEqual(shuffled.slice(7 * s, 7 * s + 7)));
      expect(deal.stock).toEqual(shuffled.slice(7 * players));
      const ids = [...deal.hands.flat(), ...deal.stock].map(tileId).sort((a, b) => a - b);
      expect(ids).toEqual(Array.from({ length: 28 }, (_, i) => i));
    }
  });

  it('gives different hands different deals', () => {
    const seeds = { serverSeed: 's', clientSeeds: ['a', 'b', 'c', 'd'] };
    expect(shuffleForHand(seeds, 1)).not.toEqual(shuffleForHand(seeds, 2));
    expect(shuffleForHand(seeds, 1)).not.toEqual(
      shuffleForHand({ ...seeds, clientSeeds: ['a', 'b', 'c', 'e'] }, 1),
    );
  });

  it('rejects hand numbers that are not positive integers', () => {
    const seeds = { serverSeed: 's', clientSeeds: ['a', 'b'] };
    for (const n of [0, -1, 1.5, Number.NaN])
      expect(() => shuffleForHand(seeds, n)).toThrow(RangeError);
  });

  it('discards words at or above the largest multiple of the range (no modulo bias)', () => {
    // 2^32 mod 28 = 4, so the four largest words are rejected for range 28.
    const words = [2 ** 32 - 1, 2 ** 32 - 4, 2 ** 32 - 5];
    let i = 0;
    expect(uniformInt(28, () => words[i++] as number)).toBe((2 ** 32 - 5) % 28);
    expect(i).toBe(3);
    // For range 3, 2^32 mod 3 = 1: only 2^32 - 1 is rejected.
    const words3 = [2 ** 32 - 1, 2 ** 32 - 2];
    let k = 0;
    expect(uniformInt(3, () => words3[k++] as number)).toBe((2 ** 32 - 2) % 3);
    expect(uniformInt(1, () => 12345)).toBe(0);
  });

  it('verifies a genuine match and pinpoints a tampered deal or a wrong commitment', () => {
    const seeds = { serverSeed: 'reveal-me', clientSeeds: ['a', 'b', 'c', 'd'] };
    const revealed = { ...seeds, commitment: commitment(seeds.serverSeed) };
    const deals: Deal[] = [1, 2, 3].map((n) => dealHand(seeds, n, 4));
    expect(verifyMatch(revealed, deals)).toEqual({ ok: true });
    expect(verifyDeal(revealed, 2, deals[1] as Deal)).toEqual({ ok: true });
    expect(verifyDeal(revealed, 3, deals[1] as Deal)).toEqual({
      ok: false,
      reason: 'fairness/deal_mismatch',
      handNumber: 3,
    });

    const d2 = deals[1] as Deal;
    const h0 = (d2.hands[0] as Tile[]).slice();
    const h1 = (d2.hands[1] as Tile[]).slice();
    [h0[0], h1[0]] = [h1[0] as Tile, h0[0] as Tile];
    const tampered: Deal = { hands: [h0, h1, ...d2.hands.slice(2)], stock: d2.stock };
    expect(verifyMatch(revealed, [deals[0] as Deal, tampered, deals[2] as Deal])).toEqual({
      ok: false,
      reason: 'fairness/deal_mismatch',
      handNumber: 2,
    });
    expect(verifyMatch({ ...revealed, serverSeed: 'other' }, deals)).toEqual({
      ok: false,
      reason: 'fairness/commitment_mismatch',
    });
  });
});

/** Upper p-quantile of chi-square with k degrees of freedom (Wilson–Hilferty). */
function chiSquareQuantile(k: number, z: number): number {
  const c = 2 / (9 * k);
  return k * (1 - c + z * Math.sqrt(c)) ** 3;
}

/**
 * Pearson statistic of the tile x position table, rescaled by (n-1)/n so that it follows
 * chi-square with (n-1)^2 degrees of freedom for uniform random permutations (docs/fairness.md).
 */
function positionStatistic(counts: Float64Array, shuffles: number): number {
  const expected = shuffles / 28;
  let x = 0;
  for (const c of counts) x += (c - expected) ** 2 / expected;
  return (x * 27) / 28;
}

describe('shuffle uniformity', () => {
  const threshold = chiSquareQuantile(27 * 27, 3.0902); // p = 0.001 upper tail, ≈ 852.7

  it('places every tile at every position equally often over 200,000 deals (chi-square, p = 0.001)', () => {
    const shuffles = 200_000;
    const counts = new Float64Array(28 * 28);
    const seeds = { serverSeed: 'uniformity', clientSeeds: ['a', 'b', 'c', 'd'] };
    for (let n = 1; n <= shuffles; n++) {
      const tiles = shuffleForHand(seeds, n);
      for (let pos = 0; pos < 28; pos++) counts[tileId(tiles[pos] as Tile) * 28 + pos]! += 1;
    }
    expect(threshold).toBeGreaterThan(850);
    expect(threshold).toBeLessThan(856);
    expect(positionStatistic(counts, shuffles)).toBeLessThan(threshold);
  });

  it('has the power to reject a classic biased shuffle (swap with any position)', () => {
    const shuffles = 50_000;
    const counts = new Float64Array(28 * 28);
    const rng = mulberry32(7);
    for (let n = 0; n < shuffles; n++) {
      const tiles = [...Array(28).keys()];
      for (let i = 27; i >= 0; i--) {
        const j = Math.floor(rng() * 28); // wrong: should be in [0, i]
        [tiles[i], tiles[j]] = [tiles[j] as number, tiles[i] as number];
      }
      tiles.forEach((tile, pos) => (counts[tile * 28 + pos]! += 1));
    }
    expect(positionStatistic(counts, shuffles)).toBeGreaterThan(threshold);
  });
});
