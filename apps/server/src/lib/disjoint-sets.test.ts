import { describe, expect, it } from 'vitest';
import { DisjointSets } from './disjoint-sets';

describe('DisjointSets', () => {
  it('connects items through chains of links and keeps the rest apart', () => {
    const sets = new DisjointSets<number>();
    sets.union(1, 2);
    sets.union(3, 4);
    sets.union(2, 4);
    sets.union(5, 6);
    expect(new Set([1, 2, 3, 4].map((x) => sets.find(x))).size).toBe(1);
    expect(sets.find(5)).toBe(sets.find(6));
    expect(sets.find(1)).not.toBe(sets.find(5));
    expect(sets.find(7)).toBe(7);
  });

  it('compresses a long chain without losing anyone', () => {
    const sets = new DisjointSets<string>();
    for (let i = 0; i < 10_000; i++) sets.union(`n${i}`, `n${i + 1}`);
    const root = sets.find('n0');
    for (let i = 0; i <= 10_000; i += 997) expect(sets.find(`n${i}`)).toBe(root);
  });
});
