/**
 * Stored files are read only through signed links the server mints when it answers
 * (docs/decisions/0013): `/files/<key>?expires=<unix seconds>&signature=<HMAC>`.
 */
export const FILES_PATH = '/files';

const SIGNED_FILE_LINK = /\/files\/[^"?\s]+\?expires=(\d{1,12})&signature=/g;

/**
 * When the first signed file link anywhere in `value` (an answer, or any part of one) stops
 * working, in milliseconds since the epoch; null when it holds none. A copy kept longer than
 * that shows broken images, so caches count it stale from then.
 */
export function fileLinksExpireAt(value: unknown): number | null {
  const text = JSON.stringify(value) ?? '';
  let earliest: number | null = null;
  for (const match of text.matchAll(SIGNED_FILE_LINK)) {
    const at = Number(match[1]) * 1000;
    if (earliest === null || at < earliest) earliest = at;
  }
  return earliest;
}
