import crypto from 'node:crypto';
import { FILES_PATH } from '@atelier/contract';

export type LinkVerdict = 'valid' | 'expired' | 'invalid';

export interface FileLinks {
  /** `/files/<key>?expires=<unix seconds>&signature=<HMAC>`, good for the configured lifetime. */
  sign(key: string, now?: number): string;
  /** Whether a link's query proves it was minted here for this key and has not run out. */
  check(key: string, query: { expires?: unknown; signature?: unknown }, now?: number): LinkVerdict;
  readonly ttlSeconds: number;
}

/** Keeps the HMAC key of links apart from every other use of the auth secret. */
function linkKey(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update('atelier file links v1').digest();
}

/**
 * Signed links to stored files (docs/decisions/0013). The expiry is rounded up to a quarter of
 * the lifetime, so one file keeps one URL for a while and the browser's cache can serve it again.
 */
export function createFileLinks(options: {
  secret: string;
  /** Secrets `secret` replaced: links they signed work until they expire. */
  previousSecrets?: readonly string[];
  ttlSeconds: number;
}): FileLinks {
  const key = linkKey(options.secret);
  const keys = [key, ...(options.previousSecrets ?? []).map(linkKey)];
  const ttl = options.ttlSeconds;
  const step = Math.max(1, Math.floor(ttl / 4));
  const signatureOf = (fileKey: string, expires: number, by = key) =>
    crypto.createHmac('sha256', by).update(`${fileKey}\n${expires}`).digest('base64url');
  const signedBy = (by: Buffer, fileKey: string, expires: number, signature: string) => {
    const expected = Buffer.from(signatureOf(fileKey, expires, by));
    const given = Buffer.from(signature);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  };

  return {
    ttlSeconds: ttl,
    sign(fileKey, now = Date.now()) {
      const expires = Math.ceil((Math.floor(now / 1000) + ttl) / step) * step;
      return `${FILES_PATH}/${fileKey}?expires=${expires}&signature=${signatureOf(fileKey, expires)}`;
    },
    check(fileKey, query, now = Date.now()) {
      const { expires, signature } = query;
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
      if (typeof signature !== 'string') return 'invalid';
      if (!keys.some((by) => signedBy(by, fileKey, Number(expires), signature))) return 'invalid';
      return Number(expires) * 1000 < now ? 'expired' : 'valid';
    },
  };
}
