import { parse as parseCsv } from 'csv-parse/sync';
import {
  MAX_AMOUNT_CENTS,
  MSG_RECONCILIATION,
  RECONCILIATION_MAX_ROWS,
  STATEMENT_LIMITS,
  type ReconciliationAmountFormat,
  type ReconciliationDateFormat,
  type ReconciliationMapping,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { statementRefusal } from './refusals';
import { readXlsxRows, type Cell } from './xlsx';

export { readXlsxRows, type Cell } from './xlsx';

/**
 * Reading a bank statement (docs/decisions/033-bank-reconciliation.md): the file's kind is told
 * by its content (an XLSX is a ZIP container; anything binary that is not one is refused), XLSX
 * is read by xlsx.ts (first worksheet, streamed), CSV with csv-parse (UTF-8, or Windows-1252 as
 * older bank exports are; the delimiter `;`, `,`, tab or `|` is the one most frequent in the
 * header row). The account's mapping then names the columns by their header text.
 *
 * Every limit of docs/decisions/046-bounded-file-parsing.md (STATEMENT_LIMITS: rows, columns,
 * cell length, inflated bytes) is applied while reading, before anything grows. This module is
 * the reading itself; the server runs it off the event loop, with a time and memory limit
 * (parse-runner.ts).
 */

/** A credit line read from a statement; `amountCents` > 0, `postedOn` `YYYY-MM-DD`. */
export interface ParsedLine {
  row: number;
  postedOn: string;
  reference: string;
  amountCents: number;
  description: string | null;
}

export interface ParsedStatement {
  kind: 'csv' | 'xlsx';
  lines: ParsedLine[];
  /** Rows that could not be read, with the Spanish reason. */
  rejected: { row: number; message: string }[];
  /** Debit rows and rows without an amount. */
  ignored: number;
}

const refuse = (message: string) =>
  new AppError('reconciliation/file_invalid', 422, message, { statement: [message] });

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Buffer, sig: number[]) => sig.every((b, i) => bytes[i] === b);

/**
 * `csv`, `xlsx`, or throws 422 (`statement` field) for anything else (PDF, images, old XLS...)
 * and for an empty file.
 */
export function statementKind(bytes: Buffer): 'csv' | 'xlsx' {
  if (bytes.length === 0) throw statementRefusal.empty();
  if (startsWith(bytes, ZIP)) return 'xlsx';
  // A text export has no NUL bytes; binary formats (XLS, PDF, images) do or are refused below.
  const head = bytes.subarray(0, 8192);
  if (head.includes(0) || startsWith(bytes, [0x25, 0x50, 0x44, 0x46]))
    throw statementRefusal.type();
  return 'csv';
}

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const DELIMITERS = [';', ',', '\t', '|'] as const;

/** Line `n` (1-based) of `text` without splitting the whole text; '' past its end. */
function lineAt(text: string, n: number): string {
  const breaks = /\r\n|\n|\r/g;
  let start = 0;
  for (let i = 1; i < n; i++) {
    const m = breaks.exec(text);
    if (!m) return '';
    start = m.index + m[0].length;
  }
  breaks.lastIndex = start;
  const end = breaks.exec(text);
  return text.slice(start, end ? end.index : undefined);
}

/**
 * Reads CSV text into rows of text cells (the delimiter is guessed from the header row). Stops
 * and refuses (refusals.ts) at the first record past STATEMENT_LIMITS.rows, a record with a value
 * past STATEMENT_LIMITS.columns, or a field longer than STATEMENT_LIMITS.cellChars.
 */
export function readCsvRows(bytes: Buffer, headerRow: number): Cell[][] {
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  const header = lineAt(text, headerRow);
  let delimiter: string = ',';
  let best = 0;
  for (const d of DELIMITERS) {
    const count = header.split(d).length - 1;
    if (count > best) [delimiter, best] = [d, count];
  }
  let rows: string[][];
  try {
    rows = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      // One record past the limit is enough to refuse; the rest is never parsed.
      to: STATEMENT_LIMITS.rows + 1,
      // A field left open by a stray quote would otherwise run to the end of the file.
      max_record_size: STATEMENT_LIMITS.columns * STATEMENT_LIMITS.cellChars,
      on_record: (record: string[]) => {
        let last = record.length;
        while (last > 0 && record[last - 1] === '') last--;
        if (last > STATEMENT_LIMITS.columns) throw statementRefusal.tooManyColumns();
        for (const field of record)
          if (field.length > STATEMENT_LIMITS.cellChars) throw statementRefusal.cellTooLong();
        return record;
      },
    }) as string[][];
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: unknown }).code === 'CSV_MAX_RECORD_SIZE')
      throw statementRefusal.cellTooLong();
    throw statementRefusal.unreadable();
  }
  if (rows.length > STATEMENT_LIMITS.rows) throw statementRefusal.tooManyRows();
  return rows;
}

/** Header text compared without case, accents or repeated spaces. */
export function headerKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const cellText = (cell: Cell | undefined): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
};

const pad = (n: number) => String(n).padStart(2, '0');

function validDay(y: number, m: number, d: number): string | null {
  if (!(y >= 1900 && y <= 2200 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * The calendar day `YYYY-MM-DD` of a date cell, or null. A date cell of an XLSX is taken as its
 * UTC day (exceljs stores the written day at UTC midnight); a number is an Excel serial day;
 * text is read with `format` and may carry a time after a space ("15/11/2026 10:32").
 */
export function parseDay(cell: Cell, format: ReconciliationDateFormat): string | null {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    return validDay(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  }
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 1 || cell > 200_000) return null;
    const at = new Date(Date.UTC(1899, 11, 30) + Math.floor(cell) * 86_400_000);
    return validDay(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
  }
  const text = (cell ?? '').trim().split(/\s+|T/)[0] ?? '';
  const parts = text.split(/[/.-]/);
  if (parts.length !== 3 || parts.some((p) => !/^\d{1,4}$/.test(p))) return null;
  const [a, b, c] = parts.map(Number) as [number, number, number];
  switch (format) {
    case 'dd/mm/yyyy':
    case 'dd-mm-yyyy':
      return parts[2]!.length === 4 ? validDay(c, b, a) : null;
    case 'dd/mm/yy':
      return parts[2]!.length === 2 ? validDay(2000 + c, b, a) : null;
    case 'mm/dd/yyyy':
      return parts[2]!.length === 4 ? validDay(c, a, b) : null;
    case 'yyyy-mm-dd':
      return parts[0]!.length === 4 ? validDay(a, b, c) : null;
  }
}

const VE_AMOUNT = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;
const PLAIN_AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * A signed amount in céntimos, or null when unreadable; undefined for an empty cell. Text in `ve`
 * format is "1.234,56" (or "1234,56"), in `plain` "1234.56" or "1,234.56"; "Bs.", "VES" and
 * spaces are ignored; a sign may lead or trail, or parentheses mean negative. An XLSX number must
 * have at most two decimals. Never goes through floating point for text.
 */
export function parseAmountCents(
  cell: Cell,
  format: ReconciliationAmountFormat,
): number | null | undefined {
  if (cell === null || cell === undefined) return undefined;
  if (cell instanceof Date) return null;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return null;
    const scaled = Math.round(cell * 100);
    if (Math.abs(cell * 100 - scaled) > 1e-6 || Math.abs(scaled) > MAX_AMOUNT_CENTS) return null;
    return scaled === 0 ? 0 : scaled;
  }
  let text = cell.replace(/\s|\u00a0/g, '').replace(/^(bs\.?s?|ves)/i, '');
  if (text === '') return undefined;
  let negative = false;
  if (/^\(.*\)$/.test(text)) [negative, text] = [true, text.slice(1, -1)];
  if (/^[-+]/.test(text)) [negative, text] = [text.startsWith('-'), text.slice(1)];
  else if (/[-+]$/.test(text)) [negative, text] = [text.endsWith('-'), text.slice(0, -1)];
  text = text.replace(/^(bs\.?s?|ves)/i, '');
  const m = (format === 've' ? VE_AMOUNT : PLAIN_AMOUNT).exec(text);
  if (!m) return null;
  const whole = m[1]!.replace(/[.,]/g, '');
  const total = Number(whole) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(total) || total > MAX_AMOUNT_CENTS) return null;
  return negative && total !== 0 ? -total : total;
}

/** A bank reference as stored: trimmed, upper case, without spaces; at most 60 characters. */
export function normalizeReference(cell: Cell): string {
  const text =
    typeof cell === 'number'
      ? cell.toLocaleString('en-US', { useGrouping: false })
      : cellText(cell);
  return text.replace(/\s+/g, '').toUpperCase().slice(0, 60);
}

/**
 * Applies a mapping to rows: finds the header row and each named column (422 on `statement`
 * naming the missing one), then reads every later non-blank row into a credit line, a rejected
 * row (Spanish reason) or an ignored row (a debit, zero or no amount).
 */
export function linesFromRows(rows: Cell[][], mapping: ReconciliationMapping) {
  const header = rows[mapping.header_row - 1];
  if (!header) throw refuse(MSG_RECONCILIATION.headerRowMissing(mapping.header_row));
  const keys = header.map((c) => headerKey(cellText(c)));
  const col = (name: string | null): number | null => {
    if (!name) return null;
    const index = keys.indexOf(headerKey(name));
    if (index < 0) throw refuse(MSG_RECONCILIATION.columnMissing(name, mapping.header_row));
    return index;
  };
  const dateCol = col(mapping.date_column)!;
  const refCol = col(mapping.reference_column)!;
  const amountCol = mapping.amount_mode === 'signed' ? col(mapping.amount_column) : null;
  const creditCol = mapping.amount_mode === 'split' ? col(mapping.credit_column) : null;
  const descCol = col(mapping.description_column);

  const data = rows.slice(mapping.header_row);
  const nonBlank = data.filter((r) => r.some((c) => cellText(c) !== ''));
  if (nonBlank.length === 0) throw refuse(MSG_RECONCILIATION.fileEmpty);
  if (nonBlank.length > RECONCILIATION_MAX_ROWS) throw refuse(MSG_RECONCILIATION.tooManyRows);

  const lines: ParsedLine[] = [];
  const rejected: { row: number; message: string }[] = [];
  let ignored = 0;
  data.forEach((cells, i) => {
    const row = mapping.header_row + i + 1;
    if (!cells.some((c) => cellText(c) !== '')) return;
    const amountCell = (amountCol ?? creditCol) !== null ? cells[(amountCol ?? creditCol)!] : null;
    const amount = parseAmountCents(amountCell ?? null, mapping.amount_format);
    if (amount === null) {
      rejected.push({ row, message: MSG_RECONCILIATION.amountInvalid(cellText(amountCell)) });
      return;
    }
    if (amount === undefined || amount <= 0) {
      ignored += 1;
      return;
    }
    const dateCell = cells[dateCol] ?? null;
    const postedOn = parseDay(dateCell, mapping.date_format);
    if (!postedOn) {
      rejected.push({ row, message: MSG_RECONCILIATION.dateInvalid(cellText(dateCell)) });
      return;
    }
    const reference = normalizeReference(cells[refCol] ?? null);
    if (!reference) {
      rejected.push({ row, message: MSG_RECONCILIATION.referenceMissing });
      return;
    }
    const description = descCol === null ? '' : cellText(cells[descCol]).slice(0, 200);
    lines.push({ row, postedOn, reference, amountCents: amount, description: description || null });
  });
  return { lines, rejected, ignored };
}

/**
 * Reads a statement file with a mapping, in this thread (the server calls it through
 * parse-runner.ts). Throws 422 (`statement` field, Spanish) for a file that is empty, not
 * CSV/XLSX, cannot be read, lacks the header row or a mapped column, has no data rows or more
 * than RECONCILIATION_MAX_ROWS, or breaks a STATEMENT_LIMITS limit (413 when it inflates too far).
 */
export async function parseStatement(
  bytes: Buffer,
  mapping: ReconciliationMapping,
): Promise<ParsedStatement> {
  const kind = statementKind(bytes);
  const rows = kind === 'xlsx' ? await readXlsxRows(bytes) : readCsvRows(bytes, mapping.header_row);
  if (!rows.some((r) => r.some((c) => cellText(c) !== ''))) throw statementRefusal.empty();
  return { kind, ...linesFromRows(rows, mapping) };
}
