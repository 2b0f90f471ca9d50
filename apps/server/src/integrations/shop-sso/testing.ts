import crypto from 'node:crypto';

/** Decodes a Multipass token as Shopify does (signature first), written out apart from multipass.ts. */
export function decodeMultipassToken(secret: string, token: string): Record<string, unknown> {
  const digest = crypto.createHash('sha256').update(secret).digest();
  const encryptionKey = digest.subarray(0, 16);
  const signingKey = digest.subarray(16, 32);
  const raw = Buffer.from(token, 'base64url');
  const sealed = raw.subarray(0, raw.length - 32);
  const signature = raw.subarray(raw.length - 32);
  const expected = crypto.createHmac('sha256', signingKey).update(sealed).digest();
  if (!crypto.timingSafeEqual(expected, signature)) throw new Error('bad Multipass signature');
  const decipher = crypto.createDecipheriv('aes-128-cbc', encryptionKey, sealed.subarray(0, 16));
  const json = Buffer.concat([decipher.update(sealed.subarray(16)), decipher.final()]);
  return JSON.parse(json.toString('utf8')) as Record<string, unknown>;
}
