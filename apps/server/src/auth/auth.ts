import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, jwt } from 'better-auth/plugins';
import { AUTH_BASE_PATH, PASSWORD_MAX_LENGTH, PASSWORD_RESET_TTL_MINUTES } from '@atelier/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { enqueueEmail } from '../integrations/outbox/outbox.ts';
import { isLoopbackHost, LOOPBACK_HOSTS } from '../lib/loopback.ts';
import { passwordChangedEmail, passwordResetEmail } from './password-emails.ts';
import { clearSignInFailures } from './sign-in-protection.ts';

export const ROLES = {
  stylist: 'stylist',
  admin: 'admin',
  operations: 'operations',
  authenticator: 'authenticator',
  pricer: 'pricer',
  user: 'user',
} as const;

/**
 * The back office's lead: operations, or admin (every office right). They open accounts, set
 * roles, export and erase a client's data (docs/decisions/0030) and reassign work.
 */
export function isOfficeLead(role: string): boolean {
  return role === ROLES.admin || role === ROLES.operations;
}
export type Role = (typeof ROLES)[keyof typeof ROLES];

export interface AuthSettings {
  secret: string;
  /** Secrets `secret` replaced, newest first: what they encrypted stays readable. */
  previousSecrets: readonly string[];
  baseUrl: string;
  trustedOrigins: string[];
  jwtTtlSeconds: number;
  issuer: string;
  audience: string;
  signInRateLimit: { max: number; windowSeconds: number };
}

/**
 * The same port on this machine's other loopback names: outside production, opening Atelier at
 * http://127.0.0.1:3000 signs in as well as at http://localhost:3000 (issue 18).
 */
export function loopbackAliases(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!isLoopbackHost(url.hostname)) return [];
  return LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map(
    (host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`,
  );
}

export function authSettings(config: Config, secret: string): AuthSettings {
  return {
    secret,
    previousSecrets: config.auth.previousSecrets,
    baseUrl: config.publicUrl,
    trustedOrigins: [
      config.publicUrl,
      ...(config.env === 'production' ? [] : loopbackAliases(config.publicUrl)),
      ...config.auth.trustedOrigins,
    ],
    jwtTtlSeconds: config.auth.jwtTtlSeconds,
    issuer: config.auth.issuer ?? config.publicUrl,
    audience: config.auth.audience ?? config.publicUrl,
    signInRateLimit: config.auth.signInRateLimit,
  };
}

type AuthLogger = Record<
  'debug' | 'info' | 'warn' | 'error',
  (detail: object, message: string) => void
>;

const SIGNING_KEY_ROTATION_SECONDS = 30 * 24 * 60 * 60;

/** A secret's version in Better Auth's envelopes: fixed by the secret itself, whatever its place in the list. */
function secretVersion(secret: string): number {
  return crypto.createHash('sha256').update(secret).digest().readUInt32BE(0);
}

/** The embedded identity provider: email + password sessions, and short-lived JWTs for the API. */
export function createAuth(db: Db, settings: AuthSettings, log?: AuthLogger) {
  return betterAuth({
    logger: log
      ? { level: 'info', log: (level, message, ...args) => log[level]({ auth: args }, message) }
      : { disabled: true },
    // Versioned secrets (docs/operations.md, "Rotate AUTH_SECRET"): the first signs and encrypts,
    // the others still decrypt, so the token signing key encrypted under an earlier secret stays
    // usable. `secret` is only the fallback for data encrypted before versions: the oldest named.
    secrets: [settings.secret, ...settings.previousSecrets].map((value) => ({
      version: secretVersion(value),
      value,
    })),
    secret: settings.previousSecrets.at(-1) ?? settings.secret,
    baseURL: settings.baseUrl,
    basePath: AUTH_BASE_PATH,
    trustedOrigins: settings.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.authSessions,
        account: schema.authAccounts,
        verification: schema.authVerifications,
        jwks: schema.authJwks,
        rateLimit: schema.authRateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      // Passwords set before the 12-character rule still sign in; new ones are checked by the
      // contract (NewPasswordSchema) and the common-password list before they get here.
      minPasswordLength: 10,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // The link opens the web's page, which sends the token back with the new password; the
      // outbox delivers it, so an SMTP outage delays it rather than losing it. The token rides in
      // the fragment, which no browser sends: no server or proxy log ever holds it.
      sendResetPassword: async ({ user, token }) => {
        const link = `${settings.baseUrl}/reset-password#token=${encodeURIComponent(token)}`;
        await enqueueEmail(db, await passwordResetEmail(user, link));
      },
      onPasswordReset: async ({ user }) => {
        await enqueueEmail(db, await passwordChangedEmail(user, `${settings.baseUrl}/`));
        // Whoever chose it read the account's own email: a pause on its sign-ins ends.
        await clearSignInFailures(db, user.email);
      },
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: digest, password }) => verify(digest, password),
      },
    },
    advanced: {
      // The Fastify mount overwrites this header with request.ip, so each client address has its own bucket.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': {
          window: settings.signInRateLimit.windowSeconds,
          max: settings.signInRateLimit.max,
        },
        // A guessed current password is a guessed password.
        '/change-password': {
          window: settings.signInRateLimit.windowSeconds,
          max: settings.signInRateLimit.max,
        },
        // Each request sends an email: a few per address per quarter hour.
        '/request-password-reset': { window: 15 * 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
      },
    },
    plugins: [
      admin({ defaultRole: ROLES.user, adminRoles: [ROLES.admin] }),
      jwt({
        jwks: {
          keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' },
          // A fresh signing key, encrypted under the current secret, every 30 days; a retired key's
          // public half stays published for Better Auth's grace period (30 days), so what it signed
          // verifies until it expires. After that, a previous secret is no longer needed.
          rotationInterval: SIGNING_KEY_ROTATION_SECONDS,
        },
        jwt: {
          issuer: settings.issuer,
          audience: settings.audience,
          expirationTime: `${settings.jwtTtlSeconds}s`,
          // `sid` ties the token to its session, so ending the session ends the token (decision 0016).
          definePayload: ({ user, session }) => ({
            id: user.id,
            role: user.role ?? ROLES.user,
            sid: session.id,
          }),
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
