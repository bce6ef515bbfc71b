import { useNow } from '../../../lib/use-now';
import { remainingMs } from './countdown';

/** How often a turn clock reads the time (ms): a quarter second keeps 'm:ss' on time. */
const TICK_MS = 250;

/**
 * Milliseconds left of a turn whose deadline is `deadlineIso` (an ISO instant from the server),
 * re-read every 250 ms while there is one; null without a deadline. Only the small components
 * that show a clock call it, so the clock re-renders them alone and not the whole game screen
 * (docs/decisions/074-cheaper-game-screen-paint.md).
 */
export function useTurnLeft(deadlineIso: string | null): number | null {
  const now = useNow(TICK_MS, deadlineIso !== null);
  return remainingMs(deadlineIso, now);
}
