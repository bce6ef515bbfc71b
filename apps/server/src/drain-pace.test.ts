import { describe, expect, it } from 'vitest';
import { drainWindowMs, exitBoundMs } from './drain-pace';
import { loadConfig } from './config';

/**
 * The drain's pace (docs/decisions/067, addendum "Cheaper connections and a paced drain"): a node
 * with many players spreads them over a longer window, within the client contract's 10 s, and
 * the watchdog's bound on the exit covers the longest window.
 */
const pace = {
  DRAIN_NOTICE_MS: 1500,
  DRAIN_RECONNECT_MS: 2000,
  DRAIN_RECONNECT_MAX_MS: 6000,
  DRAIN_ADMIT_PER_S: 300,
};

describe('the drain window', () => {
  it('is the minimum for a node with few players', () => {
    expect(drainWindowMs(0, pace)).toBe(2000);
    expect(drainWindowMs(1, pace)).toBe(2000);
    expect(drainWindowMs(600, pace)).toBe(2000);
  });

  it('grows with the players so that at most DRAIN_ADMIT_PER_S arrive each second', () => {
    expect(drainWindowMs(900, pace)).toBe(3000);
    expect(drainWindowMs(1000, pace)).toBe(3334);
    // 1,000 players over 3,334 ms: no more than 300 a second.
    expect(1000 / (drainWindowMs(1000, pace) / 1000)).toBeLessThanOrEqual(300);
  });

  it('stops at the maximum, and the maximum never shortens the minimum', () => {
    expect(drainWindowMs(2000, pace)).toBe(6000);
    expect(drainWindowMs(100_000, pace)).toBe(6000);
    expect(drainWindowMs(100_000, { ...pace, DRAIN_RECONNECT_MAX_MS: 1000 })).toBe(2000);
  });

  it('is the minimum when pacing is off', () => {
    expect(drainWindowMs(100_000, { ...pace, DRAIN_ADMIT_PER_S: 0 })).toBe(2000);
  });
});

describe('the exit bound', () => {
  it('covers the notice, the longest window, the grace and 5 s to close', () => {
    expect(exitBoundMs(pace)).toBe(1500 + 6000 + 1000 + 5000);
    expect(exitBoundMs({ ...pace, DRAIN_RECONNECT_MAX_MS: 0 })).toBe(1500 + 2000 + 1000 + 5000);
  });

  it('uses defaults that keep the exit within 10 s (decision 063) and the window in the contract', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(drainWindowMs(1_000_000, config)).toBeLessThanOrEqual(10_000);
    expect(exitBoundMs(config)).toBe(9_500);
  });
});
