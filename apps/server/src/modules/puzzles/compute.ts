import type {
  FairnessSeeds,
  Puzzle,
  PuzzleCheck,
  Seat,
  SeatedMove,
  TableConfig,
} from '@domino/domino';
import { TsWorkerPool } from '../../lib/ts-worker';

/**
 * Verifies the puzzle candidates of one finished match off the event loop
 * (docs/decisions/060-puzzles.md), the analysis's pattern (docs/decisions/029-post-game-analysis.md):
 * a worker thread loaded through tsx and kept between jobs
 * (docs/decisions/072-reused-worker-threads.md); a job still running after `timeoutMs` is aborted
 * and its thread terminated.
 */

/** The match (rules, revealed seeds, move log), the seat and the candidate decisions' indices. */
export interface MiningInput {
  readonly config: TableConfig;
  readonly fairness: FairnessSeeds;
  readonly moves: readonly SeatedMove[];
  readonly seat: Seat;
  readonly indices: readonly number[];
  readonly check: PuzzleCheck;
}

/** The verified puzzles and the CPU milliseconds the worker spent. */
export interface MiningOutput {
  readonly puzzles: readonly Puzzle[];
  readonly cpuMs: number;
}

/** This node's puzzle-mining thread (one: jobs wait for it in order). */
const POOL = new TsWorkerPool<MiningInput, MiningOutput>(
  new URL('./worker.ts', import.meta.url),
  'puzzle',
);

/**
 * Runs `input` in the mining thread. Rejects with the job's error, when the thread dies without
 * an answer, or after `timeoutMs` milliseconds (its thread is terminated).
 */
export function mineInWorker(input: MiningInput, timeoutMs: number): Promise<MiningOutput> {
  return POOL.run(input, timeoutMs);
}
