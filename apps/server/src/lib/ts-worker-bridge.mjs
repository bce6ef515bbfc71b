/**
 * The entry of every `TsWorkerPool` thread (ts-worker.ts, docs/decisions/072-reused-worker-threads.md):
 * names the thread `domino-job` (Linux: what `top -H` and the benches' CPU meters show, so its
 * work is told apart from the event loop's), registers tsx's loader in this thread (Node 20 does
 * not pass the main thread's `--import tsx` on to a worker's own module loading), imports the job
 * module named by the pool's `workerData.module` (a file URL) and exports its default export,
 * which piscina calls with each job's input.
 */
import { writeFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

try {
  writeFileSync('/proc/thread-self/comm', 'domino-job');
} catch {
  // not Linux: the thread keeps its name
}
register();
const jobs = await import(workerData.module);

export default jobs.default;
