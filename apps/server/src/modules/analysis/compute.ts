import type {
  DificilOptions,
  FairnessSeeds,
  LoggedMove,
  MatchReview,
  Seat,
  TableConfig,
} from '@domino/domino';
import { runInWorker, tsWorkerScript } from '../../lib/ts-worker';

/**
 * Runs one analysis off the event loop (docs/decisions/029-post-game-analysis.md): a fresh
 * `node:worker_threads` worker per job, loaded through tsx like the server itself (README.md: the
 * server runs TypeScript through tsx), so a crash or a runaway search costs one worker, never the
 * node. The worker is terminated after `timeoutMs`.
 */

/** Everything `reviewMatch` needs: the match's rules, revealed seeds, move log and the seat. */
export interface AnalysisInput {
  readonly config: TableConfig;
  readonly fairness: FairnessSeeds;
  readonly moves: readonly LoggedMove[];
  readonly seat: Seat;
  /** Seed of the evaluations: the game id, so a recomputation gives the same result. */
  readonly seed: string;
  /** Search effort; Difícil's defaults when absent (tests pass a lighter one). */
  readonly dificil?: Partial<DificilOptions>;
}

/** The review and the CPU milliseconds the worker spent on it. */
export interface AnalysisOutput {
  readonly review: MatchReview;
  readonly cpuMs: number;
}

const WORKER_SCRIPT = tsWorkerScript(new URL('./worker.ts', import.meta.url));

/**
 * Computes `input` in a worker thread. Rejects with the worker's error, with an Error when it
 * exits without an answer, or after `timeoutMs` milliseconds (the worker is terminated).
 */
export function computeInWorker(input: AnalysisInput, timeoutMs: number): Promise<AnalysisOutput> {
  return runInWorker(WORKER_SCRIPT, input, timeoutMs, 'analysis');
}
