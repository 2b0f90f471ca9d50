import type { SessionStatus } from '../lib/session-store.ts';
import { routes, type AppRoute } from './routes.ts';

export interface GuardDecision {
  /** Where to send the visitor instead, or null to show the page. */
  redirectTo: string | null;
  /** The token has expired: log out (§2 guards). */
  shouldLogOut: boolean;
}

/**
 * §2 guards. Only a verified session opens login-required pages: a stylist's (active) the stylist
 * pages, a staff member's (office) the back office's (issue 30). Either is sent to its own start
 * page, the dashboard or /office, from the other's pages and from home. A token whose account is
 * still being checked (pending) waits on the sign-in screen.
 */
export function decideGuard(
  route: Pick<AppRoute, 'name' | 'loginRequired' | 'signedInAs'>,
  status: SessionStatus,
): GuardDecision {
  if (status === 'expired') {
    // Public pages stay open after the logout; everything else goes home.
    return { shouldLogOut: true, redirectTo: route.loginRequired ? routes.home.path : null };
  }
  const startPage =
    status === 'active' ? routes.dashboard.path : status === 'office' ? routes.office.path : null;
  const isOpen = route.loginRequired
    ? status === (route.signedInAs === 'office' ? 'office' : 'active')
    : route.name !== routes.home.name || !startPage;
  return { shouldLogOut: false, redirectTo: isOpen ? null : (startPage ?? routes.home.path) };
}
