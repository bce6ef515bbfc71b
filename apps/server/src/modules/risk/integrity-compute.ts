import type {
  FairnessSeeds,
  IntegrityOptions,
  LoggedMove,
  SharingHand,
  TableConfig,
} from '@domino/domino';
import { TsWorkerPool } from '../../lib/ts-worker';

/**
 * Runs one hand-sharing score off the event loop (docs/decisions/059-hand-sharing-detector.md),
 * like the post-game analysis (docs/decisions/029-post-game-analysis.md): a worker thread loaded
 * through tsx and kept between jobs (docs/decisions/072-reused-worker-threads.md); a job still
 * running after `timeoutMs` is aborted and its thread terminated.
 */

/** Everything `scoreMatchHands` needs: the match's rules, revealed seeds, move log and the side. */
export interface SharingInput {
  readonly config: TableConfig;
  readonly fairness: FairnessSeeds;
  readonly moves: readonly LoggedMove[];
  readonly side: 0 | 1;
  /** Seed of the searches: the game id, so a recomputation gives the same result. */
  readonly seed: string;
  /** Search effort; the engine's defaults when absent. */
  readonly effort?: IntegrityOptions;
}

/** The scored hands and the CPU milliseconds the worker spent. */
export interface SharingOutput {
  readonly hands: readonly SharingHand[];
  readonly cpuMs: number;
}

/** This node's hand-sharing thread (one: jobs wait for it in order). */
const POOL = new TsWorkerPool<SharingInput, SharingOutput>(
  new URL('./integrity-worker.ts', import.meta.url),
  'hand sharing',
);

/**
 * Computes `input` in the hand-sharing thread. Rejects with the job's error, with an Error when
 * the thread dies without an answer, or after `timeoutMs` milliseconds (its thread is terminated).
 */
export function computeSharingInWorker(
  input: SharingInput,
  timeoutMs: number,
): Promise<SharingOutput> {
  return POOL.run(input, timeoutMs);
}
