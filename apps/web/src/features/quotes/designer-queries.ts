import {
  DESIGNER_DIRECTORY_CACHE_MS,
  DesignerDirectoryDocumentSchema,
  quotesApi,
  toDesignerList,
  type Designer,
} from '@atelier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { readTimestamped, writeTimestamped } from '../../lib/timestamped-storage.ts';

export const designerKeys = {
  directory: ['designer-directory'] as const,
};

/*
 * §7, §9: the directory is kept in localStorage for 24 hours as {timestamp, data}, `data` being the
 * server's map as it came, so a stored copy is checked by the contract's own schema when read.
 * Logout clears localStorage.
 */
export const DESIGNER_DIRECTORY_STORAGE_KEY = 'designerDirectory';

export function readCachedDesigners(
  now = Date.now(),
): { timestamp: number; designers: Designer[] } | null {
  const entry = readTimestamped(
    DESIGNER_DIRECTORY_STORAGE_KEY,
    DesignerDirectoryDocumentSchema.shape.data,
    { maxAgeMs: DESIGNER_DIRECTORY_CACHE_MS, now },
  );
  return entry && { timestamp: entry.timestamp, designers: toDesignerList({ data: entry.data }) };
}

async function fetchDesigners(signal?: AbortSignal): Promise<Designer[]> {
  const document = await api(quotesApi.getDesignerDirectory, { ...(signal && { signal }) });
  writeTimestamped(DESIGNER_DIRECTORY_STORAGE_KEY, document.data);
  return toDesignerList(document);
}

export function designerDirectoryQueryOptions() {
  return queryOptions({
    queryKey: designerKeys.directory,
    queryFn: ({ signal }) => fetchDesigners(signal),
    staleTime: DESIGNER_DIRECTORY_CACHE_MS,
    initialData: () => readCachedDesigners()?.designers,
    initialDataUpdatedAt: () => readCachedDesigners()?.timestamp,
  });
}

/** Every designer with its categories, sorted by name (§3). */
export function useDesignerDirectory() {
  return useQuery(designerDirectoryQueryOptions());
}
