import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionSnapshot } from './session-store.ts';

export function useSession(): SessionSnapshot {
  // The build prerenders the anonymous sign-in page (app/prerender.tsx), which asks for the
  // server's snapshot: the same store, empty there.
  return useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getSnapshot,
  );
}
