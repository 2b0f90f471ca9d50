import { resolveAuthSecret } from '../auth/auth-secret.ts';
import type { Config } from '../config.ts';
import { DataDirLockedError, dataDirOwner } from '../db/lock.ts';

/** How long the CLI waits for a server's health check before it counts it as not running. */
const HEALTH_TIMEOUT_MS = 3_000;

async function answersHealth(publicUrl: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/health/live', publicUrl), {
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The server whose admin API the CLI should call, or null to work on the database directly
 * (docs/decisions/0020). On the embedded database, a live owner of the data directory's lock is
 * a running server (PGlite is one process): it must answer at PUBLIC_URL. On PostgreSQL the
 * database is shared anyway; a server answering at PUBLIC_URL is used when AUTH_SECRET is set
 * (without it every server has a secret of its own, which the CLI cannot know).
 */
export async function findRunningServer(
  config: Config,
): Promise<{ baseUrl: string; secret: string } | null> {
  const { publicUrl } = config;
  if (config.database.kind === 'pglite') {
    const owner = dataDirOwner(config.dataDir);
    if (owner === null) return null;
    if (!(await answersHealth(publicUrl))) {
      throw new DataDirLockedError(
        `The data directory ${config.dataDir} is in use by another Atelier process (pid ${owner}), ` +
          `and no Atelier server answers at ${publicUrl}. If it is a server, run the command with ` +
          'its PUBLIC_URL (and PORT); if it is another command, run this one when it has finished.',
      );
    }
    return { baseUrl: publicUrl, secret: resolveAuthSecret(config.auth.secret, config.dataDir) };
  }
  if (!config.auth.secret || !(await answersHealth(publicUrl))) return null;
  return { baseUrl: publicUrl, secret: config.auth.secret };
}
