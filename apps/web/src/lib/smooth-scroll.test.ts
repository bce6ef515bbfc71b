import { describe, expect, it } from 'vitest';
import { easeInOutCubic, SCROLL_ANIMATION_MS, scrollPositionAt } from './smooth-scroll';

describe('animated scrolling', () => {
  it('lasts the 300 ms of docs/product.md §9', () => {
    expect(SCROLL_ANIMATION_MS).toBe(300);
  });

  it('eases in and out: starts and ends slowly and passes the middle at half time', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    expect(easeInOutCubic(0.9)).toBeGreaterThan(0.9);
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
  });

  it('moves from the start to the target and lands exactly on it when time is up', () => {
    expect(scrollPositionAt(0, 1000, 0)).toBe(0);
    expect(scrollPositionAt(0, 1000, 150)).toBe(500);
    expect(scrollPositionAt(1000, 0, 150)).toBe(500);
    expect(scrollPositionAt(0, 1000, 300)).toBe(1000);
    expect(scrollPositionAt(0, 1000, 5000)).toBe(1000);
    expect(scrollPositionAt(200, 800, 10, 0)).toBe(800);
    let last = 0;
    for (let t = 0; t <= 300; t += 16) {
      const y = scrollPositionAt(0, 1000, t);
      expect(y).toBeGreaterThanOrEqual(last);
      last = y;
    }
  });
});
