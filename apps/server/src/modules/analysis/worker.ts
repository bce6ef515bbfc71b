/**
 * The analysis's job module (docs/decisions/029-post-game-analysis.md), run by compute.ts's
 * worker pool (lib/ts-worker.ts `TsWorkerPool`, docs/decisions/072-reused-worker-threads.md):
 * takes one `AnalysisInput`, runs the engine's `reviewMatch` (pure CPU work, seconds at most) and
 * answers `{ review, cpuMs }`, cpuMs being this thread's CPU time for the job. A throw rejects the
 * job, which the runner turns into a failed attempt.
 */
import { reviewMatch } from '@domino/domino';
import { threadCpuMs } from '../../lib/thread-cpu';
import type { AnalysisInput, AnalysisOutput } from './compute';

export default function analyse(input: AnalysisInput): AnalysisOutput {
  const start = threadCpuMs();
  const review = reviewMatch(input.config, input.fairness, input.moves, input.seat, {
    seed: input.seed,
    ...(input.experto ? { experto: input.experto } : {}),
  });
  return { review, cpuMs: threadCpuMs() - start };
}
