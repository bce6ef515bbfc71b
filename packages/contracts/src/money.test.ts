import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToBolivares, formatBs, parseBolivaresJson, parseBolivaresString } from './money';

describe('money helpers', () => {
  it('formats céntimos as es-VE bolívares', () => {
    expect(formatBs(0)).toBe('Bs. 0,00');
    expect(formatBs(5)).toBe('Bs. 0,05');
    expect(formatBs(25_000)).toBe('Bs. 250,00');
    expect(formatBs(123_456)).toBe('Bs. 1.234,56');
    expect(formatBs(123_456_789_01)).toBe('Bs. 123.456.789,01');
    expect(formatBs(-50_000)).toBe('-Bs. 500,00');
  });

  it('parses JSON amounts strictly, with at most two decimals', () => {
    expect(parseBolivaresJson(250)).toBe(25_000);
    expect(parseBolivaresJson(250.5)).toBe(25_050);
    expect(parseBolivaresJson(0.1)).toBe(10);
    expect(parseBolivaresJson(1234.56)).toBe(123_456);
    for (const bad of [-1, 1.005, Number.NaN, Infinity, 1e21, '250', null, undefined, true, 1e-7]) {
      expect(parseBolivaresJson(bad), String(bad)).toBeNull();
    }
  });

  it('parses decimal strings strictly', () => {
    expect(parseBolivaresString('250')).toBe(25_000);
    expect(parseBolivaresString('250.1')).toBe(25_010);
    expect(parseBolivaresString(' 99.99 ')).toBe(9_999);
    for (const bad of [
      '',
      '-5',
      '+5',
      '1e3',
      '1,5',
      '1.234',
      '01',
      '.5',
      '5.',
      'abc',
      '1000000001',
    ]) {
      expect(parseBolivaresString(bad), bad).toBeNull();
    }
  });

  it('round-trips every amount of céntimos through the JSON number form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (c) => {
        expect(parseBolivaresJson(centsToBolivares(c))).toBe(c);
      }),
    );
  });
});
