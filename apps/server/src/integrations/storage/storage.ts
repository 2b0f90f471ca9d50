import path from 'node:path';
import { FILES_PATH } from '@atelier/contract';
import type { FileLinks } from './signed-file-links.ts';

/** A stored file as read back. */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/**
 * Where the bytes live (docs/decisions/0013): a local directory by default, an S3-compatible
 * bucket when `S3_BUCKET` is set. Keys are made by the server, `folder/name.ext`.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when no file has that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key with no file is done already (deleting twice is no error). */
  delete(key: string): Promise<void>;
}

/** The file storage features use: the object store, and the private links to its files. */
export interface FileStorage extends ObjectStore {
  /** A short-lived signed URL of a stored file, minted now; the only way a browser reads it. */
  urlFor(key: string): string;
  /**
   * What a media column keeps for a stored file (`/files/<key>`): never a working URL by itself,
   * it is signed each time it is read (`linkFor`).
   */
  pathOf(key: string): string;
  /**
   * A media column's value as a browser may use it: a stored file's path gets a fresh signed
   * link; an outside URL (a tutorial video on a CDN) is kept as it is.
   */
  linkFor<T extends string | null>(value: T): T;
  readonly links: FileLinks;
}

/** What a media column keeps for a stored file; see `FileStorage.pathOf`. */
export function storedPath(key: string): string {
  return `${FILES_PATH}/${key}`;
}

/** Keys are generated server-side (`[a-z0-9-]+/name.ext`); anything else is refused, so no path escapes. */
export const KEY_PATTERN = /^[a-z0-9-]+(\/[a-zA-Z0-9_-]+)*\.[a-z0-9]+$/;

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export function contentTypeOf(key: string): string {
  return contentTypes[path.extname(key)] ?? 'application/octet-stream';
}

export function withLinks(store: ObjectStore, links: FileLinks): FileStorage {
  const prefix = `${FILES_PATH}/`;
  function linkFor<T extends string | null>(value: T): T {
    if (value === null || !value.startsWith(prefix)) return value;
    const key = value.slice(prefix.length);
    return (KEY_PATTERN.test(key) ? links.sign(key) : value) as T;
  }
  return {
    kind: store.kind,
    put: (key, body, contentType) => store.put(key, body, contentType),
    get: (key) => store.get(key),
    delete: (key) => store.delete(key),
    urlFor: (key) => links.sign(key),
    pathOf: storedPath,
    linkFor,
    links,
  };
}
