import { PROFILE_IMAGE_MAX_BYTES, ProfileImageResponseSchema } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
        summary: "Set the stylist's own photo or one of their clients' (multipart: userId, file)",
        consumes: ['multipart/form-data'],
        response: { 200: ProfileImageResponseSchema },
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
