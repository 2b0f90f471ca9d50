import crypto from 'node:crypto';
import { SHOP_LOGIN_PATHS, type ShopLoginTarget } from '@atelier/contract';
import { jwtVerify, SignJWT } from 'jose';
import { deriveSecret } from '../../lib/derived-secret.ts';
import { encodeMultipassToken } from './multipass.ts';

/** How long the signed token (and the cookie that carries it) lets the shop sign the client in. */
export const SSO_TOKEN_TTL_SECONDS = 5 * 60;

export interface ShopSsoSettings {
  /** The shop account site; null when none is configured (every sign-in is refused). */
  shopUrl: string | null;
  /** This server's public address: the token's issuer, and https here makes the cookie Secure. */
  publicUrl: string;
  cookie: { name: string; domain: string | undefined };
  /** The HS256 key the shop verifies the token with (SHOP_SSO_SECRET). */
  tokenKey: Uint8Array;
  /** With a Shopify store: its Multipass secret, and the redirect signs in through Multipass. */
  multipassSecret: string | null;
}

/** The client as the shop knows them: their shop account here. */
export interface ShopCustomer {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  shopifyCustomerId: string | null;
}

export interface SsoCookie {
  name: string;
  value: string;
  options: {
    path: string;
    domain?: string;
    httpOnly: true;
    secure: boolean;
    sameSite: 'lax';
    maxAge: number;
  };
}

export interface ShopSignIn {
  method: 'sso-cookie' | 'multipass';
  /** Where the browser goes next. */
  location: string;
  /** The shared single-sign-on cookie; none with Multipass, whose token travels in the address. */
  cookie: SsoCookie | null;
}

/** The key the shop's token is signed with: the configured secret, else one derived from the auth secret. */
export function shopSsoTokenKey(configured: string | null, authSecret: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  return new Uint8Array(deriveSecret(authSecret, 'atelier shop single sign-on'));
}

/** Who the shop finds signed in by a valid token. */
export interface ShopSignedIn {
  /** The client's shop account id (`sub`). */
  userId: string;
  email: string;
  name: string;
}

/**
 * The shop single sign-on (ARCHITECTURE.md): by default a signed token in a shared cookie and a
 * redirect with `check-sso=true`; with a Multipass secret, Shopify's Multipass login address.
 */
export function createShopSso(settings: ShopSsoSettings) {
  const isSecure = new URL(settings.publicUrl).protocol === 'https:';

  async function signToken(shopUrl: string, customer: ShopCustomer, now: Date) {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      email: customer.email,
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      ...(customer.shopifyCustomerId && { shopify_customer_id: customer.shopifyCustomerId }),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(customer.userId)
      .setIssuer(settings.publicUrl)
      .setAudience(shopUrl)
      .setJti(crypto.randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + SSO_TOKEN_TTL_SECONDS)
      .sign(settings.tokenKey);
  }

  return {
    isConfigured: settings.shopUrl !== null,
    cookieName: settings.cookie.name,

    /**
     * What the shop does with the cookie's token: HS256 under the shared key, issued by this
     * server, for this shop, not expired. Throws (jose's errors) on anything else.
     */
    async readSignIn(token: string, now = new Date()): Promise<ShopSignedIn> {
      const { shopUrl } = settings;
      if (!shopUrl) throw new Error('shop single sign-on without a SHOP_URL');
      const { payload } = await jwtVerify(token, settings.tokenKey, {
        issuer: settings.publicUrl,
        audience: shopUrl,
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'exp', 'jti'],
        currentDate: now,
      });
      return {
        userId: String(payload.sub),
        email: String(payload.email),
        name: String(payload.name),
      };
    },

    async signIn(
      customer: ShopCustomer,
      target: ShopLoginTarget,
      now = new Date(),
    ): Promise<ShopSignIn> {
      const { shopUrl } = settings;
      if (!shopUrl) throw new Error('shop single sign-on without a SHOP_URL');
      const targetUrl = `${shopUrl}${SHOP_LOGIN_PATHS[target]}`;

      if (settings.multipassSecret) {
        const token = encodeMultipassToken(settings.multipassSecret, {
          email: customer.email,
          created_at: now.toISOString(),
          return_to: targetUrl,
          first_name: customer.firstName,
          last_name: customer.lastName,
          identifier: customer.userId,
        });
        return {
          method: 'multipass',
          location: `${shopUrl}/account/login/multipass/${token}`,
          cookie: null,
        };
      }

      const token = await signToken(shopUrl, customer, now);
      return {
        method: 'sso-cookie',
        location: `${targetUrl}?check-sso=true`,
        cookie: {
          name: settings.cookie.name,
          value: token,
          options: {
            path: '/',
            ...(settings.cookie.domain && { domain: settings.cookie.domain }),
            httpOnly: true,
            secure: isSecure,
            sameSite: 'lax',
            maxAge: SSO_TOKEN_TTL_SECONDS,
          },
        },
      };
    },
  };
}

export type ShopSso = ReturnType<typeof createShopSso>;
