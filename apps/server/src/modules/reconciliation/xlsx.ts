import { posix } from 'node:path';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { STATEMENT_LIMITS } from '@domino/contracts';
import { openBoundedZip, ZipRefused, type BoundedZip } from '../uploads/zip';
import { statementRefusal } from './refusals';

/**
 * The first worksheet of an XLSX statement, read as a stream with every limit applied before
 * anything grows (docs/decisions/046-bounded-file-parsing.md): the ZIP through
 * uploads/zip.ts (entry count, declared and actual inflated bytes), then the sheet's XML with
 * saxes, one event at a time, refusing as soon as a row lies past STATEMENT_LIMITS.rows, a value
 * lies past STATEMENT_LIMITS.columns or a text is longer than STATEMENT_LIMITS.cellChars. A cell
 * with a style and no value costs nothing: no grid of A..XFD is ever built.
 *
 * What is read (ECMA-376 part 1, §18): shared strings (rich text joined, phonetic runs left out),
 * inline strings, numbers, booleans, formula results, ISO date cells (`t="d"`), and numbers whose
 * style has a date format (built-in ids 14-22 and 45-47, or a custom code with day, month, year
 * or time letters outside quotes and brackets) as the Date of their serial day (1900 or 1904
 * system), which parse.ts reads as its UTC day, as exceljs did before.
 */

/** A cell as read: text, a number, a date (UTC) or empty. */
export type Cell = string | number | Date | null;

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a custom number format code shows a date or a time (as exceljs's `isDateFmt`). */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '');
  return /[ymdhs]/i.test(bare);
}

/** Local name of an element: `x:sheetData` -> `sheetData` (some exporters prefix the namespace). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Feeds `xml` to a fresh non-namespace saxes parser in 64 KB slices (the handlers may throw to
 * stop it). A malformed document is refused as unreadable; the handlers' own AppErrors pass.
 */
function parseXml(
  xml: Buffer,
  handlers: {
    open?: (tag: SaxesTagPlain) => void;
    text?: (text: string) => void;
    close?: (tag: SaxesTagPlain) => void;
  },
): void {
  const parser = new SaxesParser();
  let failed: Error | null = null;
  parser.on('error', (err) => {
    failed ??= err;
  });
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) parser.on('closetag', handlers.close);
  const decoder = new TextDecoder('utf-8');
  const SLICE = 64 * 1024;
  try {
    for (let at = 0; at < xml.length && !failed; at += SLICE)
      parser.write(decoder.decode(xml.subarray(at, at + SLICE), { stream: true }));
    if (!failed) parser.write(decoder.decode()).close();
  } catch (err) {
    // saxes rethrows what a handler threw; anything else is a malformed document.
    if (err instanceof Error && err.name === 'AppError') throw err;
    throw statementRefusal.unreadable();
  }
  if (failed) throw statementRefusal.unreadable();
}

/** `Relationship` targets of a `.rels` part by id and by type suffix, resolved against `base`. */
function relationships(xml: Buffer | null, base: string) {
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  if (!xml) return { byId, byType };
  parseXml(xml, {
    open(tag) {
      if (local(tag.name) !== 'Relationship') return;
      const target = tag.attributes.Target;
      if (!target) return;
      const path = target.startsWith('/')
        ? target.slice(1)
        : posix.normalize(posix.join(base, target));
      if (tag.attributes.Id) byId.set(tag.attributes.Id, path);
      const type = (tag.attributes.Type ?? '').split('/').pop();
      if (type && !byType.has(type)) byType.set(type, path);
    },
  });
  return { byId, byType };
}

async function readPart(zip: BoundedZip, name: string): Promise<Buffer | null> {
  try {
    return await zip.read(name);
  } catch (err) {
    if (err instanceof ZipRefused)
      throw err.reason === 'expanded_too_large'
        ? statementRefusal.expandedTooLarge()
        : statementRefusal.unreadable();
    throw err;
  }
}

/** The shared strings table: each `<si>`'s text runs joined, phonetic runs (`<rPh>`) left out. */
function sharedStrings(xml: Buffer | null): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  parseXml(xml, {
    open(tag) {
      const name = local(tag.name);
      if (name === 'si') {
        if (strings.length >= STATEMENT_LIMITS.sharedStrings) throw statementRefusal.tooManyParts();
        current = '';
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && current !== null && !inPhonetic) inText = true;
    },
    text(text) {
      if (!inText || current === null) return;
      current += text;
      if (current.length > STATEMENT_LIMITS.cellChars) throw statementRefusal.cellTooLong();
    },
    close(tag) {
      const name = local(tag.name);
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si' && current !== null) {
        strings.push(current);
        current = null;
      }
    },
  });
  return strings;
}

/** Which cell style ids (`s`, the index in `<cellXfs>`) show a date. */
function dateStyles(xml: Buffer | null): Set<number> {
  const dates = new Set<number>();
  if (!xml) return dates;
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  parseXml(xml, {
    open(tag) {
      const name = local(tag.name);
      if (name === 'numFmt')
        custom.set(Number(tag.attributes.numFmtId), String(tag.attributes.formatCode ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) xfFormats.push(Number(tag.attributes.numFmtId ?? 0));
    },
    close(tag) {
      if (local(tag.name) === 'cellXfs') inCellXfs = false;
    },
  });
  xfFormats.forEach((id, index) => {
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id)) dates.add(index);
  });
  return dates;
}

/** Column number (1-based) of a cell reference such as `B3` or `XFD300`; null when malformed. */
function columnOf(ref: string): number | null {
  const m = /^([A-Z]{1,3})\d*$/i.exec(ref);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return col;
}

const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/**
 * Reads the first worksheet of an XLSX file into rows of cells (row 1 is index 0). Throws the
 * statement refusals (refusals.ts): unreadable, expanded too large, too many parts, rows,
 * columns, or a cell too long.
 */
export async function readXlsxRows(bytes: Buffer): Promise<Cell[][]> {
  let zip: BoundedZip;
  try {
    zip = await openBoundedZip(bytes, {
      entries: STATEMENT_LIMITS.zipEntries,
      expandedBytes: STATEMENT_LIMITS.expandedBytes,
      entryRatio: STATEMENT_LIMITS.entryRatio,
      ratioFloorBytes: STATEMENT_LIMITS.ratioFloorBytes,
    });
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    if (err.reason === 'too_many_entries') throw statementRefusal.tooManyParts();
    if (err.reason === 'expanded_too_large') throw statementRefusal.expandedTooLarge();
    throw statementRefusal.unreadable();
  }

  const root = relationships(await readPart(zip, '_rels/.rels'), '');
  const workbookPath = root.byType.get('officeDocument') ?? 'xl/workbook.xml';
  const workbookXml = await readPart(zip, workbookPath);
  if (!workbookXml) throw statementRefusal.unreadable();
  const dir = posix.dirname(workbookPath);
  const rels = relationships(
    await readPart(zip, posix.join(dir, '_rels', `${posix.basename(workbookPath)}.rels`)),
    dir,
  );
  let firstSheetRel: string | null = null;
  let date1904 = false;
  parseXml(workbookXml, {
    open(tag) {
      const name = local(tag.name);
      if (name === 'workbookPr')
        date1904 = ['1', 'true'].includes(String(tag.attributes.date1904 ?? ''));
      else if (name === 'sheet' && firstSheetRel === null) {
        // The relationship id, whatever prefix the exporter gave its namespace (usually `r:id`).
        const id = Object.entries(tag.attributes).find(([key]) => key.endsWith(':id'));
        firstSheetRel = String(id?.[1] ?? '');
      }
    },
  });
  const sheetPath = firstSheetRel === null ? undefined : rels.byId.get(firstSheetRel);
  const sheetXml = sheetPath ? await readPart(zip, sheetPath) : null;
  if (!sheetXml) throw statementRefusal.unreadable();
  const strings = sharedStrings(
    await readPart(zip, rels.byType.get('sharedStrings') ?? posix.join(dir, 'sharedStrings.xml')),
  );
  const dates = dateStyles(
    await readPart(zip, rels.byType.get('styles') ?? posix.join(dir, 'styles.xml')),
  );
  return sheetRows(sheetXml, strings, dates, date1904);
}

/** The rows of one sheet's XML (see readXlsxRows). */
function sheetRows(
  xml: Buffer,
  strings: string[],
  dates: Set<number>,
  date1904: boolean,
): Cell[][] {
  const rows: Cell[][] = [];
  let rowIndex = 0;
  let cells: Cell[] | null = null;
  let col = 0;
  let cell: { type: string; style: number; col: number } | null = null;
  let text: string | null = null;
  let collecting = false;
  let inPhonetic = false;

  const valueOf = (c: { type: string; style: number }, raw: string): Cell => {
    switch (c.type) {
      case 's': {
        const s = strings[Number(raw)];
        return s === undefined ? null : s;
      }
      case 'inlineStr':
      case 'str':
        return raw;
      case 'b':
        return String(raw.trim() !== '0');
      case 'e':
        return null;
      case 'd': {
        const at = new Date(raw);
        return Number.isNaN(at.getTime()) ? null : at;
      }
      default: {
        if (raw.trim() === '') return null;
        const n = Number(raw);
        if (!Number.isFinite(n)) return null;
        return dates.has(c.style) ? excelDate(n, date1904) : n;
      }
    }
  };

  parseXml(xml, {
    open(tag) {
      const name = local(tag.name);
      if (name === 'row') {
        const r = tag.attributes.r === undefined ? rowIndex + 1 : Number(tag.attributes.r);
        if (!Number.isSafeInteger(r) || r < 1) throw statementRefusal.unreadable();
        if (r > STATEMENT_LIMITS.rows) throw statementRefusal.tooManyRows();
        rowIndex = r;
        cells = [];
        col = 0;
      } else if (name === 'c' && cells) {
        const ref = tag.attributes.r;
        const c = ref === undefined ? col + 1 : columnOf(ref);
        if (c === null) throw statementRefusal.unreadable();
        col = c;
        cell = { type: String(tag.attributes.t ?? 'n'), style: Number(tag.attributes.s ?? 0), col };
        text = null;
      } else if (cell && (name === 'v' || (name === 't' && cell.type === 'inlineStr'))) {
        if (!inPhonetic) {
          collecting = true;
          text ??= '';
        }
      } else if (name === 'rPh') inPhonetic = true;
    },
    text(chunk) {
      if (!collecting || text === null) return;
      text += chunk;
      if (text.length > STATEMENT_LIMITS.cellChars) throw statementRefusal.cellTooLong();
    },
    close(tag) {
      const name = local(tag.name);
      if (name === 'v' || name === 't') collecting = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cell && cells) {
        const value = text === null ? null : valueOf(cell, text);
        if (value !== null && value !== '') {
          // Only a value counts against the width: a styled empty cell in XFD costs nothing.
          if (cell.col > STATEMENT_LIMITS.columns) throw statementRefusal.tooManyColumns();
          while (cells.length < cell.col - 1) cells.push(null);
          cells[cell.col - 1] = value;
        }
        cell = null;
        text = null;
      } else if (name === 'row' && cells) {
        while (rows.length < rowIndex - 1) rows.push([]);
        rows[rowIndex - 1] = cells;
        cells = null;
      }
    },
  });
  return rows;
}
