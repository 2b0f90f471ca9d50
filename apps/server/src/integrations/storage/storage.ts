/** Where uploaded and generated files live: a local directory by default, object storage later. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** The URL the web uses for a stored file. */
  urlFor(key: string): string;
}

export const FILES_PATH = '/files';
