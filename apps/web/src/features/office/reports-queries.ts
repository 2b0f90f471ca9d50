import {
  ErrorBodySchema,
  endpointUrl,
  OFFICE_REPORT_MAX_DAYS,
  officeApi,
  officeReportCsvFilename,
  reportDays,
} from '@atelier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { officeKeys } from './office-queries.ts';

/** A report's days, both counted, as YYYY-MM-DD. */
export interface ReportRange {
  from: string;
  to: string;
}

/** The reports open on the last 30 days, today included, on this computer's calendar. */
export const DEFAULT_REPORT_DAYS = 30;

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function defaultReportRange(today = new Date()): ReportRange {
  const from = new Date(today);
  from.setDate(from.getDate() - (DEFAULT_REPORT_DAYS - 1));
  return { from: isoDay(from), to: isoDay(today) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range the address names (?from=…&to=…), or the default when it names none that works. */
export function readReportRange(params: URLSearchParams, today = new Date()): ReportRange {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (!DAY.test(from) || !DAY.test(to) || from > to) return defaultReportRange(today);
  if (reportDays(from, to) > OFFICE_REPORT_MAX_DAYS) return defaultReportRange(today);
  return { from, to };
}

export function reportQueryOptions(range: ReportRange) {
  return queryOptions({
    queryKey: [...officeKeys.all, 'report', range] as const,
    queryFn: ({ signal }) => api(officeApi.getOfficeReport, { query: range, signal }),
    staleTime: 60_000,
    // The tables stay while another range loads.
    placeholderData: keepPreviousData,
  });
}

export function useOfficeReport(range: ReportRange) {
  return useQuery(reportQueryOptions(range));
}

/**
 * Downloads the range's report as CSV. The api client parses JSON only, so this one call fetches
 * by itself with the same bearer token; a failure rejects with the server's message.
 */
export async function downloadOfficeReportCsv(range: ReportRange): Promise<void> {
  const headers = new Headers({ Accept: 'text/csv' });
  const token = sessionStore.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(endpointUrl(officeApi.exportOfficeReport, undefined, { ...range }), {
      headers,
    });
  } catch {
    throw new Error('Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = ErrorBodySchema.safeParse(await response.json().catch(() => null));
    throw new Error(body.success ? body.data.message : 'The report could not be downloaded.');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  // The server names the file the same way; the name is ours, not read from its header.
  link.download = officeReportCsvFilename(range);
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
