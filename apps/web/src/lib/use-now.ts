import { useEffect, useState } from 'react';

/**
 * The current time in ms (`Date.now()`), updated every `intervalMs` while `active`, for the
 * countdowns of the waiting room and the game screen. Becoming active refreshes it at once, so a
 * countdown that starts later never shows a stale time.
 */
export function useNow(intervalMs: number, active = true): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const id = window.setInterval(tick, intervalMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(id);
    };
  }, [intervalMs, active]);
  return now;
}
