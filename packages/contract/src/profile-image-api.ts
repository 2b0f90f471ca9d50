import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  ProfileImageResponseSchema,
} from './profile-image.ts';

// Apart from profile-image.ts, which the quotes' schemas import: their pages do not upload photos.
export const profileApi = endpoints('profile', {
  uploadProfileImage: {
    method: 'POST',
    path: '/api/stylist/upload-profile-image',
    summary: "Set the stylist's own photo or one of their clients' (multipart: userId, file)",
    consumes: ['multipart/form-data'],
    multipartBody: z.object({
      userId: z.string().describe("The stylist's own user id, or one of their clients'"),
      // The document's own words for a file, not z.file(): that would add zod's file schema to
      // every page of the web, which bundles this endpoint.
      file: z.string().meta({
        format: 'binary',
        description: `The photo (${PROFILE_IMAGE_TYPES.join(', ')}), at most ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
      }),
    }),
    responses: { 200: ProfileImageResponseSchema, 404: ErrorBodySchema },
  },
});
