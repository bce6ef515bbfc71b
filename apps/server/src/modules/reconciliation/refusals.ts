import { INPUT_CODES, MSG_RECONCILIATION, MSG_UPLOADS, UPLOAD_CODES } from '@domino/contracts';
import { AppError } from '../../lib/errors';

/**
 * The refusals of a statement file, each on the form's `statement` field with the Spanish message
 * that names what was wrong with it (docs/decisions/033-bank-reconciliation.md,
 * 046-bounded-file-parsing.md). 422, except a file that is too large once inflated (413).
 */

const on = (code: string, status: number, message: string) =>
  new AppError(code, status, message, { statement: [message] });

export const statementRefusal = {
  /** A file whose content is not CSV or XLSX (a PDF, an image, an old XLS). */
  type: () => on('reconciliation/file_invalid', 422, MSG_RECONCILIATION.fileType),
  /** A CSV or XLSX that cannot be read (broken ZIP, no worksheet, malformed XML or CSV). */
  unreadable: () => on('reconciliation/file_invalid', 422, MSG_RECONCILIATION.fileUnreadable),
  /** A file of 0 bytes, or one whose every row is blank. */
  empty: () => on(INPUT_CODES.fileEmpty, 422, MSG_UPLOADS.statementEmpty),
  /** More than RECONCILIATION_MAX_ROWS data rows, or a sheet spanning more than the row limit. */
  tooManyRows: () => on('reconciliation/file_invalid', 422, MSG_RECONCILIATION.tooManyRows),
  tooManyColumns: () => on(UPLOAD_CODES.sheetTooLarge, 422, MSG_UPLOADS.statementTooManyColumns),
  cellTooLong: () => on(UPLOAD_CODES.sheetTooLarge, 422, MSG_UPLOADS.statementCellTooLong),
  tooManyParts: () => on(UPLOAD_CODES.sheetTooLarge, 422, MSG_UPLOADS.statementTooManyParts),
  expandedTooLarge: () =>
    on(UPLOAD_CODES.expandedTooLarge, 413, MSG_UPLOADS.statementExpandedTooLarge),
  timeout: () => on(UPLOAD_CODES.readTimeout, 422, MSG_UPLOADS.statementTimeout),
  tooHeavy: () => on(UPLOAD_CODES.expandedTooLarge, 413, MSG_UPLOADS.statementTooHeavy),
} as const;
