import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  canonicalTimeZone,
  DEFAULT_OFFER_EXPIRY_DAYS,
  DEFAULT_OFFER_REMINDER_HOURS,
  DEFAULT_OFFICE_SECOND_OPINION_CENTS,
  DEFAULT_OFFICE_SLA_HOURS,
  OFFICE_STAGES,
  type OfficeStage,
} from '@atelier/contract';
import type { PostalAddress } from './integrations/shipping/shipping-provider.ts';
import type { S3Settings } from './integrations/storage/s3-storage.ts';
import { DEMO_SITE_PATHS } from './features/demo-sites/demo-site-paths.ts';
import { isLoopbackHost } from './lib/loopback.ts';
import { repoRoot } from './lib/server-root.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** An IPv4 or IPv6 address with an optional CIDR suffix, or one of proxy-addr's named ranges. */
const PROXY_ADDRESS =
  /^(?:loopback|linklocal|uniquelocal|(?:\d{1,3}\.){3}\d{1,3}(?:\/\d{1,2})?|[\da-fA-F:]*:[\da-fA-F:.]*(?:\/\d{1,3})?)$/;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Who reads /api/docs: anyone, or only admins; unset, anyone except in production. */
  API_DOCS: z.enum(['public', 'admin']).optional(),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
  STORAGE_DIR: z.string().min(1).optional(),
  /** Set: files live in this S3-compatible bucket (every instance shares it); unset: in STORAGE_DIR. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** How long a signed link to a stored file works (the link is minted when a page needs it). */
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(604_800).default(3600),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Secrets AUTH_SECRET replaced, comma-separated, newest first: still read, never signed with. */
  AUTH_PREVIOUS_SECRETS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .refine((secrets) => secrets.every((secret) => secret.length >= 32), {
      message: 'each must be at least 32 characters',
    }),
  JWT_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  JWKS_URL: z.url().optional(),
  JWT_ISSUER: z.string().min(1).optional(),
  JWT_AUDIENCE: z.string().min(1).optional(),
  SIGNIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  SIGNIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  ACCOUNT_LOCKOUT_FAILURES: z.coerce.number().int().min(1).default(10),
  ACCOUNT_LOCKOUT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  TRUSTED_ORIGINS: z.string().optional(),
  SSO_COOKIE_NAME: z
    .string()
    .regex(/^[\w-]+$/, 'letters, digits, - and _ only')
    .default('atelier_sso'),
  SSO_COOKIE_DOMAIN: z.string().min(1).optional(),
  /** HS256 key the shop verifies the single-sign-on token with; without it one is derived from AUTH_SECRET. */
  SHOP_SSO_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** A Shopify store's Multipass secret: the shop sign-in then goes through Multipass. */
  SHOPIFY_MULTIPASS_SECRET: z.string().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Uploads with a file processed at once per process (docs/decisions/0015). */
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** The longest an upload waits for its turn before the answer is 503 with Retry-After. */
  UPLOAD_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(30_000),
  /** Where each upload is kept while its request runs; the system's temporary folder by default. */
  UPLOAD_TMP_DIR: z.string().min(1).optional(),
  /**
   * Whose word on the client's address (X-Forwarded-For) to take: `false` (nobody), a number of
   * proxy hops in front of the instance (`true` is 1), or the proxies' addresses and CIDR ranges.
   * Never the left-most entry, which the client writes itself.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): false | number | string => {
      const trimmed = value.trim();
      if (trimmed === 'false' || trimmed === '0') return false;
      if (trimmed === 'true') return 1;
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      const entries = trimmed.split(',').map((entry) => entry.trim());
      if (entries.every((entry) => PROXY_ADDRESS.test(entry))) return entries.join(',');
      context.addIssue({
        code: 'custom',
        message:
          'must be false, a number of proxy hops (true is 1), or proxy addresses and CIDR ranges, comma-separated',
      });
      return z.NEVER;
    }),
  /** Seed the demo data and accounts into an empty database; unset, everywhere but production. */
  SEED_DEMO_DATA: booleanFlag.optional(),
  /**
   * Built-in stand-ins of the shop, account and help sites for each of SHOP_URL,
   * ACCOUNT_SITE_URL and HELP_SITE_URL left unset, and without ADMIN_URL the admin links to this
   * server's own office records; unset, on outside production (docs/decisions/0021).
   */
  DEMO_SITES: booleanFlag.optional(),
  /** Production allows what it otherwise refuses only when told (productionProblems below). */
  ALLOW_HTTP_PUBLIC_URL: booleanFlag.optional(),
  ALLOW_MAIL_FOLDER: booleanFlag.optional(),
  ALLOW_LOCAL_LABELS: booleanFlag.optional(),
  ADMIN_URL: z.url().optional(),
  SHOP_URL: z.url().optional(),
  /** The external account site (personal info, security, terms); without it those rows are off. */
  ACCOUNT_SITE_URL: z.url().optional(),
  /** HS256 key shared with the account site, which verifies the hand-off tokens with it. */
  ACCOUNT_SITE_HANDOFF_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The FAQ the "Stylist Account" help links to. */
  HELP_SITE_URL: z.url().optional(),
  MAIL_FROM: z
    .string()
    .regex(/@[^\s@<>]+>?\s*$/, 'must end with an address, like Atelier <no-reply@example.com>')
    .default('Atelier <no-reply@atelier.localhost>'),
  MAIL_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Requests per minute per IP address on the public client pages. */
  CLIENT_PAGE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  /** Bearer token that opens GET /metrics; without it the route answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long offers stay open when the back office does not say (docs/decisions/0029). */
  OFFER_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_OFFER_EXPIRY_DAYS),
  /** How long before their expiry the client is reminded of open offers, once. */
  OFFER_REMINDER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(DEFAULT_OFFER_REMINDER_HOURS),
  /** How often each instance looks for offers to remind the client of. */
  OFFER_SWEEP_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /** The longest wait between two attempts at one message; fractions of a second are allowed. */
  OUTBOX_MAX_RETRY_DELAY_SECONDS: z.coerce.number().positive().max(86_400).default(3600),
  /** How long after it was queued (or requeued) a message is given up and marked failed. */
  OUTBOX_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(259_200),
  /** Days delivered mail, read notifications, ended links and old sign-in counters are kept (the audit log always is). */
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** How often each instance prunes and finishes the file deletions of erased clients. */
  RETENTION_SWEEP_MS: z.coerce.number().int().min(200).max(86_400_000).default(3_600_000),
  /**
   * The office queues' SLA targets in business hours, as `stage=hours` pairs, comma-separated
   * (e.g. `to_authenticate=16,to_price=8`); a stage left out keeps its default.
   */
  OFFICE_SLA_HOURS: z
    .string()
    .default('')
    .transform((list, context): Record<OfficeStage, number> => {
      const hours = { ...DEFAULT_OFFICE_SLA_HOURS };
      for (const pair of list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)) {
        const [stage, value] = pair.split('=').map((part) => part.trim());
        const number = Number(value);
        if (!(OFFICE_STAGES as readonly string[]).includes(stage ?? '')) {
          context.addIssue({
            code: 'custom',
            message: `"${stage}" is no queue; use ${OFFICE_STAGES.join(', ')}`,
          });
        } else if (!Number.isFinite(number) || number <= 0 || number > 10_000) {
          context.addIssue({ code: 'custom', message: `${stage} needs hours above 0` });
        } else {
          hours[stage as OfficeStage] = number;
        }
      }
      return hours;
    }),
  /** A claim on an item nobody has worked on for this long is free again. */
  OFFICE_CLAIM_IDLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** The office's working hours (Monday to Friday, 9 to 5) are counted in this time zone. */
  OFFICE_TIME_ZONE: z
    .string()
    .default('America/New_York')
    .refine(
      (zone) => canonicalTimeZone(zone) !== null,
      'must be an IANA time zone, like America/New_York',
    ),
  /** Offers above this many cents (and every counterfeit verdict) wait for a second opinion. */
  OFFICE_SECOND_OPINION_CENTS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000_000)
    .default(DEFAULT_OFFICE_SECOND_OPINION_CENTS),
  SHIPPING_PROVIDER: z.enum(['local', 'easypost']).default('local'),
  EASYPOST_API_KEY: z.string().min(1).optional(),
  EASYPOST_API_URL: z.url().optional(),
  WAREHOUSE_NAME: z.string().min(1).default('Atelier Resale Warehouse'),
  WAREHOUSE_STREET1: z.string().min(1).default('500 Commerce Way'),
  WAREHOUSE_STREET2: z.string().min(1).optional(),
  WAREHOUSE_CITY: z.string().min(1).default('Secaucus'),
  WAREHOUSE_STATE: z.string().length(2).default('NJ'),
  WAREHOUSE_POSTAL_CODE: z.string().min(5).default('07094'),
  WAREHOUSE_PHONE: z.string().min(7).default('(201) 555-0140'),
});

export type Config = ReturnType<typeof toConfig>;

/** The other sites the portal links to; null when this server has none configured. */
export interface SiteUrls {
  /** ADMIN_URL: the back office's own site, its records at /suppliers/{id} and /pending-items/{id}. */
  adminUrl: string | null;
  /**
   * Without ADMIN_URL, where stand-ins serve: this server's back office (`PUBLIC_URL/office`),
   * whose records (/clients/{id}, /items/{id}) the admin links open instead (issue 30).
   */
  officeUrl: string | null;
  shopUrl: string | null;
}

function withoutTrailingSlash(url: string | undefined): string | null {
  return url ? url.replace(/\/+$/, '') : null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Which built-in stand-in sites this server serves: those whose real site is not configured. */
export type DemoSites = Record<keyof typeof DEMO_SITE_PATHS, boolean>;

function toConfig(env: z.infer<typeof EnvSchema>) {
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  // Outside production a fresh machine has every outside link working; production opts in.
  const hasDemoSites = env.DEMO_SITES ?? env.NODE_ENV === 'development';
  const demoSites: DemoSites = {
    shop: hasDemoSites && !env.SHOP_URL,
    account: hasDemoSites && !env.ACCOUNT_SITE_URL,
    help: hasDemoSites && !env.HELP_SITE_URL,
  };
  /** The configured site, else this server's stand-in of it, else none. */
  const siteUrl = (configured: string | undefined, site: keyof DemoSites) =>
    withoutTrailingSlash(
      configured ?? (demoSites[site] ? `${publicUrl}${DEMO_SITE_PATHS[site]}` : undefined),
    );
  const accountSiteUrl = siteUrl(env.ACCOUNT_SITE_URL, 'account');
  return {
    env: env.NODE_ENV,
    apiDocs: env.API_DOCS ?? (env.NODE_ENV === 'production' ? 'admin' : 'public'),
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX } as const)
      : ({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) } as const),
    dataDir: path.resolve(env.DATA_DIR),
    storage: {
      dir: path.resolve(env.STORAGE_DIR ?? path.join(env.DATA_DIR, 'files')),
      s3: env.S3_BUCKET
        ? ({
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT ?? null,
            region: env.S3_REGION,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : null,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          } satisfies S3Settings)
        : null,
      fileUrlTtlSeconds: env.FILE_URL_TTL_SECONDS,
    },
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    auth: {
      secret: env.AUTH_SECRET,
      previousSecrets: env.AUTH_PREVIOUS_SECRETS,
      jwtTtlSeconds: env.JWT_TTL_SECONDS,
      jwksUrl: env.JWKS_URL,
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      trustedOrigins: (env.TRUSTED_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      signInRateLimit: {
        max: env.SIGNIN_RATE_LIMIT_MAX,
        windowSeconds: env.SIGNIN_RATE_LIMIT_WINDOW_SECONDS,
      },
      accountLockout: {
        failures: env.ACCOUNT_LOCKOUT_FAILURES,
        windowSeconds: env.ACCOUNT_LOCKOUT_WINDOW_SECONDS,
      },
    },
    sso: {
      cookieName: env.SSO_COOKIE_NAME,
      cookieDomain: env.SSO_COOKIE_DOMAIN,
      tokenSecret: env.SHOP_SSO_SECRET ?? null,
      // Multipass is a Shopify store's sign-in; the demo shop reads the embedded cookie.
      multipassSecret: demoSites.shop ? null : (env.SHOPIFY_MULTIPASS_SECRET ?? null),
    },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    uploads: {
      concurrency: env.UPLOAD_CONCURRENCY,
      queueWaitMs: env.UPLOAD_QUEUE_WAIT_MS,
      tmpDir: path.resolve(env.UPLOAD_TMP_DIR ?? os.tmpdir()),
    },
    trustProxy: env.TRUST_PROXY,
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production',
    demoSites,
    sites: {
      adminUrl: withoutTrailingSlash(env.ADMIN_URL),
      officeUrl: hasDemoSites && !env.ADMIN_URL ? `${publicUrl}/office` : null,
      shopUrl: siteUrl(env.SHOP_URL, 'shop'),
    } satisfies SiteUrls,
    accountSite: accountSiteUrl
      ? {
          url: accountSiteUrl,
          /** Null for the demo account site: a key derived from the auth secret (app.ts). */
          handoffSecret: env.ACCOUNT_SITE_HANDOFF_SECRET ?? null,
        }
      : null,
    helpSiteUrl: siteUrl(env.HELP_SITE_URL, 'help'),
    mail: {
      from: env.MAIL_FROM,
      /** Where mail goes when no SMTP server is configured: one .eml file per message. */
      dir: path.resolve(env.MAIL_DIR ?? path.join(env.DATA_DIR, 'mail')),
      smtpUrl: env.SMTP_URL ?? null,
    },
    outbox: {
      pollMs: env.OUTBOX_POLL_MS,
      maxRetryDelaySeconds: env.OUTBOX_MAX_RETRY_DELAY_SECONDS,
      maxAgeSeconds: env.OUTBOX_MAX_AGE_SECONDS,
    },
    metrics: { token: env.METRICS_TOKEN ?? null },
    clientPages: { rateLimitMax: env.CLIENT_PAGE_RATE_LIMIT_MAX },
    offers: {
      expiryDays: env.OFFER_EXPIRY_DAYS,
      reminderHours: env.OFFER_REMINDER_HOURS,
      sweepMs: env.OFFER_SWEEP_MS,
    },
    retention: { days: env.RETENTION_DAYS, sweepMs: env.RETENTION_SWEEP_MS },
    office: {
      slaHours: env.OFFICE_SLA_HOURS,
      claimIdleMinutes: env.OFFICE_CLAIM_IDLE_MINUTES,
      timeZone: env.OFFICE_TIME_ZONE,
      secondOpinionCents: env.OFFICE_SECOND_OPINION_CENTS,
    },
    shipping: {
      provider: env.SHIPPING_PROVIDER,
      easypost: { apiKey: env.EASYPOST_API_KEY ?? null, apiUrl: env.EASYPOST_API_URL ?? null },
      warehouse: {
        name: env.WAREHOUSE_NAME,
        company: env.WAREHOUSE_NAME,
        street1: env.WAREHOUSE_STREET1,
        street2: env.WAREHOUSE_STREET2 ?? null,
        city: env.WAREHOUSE_CITY,
        state: env.WAREHOUSE_STATE,
        postalCode: env.WAREHOUSE_POSTAL_CODE,
        country: 'US',
        phone: env.WAREHOUSE_PHONE,
        email: null,
      } satisfies PostalAddress,
    },
  };
}

const isOn = (value: string | undefined) => value === 'true' || value === '1';

/** The settings that only make sense together, checked on the raw values so every one is told. */
function combinationProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.SHIPPING_PROVIDER === 'easypost' && !env.EASYPOST_API_KEY) {
    problems.push('EASYPOST_API_KEY: required when SHIPPING_PROVIDER=easypost');
  }
  if (env.ACCOUNT_SITE_URL && !env.ACCOUNT_SITE_HANDOFF_SECRET) {
    problems.push('ACCOUNT_SITE_HANDOFF_SECRET: required when ACCOUNT_SITE_URL is set');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither');
  }
  // Instances sharing one PostgreSQL must share the secret that signs their sessions.
  if (env.DATABASE_URL && !env.AUTH_SECRET) {
    problems.push('AUTH_SECRET: required when DATABASE_URL is set');
  }
  if (env.NODE_ENV === 'production') problems.push(...productionProblems(env));
  return problems;
}

/**
 * What production refuses unless a named setting allows it: the demo accounts (their password is
 * public), a public address without TLS (no Secure cookies), mail that only lands in a folder and
 * labels no carrier accepts (docs/operations.md).
 */
function productionProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (isOn(env.SEED_DEMO_DATA) && !isOn(env.DEMO_SITES)) {
    problems.push(
      'SEED_DEMO_DATA: production never seeds the demo accounts (their password is public); set DEMO_SITES=true as well only for a demo deployment',
    );
  }
  const publicUrl = z.url().safeParse(env.PUBLIC_URL);
  if (
    publicUrl.success &&
    new URL(publicUrl.data).protocol === 'http:' &&
    !isLoopbackHost(new URL(publicUrl.data).hostname) &&
    !isOn(env.ALLOW_HTTP_PUBLIC_URL)
  ) {
    problems.push(
      'PUBLIC_URL: must be https:// in production (sign-in cookies are Secure only over https); set ALLOW_HTTP_PUBLIC_URL=true to serve it over http',
    );
  }
  if (!env.SMTP_URL && !isOn(env.ALLOW_MAIL_FOLDER)) {
    problems.push(
      'SMTP_URL: required in production (without it mail is only written to a folder); set ALLOW_MAIL_FOLDER=true to keep it there',
    );
  }
  if ((env.SHIPPING_PROVIDER ?? 'local') === 'local' && !isOn(env.ALLOW_LOCAL_LABELS)) {
    problems.push(
      'SHIPPING_PROVIDER: the local provider draws labels no carrier accepts; set SHIPPING_PROVIDER=easypost, or ALLOW_LOCAL_LABELS=true',
    );
  }
  return problems;
}

/** Reads the environment once; every bad key is listed in one error so an operator fixes them together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...combinationProblems(present),
  ];
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  return toConfig(parsed.data);
}
