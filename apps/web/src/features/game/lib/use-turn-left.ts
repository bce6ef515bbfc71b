import { useEffect, useState } from 'react';
import { msUntilNextSecond, remainingMs } from './countdown';

/**
 * How long after a second's boundary the clock reads the time (ms): a timer may fire a little
 * early, and read just before the boundary the clock would show the old second until the next.
 */
const BOUNDARY_SLACK_MS = 15;

/**
 * Milliseconds left of a turn whose deadline is `deadlineIso` (an ISO instant from the server),
 * or null without a deadline. The time is read again only when the shown clock changes (the next
 * whole second, msUntilNextSecond) and not after 0:00: one render a second instead of four, which
 * at a player's turn left the phone's renderer a third of its idle work (docs/performance.md,
 * "Game screen: Chromium's work per move"). Only the small components that show a clock call it,
 * so the clock re-renders them alone and not the whole game screen
 * (docs/decisions/074-cheaper-game-screen-paint.md).
 */
export function useTurnLeft(deadlineIso: string | null): number | null {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (deadlineIso === null) return;
    let timer: number | undefined;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      const next = msUntilNextSecond(remainingMs(deadlineIso, at) ?? 0);
      timer = next === null ? undefined : window.setTimeout(tick, next + BOUNDARY_SLACK_MS);
    };
    // A new deadline is read at once, so a clock that starts later never shows a stale time.
    timer = window.setTimeout(tick, 0);
    return () => window.clearTimeout(timer);
  }, [deadlineIso]);
  return remainingMs(deadlineIso, now);
}
