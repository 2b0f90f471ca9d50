import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repoRoot = path.resolve(import.meta.dirname, '..');

export class DemoResetError extends Error {
  /** @override */
  name = 'DemoResetError';
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Wipes the embedded demo: PGlite's database, the stored files and the mail folder in DATA_DIR
 * (the auth secret stays), so the next start seeds the demo data afresh. Refuses in production,
 * on PostgreSQL, and while a server holds the folder (its pid in `atelier.lock`, apps/server/src/db/lock.ts).
 * @param {NodeJS.ProcessEnv} env
 * @returns {string[]} what was removed
 */
export function resetDemo(env = process.env) {
  if (env.NODE_ENV === 'production') {
    throw new DemoResetError('demo:reset refuses to run with NODE_ENV=production.');
  }
  if (env.DATABASE_URL) {
    throw new DemoResetError(
      'demo:reset resets the embedded database only; DATABASE_URL names a PostgreSQL server.',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, '.data'));
  const lock = path.join(dataDir, 'atelier.lock');
  const owner = fs.existsSync(lock) ? Number(fs.readFileSync(lock, 'utf8').trim()) : null;
  if (owner && Number.isInteger(owner) && isAlive(owner)) {
    throw new DemoResetError(
      `An Atelier server (pid ${owner}) is using ${dataDir}: stop it first, then run demo:reset again.`,
    );
  }
  const wiped = [
    path.join(dataDir, 'pg'),
    path.resolve(env.STORAGE_DIR || path.join(dataDir, 'files')),
    path.resolve(env.MAIL_DIR || path.join(dataDir, 'mail')),
  ].filter((entry) => fs.existsSync(entry));
  for (const entry of wiped) fs.rmSync(entry, { recursive: true, force: true });
  return wiped;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const wiped = resetDemo();
    console.log(
      wiped.length > 0
        ? `Wiped ${wiped.join(', ')}.\nThe demo data is seeded afresh as the server starts.`
        : 'Nothing to wipe: the demo data is seeded as the server starts.',
    );
  } catch (error) {
    if (!(error instanceof DemoResetError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
