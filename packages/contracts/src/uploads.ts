/**
 * Uploads and the files users send (docs/decisions/046-bounded-file-parsing.md): the limits a file
 * is held to before anything expands it, the Spanish refusals of each kind of file (an image is not
 * a bank statement: each refusal names what was wrong with that kind), their codes, and the one
 * way the apps write a file size.
 *
 * Change policy: additive; the web and the server both read this file.
 */

// ---------------------------------------------------------------------------------------------
// Limits (decision 046)
// ---------------------------------------------------------------------------------------------

/**
 * Limits of a bank statement, all checked before or while expanding it, never after: an XLSX is
 * a ZIP whose central directory is read first (entry count, declared sizes, ratio), its entries
 * are inflated with a byte counter, and its sheet is read as a stream, row by row.
 */
export const STATEMENT_LIMITS = {
  /** Most entries (files) in an XLSX's ZIP; a bank's export has about a dozen. */
  zipEntries: 200,
  /** Most bytes all the entries of an XLSX may inflate to, declared or actual. */
  expandedBytes: 40 * 1024 * 1024,
  /** Most bytes one entry may inflate to per byte stored (an ordinary sheet is 5 to 30). */
  entryRatio: 200,
  /** Entries this small are never judged by their ratio (an empty sheet compresses 100:1). */
  ratioFloorBytes: 1024 * 1024,
  /** Most rows a statement's sheet or CSV may span, blank ones included. */
  rows: 20_000,
  /** Most columns holding a value in one row (a bank's statement has about ten). */
  columns: 50,
  /** Most characters in one cell or CSV field. */
  cellChars: 1_000,
  /** Most strings in an XLSX's shared-strings table. */
  sharedStrings: 200_000,
  /** Wall-clock limit of reading one statement (ms); the reading thread is then stopped. */
  parseMs: 5_000,
  /** Heap of the thread that reads one statement (MB); a file needing more is refused. */
  parseHeapMb: 192,
} as const;

/** Wall-clock limit of decoding and re-encoding one image (seconds; sharp's own timeout). */
export const IMAGE_PROCESS_SECONDS = 5;

// ---------------------------------------------------------------------------------------------
// Spanish messages and codes
// ---------------------------------------------------------------------------------------------

/** Refusals of uploaded files, by kind of file (decision 046). */
export const MSG_UPLOADS = {
  /** An image field that arrived with a name and no bytes. */
  imageEmpty: 'El archivo está vacío. Selecciona otra imagen.',
  /** Content that no image decoder recognises, whatever its name says (a text file named .png). */
  notAnImage:
    'El archivo no es una imagen válida: su contenido no es una foto ni una captura, aunque su nombre lo parezca.',
  imageTimeout: 'No pudimos procesar la imagen a tiempo. Prueba con una imagen más pequeña.',
  statementEmpty:
    'El archivo está vacío. Sube el estado de cuenta en CSV o XLSX tal como lo exporta el banco.',
  statementTooLarge: 'El estado de cuenta no puede ser mayor a 5 MB.',
  statementExpandedTooLarge:
    'El archivo es demasiado grande una vez descomprimido para ser un estado de cuenta.',
  statementTooManyParts: 'El archivo XLSX tiene demasiadas partes para ser un estado de cuenta.',
  statementTooManyColumns: `La hoja tiene demasiadas columnas para ser un estado de cuenta (como máximo ${STATEMENT_LIMITS.columns}).`,
  statementCellTooLong: 'Una celda tiene más de 1.000 caracteres: no parece un estado de cuenta.',
  statementTimeout:
    'No pudimos leer el archivo a tiempo. Verifica que sea el estado de cuenta que exporta el banco.',
  statementTooHeavy:
    'El archivo necesita demasiada memoria para leerse: no parece un estado de cuenta.',
} as const;

/** Codes of upload refusals (next to INPUT_CODES' `upload/*`). */
export const UPLOAD_CODES = {
  notAnImage: 'upload/not_an_image',
  readTimeout: 'upload/read_timeout',
  expandedTooLarge: 'upload/expanded_too_large',
  sheetTooLarge: 'upload/sheet_too_large',
} as const;

/**
 * Which kind of file an upload route takes, so that its refusals name that kind: an empty or
 * oversized statement is not answered "select another image".
 */
export type UploadKind = 'image' | 'statement';

// ---------------------------------------------------------------------------------------------
// Sizes
// ---------------------------------------------------------------------------------------------

const KIB = 1024;
const MIB = 1024 * 1024;

/** `x` with at most one decimal, Spanish: 1.25 -> "1,3", 1.04 -> "1", 12.6 -> "13", 1024 -> "1.024". */
function spanishFigure(x: number): string {
  if (x < 9.95) {
    const one = Math.round(x * 10) / 10;
    return Number.isInteger(one) ? String(one) : one.toFixed(1).replace('.', ',');
  }
  return String(Math.round(x)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * A file size in bytes as a player reads it, in Spanish: "427 B", "12 KB", "1,2 MB". Under 1,000
 * bytes the exact byte count (never "0 KB"); then KB (1,024 bytes) and MB (1,048,576 bytes) with
 * one decimal below 10. Negative or non-finite sizes read "0 B".
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const n = Math.round(bytes);
  if (n < 1000) return `${n} B`;
  if (n / KIB < 999.5) return `${spanishFigure(n / KIB)} KB`;
  return `${spanishFigure(n / MIB)} MB`;
}
