import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Worker threads whose entry is a TypeScript module, loaded through tsx like the server itself
 * (README.md: the server runs TypeScript through tsx). Used by the post-game analysis
 * (docs/decisions/029-post-game-analysis.md) and the reading of statement files
 * (docs/decisions/046-bounded-file-parsing.md), the puzzle miner (060) and the hand-sharing
 * scores (059).
 */

/** tsx's ESM register API (the `import` build beside the `require` one Node resolves here). */
const TSX_API_URL = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs'),
).href;

/**
 * The source of a worker entry (for `new Worker(source, { eval: true })`) that registers tsx's
 * loader in the worker, then imports `moduleUrl`. Node 20 refuses a `.ts` file as a worker's
 * entry (ERR_UNKNOWN_FILE_EXTENSION), and `execArgv: ['--import', 'tsx']` does not reach a
 * worker's own module loading there, so the loader is registered by the entry itself (tsx's
 * documented `register()` API).
 */
export function tsWorkerScript(moduleUrl: URL): string {
  return `import(${JSON.stringify(TSX_API_URL)})
  .then((tsx) => tsx.register())
  .then(() => import(${JSON.stringify(moduleUrl.href)}));`;
}

/**
 * Runs one job in a fresh worker thread of `script` (from `tsWorkerScript`), which answers its
 * `workerData` (`input`) with one message. Resolves to that message; rejects with the worker's
 * error, with an Error when it exits without an answer, or after `timeoutMs` milliseconds. The
 * worker is terminated in every case. `what` names the job in those errors (English: logs only).
 */
export function runInWorker<I, O>(
  script: string,
  input: I,
  timeoutMs: number,
  what: string,
): Promise<O> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { eval: true, workerData: input });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`${what} worker timed out after ${timeoutMs} ms`))),
      timeoutMs,
    );
    worker.once('message', (out: O) => settle(() => resolve(out)));
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`${what} worker exited with code ${code} and no answer`))),
    );
  });
}
