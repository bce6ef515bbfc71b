import type {
  FairnessSeeds,
  Puzzle,
  PuzzleCheck,
  Seat,
  SeatedMove,
  TableConfig,
} from '@domino/domino';
import { runInWorker, tsWorkerScript } from '../../lib/ts-worker';

/**
 * Verifies the puzzle candidates of one finished match off the event loop
 * (docs/decisions/060-puzzles.md), the analysis's pattern (docs/decisions/029-post-game-analysis.md):
 * a fresh `node:worker_threads` worker per job, loaded through tsx, terminated after `timeoutMs`.
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

const WORKER_SCRIPT = tsWorkerScript(new URL('./worker.ts', import.meta.url));

/**
 * Runs `input` in a worker thread. Rejects with the worker's error, when it exits without an
 * answer, or after `timeoutMs` milliseconds (the worker is terminated).
 */
export function mineInWorker(input: MiningInput, timeoutMs: number): Promise<MiningOutput> {
  return runInWorker(WORKER_SCRIPT, input, timeoutMs, 'puzzle');
}
