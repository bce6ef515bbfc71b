import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema';
import type { ProcessedImage } from '../uploads/images';
import { processImage } from '../uploads/images';

/**
 * Profile photos (decision 006: the avatar camera button uploads a profile photo, checked and re-encoded
 * like proofs). The upload goes through the proofs' checks (content sniffing, 5 MB, PNG/JPEG/SVG,
 * metadata stripped: uploads/images.ts), then is cropped to a centred square of AVATAR_SIZE px and
 * re-encoded as JPEG on a white background (a transparent PNG would otherwise turn black).
 *
 * The photo is served without authentication, because an `<img>` cannot send the bearer token, at
 * an unguessable URL: `/api/avatars/<upload id>-<first 32 hex of the image's SHA-256>.jpg`. The key
 * changes with the content, so the response is cacheable for a year (`immutable`).
 */

export const AVATAR_SIZE = 256;
const KEY_LENGTH = 32;

export interface AvatarRef {
  id: number;
  sha256: string;
}

/** Throws ImageRejected (with the catalogue's Spanish message) for anything that is not a usable image. */
export async function processAvatar(input: Buffer): Promise<ProcessedImage> {
  const checked = await processImage(input);
  const out = await sharp(checked.bytes)
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return {
    mime: 'image/jpeg',
    bytes: out.data,
    width: out.info.width,
    height: out.info.height,
    sha256: createHash('sha256').update(out.data).digest('hex'),
  };
}

/** The public URL of an avatar upload. */
export function avatarUrl(ref: AvatarRef): string {
  return `/api/avatars/${ref.id}-${ref.sha256.slice(0, KEY_LENGTH)}.jpg`;
}

/** Parses the file name of an avatar URL; null when it does not have the shape of one. */
export function parseAvatarFile(file: string): { id: number; key: string } | null {
  const m = new RegExp(`^(\\d{1,15})-([0-9a-f]{${KEY_LENGTH}})\\.jpg$`).exec(file);
  return m ? { id: Number(m[1]), key: m[2] ?? '' } : null;
}

/** The avatar reference of a user row (null when the user has none). */
export async function avatarOf(
  db: Executor,
  row: { avatarUploadId: number | null },
): Promise<AvatarRef | null> {
  if (row.avatarUploadId === null) return null;
  const [upload] = await db
    .select({ id: uploads.id, sha256: uploads.sha256 })
    .from(uploads)
    .where(eq(uploads.id, row.avatarUploadId));
  return upload ?? null;
}
