import { generatePath } from 'react-router';
import { routes } from '../../app/routes.ts';

// Here rather than in routes.ts: only the client pages link to each other, and the entry stays
// as small as the sign-in page's budget asks (scripts/check-web-size.mjs).

/** The client's hub (`/hub/:token`) for a link token. */
export function hubPath(token: string): string {
  return generatePath(routes.hub.path, { token });
}

/** The three client pages (§2) for a link token, as the hub links to them. */
export const clientPagePaths = {
  curated: (token: string) => generatePath(routes.clientResponse.path, { token }),
  quoteShare: (token: string) => generatePath(routes.quoteShare.path, { id: token }),
  offerApproval: (token: string) => generatePath(routes.quoteOffer.path, { id: token }),
};
