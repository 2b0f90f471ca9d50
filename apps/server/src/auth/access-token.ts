import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { z } from 'zod';

const ClaimsSchema = z.object({
  sub: z.string().min(1),
  role: z.string().optional(),
  /** The embedded provider's session the token was minted for: it must still exist. */
  sid: z.string().min(1).optional(),
  /** Seconds since the epoch; jwtVerify has refused the token if it passed. */
  exp: z.number().optional(),
});
export type AccessClaims = z.infer<typeof ClaimsSchema>;

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** An external issuer's JWKS; without it the embedded provider's keys are read in-process. */
  jwksUrl?: string | undefined;
  loadLocalJwks: () => Promise<JSONWebKeySet>;
  /** The clock, in ms since the epoch (tests move it). */
  now?: () => number;
}

/**
 * A token whose signature was checked is trusted from memory this long at most, and never past
 * its `exp`. Only the signature and claims check is skipped: the session behind the token is
 * still looked up on every request (sessions.ts), so a sign-out ends the token at once.
 */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
/** The verified tokens remembered per instance; the oldest go first. */
export const VERIFIED_TOKENS_MAX = 10_000;

/** Verifies bearer JWTs against a JWKS, so an external identity provider can replace the embedded one. */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const remote = options.jwksUrl ? createRemoteJWKSet(new URL(options.jwksUrl)) : undefined;
  let local: ReturnType<typeof createLocalJWKSet> | undefined;

  const now = options.now ?? (() => Date.now());

  async function verifyWith(token: string, keys: Parameters<typeof jwtVerify>[1]) {
    const { payload } = await jwtVerify(token, keys, {
      currentDate: new Date(now()),
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['EdDSA', 'ES256', 'RS256'],
    });
    return ClaimsSchema.parse(payload);
  }
  /** A token that is not valid gives null; failing to read the keys (an outage) throws, never a sign-out. */
  async function verifyOrNull(token: string, keys: Parameters<typeof jwtVerify>[1]) {
    try {
      return await verifyWith(token, keys);
    } catch (error) {
      if (isTokenProblem(error)) return null;
      throw error;
    }
  }

  async function verify(token: string): Promise<AccessClaims | null> {
    if (remote) return verifyOrNull(token, remote);
    local ??= createLocalJWKSet(await options.loadLocalJwks());
    try {
      return await verifyWith(token, local);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) {
        if (isTokenProblem(error)) return null;
        throw error;
      }
    }
    // A key minted or rotated since the set was read: read it again once.
    local = createLocalJWKSet(await options.loadLocalJwks());
    return verifyOrNull(token, local);
  }

  // Keyed by the exact token string: a token differing in any byte is checked anew.
  const verified = new Map<string, { claims: AccessClaims; until: number }>();

  return async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
    const at = now();
    const hit = verified.get(token);
    if (hit) {
      if (at < hit.until) return hit.claims;
      verified.delete(token);
    }
    const claims = await verify(token);
    if (!claims) return null;
    const until = Math.min(at + VERIFIED_TOKEN_TTL_MS, (claims.exp ?? Infinity) * 1000);
    if (at < until) {
      if (verified.size >= VERIFIED_TOKENS_MAX) {
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
      verified.set(token, { claims, until });
    }
    return claims;
  };
}

/** jose's verdicts on the token itself (signature, claims, format) and a payload of the wrong shape. */
function isTokenProblem(error: unknown): boolean {
  return (
    (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) ||
    error instanceof z.ZodError
  );
}
