import { describe, expect, it } from 'vitest';
import { countdownLevel, formatCountdown, remainingMs, turnFraction } from './countdown';

describe('turn countdown', () => {
  const now = Date.parse('2026-11-21T12:00:00.000Z');

  it('counts the time left to the deadline and stops at zero', () => {
    expect(remainingMs('2026-11-21T12:00:45.000Z', now)).toBe(45_000);
    expect(remainingMs('2026-11-21T11:59:00.000Z', now)).toBe(0);
    expect(remainingMs(null, now)).toBeNull();
    expect(remainingMs('not a date', now)).toBeNull();
  });

  it('shows minutes and seconds, rounding up', () => {
    expect(formatCountdown(60_000)).toBe('1:00');
    expect(formatCountdown(44_001)).toBe('0:45');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('warns in the last 15 seconds and alarms in the last 5', () => {
    expect(countdownLevel(30_000)).toBe('calm');
    expect(countdownLevel(15_000)).toBe('hurry');
    expect(countdownLevel(5_000)).toBe('critical');
  });

  it('gives the fraction of the turn left', () => {
    expect(turnFraction(30_000, 60)).toBe(0.5);
    expect(turnFraction(90_000, 60)).toBe(1);
    expect(turnFraction(1_000, 0)).toBe(0);
  });
});
