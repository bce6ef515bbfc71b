import type * as WorkerThreads from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import {
  MSG_RECONCILIATION,
  MSG_UPLOADS,
  UPLOAD_CODES,
  type ReconciliationMapping,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { csvRows, xlsxBomb, xlsxWideRows } from '../../test/hostile-files';
import { parseStatementOffThread } from './parse-runner';

/** Worker threads constructed so far, counted by a Worker that is otherwise Node's own. */
const workers = vi.hoisted(() => ({ started: 0 }));
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof WorkerThreads>();
  class CountedWorker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      workers.started += 1;
    }
  }
  return { ...real, Worker: CountedWorker };
});

/**
 * Statement reading off the event loop (docs/decisions/046-bounded-file-parsing.md): a good file
 * is read in the worker, a hostile one is refused with its own message, a reading over its time
 * limit is stopped and refused as "not in time", and a PDF never needs a worker.
 */
const mapping: ReconciliationMapping = {
  header_row: 1,
  date_column: 'Fecha',
  date_format: 'dd/mm/yyyy',
  reference_column: 'Referencia',
  amount_mode: 'signed',
  amount_column: 'Monto',
  credit_column: null,
  debit_column: null,
  amount_format: 've',
  description_column: 'Descripción',
};

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { status: e.status, code: e.code, message: e.message, errors: e.errors };
};

describe('statement reading in a worker thread', () => {
  it('reads a good CSV, and refuses a wide sheet and a ZIP bomb with their own messages', async () => {
    const good = await parseStatementOffThread(
      Buffer.from('Fecha;Referencia;Descripción;Monto\n15/11/2026;00012345678;PAGO;1.234,56\n'),
      mapping,
    );
    expect(good).toMatchObject({ kind: 'csv', lines: [{ amountCents: 123456 }] });
    expect(await refusal(parseStatementOffThread(xlsxWideRows(300), mapping))).toEqual({
      status: 422,
      code: UPLOAD_CODES.sheetTooLarge,
      message: MSG_UPLOADS.statementTooManyColumns,
      errors: { statement: [MSG_UPLOADS.statementTooManyColumns] },
    });
    expect(await refusal(parseStatementOffThread(await xlsxBomb(), mapping))).toMatchObject({
      status: 413,
      code: UPLOAD_CODES.expandedTooLarge,
    });
  }, 60_000);

  it('stops a reading past its time limit and refuses it as not read in time', async () => {
    const res = await refusal(
      parseStatementOffThread(csvRows(200_000), mapping, { parseMs: 1, heapMb: 192 }),
    );
    expect(res).toEqual({
      status: 422,
      code: UPLOAD_CODES.readTimeout,
      message: MSG_UPLOADS.statementTimeout,
      errors: { statement: [MSG_UPLOADS.statementTimeout] },
    });
  }, 60_000);

  it('refuses a PDF by its first bytes, before any worker', async () => {
    // The other readings started workers (the count proves it can see them); this one none.
    await parseStatementOffThread(csvRows(2), mapping);
    const before = workers.started;
    expect(before).toBeGreaterThan(0);
    const res = await refusal(parseStatementOffThread(Buffer.from('%PDF-1.4\n'), mapping));
    expect(res.message).toBe(MSG_RECONCILIATION.fileType);
    expect(workers.started).toBe(before);
  });
});
