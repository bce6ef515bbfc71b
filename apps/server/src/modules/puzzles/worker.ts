/**
 * The puzzle miner's job module (docs/decisions/060-puzzles.md), run by compute.ts's worker pool
 * (lib/ts-worker.ts `TsWorkerPool`, docs/decisions/072-reused-worker-threads.md): takes one
 * `MiningInput`, rebuilds the seat's position at each candidate decision from the replayed match
 * (`matchPositions`, the seat's view only), verifies each (`verifyPuzzle`) and answers
 * `{ puzzles, cpuMs }`, cpuMs being this thread's CPU time for the job. A throw rejects the job.
 */
import { matchPositions, verifyPuzzle, type Puzzle } from '@domino/domino';
import { threadCpuMs } from '../../lib/thread-cpu';
import type { MiningInput, MiningOutput } from './compute';

export default function mine(input: MiningInput): MiningOutput {
  const start = threadCpuMs();
  const puzzles: Puzzle[] = [];
  for (const source of matchPositions(
    input.config,
    input.fairness,
    input.moves,
    input.seat,
    input.indices,
  )) {
    const verdict = verifyPuzzle(source.position, input.check);
    if (verdict.verified) puzzles.push(verdict.puzzle);
  }
  return { puzzles, cpuMs: threadCpuMs() - start };
}
