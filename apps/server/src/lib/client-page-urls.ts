import { CLIENT_RESPONSE_ROUTE, HUB_ROUTE } from '@atelier/contract';

/** The web paths of the client pages a link opens (§2). */
const PAGE_PATHS = {
  hub: HUB_ROUTE,
  curated: CLIENT_RESPONSE_ROUTE,
  quoteShare: 'quote',
  offerApproval: 'quotes',
} as const;

export type ClientPage = keyof typeof PAGE_PATHS;

/** A client page for a link token, on the site the client opens. */
export function clientPageUrl(publicUrl: string, page: ClientPage, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${PAGE_PATHS[page]}/${token}`;
}

/** The web path of the client's hub for a link token. */
export function hubUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/hub/${token}`;
}
