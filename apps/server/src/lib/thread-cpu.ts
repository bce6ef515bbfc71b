import { readFileSync } from 'node:fs';

/**
 * CPU time of the calling thread, in milliseconds (docs/decisions/072-reused-worker-threads.md):
 * the first field of Linux's /proc/thread-self/schedstat (nanoseconds this thread has run). A
 * worker thread measures its own job with it, where `process.cpuUsage()` would count every
 * thread of the process (the event loop's moves included). Where the file cannot be read (not
 * Linux), falls back to `process.cpuUsage()`, the whole process's user + system time.
 */
export function threadCpuMs(): number {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    if (Number.isFinite(ns)) return ns / 1e6;
  } catch {
    // not Linux: the process's time below
  }
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}
