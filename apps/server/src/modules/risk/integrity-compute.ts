import type {
  FairnessSeeds,
  IntegrityOptions,
  LoggedMove,
  SharingHand,
  TableConfig,
} from '@domino/domino';
import { runInWorker, tsWorkerScript } from '../../lib/ts-worker';

/**
 * Runs one hand-sharing score off the event loop (docs/decisions/059-hand-sharing-detector.md),
 * like the post-game analysis (docs/decisions/029-post-game-analysis.md): a fresh
 * `node:worker_threads` worker per job, loaded through tsx, terminated after `timeoutMs`.
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

const WORKER_SCRIPT = tsWorkerScript(new URL('./integrity-worker.ts', import.meta.url));

/**
 * Computes `input` in a worker thread. Rejects with the worker's error, with an Error when it
 * exits without an answer, or after `timeoutMs` milliseconds (the worker is terminated).
 */
export function computeSharingInWorker(
  input: SharingInput,
  timeoutMs: number,
): Promise<SharingOutput> {
  return runInWorker(WORKER_SCRIPT, input, timeoutMs, 'hand sharing');
}
