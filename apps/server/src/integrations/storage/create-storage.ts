import type { Config } from '../../config.ts';
import { createFileLinks } from './signed-file-links.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { withLinks, type FileStorage } from './storage.ts';

/**
 * The S3 bucket when `S3_BUCKET` is set, else the local directory; links signed with the auth
 * secret, and links the previous secrets signed still honoured until they expire.
 */
export async function createFileStorage(
  settings: Config['storage'],
  secrets: { secret: string; previousSecrets: readonly string[] },
): Promise<FileStorage> {
  const store = settings.s3 ? await createS3Storage(settings.s3) : createLocalStorage(settings.dir);
  return withLinks(store, createFileLinks({ ...secrets, ttlSeconds: settings.fileUrlTtlSeconds }));
}
