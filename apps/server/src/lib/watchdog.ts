import { Worker } from 'node:worker_threads';

/**
 * The exit bound of a stopping node (docs/decisions/063-cluster-and-drain.md "Watchdog"): a
 * worker thread, started with the process, that kills the process with SIGKILL once armed and
 * its deadline has passed. It runs on its own event loop, so it fires even when the main thread
 * is blocked (a busy loop, a synchronous call that never returns) or its event loop waits on
 * something that never settles, the failure a timer on the main thread cannot catch. It never
 * keeps the process alive (unref'd) and dies with it.
 *
 * Arm it first thing on SIGTERM, before anything else can block.
 */
export interface Watchdog {
  /**
   * Kills the process `ms` milliseconds from now unless it has exited (SIGKILL: no handler of
   * any thread can stop it). Arming again keeps the earlier deadline.
   */
  arm(ms: number): void;
}

// Plain JavaScript evaluated in the worker (no TypeScript loader there). The line written to
// stderr goes straight to file descriptor 2, past the main thread's logger.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { writeSync } = require('node:fs');
let armed = false;
parentPort.on('message', (msg) => {
  if (armed || !msg || typeof msg.ms !== 'number') return;
  armed = true;
  setTimeout(() => {
    try {
      writeSync(2, JSON.stringify({ level: 60, time: Date.now(), msg: 'shutdown watchdog: the process did not exit within ' + msg.ms + ' ms; killing it' }) + '\\n');
    } finally {
      process.kill(process.pid, 'SIGKILL');
    }
  }, msg.ms);
});
`;

/** Starts the watchdog thread (idle until armed). */
export function startWatchdog(): Watchdog {
  const worker = new Worker(WORKER_SOURCE, { eval: true, stdout: false, stderr: false });
  worker.unref();
  // A worker that failed to start must not take the server down; the main thread's timer in
  // main.ts still bounds the ordinary case.
  worker.on('error', () => undefined);
  return {
    arm(ms) {
      worker.postMessage({ ms });
    },
  };
}
