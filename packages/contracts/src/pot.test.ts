import { describe, expect, it } from 'vitest';
import {
  MSG_POT,
  monthNameEs,
  nextMonthKey,
  parseMonthKey,
  potSettingsRequestSchema,
  potSharesProblems,
  potTopUpRequestSchema,
  splitPotShares,
} from './pot';

describe('pot shares', () => {
  it('splits a pot by shares to the céntimo, the leftover céntimos to first place', () => {
    expect(splitPotShares(100_001, [5000, 3000, 2000])).toEqual([50_001, 30_000, 20_000]);
    expect(splitPotShares(333_333, [5000, 3000, 2000])).toEqual([166_668, 99_999, 66_666]);
    expect(splitPotShares(1, [5000, 3000, 2000])).toEqual([1, 0, 0]);
    expect(splitPotShares(0, [10_000])).toEqual([0]);
    for (const pot of [7, 999, 123_457, 10_000_003]) {
      const parts = splitPotShares(pot, [3334, 3333, 3333]);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(pot);
    }
  });

  it('accepts 1 to 10 positive integer shares summing to 10000', () => {
    expect(potSharesProblems([5000, 3000, 2000])).toEqual([]);
    expect(potSharesProblems([10_000])).toEqual([]);
    expect(potSharesProblems([])).toEqual([MSG_POT.sharesRequired]);
    expect(potSharesProblems(Array(11).fill(1))).toEqual([MSG_POT.sharesTooMany]);
    expect(potSharesProblems([5000, 5000.5])).toEqual([MSG_POT.sharesPositive]);
    expect(potSharesProblems([10_000, 0])).toEqual([MSG_POT.sharesPositive]);
    expect(potSharesProblems(['5000', 5000])).toEqual([MSG_POT.sharesPositive]);
    expect(potSharesProblems([5000, 4000])).toEqual([MSG_POT.sharesSum]);
  });

  it('validates staff settings and top-ups', () => {
    expect(potSettingsRequestSchema.safeParse({ description: ' Hola ' }).data).toEqual({
      description: 'Hola',
    });
    expect(potSettingsRequestSchema.safeParse({}).success).toBe(false);
    expect(potSettingsRequestSchema.safeParse({ shares_bps: 'x' }).success).toBe(false);
    expect(potTopUpRequestSchema.safeParse({ amount: 12.5, reason: 'Aporte' }).data).toEqual({
      amount: 1250,
      reason: 'Aporte',
    });
    for (const amount of [0, -1, 1.234, '10', null])
      expect(potTopUpRequestSchema.safeParse({ amount, reason: 'Aporte' }).success).toBe(false);
  });
});

describe('month keys', () => {
  it('names months in Spanish and steps over the year end', () => {
    expect(monthNameEs(11)).toBe('Noviembre');
    expect(() => monthNameEs(13)).toThrow(RangeError);
    expect(parseMonthKey('2026-11')).toEqual({ year: 2026, month: 11 });
    expect(() => parseMonthKey('2026-13')).toThrow(RangeError);
    expect(nextMonthKey('2026-12')).toBe('2027-01');
    expect(nextMonthKey('2026-09')).toBe('2026-10');
  });
});
