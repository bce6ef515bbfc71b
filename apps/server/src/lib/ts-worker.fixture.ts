/**
 * A job module for ts-worker.test.ts (lib/ts-worker.ts `TsWorkerPool`): answers which thread ran
 * the job and how much CPU it took, throws, or spins, as the input asks.
 */
import { threadId } from 'node:worker_threads';
import { threadCpuMs } from './thread-cpu';

/**
 * `spin` runs at least `cpuMs` of this thread's CPU and until the caller has finished its own
 * work: `sync[0]` is set to 1 when the job starts, and the job returns only once the caller
 * has set `sync[1]` to 1 (`sync` lies on a SharedArrayBuffer, shared with the caller).
 */
export type FixtureJob =
  | { kind: 'who' }
  | { kind: 'throw' }
  | { kind: 'spin'; cpuMs: number; sync: Int32Array }
  | { kind: 'forever' };

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
  if (job.kind === 'spin') {
    Atomics.store(job.sync, 0, 1);
    while (threadCpuMs() - t0 < job.cpuMs || Atomics.load(job.sync, 1) === 0);
  }
  if (job.kind === 'forever') for (;;);
  const p = process.cpuUsage(p0);
  return { threadId, threadMs: threadCpuMs() - t0, processMs: (p.user + p.system) / 1000 };
}
