import crypto from 'node:crypto';
import fs from 'node:fs';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAuthentication } from './app/authentication.ts';
import { startBackgroundWorkers } from './app/background-workers.ts';
import { registerCommonPlugins } from './app/common-plugins.ts';
import { registerFeatureRoutes } from './app/feature-routes.ts';
import { readPageShell, registerPageShell } from './app/page-shell.plugin.ts';
import { registerRequestPipeline } from './app/request-pipeline.plugin.ts';
import { registerSecurityHeaders } from './app/security-headers.plugin.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { registerMetrics } from './features/metrics/metrics.plugin.ts';
import { createMailer, type Mailer } from './integrations/mail/mailer.ts';
import { countOutboxBacklog } from './integrations/outbox/outbox.ts';
import { createShippingProvider } from './integrations/shipping/create-provider.ts';
import type { ShippingProvider } from './integrations/shipping/shipping-provider.ts';
import { createFileStorage } from './integrations/storage/create-storage.ts';
import { answerClientError, answerRouterError } from './lib/framework-errors.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { createUploads } from './lib/multipart.ts';
import { OneLinePerRequest } from './lib/request-log.ts';

export interface BuildOptions {
  /** An already open database (tests pass an in-memory one); otherwise one is opened from config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where labels are bought; otherwise the provider SHIPPING_PROVIDER names. */
  shippingProvider?: ShippingProvider;
  /** Where the outbox sends mail; otherwise SMTP or the mail folder, from config. */
  mailer?: Mailer;
}

/** The request log: no credentials, and no link token (a key to a client's page). */
export function loggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest },
  };
}

/**
 * Whom Fastify believes about the client's address. A hop count trusts that many proxies in front
 * (Fastify itself refuses counts, since a client that reaches the instance directly could then
 * write its own entry: TRUST_PROXY says the instances are reachable through the proxies alone).
 */
function trustedProxies(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the whole product as a Fastify instance that never listens: server.ts does, tests inject. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustedProxies(config.trustProxy),
    // A request that reached this instance before it stopped listening is served, not refused:
    // the load balancer sends new ones elsewhere (a refused connection), and SIGTERM waits for
    // what is in flight. Notification streams opened meanwhile end at once (notification-hub.ts).
    return503OnClosing: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : crypto.randomUUID();
    },
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    // Failures before any route runs answer in the contract's error shape too.
    frameworkErrors: answerRouterError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  const database = options.database ?? (await openDatabase(config.database, app.log));
  await database.migrate();

  const routes = registerRequestPipeline(app, config);
  app.addHook('onClose', () => database.close());

  const pageShell = readPageShell(config.webDistDir);
  registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    shellScriptHashes: pageShell.scriptHashes,
  });
  await registerCommonPlugins(app, { config, database });
  const { auth, secret, sessions } = await registerAuthentication(app, {
    config,
    database,
    ownsDatabase: options.database === undefined,
  });

  // Each upload's scratch folder is made in it, per request (docs/decisions/0015).
  await fs.promises.mkdir(config.uploads.tmpDir, { recursive: true });
  const uploads = createUploads(config.uploads);
  const storage = await createFileStorage(config.storage, {
    secret,
    previousSecrets: config.auth.previousSecrets,
  });
  const workers = await startBackgroundWorkers(app, {
    config,
    database,
    storage,
    mailer: options.mailer ?? createMailer(config.mail, app.log),
    sessions,
  });
  // Its timing hook covers every route, those registered before it too.
  registerMetrics(app, {
    token: config.metrics.token,
    poolStats: database.poolStats,
    countOutbox: () => countOutboxBacklog(database.db),
    openStreams: workers.notificationHub.openStreams,
  });
  await registerFeatureRoutes(app, {
    config,
    database,
    auth,
    secret,
    storage,
    uploads,
    notificationHub: workers.notificationHub,
    sessions,
    shippingProvider: options.shippingProvider ?? createShippingProvider(config.shipping),
  });
  await registerPageShell(app, pageShell);

  return Object.assign(app, {
    database,
    auth,
    storage,
    uploads,
    routes,
    ...workers,
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
