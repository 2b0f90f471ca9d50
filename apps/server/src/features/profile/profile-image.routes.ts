import {
  ErrorBodySchema,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  ProfileImageResponseSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import type { Uploads } from '../../lib/multipart.ts';
import { uploadProfileImage } from './profile-image.service.ts';

export const profileImageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  uploads: Uploads;
}> = async (app, { db, storage, uploads }) => {
  app.post(
    '/api/stylist/upload-profile-image',
    {
      schema: {
        tags: ['profile'],
        operationId: 'uploadProfileImage',
        summary: "Set the stylist's own photo or one of their clients' (multipart: userId, file)",
        consumes: ['multipart/form-data'],
        multipartBody: z.object({
          userId: z.string().describe("The stylist's own user id, or one of their clients'"),
          file: z
            .file()
            .describe(
              `The photo (${PROFILE_IMAGE_TYPES.join(', ')}), at most ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
            ),
        }),
        response: { 200: ProfileImageResponseSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const actor = requireStylist(request);
      return uploads.withForm(
        request,
        { fields: ['userId'], files: ['file'], maxFileBytes: PROFILE_IMAGE_MAX_BYTES },
        (form) =>
          uploadProfileImage(
            db,
            actor,
            { userId: form.fields.userId, file: form.files.file },
            storage,
          ),
      );
    },
  );
};
