// The constants of this module are imported by the web's entry, which shows the first page before
// any API call: no zod here (a module of schemas would load it with the entry).
/** Every API call carries this versioned accept header (§7). */
export const API_ACCEPT = 'application/vnd.atelier.v1+json';
/** Shown to the stylist when a signed-in account is not a stylist (§6, §8). */
export const NON_STYLIST_MESSAGE = 'Sorry, only stylists allowed access.';
export const PROGRAM_NAME = 'Atelier';
/** The 401 a refused token gets, and what the web says when it signs out for that reason. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
/** Widths up to this are a phone's: touch selection (§2) and the web's `xs` breakpoint. */
export const MOBILE_BREAKPOINT_PX = 600;
/**
 * The client's response page (§2 "Client response page"): its route name is part of its API
 * path, `/api/client/{routeName}/{token}`, and of the link the share email carries
 * (docs/decisions/0006).
 */
export const CLIENT_RESPONSE_ROUTE = 'curated';

/** The client's hub (docs/decisions/0029): its web route name and `{routeName}` of its API path. */
export const HUB_ROUTE = 'hub';

/** Every API path starts so; anything else the server serves is the web app or its health. */
export const API_PREFIX = '/api/';
/** Where the identity library's own endpoints live (`authApi` names those the product uses). */
export const AUTH_BASE_PATH = '/api/auth';
/** The API document: its page, and its JSON at `${API_DOCS_PATH}/json`. */
export const API_DOCS_PATH = '/api/docs';
