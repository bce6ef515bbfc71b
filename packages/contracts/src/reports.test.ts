import { describe, expect, it } from 'vitest';
import {
  bcvRateInputSchema,
  formatBcvRate,
  formatIsoDay,
  formatUsd,
  isIsoDay,
  parseBcvRate,
  usdCentsFromCents,
} from './reports';

describe('BCV rate and the US$ figure', () => {
  it('parses a typed rate into an integer × 10 000, with a comma or a dot', () => {
    expect(parseBcvRate('36,5210')).toBe(365_210);
    expect(parseBcvRate(' 36.521 ')).toBe(365_210);
    expect(parseBcvRate('40')).toBe(400_000);
    expect(parseBcvRate('0,0001')).toBe(1);
    expect(parseBcvRate('999999,9999')).toBe(9_999_999_999);
    for (const bad of ['', 'abc', '36,52101', '-1', '+1', '1e3', '1.234,56', '36,', ',5', '036'])
      expect(parseBcvRate(bad), bad).toBeNull();
    for (const out of ['0', '0,0000', '1000000', '12345678'])
      expect(parseBcvRate(out), out).toBe('range');
  });

  it('formats a scaled rate with four decimals and es-VE grouping', () => {
    expect(formatBcvRate(365_210)).toBe('36,5210');
    expect(formatBcvRate(1)).toBe('0,0001');
    expect(formatBcvRate(12_345_678_900)).toBe('1.234.567,8900');
  });

  it('converts céntimos to US$ cents rounding toward zero, in integers', () => {
    // Bs. 450,67 at 36,5210 = 12,34002… US$ -> US$ 12,34; Bs. 450,66 = 12,33975… -> 12,33.
    expect(usdCentsFromCents(45_067, 365_210)).toBe(1_234);
    expect(usdCentsFromCents(45_066, 365_210)).toBe(1_233);
    expect(usdCentsFromCents(365_210, 365_210)).toBe(10_000);
    expect(usdCentsFromCents(365_209, 365_210)).toBe(9_999);
    expect(usdCentsFromCents(0, 365_210)).toBe(0);
    expect(usdCentsFromCents(-365_209, 365_210)).toBe(-9_999);
    // Beyond 2^53 in the intermediate product, still exact.
    expect(usdCentsFromCents(100_000_000_000, 1)).toBe(1_000_000_000_000_000);
    expect(() => usdCentsFromCents(100, 0)).toThrow(RangeError);
  });

  it('formats US$ cents the Venezuelan way', () => {
    expect(formatUsd(1_234)).toBe('US$ 12,34');
    expect(formatUsd(5)).toBe('US$ 0,05');
    expect(formatUsd(123_456_789)).toBe('US$ 1.234.567,89');
  });

  it('tells real calendar days and writes them dd/mm/aaaa', () => {
    expect(isIsoDay('2026-11-25')).toBe(true);
    expect(isIsoDay('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '26-11-25', '2026-11-25T00:00'])
      expect(isIsoDay(bad), bad).toBe(false);
    expect(formatIsoDay('2026-11-25')).toBe('25/11/2026');
  });

  it('validates the staff form with Spanish field messages', () => {
    expect(bcvRateInputSchema.safeParse({ date: '2026-11-25', rate: '36,52' }).success).toBe(true);
    const bad = bcvRateInputSchema.safeParse({ date: '2026-02-30', rate: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['date', 'Usa una fecha válida (aaaa-mm-dd)'],
      ['rate', 'Escribe la tasa del BCV'],
    ]);
  });
});
