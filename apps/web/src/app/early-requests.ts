/**
 * The API calls a page makes first, by route key, which index.html's inline script starts with
 * the page's code (route-preload.ts) instead of after the app has run; the API client takes their
 * answers (`takeEarlyAnswer` in lib/api-client.ts) and parses them as any other. A path names the
 * route's parameters as the route does (`:token`); `isSignedIn` calls carry the stored session's
 * bearer token and are made only when a verified, unexpired session is stored
 * (features/auth/session-store.ts). Build-time data: nothing here is part of the app bundle.
 */
import {
  API_ACCEPT,
  accountApi,
  clientPagesApi,
  dashboardApi,
  hubApi,
  marketingBoxApi,
  queryString,
  type Endpoint,
} from '@atelier/contract';
import { SESSION_STORAGE_KEY } from '../lib/session-store.ts';
import type { EarlyRequest, EarlyRequestSettings } from './route-preload.ts';

/**
 * The early request of a GET endpoint: its path, with a parameter renamed where the page's route
 * names it otherwise (`{ token: 'id' }`), and its query as the app's call sends it.
 */
function early(
  endpoint: Endpoint,
  isSignedIn: boolean,
  {
    query = {},
    routeParams = {},
  }: { query?: Record<string, string>; routeParams?: Record<string, string> } = {},
): EarlyRequest {
  const path = endpoint.path.replace(
    /:(\w+)/g,
    (_, name: string) => `:${routeParams[name] ?? name}`,
  );
  // The query as api() writes it (endpointUrl), so the app's call finds the early answer.
  return { path: `${path}${queryString(query)}`, isSignedIn };
}

export const earlyRequests: Record<string, EarlyRequest[]> = {
  // The greeting (the account), the overview and the marketing box: the dashboard's first paint.
  dashboard: [
    early(accountApi.getAccount, true, { query: { include: 'stylist' } }),
    early(dashboardApi.getDashboard, true),
    early(marketingBoxApi.getMarketingBox, true),
  ],
  clientResponse: [early(clientPagesApi.getCuratedPage, false)],
  quoteShare: [early(clientPagesApi.getQuoteSharePage, false, { routeParams: { token: 'id' } })],
  quoteOffer: [early(clientPagesApi.getOfferApprovalPage, false, { routeParams: { token: 'id' } })],
  hub: [early(hubApi.getHub, false)],
};

export const earlyRequestSettings: EarlyRequestSettings = {
  accept: API_ACCEPT,
  sessionKey: SESSION_STORAGE_KEY,
};
