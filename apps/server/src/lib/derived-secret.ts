import crypto from 'node:crypto';

/**
 * A key for one purpose, derived one-way from the auth secret: every instance sharing that secret
 * derives the same key, and the key reveals nothing of the secret.
 */
export function deriveSecret(authSecret: string, purpose: string): Buffer {
  return crypto.createHmac('sha256', authSecret).update(purpose).digest();
}
