import { AppError } from '../../lib/app-error.ts';
import { contentTypeOf, KEY_PATTERN, type ObjectStore } from './storage.ts';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, s3rver); AWS's own when unset. */
  endpoint: string | null;
  region: string;
  /** Without a key pair the SDK's own chain applies (environment, instance role …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

/** Seconds to reach the store and to get an answer: an unreachable bucket fails fast (503). */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** The bucket could not be reached or refused to serve: an outage, answered 503 with Retry-After. */
function unavailable(error: unknown): AppError {
  return AppError.unavailable(
    'Stored files are briefly unavailable. Please try again in a few seconds.',
    error,
  );
}

/**
 * Files in an S3-compatible bucket (AWS SDK v3), so every instance reads what any instance
 * wrote. The bucket stays private: browsers read files only through Atelier's signed links.
 * The SDK loads only here, so an Atelier on its local folder starts without it.
 */
export async function createS3Storage(settings: S3Settings): Promise<ObjectStore> {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } =
    await import('@aws-sdk/client-s3');
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials && { credentials: settings.credentials }),
    // Checksums only where S3 demands them: S3-compatible services differ in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
        );
      } catch (error) {
        throw unavailable(error);
      }
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return {
          body: Buffer.from(await answer.Body.transformToByteArray()),
          contentType: answer.ContentType ?? contentTypeOf(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error);
      }
    },
    async delete(key) {
      if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
      try {
        // S3 answers a missing key with success too: deleting is idempotent.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isMissing(error)) return;
        throw unavailable(error);
      }
    },
  };
}
