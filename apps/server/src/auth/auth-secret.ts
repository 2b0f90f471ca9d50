import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * With no AUTH_SECRET, the embedded setup keeps a random secret beside its data,
 * so sessions survive a restart and nothing secret lives in the repository.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string | null): string {
  if (configured) return configured;
  if (!dataDir) return crypto.randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
