import { jwtVerify } from 'jose';
import { describe, expect, test } from 'vitest';
import { encodeMultipassToken } from './multipass.ts';
import { createShopSso, shopSsoTokenKey, SSO_TOKEN_TTL_SECONDS } from './shop-sso.ts';
import { decodeMultipassToken } from './testing.ts';

const SHOP = 'https://shop.atelier.test';
const TOKEN_SECRET = 'a-shop-sso-secret-that-is-long-enough-0123';
const MULTIPASS_SECRET = 'shopify-multipass-secret-0123456789abcdef';
const customer = {
  userId: 'user-ada',
  email: 'ada@clients.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  shopifyCustomerId: null,
};

function sso(overrides: { publicUrl?: string; domain?: string; multipassSecret?: string } = {}) {
  return createShopSso({
    shopUrl: SHOP,
    publicUrl: overrides.publicUrl ?? 'http://localhost:3000',
    cookie: { name: 'atelier_sso', domain: overrides.domain },
    tokenKey: shopSsoTokenKey(TOKEN_SECRET, 'unused-auth-secret'),
    multipassSecret: overrides.multipassSecret ?? null,
  });
}

describe('signed token and shared cookie', () => {
  test('redirects to the target page with check-sso=true and a five-minute token for the client', async () => {
    const now = new Date();
    const signIn = await sso().signIn(customer, 'quotes', now);
    expect(signIn.method).toBe('sso-cookie');
    expect(signIn.location).toBe(`${SHOP}/account/quotes?check-sso=true`);
    const { payload, protectedHeader } = await jwtVerify(
      signIn.cookie!.value,
      new TextEncoder().encode(TOKEN_SECRET),
      { audience: SHOP, issuer: 'http://localhost:3000', currentDate: now },
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({
      sub: 'user-ada',
      email: 'ada@clients.test',
      name: 'Ada Lovelace',
    });
    expect(payload.exp! - payload.iat!).toBe(SSO_TOKEN_TTL_SECONDS);
    expect(payload.jti).toEqual(expect.any(String));
  });

  test('the cookie is HttpOnly, SameSite=Lax, short-lived, on the configured domain, Secure only over https', async () => {
    const plain = await sso().signIn(customer, 'dashboard');
    expect(plain.location).toBe(`${SHOP}/account?check-sso=true`);
    expect(plain.cookie).toMatchObject({
      name: 'atelier_sso',
      options: { path: '/', httpOnly: true, sameSite: 'lax', secure: false, maxAge: 300 },
    });
    expect(plain.cookie!.options).not.toHaveProperty('domain');

    const secure = await sso({
      publicUrl: 'https://portal.atelier.test',
      domain: '.atelier.test',
    }).signIn(customer, 'ship-list');
    expect(secure.location).toBe(`${SHOP}/account/ship-list?check-sso=true`);
    expect(secure.cookie!.options).toMatchObject({ secure: true, domain: '.atelier.test' });
  });

  test('without SHOP_SSO_SECRET the key is derived from the auth secret, and differs from it', () => {
    const derived = shopSsoTokenKey(null, 'auth-secret-one');
    expect(Buffer.from(derived).toString()).not.toContain('auth-secret-one');
    expect(derived).toEqual(shopSsoTokenKey(null, 'auth-secret-one'));
    expect(derived).not.toEqual(shopSsoTokenKey(null, 'auth-secret-two'));
  });
});

describe('Shopify Multipass', () => {
  test('redirects to the multipass login with a token that decrypts to the client and the target', async () => {
    const now = new Date('2026-11-22T03:00:00.000Z');
    const signIn = await sso({ multipassSecret: MULTIPASS_SECRET }).signIn(customer, 'quotes', now);
    expect(signIn.method).toBe('multipass');
    expect(signIn.cookie).toBeNull();
    const prefix = `${SHOP}/account/login/multipass/`;
    expect(signIn.location.startsWith(prefix)).toBe(true);
    const token = signIn.location.slice(prefix.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeMultipassToken(MULTIPASS_SECRET, token)).toEqual({
      email: 'ada@clients.test',
      created_at: '2026-11-22T03:00:00.000Z',
      return_to: `${SHOP}/account/quotes`,
      first_name: 'Ada',
      last_name: 'Lovelace',
      identifier: 'user-ada',
    });
  });

  test('a fresh IV each time, and a token from another secret or altered in transit fails its signature', () => {
    const data = { email: 'ada@clients.test', created_at: new Date().toISOString() };
    const one = encodeMultipassToken(MULTIPASS_SECRET, data);
    const two = encodeMultipassToken(MULTIPASS_SECRET, data);
    expect(one).not.toBe(two);
    expect(decodeMultipassToken(MULTIPASS_SECRET, two)).toEqual(data);
    expect(() => decodeMultipassToken('another-secret', one)).toThrow('bad Multipass signature');
    const raw = Buffer.from(one, 'base64url');
    raw[20] = raw[20]! ^ 1;
    expect(() => decodeMultipassToken(MULTIPASS_SECRET, raw.toString('base64url'))).toThrow(
      'bad Multipass signature',
    );
  });
});
