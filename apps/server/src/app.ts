import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  API_DOCS_PATH,
  API_PREFIX,
  ErrorCode,
  PROFILE_IMAGE_MAX_BYTES,
  type ErrorBody,
} from '@atelier/contract';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTokenVerifier } from './auth/access-token.ts';
import { registerAuth, type Access } from './auth/auth.plugin.ts';
import { startSessionWatch } from './auth/sessions.ts';
import { createSignInProtection } from './auth/sign-in-protection.ts';
import { registerAdminAudit } from './lib/admin-audit.ts';
import { apiDocumentOptions } from './lib/api-document.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { authSettings, createAuth } from './auth/auth.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { demoHandoffSecret } from './features/account-site/account-site-link.ts';
import { accountSiteRoutes } from './features/account-site/account-site.routes.ts';
import { clientPagesRoutes } from './features/client-pages/client-pages.routes.ts';
import { clientDataRoutes } from './features/client-data/client-data.routes.ts';
import { createRetention } from './features/client-data/retention.ts';
import { clientLoginRoutes } from './features/clients/client-login.routes.ts';
import { clientsRoutes } from './features/clients/clients.routes.ts';
import { adminCommissionsRoutes } from './features/commissions/admin-commissions.routes.ts';
import { commissionsRoutes } from './features/commissions/commissions.routes.ts';
import { adminNotificationsRoutes } from './features/notifications/admin-notifications.routes.ts';
import { adminAccountsRoutes } from './features/accounts/admin-accounts.routes.ts';
import { startNotificationHub } from './features/notifications/notification-hub.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { demoSitesRoutes } from './features/demo-sites/demo-sites.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { adminClientLinksRoutes } from './features/links/admin-client-links.routes.ts';
import { pickupRoutes } from './features/pickup/pickup.routes.ts';
import { marketingBoxRoutes } from './features/marketing-box/marketing-box.routes.ts';
import { registerMetrics } from './features/metrics/metrics.plugin.ts';
import { profileImageRoutes } from './features/profile/profile-image.routes.ts';
import { adminQuotesRoutes } from './features/quotes/admin-quotes.routes.ts';
import { createOfferReminders } from './features/quotes/offer-reminders.ts';
import { quotesRoutes } from './features/quotes/quotes.routes.ts';
import { shareRoutes } from './features/share/share.routes.ts';
import { tutorialsRoutes } from './features/tutorials/tutorials.routes.ts';
import { createMailer, type Mailer } from './integrations/mail/mailer.ts';
import { adminOutboxRoutes } from './integrations/outbox/admin-outbox.routes.ts';
import { countOutboxBacklog } from './integrations/outbox/outbox.ts';
import { createOutboxWorker } from './integrations/outbox/outbox-worker.ts';
import { createShippingProvider } from './integrations/shipping/create-provider.ts';
import { createShopSso, shopSsoTokenKey } from './integrations/shop-sso/shop-sso.ts';
import type { ShippingProvider } from './integrations/shipping/shipping-provider.ts';
import { filesRoutes } from './integrations/storage/files.routes.ts';
import { createFileStorage } from './integrations/storage/create-storage.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { answerClientError, answerRouterError } from './lib/framework-errors.ts';
import { registerJsonBodyParser } from './lib/json-body.ts';
import { createUploads } from './lib/multipart.ts';
import { refuseUnstorableText } from './lib/unstorable-text.ts';
import { memoryRateLimitStore, postgresRateLimitStore } from './lib/rate-limit-store.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { OneLinePerRequest } from './lib/request-log.ts';
import { checkedSerializerCompiler, plainSerializerCompiler } from './lib/response-serializer.ts';
import { inlineScriptHashes, securityHeaders } from './lib/security-headers.ts';

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

  const routes: { method: string; url: string; access: Access | undefined }[] = [];
  app.addHook('onRoute', (route) => {
    // The API's map is a reconnaissance aid: in production only admins read it (API_DOCS), with
    // a token or in their signed-in browser.
    if (route.url.startsWith(API_DOCS_PATH))
      route.config = { ...route.config, access: config.apiDocs, acceptsSessionCookie: true };
    if (route.config?.access === 'public' && route.schema)
      route.schema = { ...route.schema, security: [] };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config?.access });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  // Tests hold every answer to its contract; elsewhere answers are sent as the mappers built them.
  app.setSerializerCompiler(
    config.env === 'test' ? checkedSerializerCompiler : plainSerializerCompiler,
  );
  // On every answer, those of the router's own errors too (before any onRequest hook ran).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  app.addHook('onClose', () => database.close());
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  app.addHook('preValidation', refuseUnstorableText);

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const servesWeb = fs.existsSync(indexHtml);
  // `/` with the sign-in page prerendered in it (apps/web/src/app/prerendered-shell.ts).
  const signInHtml = path.join(config.webDistDir, 'sign-in.html');
  const servesSignInShell = servesWeb && fs.existsSync(signInHtml);
  const shellScriptHashes = servesWeb
    ? [
        ...new Set([
          ...inlineScriptHashes(fs.readFileSync(indexHtml, 'utf8')),
          ...(servesSignInShell ? inlineScriptHashes(fs.readFileSync(signInHtml, 'utf8')) : []),
        ]),
      ]
    : [];
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The shells' own inline scripts, by their hashes (none when no web build is served).
        scriptSrc: ["'self'", ...shellScriptHashes],
        // Mantine and Swagger UI inject style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // No page sets a <base>; an injected one could redirect every relative link (ASVS 3.4.3).
        baseUri: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // A browser ignores HSTS over plain http; sent only where the product is served over https.
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    done();
  });
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
  const secret = resolveAuthSecret(
    config.auth.secret,
    database.kind === 'pglite' && options.database === undefined ? config.dataDir : null,
  );
  const settings = authSettings(config, secret);
  const auth = createAuth(database.db, settings, app.log);
  const verifyAccessToken = createTokenVerifier({
    issuer: settings.issuer,
    audience: settings.audience,
    jwksUrl: config.auth.jwksUrl,
    loadLocalJwks: async () => (await auth.api.getJwks()) as JSONWebKeySet,
  });
  // Registered after the database's close hook, so it stops listening first.
  const sessions = await startSessionWatch({
    db: database.db,
    listen: (channel, handlers) => database.listen(channel, handlers),
    logger: app.log,
  });
  app.addHook('onClose', () => sessions.stop());
  await registerAuth(app, {
    db: database.db,
    auth,
    verifyAccessToken,
    ssoCookie: { name: config.sso.cookieName, domain: config.sso.cookieDomain },
    ping: database.ping,
    revocableTokensOnly: config.auth.jwksUrl === undefined,
    sessions,
    protection: createSignInProtection({
      db: database.db,
      secret,
      settings: config.auth.accountLockout,
      publicUrl: config.publicUrl,
    }),
    secureCookies: config.publicUrl.startsWith('https:'),
    publicUrl: config.publicUrl,
    operatorSecret: secret,
  });
  registerAdminAudit(app, database.db);

  // Each upload's scratch folder is made in it, per request (docs/decisions/0015).
  await fs.promises.mkdir(config.uploads.tmpDir, { recursive: true });
  const uploads = createUploads(config.uploads);
  const storage = await createFileStorage(config.storage, {
    secret,
    previousSecrets: config.auth.previousSecrets,
  });
  const outbox = createOutboxWorker({
    db: database.db,
    mailer: options.mailer ?? createMailer(config.mail, app.log),
    storage,
    logger: app.log,
    pollMs: config.outbox.pollMs,
    maxRetryDelaySeconds: config.outbox.maxRetryDelaySeconds,
    maxAgeSeconds: config.outbox.maxAgeSeconds,
  });
  // Registered after the database's hook, so it runs first: a round in flight ends before the close.
  app.addHook('onClose', () => outbox.stop());
  const offerReminders = createOfferReminders({
    db: database.db,
    publicUrl: config.publicUrl,
    reminderHours: config.offers.reminderHours,
    sweepMs: config.offers.sweepMs,
    logger: app.log,
  });
  app.addHook('onClose', () => offerReminders.stop());
  const retention = createRetention({
    db: database.db,
    storage,
    retentionDays: config.retention.days,
    sweepMs: config.retention.sweepMs,
    logger: app.log,
  });
  app.addHook('onClose', () => retention.stop());
  // One LISTEN per instance feeds its open notification streams (docs/decisions/0009).
  const notificationHub = await startNotificationHub({
    db: database.db,
    listen: (channel, handlers) => database.listen(channel, handlers),
    sessions,
    logger: app.log,
  });
  // Open streams would keep the server from closing; the hub stops before the database closes.
  app.addHook('preClose', (done) => {
    notificationHub.endStreams();
    done();
  });
  app.addHook('onClose', () => notificationHub.stop());
  // Its timing hook covers every route, those registered before it too.
  registerMetrics(app, {
    token: config.metrics.token,
    poolStats: database.poolStats,
    countOutbox: () => countOutboxBacklog(database.db),
    openStreams: notificationHub.openStreams,
  });
  await app.register(healthRoutes, { ping: database.ping });
  await app.register(filesRoutes, { storage });
  await app.register(accountRoutes, { db: database.db, storage });
  await app.register(clientsRoutes, { db: database.db, sites: config.sites, storage });
  const shopSso = createShopSso({
    shopUrl: config.sites.shopUrl,
    publicUrl: config.publicUrl,
    cookie: { name: config.sso.cookieName, domain: config.sso.cookieDomain },
    tokenKey: shopSsoTokenKey(config.sso.tokenSecret, secret),
    multipassSecret: config.sso.multipassSecret,
  });
  await app.register(clientLoginRoutes, {
    db: database.db,
    publicUrl: config.publicUrl,
    rateLimitMax: config.clientPages.rateLimitMax,
    shopSso,
  });
  await app.register(dashboardRoutes, { db: database.db });
  await app.register(contentRoutes, { db: database.db });
  await app.register(profileImageRoutes, { db: database.db, storage, uploads });
  await app.register(tutorialsRoutes, { db: database.db, storage });
  await app.register(marketingBoxRoutes, { db: database.db, storage });
  const handoff = {
    site: config.accountSite && {
      url: config.accountSite.url,
      handoffSecret: config.accountSite.handoffSecret ?? demoHandoffSecret(secret),
    },
    issuer: config.publicUrl,
  };
  await app.register(accountSiteRoutes, { ...handoff, helpSiteUrl: config.helpSiteUrl });
  await app.register(demoSitesRoutes, {
    db: database.db,
    auth,
    sites: config.demoSites,
    shopSso,
    handoff,
  });
  await app.register(quotesRoutes, { db: database.db, storage, sites: config.sites, uploads });
  await app.register(adminQuotesRoutes, {
    db: database.db,
    storage,
    sites: config.sites,
    offerExpiryDays: config.offers.expiryDays,
  });
  await app.register(adminCommissionsRoutes, { db: database.db, storage });
  await app.register(pickupRoutes, {
    db: database.db,
    storage,
    sites: config.sites,
    provider: options.shippingProvider ?? createShippingProvider(config.shipping),
    warehouse: config.shipping.warehouse,
    publicUrl: config.publicUrl,
  });
  await app.register(shareRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(clientPagesRoutes, {
    db: database.db,
    storage,
    sites: config.sites,
    publicUrl: config.publicUrl,
    rateLimitMax: config.clientPages.rateLimitMax,
    uploads,
  });
  await app.register(commissionsRoutes, {
    db: database.db,
    publicUrl: config.publicUrl,
    storage,
  });
  await app.register(notificationsRoutes, { db: database.db, hub: notificationHub });
  await app.register(adminNotificationsRoutes, { db: database.db });
  await app.register(adminAccountsRoutes, { db: database.db, auth });
  await app.register(adminOutboxRoutes, { db: database.db });
  await app.register(adminClientLinksRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(clientDataRoutes, { db: database.db, storage });

  if (servesWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith(API_PREFIX) || request.url.startsWith('/health/');
    if (servesWeb && request.method === 'GET' && !isApi) {
      // The page shell must be revalidated on every visit, so a release is picked up at once.
      const isHome = request.url.split('?')[0] === '/';
      return reply
        .header('cache-control', 'no-cache')
        .sendFile(isHome && servesSignInShell ? 'sign-in.html' : 'index.html', {
          cacheControl: false,
        });
    }
    return reply.code(404).send({
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: ErrorCode.notFound,
    } satisfies ErrorBody);
  });

  return Object.assign(app, {
    database,
    auth,
    storage,
    uploads,
    routes,
    outbox,
    offerReminders,
    retention,
    notificationHub,
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
