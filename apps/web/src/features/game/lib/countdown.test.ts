import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../app/theme';
import {
  countdownLevel,
  formatCountdown,
  msUntilNextSecond,
  remainingMs,
  turnFraction,
} from './countdown';

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

  it('reads the time again exactly when the shown clock changes, once a second, until 0:00', () => {
    expect(msUntilNextSecond(44_001)).toBe(1);
    expect(msUntilNextSecond(44_999)).toBe(999);
    expect(msUntilNextSecond(45_000)).toBe(1000);
    expect(msUntilNextSecond(0)).toBeNull();
    // A whole turn read at the times it asks for (each 15 ms late, as use-turn-left reads it):
    // every second from 0:30 down to 0:00 and every level are shown, each in its own read, and
    // never a second late.
    const deadline = 30_000;
    let at = 123;
    const shown: string[] = [];
    for (;;) {
      const left = deadline - at;
      shown.push(`${formatCountdown(left)} ${countdownLevel(Math.max(0, left))}`);
      const next = msUntilNextSecond(Math.max(0, left));
      if (next === null) break;
      at += next + 15;
      expect(formatCountdown(deadline - at)).not.toBe(formatCountdown(left));
    }
    expect(shown).toHaveLength(31);
    expect(new Set(shown).size).toBe(31);
    expect(shown[0]).toBe('0:30 calm');
    expect(shown).toContain('0:15 hurry');
    expect(shown).toContain('0:05 critical');
    expect(shown.at(-1)).toBe('0:00 critical');
  });

  it('gives the fraction of the turn left', () => {
    expect(turnFraction(30_000, 60)).toBe(0.5);
    expect(turnFraction(90_000, 60)).toBe(1);
    expect(turnFraction(1_000, 0)).toBe(0);
  });
});

describe('the countdown pill at each level (WCAG AA, decision 044)', () => {
  it('keeps its text at 4.5:1 on every level’s background', () => {
    const css = readFileSync(
      fileURLToPath(new URL('../components/game.module.css', import.meta.url)),
      'utf8',
    );
    for (const level of ['hurry', 'critical'] as const) {
      const rule = new RegExp(`\\.clock\\[data-level='${level}'\\]\\s*\\{([^}]*)\\}`).exec(css);
      expect(rule, level).not.toBeNull();
      const background = /background:\s*(#[0-9a-f]{6})/i.exec(rule![1]!)?.[1];
      const color = /(?:^|\s)color:\s*(white|#[0-9a-f]{6})/i.exec(rule![1]!)?.[1];
      expect(background, level).toBeDefined();
      expect(color, level).toBeDefined();
      const text = color === 'white' ? '#ffffff' : color!;
      expect(contrastRatio(text, background!), level).toBeGreaterThanOrEqual(4.5);
    }
  });
});
