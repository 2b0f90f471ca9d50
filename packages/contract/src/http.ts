/** Every API call carries this versioned accept header (§7). */
export const API_ACCEPT = 'application/vnd.atelier.v1+json';
/** Shown to the stylist when a signed-in account is not a stylist (§6, §8). */
export const NON_STYLIST_MESSAGE = 'Sorry, only stylists allowed access.';
export const PROGRAM_NAME = 'Atelier';
