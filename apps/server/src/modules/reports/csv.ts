import { stringify } from 'csv-stringify/sync';
import { TIME_ZONE } from '@domino/contracts';

/**
 * CSV files for staff (docs/decisions/034-daily-report-and-bcv-rate.md "CSV"): written by
 * csv-stringify, UTF-8 with a byte-order mark (so Excel reads the accents), `;` between cells and
 * CRLF line ends (a Spanish-locale Excel opens it in columns), Spanish headers, amounts in
 * bolívares with a comma decimal and no thousands mark (`-1234,56`), dates as Caracas
 * `dd/mm/aaaa HH:mm:ss`. Text cells are guarded against formula injection.
 */

/** A cell: text (guarded), an amount of céntimos (written as bolívares) or a plain integer. */
export type CsvCell = string | { cents: number } | { int: number };

/**
 * Neutralises a text cell a spreadsheet would run as a formula (OWASP "CSV injection"): a value
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe, so it is
 * shown as the text it is.
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Céntimos as a CSV amount in bolívares: 123456 -> '1234,56', -5 -> '-0,05'. */
export function csvAmount(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

const stamp = new Intl.DateTimeFormat('es-VE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as Caracas `dd/mm/aaaa HH:mm:ss`. */
export function csvDateTime(at: Date): string {
  const p: Record<string, string> = {};
  for (const part of stamp.formatToParts(at)) p[part.type] = part.value;
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

function cellText(cell: CsvCell): string {
  if (typeof cell === 'string') return guardFormula(cell);
  if ('cents' in cell) return csvAmount(cell.cents);
  return String(cell.int);
}

/** The whole file as a Buffer: BOM, the header row, then the rows. */
export function toCsv(headers: string[], rows: CsvCell[][]): Buffer {
  const text = stringify([headers.map(guardFormula), ...rows.map((r) => r.map(cellText))], {
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
  });
  return Buffer.from(text, 'utf8');
}
