/** The claims the web reads from the session JWT; the server verifies the signature, not the web. */
export interface JwtClaims {
  /** Expiry, seconds since the epoch. */
  exp: number;
  sub?: string;
  role?: string;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the payload of a JWT; throws when the token is malformed or has no numeric `exp`. */
export function decodeJwtClaims(token: string): JwtClaims {
  const segments = token.split('.');
  const payload = segments[1];
  if (segments.length !== 3 || !payload) throw new Error('Malformed token');
  const claims: unknown = JSON.parse(decodeBase64Url(payload));
  if (typeof claims !== 'object' || claims === null) throw new Error('Malformed token payload');
  const { exp, sub, role } = claims as Record<string, unknown>;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new Error('Token has no expiry');
  return {
    exp,
    ...(typeof sub === 'string' ? { sub } : {}),
    ...(typeof role === 'string' ? { role } : {}),
  };
}

/** `tokenExpires` of the auth state (§3): the `exp` claim in milliseconds since the epoch. */
export function readTokenExpires(token: string): number {
  return decodeJwtClaims(token).exp * 1000;
}

export function isTokenExpired(tokenExpires: number, now: number): boolean {
  return now >= tokenExpires;
}
