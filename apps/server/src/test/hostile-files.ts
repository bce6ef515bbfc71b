import zlib from 'node:zlib';
import sharp from 'sharp';
import { hugeCanvasPng } from './forms';

/**
 * A corpus of hostile upload files, built in code (docs/decisions/046-bounded-file-parsing.md):
 * the attacks measured against the server (a 4 KB XLSX with cells in A and XFD, a 300 KB ZIP that
 * inflates to 300 MB, a 200,000-row CSV) and the everyday wrong files (empty, wrong magic bytes,
 * a text named .png, a PNG declaring 400 megapixels, truncated files, one byte over 5 MB). Used by
 * modules/uploads/hostile-uploads.postgres.test.ts and bench/src/hostile-uploads.ts.
 */

/** One ZIP entry: its bytes, and optionally a false uncompressed size for the directory. */
export interface ZipPart {
  name: string;
  /** Deflated already (`raw: true`) or plain bytes to deflate. */
  data: Buffer;
  raw?: { uncompressedSize: number; crc: number };
  /** Size to declare instead of the true one (a lying archive). */
  declareSize?: number;
}

/** A ZIP archive (deflate, no ZIP64) with local headers and a central directory, by hand. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const compressed = p.raw ? p.data : zlib.deflateRawSync(p.data);
    const crc = p.raw ? p.raw.crc : zlib.crc32(p.data);
    const size = p.declareSize ?? (p.raw ? p.raw.uncompressedSize : p.data.length);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Movimientos" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** A minimal XLSX whose first sheet has the given XML rows (inline strings and numbers). */
export function xlsxWithSheet(sheet: ZipPart['data'] | Omit<ZipPart, 'name'>): Buffer {
  const sheetPart: ZipPart = Buffer.isBuffer(sheet)
    ? { name: 'xl/worksheets/sheet1.xml', data: sheet }
    : { name: 'xl/worksheets/sheet1.xml', ...sheet };
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(WORKBOOK_RELS) },
    sheetPart,
  ]);
}

/** The attacker's XLSX: a value in column A and one in XFD (16,384) on each of 300 rows (~4 KB). */
export function xlsxWideRows(rows = 300): Buffer {
  let xml = SHEET_HEAD;
  for (let r = 1; r <= rows; r++)
    xml += `<row r="${r}"><c r="A${r}"><v>1</v></c><c r="XFD${r}"><v>1</v></c></row>`;
  return xlsxWithSheet(Buffer.from(xml + SHEET_TAIL));
}

/**
 * A ZIP bomb shaped as an XLSX: the sheet inflates to ~`inflated` bytes (300 MB by default) from
 * a file of ~300 KB. `lie: true` declares the sheet as 10 KB in the directory, so only a counter
 * of the bytes actually inflated can stop it.
 */
export async function xlsxBomb(inflated = 300 * 1024 * 1024, lie = false): Promise<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('data', (chunk: Buffer) => out.push(chunk));
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const head = Buffer.from(SHEET_HEAD);
  const row = Buffer.from('<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(20_000));
  const tail = Buffer.from(SHEET_TAIL);
  let crc = zlib.crc32(head);
  let size = head.length;
  deflate.write(head);
  while (size + row.length + tail.length <= inflated) {
    if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
    crc = zlib.crc32(row, crc);
    size += row.length;
  }
  crc = zlib.crc32(tail, crc);
  size += tail.length;
  deflate.end(tail);
  await done;
  return xlsxWithSheet({
    data: Buffer.concat(out),
    raw: { uncompressedSize: size, crc },
    ...(lie ? { declareSize: 10_240 } : {}),
  });
}

/** The attacker's CSV: a header and `rows` credit lines (200,000 rows is about 4.2 MB). */
export function csvRows(rows = 200_000): Buffer {
  const lines = ['Fecha;Referencia;Descripción;Monto'];
  for (let i = 0; i < rows; i++) lines.push(`15/11/2026;${100_000 + i};P;1`);
  return Buffer.from(lines.join('\n'));
}

/** A CSV with `columns` columns, each holding a value. */
export function csvWide(columns = 500): Buffer {
  const row = Array.from({ length: columns }, (_, i) => `c${i}`).join(';');
  return Buffer.from(`${row}\n${row}\n`);
}

/** A CSV whose one field is `chars` long. */
export function csvLongCell(chars = 100_000): Buffer {
  return Buffer.from(
    `Fecha;Referencia;Descripción;Monto\n15/11/2026;1;${'x'.repeat(chars)};1,00\n`,
  );
}

/** A small real PNG (40 × 30). */
export async function realPng(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();
}

/** The hostile files by name: every upload route must refuse each of them, in Spanish. */
export async function hostileCorpus(): Promise<Record<HostileName, Buffer>> {
  const png = await realPng();
  const xlsx = xlsxWithSheet(
    Buffer.from(
      `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>Fecha</t></is></c></row>${SHEET_TAIL}`,
    ),
  );
  return {
    xlsxWide: xlsxWideRows(300),
    zipBomb: await xlsxBomb(),
    zipBombLying: await xlsxBomb(300 * 1024 * 1024, true),
    csv200k: csvRows(200_000),
    csvWide: csvWide(500),
    csvLongCell: csvLongCell(100_000),
    empty: Buffer.alloc(0),
    oversized: Buffer.alloc(5_242_881, 0x41),
    pdfMagic: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
    textNamedPng: Buffer.from('esto no es una imagen, solo texto con nombre .png\n'),
    pixelBombPng: hugeCanvasPng(),
    truncatedPng: png.subarray(0, Math.floor(png.length / 2)),
    truncatedXlsx: xlsx.subarray(0, Math.floor(xlsx.length / 2)),
  };
}

export type HostileName =
  | 'xlsxWide'
  | 'zipBomb'
  | 'zipBombLying'
  | 'csv200k'
  | 'csvWide'
  | 'csvLongCell'
  | 'empty'
  | 'oversized'
  | 'pdfMagic'
  | 'textNamedPng'
  | 'pixelBombPng'
  | 'truncatedPng'
  | 'truncatedXlsx';
