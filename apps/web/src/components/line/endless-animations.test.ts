import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Endless animations on the game screen: each one makes the browser paint or composite a frame
 * 60 times a second for as long as it shows, on a phone's battery
 * (docs/decisions/074-cheaper-game-screen-paint.md, addendum). Only the ones that show for a
 * short while are endless: the last seconds of a turn clock, the end buttons while a tile waits
 * for its end, and the thinking dots of the seat to play, which show three quarters of a match and
 * so change in steps, not on every frame (second addendum). The last tile's halo shows almost the
 * whole match, so it breathes a few times and stops.
 */

const SHEETS = {
  'line-board': new URL('./line-board.module.css', import.meta.url),
  game: new URL('../../features/game/components/game.module.css', import.meta.url),
  'waiting-room': new URL(
    '../../features/tables/components/waiting-room.module.css',
    import.meta.url,
  ),
};

/** `selector -> animation shorthand` of every rule of `css` that sets one. */
function animations(css: string): Map<string, string> {
  const out = new Map<string, string>();
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selector, body] of bare.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const animation = /(?:^|;)\s*animation\s*:\s*([^;]+)/.exec(body!)?.[1]?.trim();
    if (animation) out.set(selector!.trim(), animation);
  }
  return out;
}

/** The selectors of `css` whose animation repeats forever. */
function endless(css: string): string[] {
  return [...animations(css)].filter(([, a]) => /\binfinite\b/.test(a)).map(([s]) => s);
}

describe('endless animations on the game screen', () => {
  const css = Object.fromEntries(
    Object.entries(SHEETS).map(([name, url]) => [name, readFileSync(fileURLToPath(url), 'utf8')]),
  ) as Record<keyof typeof SHEETS, string>;

  it('are only the short-lived ones', () => {
    expect(endless(css['line-board']).sort()).toEqual(['.endTarget']);
    expect(endless(css.game).sort()).toEqual([".clock[data-level='critical']", '.thinking > span']);
  });

  it("lets the last tile's halo breathe three times, then rest", () => {
    const halo = animations(css['line-board']).get('.lastHalo') ?? '';
    expect(halo.split(/\s+/).find((part) => /^(\d+|infinite)$/.test(part))).toBe('3');
  });

  it("lights the thinking dots, and the waiting room's, in steps", () => {
    expect(animations(css.game).get('.thinking > span')).toMatch(/\bsteps\(/);
    expect(animations(css['waiting-room']).get('.waitingDots > span')).toMatch(/\bsteps\(/);
  });
});
