/**
 * The hand-sharing score's job module (docs/decisions/059-hand-sharing-detector.md), run by
 * integrity-compute.ts's worker pool (lib/ts-worker.ts `TsWorkerPool`,
 * docs/decisions/072-reused-worker-threads.md): takes one `SharingInput`, runs the engine's
 * `scoreMatchHands` (pure CPU work) and answers `{ hands, cpuMs }`, cpuMs being this thread's CPU
 * time for the job. A throw rejects the job, which the runner turns into a failed attempt.
 */
import { scoreMatchHands } from '@domino/domino';
import { threadCpuMs } from '../../lib/thread-cpu';
import type { SharingInput, SharingOutput } from './integrity-compute';

export default function scoreSharing(input: SharingInput): SharingOutput {
  const start = threadCpuMs();
  const hands = scoreMatchHands(
    input.config,
    input.fairness,
    input.moves,
    input.side,
    input.seed,
    input.effort,
  );
  return { hands, cpuMs: threadCpuMs() - start };
}
