import { QUOTE_IMAGE_MAX_PIXELS, QUOTE_IMAGE_TYPES, type UploadedImage } from '@atelier/contract';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { prepareImage, storePreparedImage, type ImageRules } from '../../lib/images.ts';

export const QUOTE_IMAGE_RULES: ImageRules = {
  field: 'image',
  types: QUOTE_IMAGE_TYPES,
  maxPixels: QUOTE_IMAGE_MAX_PIXELS,
  maxSide: 2048,
  thumbnailSide: 400,
};

/**
 * Stores a photo for a quote the stylist is about to create; it stays the stylist's, on no quote,
 * until a quote takes it. The upload is checked and re-encoded before anything is stored, so a
 * refused file leaves no trace.
 */
export async function uploadQuoteImage(
  db: Db,
  actor: StylistActor,
  input: { image?: UploadedFile | undefined },
  storage: FileStorage,
): Promise<UploadedImage> {
  if (!input.image || input.image.bytes === 0) {
    throw AppError.validation({ image: ['Choose a photo to upload'] });
  }
  const prepared = await prepareImage(input.image.path, QUOTE_IMAGE_RULES);
  const { image } = prepared;
  const { imageKey: storageKey, thumbnailKey } = await storePreparedImage(
    storage,
    'quote-images',
    prepared,
  );
  const [row] = await db
    .insert(images)
    .values({
      stylistId: actor.stylistId,
      quoteId: null,
      storageKey,
      thumbnailKey,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
    })
    .returning({ id: images.id });
  if (!row) throw new Error('image insert returned no row');
  return {
    id: row.id,
    url: storage.urlFor(storageKey),
    thumbnailUrl: storage.urlFor(thumbnailKey),
  };
}
