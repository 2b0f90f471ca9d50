import { isKnownQuoteStatus, statusLabel, statusPriority } from './quote-status.ts';

export const PICKED_UP_TEXT = 'Picked Up';
export const NOT_SUBMITTED_TEXT = 'Not Submitted';

/**
 * The status text on a quote (§4 "Display text"). A concierge pickup names the pickup step, the
 * in-transit step of a shipped item, so "Picked Up" stands for it and for anything not known to
 * come later; a status past it (received, converted, sold…) is what happened since, and shows.
 */
export function statusDisplayText(
  status: string | null | undefined,
  pickupType?: string | null,
): string {
  if (pickupType === 'concierge' && !isPastPickup(status)) return PICKED_UP_TEXT;
  if (status == null || status.trim() === '') return NOT_SUBMITTED_TEXT;
  return statusLabel(status) ?? splitCamelCase(status);
}

// Only camel-case humps are split; snake_case and other unknown shapes are shown as the server sent them.
function splitCamelCase(text: string): string {
  return text.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
}

function isPastPickup(status: string | null | undefined): boolean {
  return isKnownQuoteStatus(status) && statusPriority(status) > statusPriority('in_transit');
}
