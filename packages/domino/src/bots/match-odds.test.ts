import { describe, expect, it } from 'vitest';
import { matchUtility, matchWinProbability } from './match-odds';

describe('match odds (decision 058, addendum 4)', () => {
  it('is even at equal needs, complementary when the needs swap, and 1 or 0 at the target', () => {
    for (const target of [100, 150, 200]) {
      expect(matchWinProbability(target, target, target)).toBeCloseTo(0.5, 9);
      expect(matchWinProbability(0, 40, target)).toBe(1);
      expect(matchWinProbability(-5, 40, target)).toBe(1);
      expect(matchWinProbability(40, 0, target)).toBe(0);
      for (const [a, b] of [
        [10, 90],
        [55, 30],
        [3, 3],
        [100, 1],
      ] as const)
        expect(matchWinProbability(a, b, target) + matchWinProbability(b, a, target)).toBeCloseTo(
          1,
          9,
        );
    }
  });

  it('falls as our need grows and rises as theirs grows', () => {
    for (let b = 5; b <= 100; b += 19)
      for (let a = 1; a < 100; a++)
        expect(matchWinProbability(a + 1, b, 100)).toBeLessThanOrEqual(
          matchWinProbability(a, b, 100) + 1e-12,
        );
    for (let a = 5; a <= 100; a += 19)
      for (let b = 1; b < 100; b++)
        expect(matchWinProbability(a, b + 1, 100)).toBeGreaterThanOrEqual(
          matchWinProbability(a, b, 100) - 1e-12,
        );
  });

  it('values a hand by the match: monotone, 100 once it reaches the target, 0 once they do', () => {
    const u = matchUtility(12, 20, 100);
    let last = -1;
    for (let v = -60; v <= 60; v += 0.25) {
      const x = u(v);
      expect(x).toBeGreaterThanOrEqual(last - 1e-9);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(100);
      last = x;
    }
    expect(u(12)).toBe(100);
    expect(u(-20)).toBe(0);
    // Points short of the target are worth far less than the last step over it.
    expect(u(12) - u(11)).toBeGreaterThan(5 * (u(11) - u(10)));
    expect(u(0)).toBeCloseTo(100 * matchWinProbability(12, 20, 100), 9);
  });
});
