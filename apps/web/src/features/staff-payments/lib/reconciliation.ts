import {
  MSG_UPLOADS,
  RECONCILIATION_MAX_BYTES,
  type ReconciliationAmountFormat,
  type ReconciliationAmountMode,
  type ReconciliationDateFormat,
  type ReconciliationMapping,
  type ReconciliationMappingInput,
  type ReconciliationReport,
} from '@domino/contracts';
import { plural } from '@domino/contracts';

/** Pure rules of the reconciliation page (docs/decisions/033-bank-reconciliation.md). */

/**
 * What is wrong with a chosen statement file before it is sent, in the server's words for a
 * statement (docs/decisions/046-bounded-file-parsing.md): empty, or over 5 MB. Null when it may go;
 * its content is judged by the server.
 */
export function statementFileProblem(file: { size: number }): string | null {
  if (file.size === 0) return MSG_UPLOADS.statementEmpty;
  if (file.size > RECONCILIATION_MAX_BYTES) return MSG_UPLOADS.statementTooLarge;
  return null;
}

/** The mapping form's values (text inputs hold '' for "no column"). */
export interface MappingForm {
  header_row: number | string;
  date_column: string;
  date_format: ReconciliationDateFormat;
  reference_column: string;
  amount_mode: ReconciliationAmountMode;
  amount_column: string;
  credit_column: string;
  debit_column: string;
  amount_format: ReconciliationAmountFormat;
  description_column: string;
}

/** A new account's form: the usual Venezuelan bank export (dd/mm/yyyy, "1.234,56"). */
export const EMPTY_MAPPING_FORM: MappingForm = {
  header_row: 1,
  date_column: 'Fecha',
  date_format: 'dd/mm/yyyy',
  reference_column: 'Referencia',
  amount_mode: 'signed',
  amount_column: 'Monto',
  credit_column: '',
  debit_column: '',
  amount_format: 've',
  description_column: '',
};

/** The form of a stored mapping, or the default when none. */
export function mappingToForm(mapping: ReconciliationMapping | null): MappingForm {
  if (!mapping) return EMPTY_MAPPING_FORM;
  return {
    ...mapping,
    amount_column: mapping.amount_column ?? '',
    credit_column: mapping.credit_column ?? '',
    debit_column: mapping.debit_column ?? '',
    description_column: mapping.description_column ?? '',
  };
}

/** The request body of a form: blank columns become null; the columns of the other mode are dropped. */
export function formToMapping(form: MappingForm): ReconciliationMappingInput {
  const blank = (s: string) => (s.trim() === '' ? null : s.trim());
  const signed = form.amount_mode === 'signed';
  return {
    header_row: typeof form.header_row === 'number' ? form.header_row : Number(form.header_row),
    date_column: form.date_column.trim(),
    date_format: form.date_format,
    reference_column: form.reference_column.trim(),
    amount_mode: form.amount_mode,
    amount_column: signed ? blank(form.amount_column) : null,
    credit_column: signed ? null : blank(form.credit_column),
    debit_column: signed ? null : blank(form.debit_column),
    amount_format: form.amount_format,
    description_column: blank(form.description_column),
  };
}

/** The pairs "Aprobar" sends: every matched pair of the report. */
export function matchedPairs(report: ReconciliationReport) {
  return report.matched.map((m) => ({ line_id: m.line.id, recharge_id: m.recharge.id }));
}

/** `2026-11-15` as `15/11/2026`. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}/${m}/${y}` : day;
}

/** "1 recarga" / "3 recargas" (Spanish count with its noun). */
export function countLabel(n: number, one: string, many: string): string {
  return plural(n, one, many);
}
