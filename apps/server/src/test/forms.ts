import zlib from 'node:zlib';

/** One part of a hand-made multipart body: a text field, or a file. */
export interface FormPart {
  name: string;
  value?: string;
  file?: { filename: string; type: string; data: Buffer };
}

/** A multipart/form-data body built by hand (as a browser's FormData sends it), any parts. */
export function multipartForm(parts: FormPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = '----domino7a1b2c3d4e';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.file
      ? `form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type}`
      : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(p.file ? p.file.data : Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A valid 99-byte PNG whose header declares 20000 × 20000 pixels (a decompression bomb: decoding
 * it would take 400 megapixels of memory). Built by hand, CRCs included.
 */
export function hugeCanvasPng(width = 20_000, height = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey)
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
