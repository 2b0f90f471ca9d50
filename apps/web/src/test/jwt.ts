function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token; the web only reads its payload. */
export function makeJwt(claims: { exp: number; sub?: string; role?: string }): string {
  return `${base64Url({ alg: 'EdDSA', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

/** A token that expires `ms` from now (the clock may be faked). */
export function makeJwtExpiringIn(ms: number): string {
  return makeJwt({ exp: Math.floor((Date.now() + ms) / 1000), sub: 'user-1', role: 'stylist' });
}
