import {
  DESIGNER_DIRECTORY_CACHE_MS,
  DesignerDirectoryDocumentSchema,
  toDesignerList,
  type Designer,
  type DesignerDirectoryDocument,
} from '@atelier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';

export const designerKeys = {
  directory: ['designer-directory'] as const,
};

/*
 * §7, §9: the directory is kept in localStorage for 24 hours as {timestamp, data}, `data` being the
 * server's map as it came, so a stored copy is checked by the contract's own schema when read.
 * Logout clears localStorage.
 */
export const DESIGNER_DIRECTORY_STORAGE_KEY = 'designerDirectory';

interface CachedDirectory {
  timestamp: number;
  data: DesignerDirectoryDocument['data'];
}

export function readCachedDesigners(
  now = Date.now(),
): { timestamp: number; designers: Designer[] } | null {
  try {
    const raw = localStorage.getItem(DESIGNER_DIRECTORY_STORAGE_KEY);
    if (!raw) return null;
    const cached = JSON.parse(raw) as Partial<CachedDirectory>;
    if (typeof cached.timestamp !== 'number') return null;
    if (now - cached.timestamp >= DESIGNER_DIRECTORY_CACHE_MS) return null;
    const document = DesignerDirectoryDocumentSchema.safeParse({ data: cached.data });
    if (!document.success) return null;
    return { timestamp: cached.timestamp, designers: toDesignerList(document.data) };
  } catch {
    return null;
  }
}

function writeCachedDirectory(document: DesignerDirectoryDocument): void {
  const entry: CachedDirectory = { timestamp: Date.now(), data: document.data };
  try {
    localStorage.setItem(DESIGNER_DIRECTORY_STORAGE_KEY, JSON.stringify(entry));
  } catch {
    // A full or blocked storage only costs the cache.
  }
}

async function fetchDesigners(signal?: AbortSignal): Promise<Designer[]> {
  const document = await apiGet('/api/v2/designer-directory', DesignerDirectoryDocumentSchema, {
    ...(signal && { signal }),
  });
  writeCachedDirectory(document);
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
