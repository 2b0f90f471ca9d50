import fs from 'node:fs/promises';
import path from 'node:path';
import { FILES_PATH, type FileStorage } from './storage.ts';

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** Keys are generated server-side (`[a-z0-9-]+/name.ext`); anything else is refused, so no path escapes the root. */
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-zA-Z0-9_-]+)*\.[a-z0-9]+$/;

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        const body = await fs.readFile(resolve(key));
        return { body, contentType: contentTypes[path.extname(key)] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    urlFor: (key) => `${FILES_PATH}/${key}`,
  };
}
