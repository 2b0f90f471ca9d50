import type { SessionStatus } from '../lib/session-store.ts';
import { routes, type AppRoute } from './routes.ts';

export interface GuardDecision {
  /** Where to send the visitor instead, or null to show the page. */
  redirectTo: string | null;
  /** The token has expired: log out (§2 guards). */
  shouldLogOut: boolean;
}

/**
 * §2 guards. Only a verified stylist session (active) opens login-required pages; a token whose
 * account is still being checked (pending) waits on the sign-in screen.
 */
export function decideGuard(
  route: Pick<AppRoute, 'name' | 'loginRequired'>,
  status: SessionStatus,
): GuardDecision {
  if (status === 'expired') {
    // Public pages stay open after the logout; everything else goes home.
    return { shouldLogOut: true, redirectTo: route.loginRequired ? routes.home.path : null };
  }
  if (route.loginRequired && status !== 'active') {
    return { shouldLogOut: false, redirectTo: routes.home.path };
  }
  if (route.name === routes.home.name && status === 'active') {
    return { shouldLogOut: false, redirectTo: routes.dashboard.path };
  }
  return { shouldLogOut: false, redirectTo: null };
}
