import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  animateScrollTo,
  easeInOutCubic,
  SCROLL_ANIMATION_MS,
  scrollPositionAt,
} from './smooth-scroll';

/** A page of `height` px in a 800 px window, with frames run by hand at `frameMs` intervals. */
function fakePage(height: number) {
  const frames: ((now: number) => void)[] = [];
  const win = {
    scrollY: 0,
    innerHeight: 800,
    scrollTo: ({ top }: { top: number }) => {
      win.scrollY = top;
    },
    requestAnimationFrame: (cb: (now: number) => void) => frames.push(cb),
    cancelAnimationFrame: () => undefined,
    matchMedia: () => ({ matches: false }),
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { documentElement: { scrollHeight: height } });
  let now = 1000;
  /** Runs the pending frames, `count` times at most; returns how many ran. */
  const run = (count: number, onFrame?: (now: number) => void) => {
    let ran = 0;
    while (frames.length > 0 && ran < count) {
      now += 16;
      onFrame?.(now);
      frames.shift()!(now);
      ran += 1;
    }
    return ran;
  };
  return { win, run, pending: () => frames.length };
}

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

  describe('animateScrollTo', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('follows a target that moves while the page scrolls and ends on where it is then', () => {
      const page = fakePage(10_000);
      // Sections above the target take their real height as the page passes them (decision 036).
      let target = 3000;
      animateScrollTo(() => target);
      page.run(5);
      target = 3600;
      page.run(100);
      expect(page.win.scrollY).toBe(3600);
      expect(page.pending()).toBe(0);
    });

    it('stops following a target that never settles a second after its duration', () => {
      const page = fakePage(1_000_000);
      let target = 2000;
      animateScrollTo(() => (target += 7));
      const ran = page.run(10_000);
      expect(ran).toBeLessThan(Math.ceil((SCROLL_ANIMATION_MS + 1000) / 16) + 3);
      expect(page.pending()).toBe(0);
    });

    it('clamps to the page and takes a plain number as before', () => {
      const page = fakePage(2000);
      animateScrollTo(5000);
      page.run(100);
      expect(page.win.scrollY).toBe(1200);
    });
  });
});
