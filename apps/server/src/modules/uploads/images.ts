import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import {
  IMAGE_PROCESS_SECONDS,
  LIMITS,
  MSG_INPUT,
  MSG_PAYMENTS,
  MSG_UPLOADS,
} from '@domino/contracts';

/**
 * Image uploads (docs/product.md §7; docs/product.md §5 proof rules): checked by content, not by name, at most 5 MB,
 * and re-encoded with sharp (libvips): PNG stays PNG, JPEG stays JPEG, SVG is rasterised to PNG.
 * Re-encoding drops every metadata block (EXIF, GPS, XMP, comments) and any script in an SVG.
 */

export interface ProcessedImage {
  mime: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  width: number;
  height: number;
  sha256: string;
}

/** Largest side of a stored image, in pixels; larger images are scaled down. */
const MAX_SIDE = 2400;

/**
 * Most pixels an upload may decode to (40 megapixels, e.g. 8000 × 5000): a small file can declare
 * a huge canvas (a 99-byte PNG of 20000 × 20000), which would cost gigabytes to decode.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** SVGs are rasterised at this density (dpi); sharp reports their size at 72 dpi. */
const SVG_DENSITY = 144;

export class ImageRejected extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'ImageRejected';
  }
}

/**
 * Validates and re-encodes an uploaded image. Throws ImageRejected with a Spanish message, one per
 * cause: over 5 MB (docs/product.md §5 wording), empty, content that is no image at all whatever
 * its name (decision 046: "no es una imagen válida", not the list of extensions), an image of
 * another format than PNG, JPEG or SVG (docs/product.md §5 wording), more than MAX_INPUT_PIXELS
 * (decision 014: its own message, not the file-type one), not decodable (truncated, corrupt), or
 * not decoded within IMAGE_PROCESS_SECONDS (sharp's timeout; decision 046).
 *
 * The type is sniffed by libvips from the bytes (magic numbers), and only the header is read
 * before the pixel limit is checked; decoding runs on libuv's thread pool, never the event loop.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > LIMITS.proofMaxBytes) throw new ImageRejected(MSG_PAYMENTS.proofSize);
  if (input.length === 0) throw new ImageRejected(MSG_UPLOADS.imageEmpty);
  let meta: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the size is checked just below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    // No decoder recognises the bytes: a text or a PDF named .png is not an image.
    throw new ImageRejected(MSG_UPLOADS.notAnImage);
  }
  const format = meta.format;
  if (format !== 'png' && format !== 'jpeg' && format !== 'svg')
    throw new ImageRejected(MSG_PAYMENTS.proofType);
  const scale = format === 'svg' ? (SVG_DENSITY / 72) ** 2 : 1;
  if ((meta.width ?? 0) * (meta.height ?? 0) * scale > MAX_INPUT_PIXELS)
    throw new ImageRejected(MSG_INPUT.imageTooManyPixels);
  try {
    const pipeline = sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      density: format === 'svg' ? SVG_DENSITY : undefined,
    })
      .timeout({ seconds: IMAGE_PROCESS_SECONDS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const out =
      format === 'jpeg'
        ? await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true })
        : await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
    return {
      mime: format === 'jpeg' ? 'image/jpeg' : 'image/png',
      bytes: out.data,
      width: out.info.width,
      height: out.info.height,
      sha256: createHash('sha256').update(out.data).digest('hex'),
    };
  } catch (err) {
    if (err instanceof Error && /timeout/i.test(err.message))
      throw new ImageRejected(MSG_UPLOADS.imageTimeout);
    throw new ImageRejected(MSG_PAYMENTS.proofUnreadable);
  }
}
