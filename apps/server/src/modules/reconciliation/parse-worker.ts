/**
 * Worker-thread entry of statement reading (docs/decisions/046-bounded-file-parsing.md): posts
 * `{ ready: true }` once loaded, then takes one job `{ bytes, mapping }`, reads it with
 * parse.ts and posts `{ ok: true, statement }`, or `{ ok: false, refusal }` with the Spanish
 * refusal (an AppError's fields: a class does not cross threads). Started by parse-runner.ts.
 */
import { parentPort } from 'node:worker_threads';
import type { ReconciliationMapping } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { parseStatement } from './parse';
import type { ParseReply } from './parse-runner';

parentPort?.once('message', (job: { bytes: Uint8Array; mapping: ReconciliationMapping }) => {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  parseStatement(bytes, job.mapping).then(
    (statement) => parentPort?.postMessage({ ok: true, statement } satisfies ParseReply),
    (err: unknown) => {
      if (!(err instanceof AppError)) throw err;
      const { code, status, message, errors } = err;
      parentPort?.postMessage({
        ok: false,
        refusal: { code, status, message, errors },
      } satisfies ParseReply);
    },
  );
});
parentPort?.postMessage({ ready: true });
