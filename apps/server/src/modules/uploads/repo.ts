import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema';
import type { ProcessedImage } from './images';

/** Stores a processed image; returns its id. */
export async function storeImage(
  tx: Executor,
  ownerUserId: number | null,
  purpose: 'payment_proof' | 'table_image' | 'avatar' | 'identity_document' | 'identity_selfie',
  image: ProcessedImage,
): Promise<number> {
  const [row] = await tx
    .insert(uploads)
    .values({
      ownerUserId,
      purpose,
      mime: image.mime,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      size: image.bytes.length,
      sha256: image.sha256,
    })
    .returning({ id: uploads.id });
  if (!row) throw new Error('upload insert returned no row');
  return row.id;
}

export async function findImage(db: Executor, id: number) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}
