import { describe, expect, it } from 'vitest';
import { caracasDate, periodRange } from './time';

describe('Caracas calendar periods', () => {
  it('puts 02:00 UTC on the previous Caracas day', () => {
    expect(caracasDate(new Date('2026-11-21T02:00:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 20,
    });
  });

  it('computes today, the last 7 days, this month and last month', () => {
    const now = new Date('2026-01-10T15:00:00Z');
    expect(periodRange('today', now).from.toISOString()).toBe('2026-01-10T04:00:00.000Z');
    expect(periodRange('week', now).from.toISOString()).toBe('2026-01-03T15:00:00.000Z');
    expect(periodRange('month', now).from.toISOString()).toBe('2026-01-01T04:00:00.000Z');
    expect(periodRange('last_month', now)).toEqual({
      from: new Date('2025-12-01T04:00:00.000Z'),
      to: new Date('2026-01-01T04:00:00.000Z'),
    });
  });
});
