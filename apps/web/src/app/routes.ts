import { CLIENT_RESPONSE_ROUTE, HUB_ROUTE, PROGRAM_NAME } from '@atelier/contract';
import { generatePath } from 'react-router';

export interface AppRoute {
  path: string;
  /** Route name of spec §2; the rows §2 leaves unnamed get a name here. */
  name: string;
  /** Page title without the program-name prefix. */
  title: string;
  loginRequired: boolean;
  /** Who a login-required page is for: stylists (the default) or the back office's staff. */
  signedInAs?: 'stylist' | 'office';
}

/** The route table of spec §2, the one place that knows paths, titles and guards. */
export const routes = {
  home: { path: '/', name: 'home', title: 'Home | Please log in', loginRequired: false },
  dashboard: {
    path: '/dashboard',
    name: 'dashboard',
    title: 'Dashboard | Manage Your Clients',
    loginRequired: true,
  },
  clients: { path: '/clients', name: 'clients', title: 'Your Clients', loginRequired: true },
  clientQuotes: {
    path: '/quotes/pickup/:id',
    name: 'quote-pickup',
    title: 'Client Quotes',
    loginRequired: true,
  },
  quoteReview: {
    path: '/quotes/review/:id',
    name: 'quote-review',
    title: 'Client Responses',
    loginRequired: true,
  },
  manifest: {
    path: '/quotes/manifest/:shipmentId',
    name: 'quote-manifest',
    title: 'Ship Manifest',
    loginRequired: true,
  },
  quoteShare: { path: '/quote/:id', name: 'quotes', title: 'Quote Share', loginRequired: false },
  quoteOffer: {
    path: '/quotes/:id',
    name: 'quote-offer',
    title: 'Approve White Glove Offers',
    loginRequired: false,
  },
  manifestPrint: {
    path: '/quotes/:shipmentId/print',
    name: 'manifest-print',
    title: 'Print Manifest',
    loginRequired: false,
  },
  commission: {
    path: '/commission/:id',
    name: 'commission',
    title: 'Commission',
    loginRequired: true,
  },
  logout: { path: '/logout', name: 'logout', title: 'Signing out', loginRequired: false },
  // Not in §2: the page an emailed "choose a new password" link opens.
  resetPassword: {
    path: '/reset-password',
    name: 'reset-password',
    title: 'Choose a new password',
    loginRequired: false,
  },
  // §2 leaves the guard blank; a label carries the client's address, so only its stylist opens it.
  shippingLabel: {
    path: '/shipping-label/:id',
    name: 'shipping-label',
    title: 'Shipping Label',
    loginRequired: true,
  },
  // §2 leaves this page's route out; its name is part of its API path (docs/decisions/0006).
  clientResponse: {
    path: `/${CLIENT_RESPONSE_ROUTE}/:token`,
    name: 'client-response',
    title: 'Curated For',
    loginRequired: false,
  },
  // Not in §2: the client's hub, which each client page's link opens too (issue 20).
  hub: { path: `/${HUB_ROUTE}/:token`, name: HUB_ROUTE, title: 'Your Items', loginRequired: false },
  // Not in §2: the back office's queues (issue 30); only its staff open it.
  office: {
    path: '/office',
    name: 'office',
    title: 'Back office',
    loginRequired: true,
    signedInAs: 'office',
  },
  // Not in §2: one item's workspace in the back office (issue 30); only its staff open it.
  officeItem: {
    path: '/office/items/:quoteId',
    name: 'office-item',
    title: 'Back office',
    loginRequired: true,
    signedInAs: 'office',
  },
  // Not in §2: the back office's records (issue 30), where the spec's admin links lead.
  officeClient: {
    path: '/office/clients/:clientId',
    name: 'office-client',
    title: 'Client record',
    loginRequired: true,
    signedInAs: 'office',
  },
  officeStylist: {
    path: '/office/stylists/:stylistId',
    name: 'office-stylist',
    title: 'Stylist record',
    loginRequired: true,
    signedInAs: 'office',
  },
  // Not in §2: the back office's reports (issue 30 §11); operations and admin only.
  officeReports: {
    path: '/office/reports',
    name: 'office-reports',
    title: 'Back office reports',
    loginRequired: true,
    signedInAs: 'office',
  },
  notFound: { path: '*', name: 'not-found', title: 'Page not found', loginRequired: false },
} as const satisfies Record<string, AppRoute>;

export type RouteKey = keyof typeof routes;

export function documentTitle(route: Pick<AppRoute, 'title'>): string {
  return `${PROGRAM_NAME} | ${route.title}`;
}

/** A client's quotes page (§2 `/quotes/pickup/:id`, route name `quote-pickup`). */
export function clientQuotesPath(clientId: number): string {
  return generatePath(routes.clientQuotes.path, { id: String(clientId) });
}

/** Link to the dashboard that scrolls to one of its sections (§2 `go=`). */
export function dashboardSectionPath(go: 'addClient' | 'commissions' | 'dashboard'): string {
  return `${routes.dashboard.path}?go=${go}`;
}

/** A shipment's manifest (§2 `/quotes/manifest/:shipmentId`). */
export function manifestPath(shipmentId: number): string {
  return generatePath(routes.manifest.path, { shipmentId: String(shipmentId) });
}

/** The print-and-return page (§2 `/quotes/:shipmentId/print`), by shipment id or link token. */
export function manifestPrintPath(shipmentIdOrToken: number | string): string {
  return generatePath(routes.manifestPrint.path, { shipmentId: String(shipmentIdOrToken) });
}

/** A shipment's label page (§2 `/shipping-label/{id}`), opened in a new tab. */
export function shippingLabelPath(shipmentId: number): string {
  return generatePath(routes.shippingLabel.path, { id: String(shipmentId) });
}
