import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, KEY_PATTERN, type ObjectStore } from './storage.ts';

/** The embedded default: files under one directory (one machine; use S3 to run several). */
export function createLocalStorage(root: string): ObjectStore {
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, body);
      await fs.rename(partial, file);
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        return { body: await fs.readFile(resolve(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
