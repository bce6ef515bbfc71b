import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { LIMITS } from '@domino/contracts';
import { MSG_PAYMENTS } from '@domino/contracts';

/**
 * Image uploads (DESIGN §6; spec §5 proof rules): checked by content, not by name, at most 5 MB,
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

export class ImageRejected extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'ImageRejected';
  }
}

/**
 * Validates and re-encodes an uploaded image. Throws ImageRejected with the spec's Spanish
 * message when the content is not PNG, JPEG or SVG, is over 5 MB, or cannot be decoded.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > LIMITS.proofMaxBytes) throw new ImageRejected(MSG_PAYMENTS.proofSize);
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw new ImageRejected(MSG_PAYMENTS.proofType);
  }
  if (format !== 'png' && format !== 'jpeg' && format !== 'svg')
    throw new ImageRejected(MSG_PAYMENTS.proofType);
  try {
    const pipeline = sharp(input, {
      limitInputPixels: 40_000_000,
      density: format === 'svg' ? 144 : undefined,
    })
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
  } catch {
    throw new ImageRejected(MSG_PAYMENTS.proofUnreadable);
  }
}
