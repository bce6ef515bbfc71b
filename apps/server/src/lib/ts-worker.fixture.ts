/**
 * A job module for ts-worker.test.ts (lib/ts-worker.ts `TsWorkerPool`): answers which thread ran
 * the job and how much CPU it took, throws, or spins, as the input asks.
 */
import { threadId } from 'node:worker_threads';
import { threadCpuMs } from './thread-cpu';

export type FixtureJob =
  { kind: 'who' } | { kind: 'throw' } | { kind: 'spin'; cpuMs: number } | { kind: 'forever' };

export interface FixtureAnswer {
  threadId: number;
  /** This thread's CPU ms for the job (thread-cpu.ts). */
  threadMs: number;
  /** The whole process's CPU ms over the same job (process.cpuUsage). */
  processMs: number;
}

export default function run(job: FixtureJob): FixtureAnswer {
  const t0 = threadCpuMs();
  const p0 = process.cpuUsage();
  if (job.kind === 'throw') throw new Error('fixture job failed');
  if (job.kind === 'spin') while (threadCpuMs() - t0 < job.cpuMs);
  if (job.kind === 'forever') for (;;);
  const p = process.cpuUsage(p0);
  return { threadId, threadMs: threadCpuMs() - t0, processMs: (p.user + p.system) / 1000 };
}
