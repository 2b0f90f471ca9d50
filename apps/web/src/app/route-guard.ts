import type { SessionStatus } from '../lib/session-store.ts';
import { routes, type AppRoute } from './routes.ts';

export interface GuardDecision {
  /** Where to send the visitor instead, or null to show the page. */
  redirectTo: string | null;
  /** The token has expired: log out (§2 guards). */
  shouldLogOut: boolean;
}

/** Where each kind of signed-in session starts: a stylist's dashboard, the staff's queues. */
function startPageOf(status: SessionStatus): string | null {
  if (status === 'active') return routes.dashboard.path;
  if (status === 'office') return routes.office.path;
  return null;
}

/**
 * §2 guards. Only a verified session opens login-required pages, a stylist's (active) the stylist
 * pages and a staff member's (office) the back office's; either is sent to its own start page from
 * the other's pages and from home. A token whose account is still being checked (pending) waits
 * on the sign-in screen.
 */
export function decideGuard(
  route: Pick<AppRoute, 'name' | 'loginRequired' | 'signedInAs'>,
  status: SessionStatus,
): GuardDecision {
  if (status === 'expired') {
    // Public pages stay open after the logout; everything else goes home.
    return { shouldLogOut: true, redirectTo: route.loginRequired ? routes.home.path : null };
  }
  const startPage = startPageOf(status);
  if (route.loginRequired) {
    const wanted = route.signedInAs === 'office' ? 'office' : 'active';
    if (status === wanted) return { shouldLogOut: false, redirectTo: null };
    return { shouldLogOut: false, redirectTo: startPage ?? routes.home.path };
  }
  if (route.name === routes.home.name && startPage) {
    return { shouldLogOut: false, redirectTo: startPage };
  }
  return { shouldLogOut: false, redirectTo: null };
}
