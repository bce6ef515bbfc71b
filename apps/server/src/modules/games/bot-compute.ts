import { availableParallelism } from 'node:os';
import type { Difficulty } from '@domino/contracts';
import type { Move, PlayerView } from '@domino/domino';
import { TsWorkerPool } from '../../lib/ts-worker';
import type { OffLoopBots } from './bots';

/**
 * CPU moves chosen in worker threads (docs/decisions/082-bot-moves-off-the-event-loop.md):
 * Experto searches about 100 ms of CPU a decision (docs/performance.md, "Bots"), which on the
 * event loop would hold every other game, request and socket of the node for as long; its moves
 * are chosen by `bot-worker.ts` in a pool of threads kept between jobs (lib/ts-worker.ts,
 * docs/decisions/072-reused-worker-threads.md). The cheaper levels (a few milliseconds at most)
 * stay inline: a job's round trip would cost them more than it saves.
 */

/** One move to choose: the seat's player view (never more), the level and the seed. */
export interface BotJob {
  readonly view: PlayerView;
  readonly level: Difficulty;
  readonly seed: string;
}

/** The levels whose moves are chosen in the pool. */
export const OFF_LOOP_LEVELS: ReadonlySet<Difficulty> = new Set<Difficulty>(['experto']);

/**
 * A job still unanswered after this many milliseconds (waiting for a thread included) is
 * abandoned and its thread terminated; the move player then chooses inline. Experto's slowest
 * decision measured is under 300 ms (decision 058); this is for a thread that hangs.
 */
export const BOT_JOB_TIMEOUT_MS = 10_000;

/**
 * Threads: one fewer than the machine's cores (the event loop keeps one), at least one, at most
 * four (the node's sweeper plays a few due games at a time, config SWEEPER_CONCURRENCY).
 */
const THREADS = Math.min(4, Math.max(1, availableParallelism() - 1));

const POOL = new TsWorkerPool<BotJob, Move>(new URL('./bot-worker.ts', import.meta.url), 'bot', {
  maxThreads: THREADS,
});

/**
 * The node's off-loop bots: the pool's move for the levels in `OFF_LOOP_LEVELS`. Rejects as
 * `TsWorkerPool.run` does (the job's error, a dead thread, the timeout).
 */
export const workerBots: OffLoopBots = {
  levels: OFF_LOOP_LEVELS,
  choose: (view, level, seed) => POOL.run({ view, level, seed }, BOT_JOB_TIMEOUT_MS),
};

/** Threads of the pool alive now (tests read it). */
export function botThreads(): number {
  return POOL.threads;
}
