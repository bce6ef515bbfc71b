/**
 * The engine's random self-play, and from it the speed of the machine at the hour of a run.
 *
 * Machines of the same kind here differ in speed by a factor of two and more from one hour to
 * the next (docs/performance.md "Engine": 25,057 parejas hands/s at the first measurement,
 * 12,205 on a slow host, 28,568 on a fast one), and every CPU figure per move moves with them.
 * A bench that prints CPU time prints this marker beside it, read just before and just after
 * its window, so that figures of different runs can be compared for what the machine was
 * (docs/performance.md "The machine's speed beside every figure").
 */
import {
  DEFAULT_CONFIG,
  applyMove,
  legalMoves,
  mulberry32,
  startMatch,
  type MatchState,
  type Seat,
  type TableConfig,
} from '@domino/domino';

/** What `selfPlay` counted: whole matches of random legal moves, on the calling thread. */
export interface SelfPlayCount {
  hands: number;
  moves: number;
  matches: number;
  /** Turns that had exactly one legal move. */
  forced: number;
  /** Wall time spent, in seconds (at least `seconds`, up to one match more). */
  elapsed: number;
}

/**
 * Plays whole matches of `config` with uniformly random legal moves (seeded, so every run plays
 * the same matches) for `seconds` of wall time, deals included (the HMAC-SHA256 stream of
 * docs/fairness.md). Throws if the engine offers no legal move or refuses one it offered.
 */
export function selfPlay(config: TableConfig, seconds: number): SelfPlayCount {
  const rng = mulberry32(42);
  const count: SelfPlayCount = { hands: 0, moves: 0, matches: 0, forced: 0, elapsed: 0 };
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    let state: MatchState = startMatch(config, {
      serverSeed: `bench-${count.matches}`,
      clientSeeds: Array.from({ length: config.players }, (_, i) => `seat-${i}`),
    });
    while (state.status === 'playing') {
      const seat = state.hand.turn as Seat;
      const options = legalMoves(state, seat);
      if (options.length === 1) count.forced++;
      const move = options[Math.floor(rng() * options.length)];
      if (move === undefined) throw new Error('no legal move');
      const result = applyMove(state, seat, move);
      if (!result.ok) throw new Error(result.code);
      state = result.state;
      count.moves++;
    }
    count.hands += state.history.length;
    count.matches++;
  }
  count.elapsed = (performance.now() - start) / 1000;
  return count;
}

/**
 * The machine's speed now: parejas hands per second of random self-play with the engine's
 * defaults, on this thread, over `seconds` (default 2) of wall time. Higher is faster; call it
 * while nothing else of the bench runs, or it measures the bench too.
 */
export function machineSpeed(seconds = 2): number {
  const c = selfPlay(DEFAULT_CONFIG, seconds);
  return c.hands / c.elapsed;
}

/**
 * The line a bench prints with its two readings of `machineSpeed` (hands/s), `before` and
 * `after` naming when each was taken, so that every bench says it the same way.
 */
export function machineSpeedLine(
  before: { label: string; handsPerSecond: number },
  after: { label: string; handsPerSecond: number },
): string {
  return (
    `machine speed (engine self-play, parejas hands/s on one core, machine-speed.ts): ` +
    `${before.handsPerSecond.toFixed(0)} ${before.label}, ${after.handsPerSecond.toFixed(0)} ${after.label}`
  );
}
