import { API_DOCS_PATH, PROFILE_IMAGE_MAX_BYTES } from '@atelier/contract';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { apiDocumentOptions } from '../lib/api-document.ts';
import type { AppInstance } from '../lib/app-instance.ts';
import { memoryRateLimitStore, postgresRateLimitStore } from '../lib/rate-limit-store.ts';

/**
 * Fastify's own plugins every route may use (cookies, rate limits, multipart forms) and the API's
 * document with its page. Each is registered on the app, so its decorators reach every route.
 */
export async function registerCommonPlugins(
  app: AppInstance,
  { config, database }: { config: Config; database: Database },
) {
  await app.register(cookie);
  // Only routes that ask for a limit get one (the public client pages); sign-in has its own.
  // On PostgreSQL the counts are shared by every instance; PGlite is one process by construction.
  await app.register(rateLimit, {
    global: false,
    store:
      database.kind === 'postgres' ? postgresRateLimitStore(database.db) : memoryRateLimitStore(),
  });
  // Forms are read part by part, files streamed to disk (lib/multipart.ts); routes tighten these.
  await app.register(multipart, {
    limits: {
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: 1024,
      headerPairs: 100,
      fileSize: PROFILE_IMAGE_MAX_BYTES,
    },
  });

  await app.register(swagger, apiDocumentOptions(config.publicUrl));
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
  });
}
