/** Every API call carries this versioned accept header (§7). */
export const API_ACCEPT = 'application/vnd.atelier.v1+json';
/** Shown to the stylist when a signed-in account is not a stylist (§6, §8). */
export const NON_STYLIST_MESSAGE = 'Sorry, only stylists allowed access.';
export const PROGRAM_NAME = 'Atelier';
/**
 * The client's response page (§2 "Client response page"): its route name is part of its API
 * path, `/api/client/{routeName}/{token}`, and of the link the share email carries
 * (docs/decisions/0006). Here, apart from the schemas, since the web's route table needs it
 * before any page: importing it from a module of schemas would load zod with the entry.
 */
export const CLIENT_RESPONSE_ROUTE = 'curated';
