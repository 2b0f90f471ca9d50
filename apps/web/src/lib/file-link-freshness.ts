import { fileLinksExpireAt } from '@atelier/contract';

/** A link must still work when the browser gets round to the image: renew a minute early. */
const RENEW_BEFORE_MS = 60_000;

/** Answers are immutable in the query cache, and `staleTime` is asked on every render: read each once. */
const expiries = new WeakMap<object, number | null>();

function expiryOf(data: unknown): number | null {
  if (data === null || typeof data !== 'object') return fileLinksExpireAt(data);
  let expiresAt = expiries.get(data);
  if (expiresAt === undefined) {
    expiresAt = fileLinksExpireAt(data);
    expiries.set(data, expiresAt);
  }
  return expiresAt;
}

/**
 * Whether every signed file link in `data` still works (docs/decisions/0013): a copy kept in
 * localStorage longer than its links would paint broken images, so it is not shown.
 */
export function fileLinksStillWork(data: unknown, now = Date.now()): boolean {
  const expiresAt = expiryOf(data);
  return expiresAt === null || expiresAt - RENEW_BEFORE_MS > now;
}

/**
 * A query's `staleTime`: `maxMs`, cut short so that the answer counts stale before its signed file
 * links stop working, and the next screen that shows it fetches fresh links.
 */
export function freshWhileFileLinksWork(maxMs: number) {
  return (query: { state: { data: unknown; dataUpdatedAt: number } }): number => {
    const expiresAt = expiryOf(query.state.data);
    if (expiresAt === null) return maxMs;
    return Math.max(0, Math.min(maxMs, expiresAt - RENEW_BEFORE_MS - query.state.dataUpdatedAt));
  };
}
