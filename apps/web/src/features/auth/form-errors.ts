import { isApiError } from '../../lib/api-client.ts';

/** The server's word on one field, when it refused the form for it. */
export function fieldError(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.errors?.[field]?.[0] : undefined;
}

/** The message for a refusal no single field explains (a spent link, too many tries, no network). */
export function formError(error: unknown, fields: readonly string[]): string | null {
  if (!error) return null;
  if (isApiError(error)) {
    if (fields.some((field) => error.errors?.[field])) return null;
    if (error.status === 429 && error.retryAfterSeconds !== null) {
      return `Too many tries. Try again in ${error.retryAfterSeconds} seconds.`;
    }
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
