import { describe, expect, it } from 'vitest';
import { LIMITS } from '@domino/contracts';
import { isInactive, shouldRecordActivity, withTimeout } from './timing';

describe('inactivity rules', () => {
  it('logs out once the inactivity time-out has passed', () => {
    const last = 1_000_000;
    expect(
      isInactive(last, last + LIMITS.inactivityTimeoutMs - 1, LIMITS.inactivityTimeoutMs),
    ).toBe(false);
    expect(isInactive(last, last + LIMITS.inactivityTimeoutMs, LIMITS.inactivityTimeoutMs)).toBe(
      true,
    );
  });

  it('records activity at most once per throttle window', () => {
    expect(shouldRecordActivity(0, LIMITS.activityThrottleMs - 1, LIMITS.activityThrottleMs)).toBe(
      false,
    );
    expect(shouldRecordActivity(0, LIMITS.activityThrottleMs, LIMITS.activityThrottleMs)).toBe(
      true,
    );
  });
});

describe('withTimeout', () => {
  it('resolves with the value when the promise settles in time', async () => {
    await expect(withTimeout(Promise.resolve(42), 1_000)).resolves.toBe(42);
  });

  it('rejects when the promise takes too long', async () => {
    await expect(withTimeout(new Promise(() => undefined), 10)).rejects.toThrow(/timed out/);
  });

  it('passes a rejection through', async () => {
    await expect(withTimeout(Promise.reject(new Error('chunk failed')), 1_000)).rejects.toThrow(
      'chunk failed',
    );
  });
});
