import { z } from 'zod';

/** Largest photo the server accepts, before re-encoding. */
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest photo in pixels (width × height) the server decodes. */
export const PROFILE_IMAGE_MAX_PIXELS = 40_000_000;
export const PROFILE_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

/**
 * POST /api/stylist/upload-profile-image, multipart fields `userId` (the signed-in stylist's own
 * account id, or one of their clients' `userId`) and `file`.
 */
export const ProfileImageResponseSchema = z.object({
  success: z.literal(true),
  /** The re-encoded photo, at most 1024 px on its longest side. */
  imageUrl: z.string(),
  /** The square thumbnail avatars show (256 px). */
  thumbnailUrl: z.string(),
});
export type ProfileImageResponse = z.infer<typeof ProfileImageResponseSchema>;
