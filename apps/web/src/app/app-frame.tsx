import { useEffect } from 'react';
import { Navigate, Outlet, useMatches, type UIMatch } from 'react-router';
import { useLogout } from '../features/auth/logout.ts';
import { useSession } from '../lib/use-session.ts';
import { useTokenRefresh } from '../features/auth/use-token-refresh.ts';
import { DarkLayout } from './layouts/dark-layout.tsx';
import { decideGuard } from './route-guard.ts';
import { documentTitle, routes, type AppRoute } from './routes.ts';

function isAppRoute(handle: unknown): handle is AppRoute {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'path' in handle &&
    'title' in handle &&
    'loginRequired' in handle
  );
}

/** The deepest matched route's entry of the route table (each page route carries it as handle). */
function useCurrentRoute(): AppRoute {
  const matches: UIMatch[] = useMatches();
  const route = matches.map((match) => match.handle).findLast(isAppRoute);
  return route ?? routes.notFound;
}

/** Root of every page: title, guards (§2), token refresh and the dark layout. */
export function AppFrame() {
  const route = useCurrentRoute();
  const { status } = useSession();
  const decision = decideGuard(route, status);
  const logout = useLogout();
  useTokenRefresh();

  useEffect(() => {
    if (decision.shouldLogOut) void logout();
  }, [decision.shouldLogOut, logout]);

  return (
    <>
      <title>{documentTitle(route)}</title>
      {decision.redirectTo ? (
        <Navigate to={decision.redirectTo} replace />
      ) : (
        <DarkLayout isLoggedIn={status === 'active'}>
          <Outlet />
        </DarkLayout>
      )}
    </>
  );
}
