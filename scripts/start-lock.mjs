import fs from 'node:fs';
import path from 'node:path';

/**
 * One `npm start` per tree and port. The locks live in the tree (`.data/`, whatever DATA_DIR
 * says), because what they guard is the tree's build: a start must see every other start of this
 * tree, whichever DATA_DIR or PORT it uses, before it rebuilds the files they serve. Instances on
 * other ports are legitimate (on PostgreSQL, several share one database); on PGlite a second one
 * on the same DATA_DIR is still refused by the server's own lock on that folder.
 */
const locksDir = path.resolve(import.meta.dirname, '../.data');
const LOCK_NAME = /^start-(\d+)\.lock$/;

export class StartLockedError extends Error {
  /** @override */
  name = 'StartLockedError';
}

/** @param {unknown} error */
function codeOf(error) {
  return /** @type {NodeJS.ErrnoException} */ (error).code;
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/**
 * @param {string} lockPath
 * @returns {number | null}
 */
function ownerOf(lockPath) {
  try {
    const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Takes the lock of `port` for this process, atomically (`wx`); a lock left by a dead process is
 * taken over. Returns the function that releases it.
 * @param {number} port
 * @returns {() => void}
 */
export function takeStartLock(port) {
  fs.mkdirSync(locksDir, { recursive: true });
  const lockPath = path.join(locksDir, `start-${port}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        if (ownerOf(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
      const owner = ownerOf(lockPath);
      if (owner !== null && owner !== process.pid && isAlive(owner)) {
        const relativePath = path.relative(process.cwd(), lockPath);
        throw new StartLockedError(
          `Atelier is already running from this folder on port ${port} (pid ${owner}); ` +
            `nothing was built or changed.\n` +
            `Stop it first (Ctrl-C where it runs, or kill ${owner}), or set PORT to start another one.\n` +
            `If pid ${owner} is not Atelier, delete ${relativePath}.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new StartLockedError(`Could not take ${lockPath}; is another npm start starting?`);
}

/**
 * The other starts of this tree that are running now, whatever their port.
 * @returns {{ pid: number, port: number }[]}
 */
export function otherLiveStarts() {
  let names;
  try {
    names = fs.readdirSync(locksDir);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return [];
    throw error;
  }
  return names.flatMap((name) => {
    const port = LOCK_NAME.exec(name)?.[1];
    const pid = port ? ownerOf(path.join(locksDir, name)) : null;
    return pid !== null && pid !== process.pid && isAlive(pid) ? [{ pid, port: Number(port) }] : [];
  });
}
