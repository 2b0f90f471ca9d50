/**
 * The API calls a page makes first, by route key, which index.html's inline script starts with
 * the page's code (route-preload.ts) instead of after the app has run; the API client takes their
 * answers (`takeEarlyAnswer` in lib/api-client.ts) and parses them as any other. A path names the
 * route's parameters as the route does (`:token`); `isSignedIn` calls carry the stored session's
 * bearer token and are made only when a verified, unexpired session is stored
 * (features/auth/session-store.ts). Build-time data: nothing here is part of the app bundle.
 */
import { API_ACCEPT, CLIENT_PAGE_ROUTES, HUB_ROUTE } from '@atelier/contract';
import { SESSION_STORAGE_KEY } from '../lib/session-store.ts';
import type { EarlyRequest, EarlyRequestSettings } from './route-preload.ts';

export const earlyRequests: Record<string, EarlyRequest[]> = {
  // The greeting (the account), the overview and the marketing box: the dashboard's first paint.
  dashboard: [
    { path: '/api/account?include=stylist', isSignedIn: true },
    { path: '/api/stylist/dashboard', isSignedIn: true },
    { path: '/api/stylist/marketing-box', isSignedIn: true },
  ],
  clientResponse: [{ path: `/api/client/${CLIENT_PAGE_ROUTES.curated}/:token`, isSignedIn: false }],
  quoteShare: [{ path: `/api/client/${CLIENT_PAGE_ROUTES.quoteShare}/:id`, isSignedIn: false }],
  quoteOffer: [{ path: `/api/client/${CLIENT_PAGE_ROUTES.offerApproval}/:id`, isSignedIn: false }],
  hub: [{ path: `/api/client/${HUB_ROUTE}/:token`, isSignedIn: false }],
};

export const earlyRequestSettings: EarlyRequestSettings = {
  accept: API_ACCEPT,
  sessionKey: SESSION_STORAGE_KEY,
};
