import sharp from 'sharp';
import { MSG_IDENTITY, MSG_UPLOADS } from '@domino/contracts';
import type { ProcessedImage } from '../uploads/images';
import { ImageRejected, processImage } from '../uploads/images';

/**
 * One identity photo (docs/decisions/031-identity-verification.md): judged by its content, never
 * by its name or declared type. Only a PNG or JPEG photo is taken (an SVG, which payment proofs
 * accept, is a drawing, not a photo of a card); then the uploads module's checks apply (5 MB,
 * pixel limit, decodable) and it is re-encoded without metadata (EXIF/GPS dropped).
 * Throws ImageRejected with the Spanish message.
 */
export async function processIdentityPhoto(input: Buffer): Promise<ProcessedImage> {
  if (input.length > 0) {
    let format: string | undefined;
    try {
      format = (await sharp(input, { limitInputPixels: false }).metadata()).format;
    } catch {
      // Bytes no decoder recognises: not an image at all (decision 046), whatever the name says.
      throw new ImageRejected(MSG_UPLOADS.notAnImage);
    }
    if (format !== 'png' && format !== 'jpeg') throw new ImageRejected(MSG_IDENTITY.photoType);
  }
  return processImage(input);
}
