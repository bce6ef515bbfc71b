import { Manager } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import {
  IDLE_RECONNECTION,
  LIVE_RECONNECTION,
  RECONNECTION_JITTER,
  reconnectionDelayMs,
} from './reconnect-pace';

/**
 * The reconnection pace (lib/reconnect-pace.ts) is socket.io-client's own: the failover bench
 * computes its waits with `reconnectionDelayMs`, the web lets Socket.IO compute them from the same
 * constants, and both must give the same waits for the same random draws, or the bench measures a
 * client that does not exist (docs/decisions/067-recovery-after-a-lost-node.md).
 */

/** A fixed sequence of "random" numbers, the same for both sides. */
function draws(): () => number {
  const values = [0, 0.05, 0.13, 0.27, 0.38, 0.49, 0.5, 0.61, 0.72, 0.88, 0.95, 0.999];
  let i = 0;
  return () => values[i++ % values.length]!;
}

/** socket.io-client's waits for `pace`, drawn with `random` in place of Math.random. */
function socketIoWaits(pace: { delay: number; max: number }, n: number, random: () => number) {
  const manager = new Manager('http://127.0.0.1:9', {
    autoConnect: false,
    reconnectionDelay: pace.delay,
    reconnectionDelayMax: pace.max,
    randomizationFactor: RECONNECTION_JITTER,
  });
  const backoff = (manager as unknown as { backoff: { duration(): number } }).backoff;
  const original = Math.random;
  Math.random = random;
  try {
    return Array.from({ length: n }, () => backoff.duration());
  } finally {
    Math.random = original;
  }
}

describe('reconnection pace', () => {
  for (const [name, pace] of [
    ['live', LIVE_RECONNECTION],
    ['idle', IDLE_RECONNECTION],
  ] as const) {
    it(`gives socket.io-client's own waits (${name} screens)`, () => {
      const ours = Array.from({ length: 12 }, (_, attempt) => {
        const random = draws();
        for (let k = 0; k < attempt; k++) random();
        return reconnectionDelayMs(pace, attempt, random);
      });
      expect(ours).toEqual(socketIoWaits(pace, 12, draws()));
    });
  }

  it('spreads the first wait of a live screen over half to one and a half times its delay', () => {
    const first = [0, 0.05, 0.13, 0.27, 0.5, 0.72, 0.95, 0.999].map((r) =>
      reconnectionDelayMs(LIVE_RECONNECTION, 0, () => r),
    );
    for (const w of first) {
      expect(w).toBeGreaterThanOrEqual(500);
      expect(w).toBeLessThanOrEqual(1_500);
    }
    // Not one instant: the draws above land on both sides of the delay.
    expect(Math.min(...first)).toBeLessThan(1_000);
    expect(Math.max(...first)).toBeGreaterThan(1_000);
    // Capped: late attempts never wait longer than the cap.
    expect(reconnectionDelayMs(LIVE_RECONNECTION, 10, () => 0.999)).toBe(10_000);
  });
});
