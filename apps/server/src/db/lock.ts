import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockPathOf = (dataDir: string) => path.join(dataDir, 'atelier.lock');

/** The pid of the live process that holds the data directory's lock, or null when none does. */
export function dataDirOwner(dataDir: string): number | null {
  let owner: number;
  try {
    owner = Number(fs.readFileSync(lockPathOf(dataDir), 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)
    ? owner
    : null;
}

/**
 * PGlite is one connection in one process: a second process on the same directory would corrupt it.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = lockPathOf(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = dataDirOwner(dataDir);
      if (owner !== null) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Atelier process (pid ${owner}). ` +
            'Stop that process first, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dataDir}`);
}
