import { describe, expect, test } from 'vitest';
import { makeJwt } from '../test/jwt.ts';
import { decodeJwtClaims, isTokenExpired, readTokenExpires } from './jwt.ts';

describe('JWT claims', () => {
  test('reads exp, sub and role from the payload', () => {
    const token = makeJwt({ exp: 1_900_000_000, sub: 'user-1', role: 'stylist' });
    expect(decodeJwtClaims(token)).toEqual({ exp: 1_900_000_000, sub: 'user-1', role: 'stylist' });
  });

  test('turns exp (seconds) into tokenExpires (milliseconds)', () => {
    expect(readTokenExpires(makeJwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
  });

  test('decodes base64url payloads with URL-safe characters and non-ASCII text', () => {
    // "ü?>" encodes to bytes whose base64 contains '+' and '/', i.e. '-' and '_' in base64url.
    const json = JSON.stringify({ exp: 42, sub: 'ü?>ü?>' });
    const bytes = new TextEncoder().encode(json);
    const payload = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(payload).toMatch(/[-_]/);
    expect(decodeJwtClaims(`x.${payload}.y`)).toEqual({ exp: 42, sub: 'ü?>ü?>' });
  });

  test.each(['', 'not-a-token', 'a.b', 'a.!!!.c'])('rejects the malformed token %j', (token) => {
    expect(() => decodeJwtClaims(token)).toThrow();
  });

  test('rejects a token without a numeric exp', () => {
    const token = `x.${btoa(JSON.stringify({ exp: 'soon' }))}.y`;
    expect(() => decodeJwtClaims(token)).toThrow('Token has no expiry');
  });

  test('a token is expired from its exp instant on', () => {
    expect(isTokenExpired(10_000, 9_999)).toBe(false);
    expect(isTokenExpired(10_000, 10_000)).toBe(true);
    expect(isTokenExpired(10_000, 10_001)).toBe(true);
  });
});
