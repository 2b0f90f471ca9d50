import { statusLabel } from './quote-status.ts';

export const PICKED_UP_TEXT = 'Picked Up';
export const NOT_SUBMITTED_TEXT = 'Not Submitted';

/** The status text on a quote (§4 "Display text"); a concierge pickup wins over any status. */
export function statusDisplayText(
  status: string | null | undefined,
  pickupType?: string | null,
): string {
  if (pickupType === 'concierge') return PICKED_UP_TEXT;
  if (status == null || status.trim() === '') return NOT_SUBMITTED_TEXT;
  return statusLabel(status) ?? splitCamelCase(status);
}

// Only camel-case humps are split; snake_case and other unknown shapes are shown as the server sent them.
function splitCamelCase(text: string): string {
  return text.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
}
