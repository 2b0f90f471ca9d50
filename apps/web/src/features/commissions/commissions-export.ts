import { ErrorBodySchema, commissionsApi, endpointUrl } from '@atelier/contract';
import { sessionStore } from '../../lib/session-store.ts';
import { toRangeQuery, type CommissionRange } from './commissions-queries.ts';

export const DEFAULT_EXPORT_FILE_NAME = 'commissions.csv';

export function exportPath(range: CommissionRange): string {
  return endpointUrl(commissionsApi.exportCommissions, undefined, { ...toRangeQuery(range) });
}

/** The file name a Content-Disposition header gives (filename* first), else the default. */
export function fileNameFrom(contentDisposition: string | null): string {
  if (!contentDisposition) return DEFAULT_EXPORT_FILE_NAME;
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return sanitize(decodeURIComponent(encoded.trim().replace(/^"|"$/g, '')));
    } catch {
      // A malformed escape falls through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(contentDisposition);
  return sanitize((plain?.[2] ?? plain?.[1] ?? '').trim());
}

function sanitize(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' ? DEFAULT_EXPORT_FILE_NAME : base;
}

/**
 * Downloads the range's commissions as CSV. The api client parses JSON only, so this one call
 * fetches by itself, with the same bearer token; a failure rejects with the server's message.
 */
export async function downloadCommissionsCsv(range: CommissionRange): Promise<void> {
  const headers = new Headers({ Accept: 'text/csv' });
  const token = sessionStore.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(exportPath(range), { method: 'GET', headers });
  } catch {
    throw new Error('Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = ErrorBodySchema.safeParse(await response.json().catch(() => null));
    throw new Error(body.success ? body.data.message : 'The export could not be downloaded.');
  }

  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('Content-Disposition'));
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click has handed the blob to the browser's download by now.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
