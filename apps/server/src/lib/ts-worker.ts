import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';

/**
 * Worker threads whose entry is a TypeScript module, loaded through tsx like the server itself
 * (README.md: the server runs TypeScript through tsx). The post-game analysis
 * (docs/decisions/029-post-game-analysis.md), the puzzle miner (060) and the hand-sharing scores
 * (059) run their jobs in a `TsWorkerPool`, whose thread is kept between jobs
 * (docs/decisions/072-reused-worker-threads.md); the reading of statement files
 * (docs/decisions/046-bounded-file-parsing.md) starts a fresh worker per file from
 * `tsWorkerScript`, with memory limits, since its input comes from outside.
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

/** The pool's worker entry: registers tsx, then exposes the job module's default export. */
const BRIDGE_PATH = fileURLToPath(new URL('./ts-worker-bridge.mjs', import.meta.url));

/** How a pool keeps its threads (docs/decisions/072-reused-worker-threads.md). */
export interface TsWorkerPoolOptions {
  /** Threads at most (jobs beyond wait in order); default 1. */
  readonly maxThreads?: number;
  /** An idle thread ends after this many milliseconds; default 60,000. */
  readonly idleTimeoutMs?: number;
}

/**
 * A pool of worker threads (piscina) for one job module: `moduleUrl` is a TypeScript module
 * whose default export takes a job's input and returns its output (synchronously or as a
 * promise; both must survive the structured clone). A thread loads tsx and the module once and
 * then serves job after job, so a job pays for its own work only, not for starting an isolate
 * and loading the engine (about 430 ms of CPU each on the reference machine, decision 072).
 *
 * What a fresh worker per job gave is kept: a job that throws rejects its own promise and the
 * thread serves the next; a job that runs past its timeout is aborted and its thread terminated
 * (piscina replaces it on the next job), so a runaway search costs one thread, never the event
 * loop. Idle threads do not keep the process alive (piscina unrefs them) and end after
 * `idleTimeoutMs`. The pool is created on the first job and may be closed and used again.
 */
export class TsWorkerPool<I, O> {
  private pool: Piscina | null = null;

  /**
   * @param moduleUrl the job module (see above)
   * @param what the jobs' name in errors and logs (English: logs only)
   */
  constructor(
    private readonly moduleUrl: URL,
    private readonly what: string,
    private readonly options: TsWorkerPoolOptions = {},
  ) {}

  /**
   * Runs one job. Resolves with the module's answer; rejects with the job's own error, with an
   * Error when the thread dies without an answer, or with Error "<what> worker timed out after
   * <timeoutMs> ms" once `timeoutMs` milliseconds have passed since the call (waiting for a
   * busy thread included), after which a running job's thread is terminated.
   */
  async run(input: I, timeoutMs: number): Promise<O> {
    this.pool ??= new Piscina({
      filename: BRIDGE_PATH,
      workerData: { module: this.moduleUrl.href },
      minThreads: 0,
      maxThreads: this.options.maxThreads ?? 1,
      idleTimeout: this.options.idleTimeoutMs ?? 60_000,
      // The jobs are long and few: plain messages instead of a thread spinning on Atomics.
      atomics: 'disabled',
    });
    try {
      return (await this.pool.run(input, { signal: AbortSignal.timeout(timeoutMs) })) as O;
    } catch (err) {
      if ((err as { name?: unknown } | null)?.name === 'AbortError') {
        throw new Error(`${this.what} worker timed out after ${timeoutMs} ms`, { cause: err });
      }
      throw err;
    }
  }

  /** Threads started so far and alive now (tests read it). */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** Ends every thread (a running job is rejected); the next `run` starts afresh. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}
