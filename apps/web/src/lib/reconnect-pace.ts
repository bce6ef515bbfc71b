/**
 * How the tab's socket paces its reconnections (lib/socket.ts), in one place so that the failover
 * bench (bench/src/failover.ts) reconnects exactly like the web app: same delays, same spread
 * (docs/decisions/067-recovery-after-a-lost-node.md).
 *
 * Socket.IO's client waits `delay × 2^attempt` milliseconds before reconnection attempt
 * `attempt` (0 first), spread at random by ± `RECONNECTION_JITTER` of itself and capped at `max`.
 * The spread matters when a node dies: its players all lose their socket in the same instant,
 * and without it they would all knock on the surviving nodes in the same instant too.
 */

/** A back-off: first wait and cap, in milliseconds. */
export interface ReconnectionPace {
  delay: number;
  max: number;
}

/** Back-off while only background channels are open (balance, table list)… */
export const IDLE_RECONNECTION: ReconnectionPace = { delay: 2_000, max: 30_000 };
/** …and while a screen that shows live state (game, waiting room) is open. */
export const LIVE_RECONNECTION: ReconnectionPace = { delay: 1_000, max: 10_000 };
/** Each wait is spread at random over ± this fraction of itself (Socket.IO's `randomizationFactor`). */
export const RECONNECTION_JITTER = 0.5;

/**
 * The wait before reconnection attempt `attempt` (0 = the first after the loss), in whole
 * milliseconds, as socket.io-client computes it (its `Backoff.duration`, which draws one random
 * number per attempt): `delay × 2^attempt` moved by up to ± RECONNECTION_JITTER of itself, then
 * capped at `max`. `random` stands for Math.random (tests pass their own).
 */
export function reconnectionDelayMs(
  pace: ReconnectionPace,
  attempt: number,
  random: () => number = Math.random,
): number {
  let ms = pace.delay * 2 ** attempt;
  const rand = random();
  const deviation = Math.floor(rand * RECONNECTION_JITTER * ms);
  ms = (Math.floor(rand * 10) & 1) === 0 ? ms - deviation : ms + deviation;
  return Math.min(ms, pace.max) | 0;
}
