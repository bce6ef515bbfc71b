import type {
  ExpertoOptions,
  FairnessSeeds,
  LoggedMove,
  MatchReview,
  Seat,
  TableConfig,
} from '@domino/domino';
import { TsWorkerPool } from '../../lib/ts-worker';

/**
 * Runs one analysis off the event loop (docs/decisions/029-post-game-analysis.md): in a worker
 * thread loaded through tsx like the server itself (README.md: the server runs TypeScript through
 * tsx) and kept between jobs (docs/decisions/072-reused-worker-threads.md), so a crash or a
 * runaway search costs one job and its thread, never the node. A job still running after
 * `timeoutMs` is aborted and its thread terminated.
 */

/** Everything `reviewMatch` needs: the match's rules, revealed seeds, move log and the seat. */
export interface AnalysisInput {
  readonly config: TableConfig;
  readonly fairness: FairnessSeeds;
  readonly moves: readonly LoggedMove[];
  readonly seat: Seat;
  /** Seed of the evaluations: the game id, so a recomputation gives the same result. */
  readonly seed: string;
  /**
   * Overrides of the search (tests pass a lighter effort); the engine's
   * `ANALYSIS_EXPERTO_OPTIONS` when absent.
   */
  readonly experto?: Partial<ExpertoOptions>;
}

/** The review and the CPU milliseconds the worker spent on it. */
export interface AnalysisOutput {
  readonly review: MatchReview;
  readonly cpuMs: number;
}

/** This node's analysis thread (one: jobs wait for it in order). */
const POOL = new TsWorkerPool<AnalysisInput, AnalysisOutput>(
  new URL('./worker.ts', import.meta.url),
  'analysis',
);

/**
 * Computes `input` in the analysis thread. Rejects with the job's error, with an Error when the
 * thread dies without an answer, or after `timeoutMs` milliseconds (its thread is terminated).
 */
export function computeInWorker(input: AnalysisInput, timeoutMs: number): Promise<AnalysisOutput> {
  return POOL.run(input, timeoutMs);
}
