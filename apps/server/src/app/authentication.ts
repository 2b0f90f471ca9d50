import type { JSONWebKeySet } from 'jose';
import { createTokenVerifier } from '../auth/access-token.ts';
import { resolveAuthSecret } from '../auth/auth-secret.ts';
import { registerAuth } from '../auth/auth.plugin.ts';
import { authSettings, createAuth } from '../auth/auth.ts';
import { startSessionWatch } from '../auth/sessions.ts';
import { createSignInProtection } from '../auth/sign-in-protection.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { registerAdminAudit } from '../lib/admin-audit.ts';
import type { AppInstance } from '../lib/app-instance.ts';

/**
 * Who calls and what they may do: the identity library, the live sessions, the auth hook and its
 * routes (auth.plugin.ts), and the back office's audit. Returns the secret the rest derive keys from.
 */
export async function registerAuthentication(
  app: AppInstance,
  {
    config,
    database,
    ownsDatabase,
  }: {
    config: Config;
    database: Database;
    /** False when the caller passed its database (tests): no secret is kept in the data folder. */
    ownsDatabase: boolean;
  },
) {
  const secret = resolveAuthSecret(
    config.auth.secret,
    database.kind === 'pglite' && ownsDatabase ? config.dataDir : null,
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

  return { auth, secret, sessions };
}
