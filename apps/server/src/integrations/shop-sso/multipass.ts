import crypto from 'node:crypto';

/** What Shopify reads from a Multipass token; `email` and `created_at` are required. */
export interface MultipassCustomer {
  email: string;
  /** ISO 8601; Shopify refuses a token more than 15 minutes after it. */
  created_at: string;
  return_to?: string;
  first_name?: string;
  last_name?: string;
  /** A stable id of the customer here, so Shopify matches the account even if the email changes. */
  identifier?: string;
}

/** The two 16-byte keys Shopify derives from a Multipass secret: SHA-256, split in halves. */
export function multipassKeys(secret: string) {
  const digest = crypto.createHash('sha256').update(secret, 'utf8').digest();
  return { encryptionKey: digest.subarray(0, 16), signingKey: digest.subarray(16, 32) };
}

/**
 * Shopify Multipass: the customer JSON encrypted with AES-128-CBC under a random IV, then
 * base64url(iv + ciphertext + HMAC-SHA256(iv + ciphertext)).
 */
export function encodeMultipassToken(secret: string, customer: MultipassCustomer): string {
  const { encryptionKey, signingKey } = multipassKeys(secret);
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv('aes-128-cbc', encryptionKey, iv);
  const sealed = Buffer.concat([
    iv,
    cipher.update(JSON.stringify(customer), 'utf8'),
    cipher.final(),
  ]);
  const signature = crypto.createHmac('sha256', signingKey).update(sealed).digest();
  return Buffer.concat([sealed, signature]).toString('base64url');
}
