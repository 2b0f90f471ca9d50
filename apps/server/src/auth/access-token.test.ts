import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createTokenVerifier, VERIFIED_TOKEN_TTL_MS } from './access-token.ts';

const issuer = 'https://atelier.test';
const audience = 'atelier-api';

async function keysAndSigner() {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' };
  let loads = 0;
  const loadLocalJwks = async () => {
    loads++;
    return { keys: [jwk] };
  };
  const sign = (expiresAt: number) =>
    new SignJWT({ sid: 'session-1' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setSubject('user-1')
      .setIssuer(issuer)
      .setAudience(audience)
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(privateKey);
  return { loadLocalJwks, sign, loads: () => loads };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a verified token is remembered, never past its expiry', () => {
  test('a token verified once is trusted from memory until its exp, then refused', async () => {
    const { loadLocalJwks, sign } = await keysAndSigner();
    let clock = Date.now();
    const verify = createTokenVerifier({ issuer, audience, loadLocalJwks, now: () => clock });
    const expiresAt = (Math.floor(clock / 1000) + 5) * 1000;
    const token = await sign(expiresAt);
    expect(await verify(token)).toMatchObject({ sub: 'user-1', sid: 'session-1' });
    clock = expiresAt - 1;
    expect(await verify(token)).toMatchObject({ sub: 'user-1' });
    clock = expiresAt;
    expect(await verify(token)).toBeNull();
  });

  test('memory lasts the TTL at most: the signature is checked again after it', async () => {
    const { loadLocalJwks, sign } = await keysAndSigner();
    let clock = Date.now();
    const verify = createTokenVerifier({ issuer, audience, loadLocalJwks, now: () => clock });
    // exp far ahead, so that only the TTL can end the memory.
    const token = await sign(clock + 10 * VERIFIED_TOKEN_TTL_MS);
    const signatureChecks = vi.spyOn(globalThis.crypto.subtle, 'verify');
    expect(await verify(token)).not.toBeNull();
    clock += VERIFIED_TOKEN_TTL_MS - 1;
    expect(await verify(token)).not.toBeNull();
    expect(signatureChecks).toHaveBeenCalledTimes(1);
    clock += 1;
    expect(await verify(token)).not.toBeNull();
    expect(signatureChecks).toHaveBeenCalledTimes(2);
  });

  test('only the exact token string is remembered: a changed signature is checked and refused', async () => {
    const { loadLocalJwks, sign } = await keysAndSigner();
    const verify = createTokenVerifier({ issuer, audience, loadLocalJwks });
    const token = await sign(Date.now() + 60_000);
    expect(await verify(token)).not.toBeNull();
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const forged = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect(await verify(forged)).toBeNull();
  });
});
