import type { z } from 'zod';
import { fileLinksStillWork } from './file-link-freshness.ts';

/** What §7 keeps in localStorage for a cached answer: the answer and when it was fetched. */
export interface Timestamped<T> {
  timestamp: number;
  data: T;
}

/**
 * The entry at `key` if it parses with `schema` and, with `maxAgeMs`, is younger than that.
 * A missing, damaged or outdated entry, or one whose signed file links have run out, is no entry:
 * the cache only ever saves a fetch.
 */
export function readTimestamped<S extends z.ZodType>(
  key: string,
  schema: S,
  { maxAgeMs, now = Date.now() }: { maxAgeMs?: number; now?: number } = {},
): Timestamped<z.infer<S>> | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const entry = JSON.parse(raw) as Partial<Timestamped<unknown>>;
    if (typeof entry.timestamp !== 'number') return null;
    if (maxAgeMs !== undefined && now - entry.timestamp >= maxAgeMs) return null;
    if (!fileLinksStillWork(entry.data, now)) return null;
    const data = schema.safeParse(entry.data);
    return data.success ? { timestamp: entry.timestamp, data: data.data } : null;
  } catch {
    return null;
  }
}

export function writeTimestamped(key: string, data: unknown): void {
  const entry: Timestamped<unknown> = { timestamp: Date.now(), data };
  try {
    localStorage.setItem(key, JSON.stringify(entry));
  } catch {
    // A full or blocked storage only costs the cache.
  }
}
