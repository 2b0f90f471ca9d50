import crypto from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';

/**
 * The operator's command line calls a running server's admin API with a token it signs itself
 * with the server's own AUTH_SECRET (docs/decisions/0020): whoever can read the secret could
 * mint any token anyway, and nobody else can make one. It works on `/api/admin/…` only, for a
 * minute.
 */
export const OPERATOR_TOKEN_TTL_SECONDS = 60;

const ALGORITHM = 'HS256';
const ISSUER = 'atelier-cli';
const AUDIENCE = 'atelier-admin-api';

/** A key of its own, derived from the secret: the secret itself signs nothing else this way. */
function operatorKey(secret: string): Uint8Array {
  return new Uint8Array(
    crypto.createHmac('sha256', secret).update('atelier operator token').digest(),
  );
}

export function mintOperatorToken(secret: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('operator')
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${OPERATOR_TOKEN_TTL_SECONDS}s`)
    .sign(operatorKey(secret));
}

/** Whether `token` has the operator token's form (the identity provider's tokens are EdDSA). */
export function isOperatorTokenShaped(token: string): boolean {
  try {
    return decodeProtectedHeader(token).alg === ALGORITHM;
  } catch {
    return false;
  }
}

/** True for an operator token signed with `secret` and still in date; never throws for a bad one. */
export async function verifyOperatorToken(token: string, secret: string): Promise<boolean> {
  try {
    await jwtVerify(token, operatorKey(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      subject: 'operator',
      maxTokenAge: `${OPERATOR_TOKEN_TTL_SECONDS}s`,
    });
    return true;
  } catch (error) {
    if (error instanceof errors.JOSEError) return false;
    throw error;
  }
}
