import { PROFILE_IMAGE_MAX_BYTES, profileApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import type { Uploads } from '../../lib/multipart.ts';
import { route } from '../../lib/route.ts';
import { uploadProfileImage } from './profile-image.service.ts';

export const profileImageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  uploads: Uploads;
}> = async (app, { db, storage, uploads }) => {
  route(app, profileApi.uploadProfileImage, async (request) => {
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
  });
};
