import { describe, expect, it } from 'vitest';
import { operations, shiftDay, signedBolivares } from './reports';

describe('daily report page helpers', () => {
  it('moves between calendar days across months and leap years', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('signs money in and out and counts operations in Spanish', () => {
    expect(signedBolivares(10)).toBe('+Bs. 10,00');
    expect(signedBolivares(-1100)).toBe('-Bs. 1.100,00');
    expect(signedBolivares(0)).toBe('Bs. 0,00');
    expect(operations(1)).toBe('1 operación');
    expect(operations(1500)).toBe('1.500 operaciones');
  });
});
