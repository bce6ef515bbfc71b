/**
 * The turn clock (docs/product.md §2 game integration): time left until `turn_deadline` and how to show it.
 * Deadlines are ISO instants from the server; times are milliseconds since the epoch.
 */

/** Milliseconds left until `deadlineIso` (never negative), or null without a deadline. */
export function remainingMs(deadlineIso: string | null | undefined, nowMs: number): number | null {
  if (!deadlineIso) return null;
  const deadline = Date.parse(deadlineIso);
  if (Number.isNaN(deadline)) return null;
  return Math.max(0, deadline - nowMs);
}

/** 'm:ss' rounded up to the next whole second (so 0:00 shows only when time is up). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${seconds.toString().padStart(2, '0')}`;
}

/**
 * Milliseconds from now until the shown countdown next changes: `formatCountdown` rounds up to
 * whole seconds and `countdownLevel`'s thresholds are whole seconds, so with `leftMs` left the
 * display changes when the time left crosses the next lower multiple of 1,000 ms. Null once the
 * time is up (nothing changes after 0:00).
 */
export function msUntilNextSecond(leftMs: number): number | null {
  if (leftMs <= 0) return null;
  const intoSecond = leftMs % 1000;
  return intoSecond === 0 ? 1000 : intoSecond;
}

export type CountdownLevel = 'calm' | 'hurry' | 'critical';

/** 'critical' in the last 5 s, 'hurry' in the last 15 s, else 'calm'. */
export function countdownLevel(ms: number): CountdownLevel {
  if (ms <= 5_000) return 'critical';
  if (ms <= 15_000) return 'hurry';
  return 'calm';
}

/** Fraction of the turn left, 0..1 (for a progress ring), given the turn length in seconds. */
export function turnFraction(ms: number, turnSeconds: number): number {
  if (!(turnSeconds > 0)) return 0;
  return Math.min(1, Math.max(0, ms / (turnSeconds * 1000)));
}
