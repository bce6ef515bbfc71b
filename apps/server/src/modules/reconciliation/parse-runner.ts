import { Worker } from 'node:worker_threads';
import { STATEMENT_LIMITS, type FieldErrors, type ReconciliationMapping } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { tsWorkerScript } from '../../lib/ts-worker';
import { statementKind, type ParsedStatement } from './parse';
import { statementRefusal } from './refusals';

/**
 * Reads a statement off the event loop (docs/decisions/046-bounded-file-parsing.md): a worker
 * thread per file (parse-worker.ts), used once and terminated, with a heap cap
 * (STATEMENT_LIMITS.parseHeapMb) and a wall-clock limit on the reading itself
 * (STATEMENT_LIMITS.parseMs, counted from the moment the loaded worker receives the file, so a
 * slow start on a busy machine never refuses a good file). Past either limit the worker is
 * terminated and the file refused in Spanish; the main thread never parses, so the server keeps
 * answering meanwhile. Only the kind check (the first 8 KB: empty, ZIP, binary) runs on the main
 * thread, so a PDF or an image is refused at once.
 *
 * Loading a worker (tsx, the contracts, csv-parse, saxes, yauzl) takes a second or more, so one
 * loaded worker is kept spare (started at the first statement, then after each use; unref'd, so
 * it never holds the process open).
 */

/** What the worker posts back for a job. */
export type ParseReply =
  | { ok: true; statement: ParsedStatement }
  | {
      ok: false;
      refusal: { code: string; status: number; message: string; errors?: FieldErrors };
    };

const WORKER_URL = new URL('./parse-worker.ts', import.meta.url);

/** Most time a worker may take to load before it receives its file (ms); not the file's fault. */
const START_MS = 60_000;

export interface ParseLimits {
  /** Wall-clock limit of the reading (ms). */
  parseMs: number;
  /** Heap of the worker (MB). */
  heapMb: number;
}

const DEFAULT_LIMITS: ParseLimits = {
  parseMs: STATEMENT_LIMITS.parseMs,
  heapMb: STATEMENT_LIMITS.parseHeapMb,
};

/** A worker that has loaded (posted `ready`), or the error that kept it from loading. */
function startWorker(heapMb: number): Promise<Worker> {
  const worker = new Worker(tsWorkerScript(WORKER_URL), {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
  });
  worker.unref();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('statement worker did not load in time'));
    }, START_MS);
    timer.unref();
    const cleanup = () => {
      clearTimeout(timer);
      worker.off('message', onReady);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onReady = () => {
      cleanup();
      resolve(worker);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`statement worker exited with code ${code} while loading`));
    };
    worker.once('message', onReady);
    worker.once('error', onError);
    worker.once('exit', onExit);
  });
}

let spare: { heapMb: number; worker: Promise<Worker> } | null = null;

/** The spare worker when it has these limits (else a new one), and a new spare behind it. */
function takeWorker(heapMb: number): Promise<Worker> {
  const taken = spare && spare.heapMb === heapMb ? spare.worker : startWorker(heapMb);
  const next = startWorker(heapMb);
  next.catch(() => {
    // A spare that failed to load is replaced at the next use.
    if (spare?.worker === next) spare = null;
  });
  spare = { heapMb, worker: next };
  return taken;
}

/**
 * Reads `bytes` with `mapping` in a worker. Resolves with the parsed statement; rejects with the
 * statement's Spanish AppError (parse.ts refusals, `upload/read_timeout` past `parseMs`,
 * `upload/expanded_too_large` 413 when the worker ran out of its heap), or a plain Error when the
 * worker could not start or crashed (a 500 for the error handler).
 */
export async function parseStatementOffThread(
  bytes: Buffer,
  mapping: ReconciliationMapping,
  limits: ParseLimits = DEFAULT_LIMITS,
): Promise<ParsedStatement> {
  statementKind(bytes);
  // A copy the worker owns: the upload's Buffer may be a view of a larger, shared one.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const worker = await takeWorker(limits.heapMb);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const fail = (err: Error) => settle(() => reject(err));
    const timer = setTimeout(() => fail(statementRefusal.timeout()), limits.parseMs);
    worker.on('message', (msg: ParseReply) => {
      if (msg.ok) settle(() => resolve(msg.statement));
      else {
        const r = msg.refusal;
        fail(new AppError(r.code, r.status, r.message, r.errors));
      }
    });
    worker.once('error', (err: Error & { code?: string }) =>
      fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? statementRefusal.tooHeavy() : err),
    );
    worker.once('exit', (code) =>
      fail(new Error(`statement worker exited with code ${code} and no answer`)),
    );
    // Held open while it reads (a spare is unref'd).
    worker.ref();
    worker.postMessage({ bytes: copy, mapping }, [copy.buffer]);
  });
}
