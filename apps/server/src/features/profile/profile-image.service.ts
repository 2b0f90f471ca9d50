import {
  ErrorCode,
  PROFILE_IMAGE_MAX_PIXELS,
  PROFILE_IMAGE_TYPES,
  type ProfileImageResponse,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { stylists } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { prepareImage, storePreparedImage, type ImageRules } from '../../lib/images.ts';
import { findOwnClientByUserId, setClientThumbnail } from '../clients/clients.service.ts';

const PROFILE_IMAGE_RULES: ImageRules = {
  field: 'file',
  types: PROFILE_IMAGE_TYPES,
  maxPixels: PROFILE_IMAGE_MAX_PIXELS,
  maxSide: 1024,
  thumbnailSide: 256,
};

const NO_SUCH_ACCOUNT = 'No such account among yours';

export interface ProfileImageUpload {
  /** The stylist's own account id, or the shop account id of one of their clients. */
  userId?: string | undefined;
  file?: UploadedFile | undefined;
}

type PhotoOwner = { kind: 'stylist' } | { kind: 'client'; clientId: number };

function noSuchAccount() {
  return new AppError(ErrorCode.notFound, NO_SUCH_ACCOUNT, 404, { userId: [NO_SUCH_ACCOUNT] });
}

async function photoOwner(db: Db, actor: StylistActor, userId: string): Promise<PhotoOwner> {
  if (userId === actor.userId) return { kind: 'stylist' };
  const client = await findOwnClientByUserId(db, actor, userId);
  if (!client) throw noSuchAccount();
  return { kind: 'client', clientId: client.id };
}

/**
 * Sets the profile photo of the signed-in stylist or of one of their clients. The upload is
 * checked and re-encoded before anything is stored, so a refused file leaves no trace.
 */
export async function uploadProfileImage(
  db: Db,
  actor: StylistActor,
  input: ProfileImageUpload,
  storage: FileStorage,
): Promise<ProfileImageResponse> {
  const userId = input.userId?.trim() ?? '';
  const file = input.file;
  if (!userId || !file || file.bytes === 0) {
    const errors: Record<string, string[]> = {};
    if (!userId) errors.userId = ['Say whose photo this is'];
    if (!file || file.bytes === 0) errors.file = ['Choose a photo to upload'];
    throw AppError.validation(errors);
  }

  const owner = await photoOwner(db, actor, userId);
  const prepared = await prepareImage(file.path, PROFILE_IMAGE_RULES);
  const { imageKey, thumbnailKey } = await storePreparedImage(storage, 'profile-images', prepared);
  // The row keeps the file's path; every answer that shows it signs a fresh link.
  const thumbnailUrl = storage.pathOf(thumbnailKey);

  if (owner.kind === 'stylist') {
    await db.update(stylists).set({ thumbnailUrl }).where(eq(stylists.id, actor.stylistId));
  } else if (!(await setClientThumbnail(db, actor, { clientId: owner.clientId, thumbnailUrl }))) {
    throw noSuchAccount();
  }
  return {
    success: true,
    imageUrl: storage.urlFor(imageKey),
    thumbnailUrl: storage.urlFor(thumbnailKey),
  };
}
