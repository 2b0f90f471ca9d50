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
}

/** Verifies bearer JWTs against a JWKS, so an external identity provider can replace the embedded one. */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const remote = options.jwksUrl ? createRemoteJWKSet(new URL(options.jwksUrl)) : undefined;
  let local: ReturnType<typeof createLocalJWKSet> | undefined;

  async function verifyWith(token: string, keys: Parameters<typeof jwtVerify>[1]) {
    const { payload } = await jwtVerify(token, keys, {
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

  return async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
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
  };
}

/** jose's verdicts on the token itself (signature, claims, format) and a payload of the wrong shape. */
function isTokenProblem(error: unknown): boolean {
  return (
    (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) ||
    error instanceof z.ZodError
  );
}
