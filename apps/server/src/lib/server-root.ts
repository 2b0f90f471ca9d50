import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), where its migrations and seed media live. A module's
 * own folder is no guide: under tsx and vitest each file runs from src/ at its own depth, while the
 * bundle puts them all in dist/server.js. Both sit below apps/server, the nearest package.json.
 */
export const serverRoot = findPackageRoot(import.meta.dirname);

/** The repository the server package belongs to (its default data and web build folders). */
export const repoRoot = path.resolve(serverRoot, '../..');

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json in ${from} or above`);
  }
}
