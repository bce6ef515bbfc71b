import fs from 'node:fs';
import zlib from 'node:zlib';

/** Files worth a compressed copy: text assets of at least 1 KiB. */
export function isCompressible(file: string, size: number): boolean {
  return /\.(js|css|html|svg|json|txt)$/.test(file) && size >= 1024;
}

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside `file`, which the
 * server sends instead of compressing per request (@fastify/static `preCompressed`).
 */
export function writeCompressedCopies(file: string): void {
  const data = fs.readFileSync(file);
  if (!isCompressible(file, data.length)) return;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}
