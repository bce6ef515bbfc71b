import { Worker } from 'node:worker_threads';
import { STATEMENT_LIMITS, type FieldErrors, type ReconciliationMapping } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { tsWorkerScript } from '../../lib/ts-worker';
import type { ParsedStatement } from './parse';
import { statementRefusal } from './refusals';

/**
 * Reads a statement off the event loop (docs/decisions/046-bounded-file-parsing.md): a fresh
 * worker thread per file (parse-worker.ts), with a heap cap (STATEMENT_LIMITS.parseHeapMb) and a
 * wall-clock limit on the reading itself (STATEMENT_LIMITS.parseMs, counted from the moment the
 * worker has loaded and receives the file, so a slow start on a busy machine never refuses a good
 * file). Past either limit the worker is terminated and the file refused in Spanish; the main
 * thread never parses, so the server keeps answering meanwhile.
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

/**
 * Reads `bytes` with `mapping` in a worker. Resolves with the parsed statement; rejects with the
 * statement's Spanish AppError (parse.ts refusals, `upload/read_timeout` past `parseMs`,
 * `upload/expanded_too_large` 413 when the worker ran out of its heap), or a plain Error when the
 * worker could not start or crashed (a 500 for the error handler).
 */
export function parseStatementOffThread(
  bytes: Buffer,
  mapping: ReconciliationMapping,
  limits: ParseLimits = { parseMs: STATEMENT_LIMITS.parseMs, heapMb: STATEMENT_LIMITS.parseHeapMb },
): Promise<ParsedStatement> {
  // A copy the worker owns: the upload's Buffer may be a view of a larger, shared one.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(tsWorkerScript(WORKER_URL), {
      eval: true,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        maxYoungGenerationSizeMb: 32,
      },
    });
    let settled = false;
    let timer = setTimeout(() => fail(new Error('statement worker did not start')), START_MS);
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const fail = (err: Error) => settle(() => reject(err));
    worker.on('message', (msg: { ready: true } | ParseReply) => {
      if ('ready' in msg) {
        clearTimeout(timer);
        timer = setTimeout(() => fail(statementRefusal.timeout()), limits.parseMs);
        worker.postMessage({ bytes: copy, mapping }, [copy.buffer]);
        return;
      }
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
  });
}
