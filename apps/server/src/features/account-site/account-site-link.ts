import crypto from 'node:crypto';
import {
  ACCOUNT_SITE_HANDOFF_TTL_SECONDS,
  ErrorCode,
  type AccountSiteLink,
  type AccountSitePage,
} from '@atelier/contract';
import { jwtVerify, SignJWT } from 'jose';
import type { UserActor } from '../../auth/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { deriveSecret } from '../../lib/derived-secret.ts';

/** The external account site (personal info, security, terms) and the secret it shares with us. */
export interface AccountSite {
  /** Base URL without a trailing slash. */
  url: string;
  /** HS256 key the account site verifies hand-off tokens with (at least 32 characters). */
  handoffSecret: string;
}

export interface HandoffIssuer {
  site: AccountSite | null;
  /** This server's public URL, the tokens' issuer. */
  issuer: string;
}

/** The demo account site's key, with no ACCOUNT_SITE_HANDOFF_SECRET: derived from the auth secret. */
export const demoHandoffSecret = (authSecret: string) =>
  deriveSecret(authSecret, 'atelier account-site hand-off').toString('base64url');

/** The audience of hand-off tokens: the account site's origin, so no other site accepts them. */
export const handoffAudience = (site: AccountSite) => new URL(site.url).origin;

/**
 * A link that signs the stylist into one page of the account site: a 60-second HS256 JWT whose
 * subject is the user id, for that site alone, with a random `jti` it can refuse to see twice.
 */
export async function createAccountSiteLink(
  { site, issuer }: HandoffIssuer,
  actor: UserActor,
  page: AccountSitePage,
  now = new Date(),
): Promise<AccountSiteLink> {
  if (!site) {
    throw new AppError(
      ErrorCode.notFound,
      'The account site is not available on this server.',
      404,
    );
  }
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(actor.userId)
    .setIssuer(issuer)
    .setAudience(handoffAudience(site))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCOUNT_SITE_HANDOFF_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(site.handoffSecret));
  const url = new URL(`${site.url}/${page}`);
  url.searchParams.set('handoff', token);
  return { url: url.toString() };
}

/**
 * What the account site does with a hand-off token (decision 0010): HS256 under the shared key,
 * issued by this server, for the site's origin, within its minute. Answers the user id; throws
 * (jose's errors) on anything else.
 */
export async function verifyAccountSiteHandoff(
  { site, issuer }: HandoffIssuer,
  token: string,
  now = new Date(),
): Promise<{ userId: string }> {
  if (!site) throw new Error('no account site to verify a hand-off for');
  const { payload } = await jwtVerify(token, new TextEncoder().encode(site.handoffSecret), {
    issuer,
    audience: handoffAudience(site),
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'exp', 'jti'],
    currentDate: now,
  });
  return { userId: String(payload.sub) };
}
