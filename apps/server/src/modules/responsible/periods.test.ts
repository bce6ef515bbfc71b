import { describe, expect, it } from 'vitest';
import { periodStart } from './periods';
import { activePause, applyLimitChange, pauseEnd } from './rules';

/** The calendar periods (Caracas, UTC-4) and the pure limit and pause rules of decision 030. */
describe('responsible gaming periods and rules', () => {
  // Wednesday 2026-11-25 23:30 in Caracas = Thursday 03:30 UTC.
  const now = new Date('2026-11-26T03:30:00Z');

  it('starts the day, week (Monday) and month at Caracas midnight', () => {
    expect(periodStart('day', now).toISOString()).toBe('2026-11-25T04:00:00.000Z');
    expect(periodStart('week', now).toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(periodStart('month', now).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    // A Sunday belongs to the week that began six days before; a week may start last month.
    const sunday = new Date('2026-11-01T15:00:00Z');
    expect(periodStart('week', sunday).toISOString()).toBe('2026-10-26T04:00:00.000Z');
  });

  it('applies a first or lower limit at once and delays a raise or removal 24 h', () => {
    expect(applyLimitChange(undefined, 500, now)).toEqual({
      amountCents: 500,
      pendingCents: null,
      pendingAt: null,
    });
    const row = { amountCents: 500, pendingCents: null, pendingAt: null };
    expect(applyLimitChange(row, 400, now).amountCents).toBe(400);
    const raise = applyLimitChange(row, 900, now);
    expect(raise).toEqual({
      amountCents: 500,
      pendingCents: 900,
      pendingAt: new Date(now.getTime() + 86_400_000),
    });
    expect(applyLimitChange(row, null, now)).toMatchObject({
      amountCents: 500,
      pendingCents: null,
    });
    expect(applyLimitChange(undefined, null, now).pendingAt).toBeNull();
  });

  it('ends pauses at their length and knows when one is running', () => {
    expect(pauseEnd('7d', now)?.toISOString()).toBe('2026-12-03T03:30:00.000Z');
    expect(pauseEnd('6m', now)?.toISOString()).toBe('2027-05-26T03:30:00.000Z');
    expect(pauseEnd('permanent', now)).toBeNull();
    const until = new Date(now.getTime() + 1000);
    const s = { pauseKind: 'timeout' as const, pauseStartedAt: now, pauseUntil: until };
    expect(activePause(s, now)?.kind).toBe('timeout');
    expect(activePause(s, until)).toBeNull();
    expect(
      activePause({ ...s, pauseKind: 'exclusion', pauseUntil: null }, until)?.until,
    ).toBeNull();
  });
});
