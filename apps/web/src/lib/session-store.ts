import { isTokenExpired, readTokenExpires } from './jwt.ts';

/** The one localStorage key the web writes (§4: logout clears local storage). */
export const SESSION_STORAGE_KEY = 'atelier.session';

export interface Session {
  token: string;
  /** The token's `exp` claim in milliseconds since the epoch. */
  tokenExpires: number;
  /** The account call confirmed `isStylist` (§4: only stylists may stay signed in). */
  isStylistVerified: boolean;
  /** The account call confirmed an office role: a staff member, who works at /office (issue 30). */
  isOfficeVerified: boolean;
}

/**
 * The stored session, or null when it is not one. Checked by hand, not with a zod schema: the
 * store is part of the entry, which shows the first page before zod is downloaded.
 */
export function parseSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null;
  const { token, tokenExpires, isStylistVerified, isOfficeVerified } = value as Record<
    string,
    unknown
  >;
  if (typeof token !== 'string' || token.length === 0) return null;
  if (typeof tokenExpires !== 'number' || !Number.isFinite(tokenExpires)) return null;
  if (typeof isStylistVerified !== 'boolean') return null;
  // A session stored before the office existed has no such field: it is not a staff session.
  return { token, tokenExpires, isStylistVerified, isOfficeVerified: isOfficeVerified === true };
}

/**
 * anonymous: no token. pending: a token whose account is not yet checked for isStylist.
 * active: a stylist's live session. office: a staff member's live session (/office only).
 * expired: the token's exp has passed (§2: log out, go home).
 */
export type SessionStatus = 'anonymous' | 'pending' | 'active' | 'office' | 'expired';

export interface SessionSnapshot {
  session: Session | null;
  status: SessionStatus;
  /** Why the last session ended, shown on the sign-in screen (e.g. the non-stylist message). */
  notice: string | null;
}

export function getSessionStatus(session: Session | null, now: number): SessionStatus {
  if (!session) return 'anonymous';
  if (isTokenExpired(session.tokenExpires, now)) return 'expired';
  if (session.isStylistVerified) return 'active';
  return session.isOfficeVerified ? 'office' : 'pending';
}

// setTimeout overflows above 2^31-1 ms and would fire at once.
const MAX_TIMER_DELAY = 2_147_483_647;

function readStoredSession(getStorage: () => Storage): Session | null {
  try {
    const raw = getStorage().getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    return parseSession(JSON.parse(raw));
  } catch {
    return null;
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** `getStorage` may throw: browsers that block storage throw on `window.localStorage` itself. */
export function createSessionStore(getStorage: () => Storage) {
  let session = readStoredSession(getStorage);
  let notice: string | null = null;
  let snapshot: SessionSnapshot = {
    session,
    status: getSessionStatus(session, Date.now()),
    notice,
  };
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  function scheduleExpiry(): void {
    clearTimeout(expiryTimer);
    if (!session || snapshot.status === 'expired') return;
    const delay = Math.min(Math.max(session.tokenExpires - Date.now(), 0), MAX_TIMER_DELAY);
    // Re-publishing recomputes the status, so the token's expiry reaches every subscriber.
    expiryTimer = setTimeout(publish, delay);
  }

  function publish(): void {
    snapshot = { session, status: getSessionStatus(session, Date.now()), notice };
    scheduleExpiry();
    for (const listener of listeners) listener();
  }

  function persist(next: Session | null): void {
    session = next;
    try {
      if (next) getStorage().setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
      else getStorage().removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Storage can be unavailable (private mode, quota); the session then lives in this tab only.
    }
  }

  function markVerified(isStylist: boolean): void {
    if (!session) return;
    persist({ ...session, isStylistVerified: isStylist, isOfficeVerified: !isStylist });
    publish();
  }

  function onStorage(event: StorageEvent): void {
    // Another tab signed in, refreshed or logged out (localStorage.clear() reports key null).
    if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return;
    session = readStoredSession(getStorage);
    publish();
  }

  scheduleExpiry();
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);

  return {
    getSnapshot: (): SessionSnapshot => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The bearer token for API calls, or null when there is no unexpired token. */
    getToken(): string | null {
      return session && !isTokenExpired(session.tokenExpires, Date.now()) ? session.token : null;
    },
    /** Stores a freshly fetched token; the account still has to be checked (status pending). */
    startSession(token: string): void {
      notice = null;
      persist({
        token,
        tokenExpires: readTokenExpires(token),
        isStylistVerified: false,
        isOfficeVerified: false,
      });
      publish();
    },
    /** Swaps in a refreshed token, keeping the verification; ignored once logged out. */
    replaceToken(token: string): void {
      if (!session) return;
      persist({ ...session, token, tokenExpires: readTokenExpires(token) });
      publish();
    },
    markStylistVerified: () => markVerified(true),
    /** A staff member's session: it opens /office and no stylist page. */
    markOfficeVerified: () => markVerified(false),
    end(options: { notice?: string | null } = {}): void {
      notice = options.notice ?? null;
      persist(null);
      publish();
    },
    dismissNotice(): void {
      if (notice === null) return;
      notice = null;
      publish();
    },
  };
}

export const sessionStore = createSessionStore(() => window.localStorage);
