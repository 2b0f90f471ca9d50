import {
  ClientDocumentSchema,
  clientsApi,
  type ClientDocument,
  type CreateClientBody,
  type UpdateClientBody,
} from '@atelier/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { fileLinksStillWork, freshWhileFileLinksWork } from '../../lib/file-link-freshness.ts';
import { uploadProfileImage } from '../account/index.ts';

/** §9: a client's detail is kept 8 hours; the modal's reload icon fetches it anew. */
export const CLIENT_DETAIL_CACHE_MS = 8 * 60 * 60 * 1000;

export const clientKeys = {
  all: ['clients'] as const,
  pages: () => [...clientKeys.all, 'page'] as const,
  page: (page: number, search: string) => [...clientKeys.pages(), page, search] as const,
  detail: (clientId: number) => [...clientKeys.all, 'detail', clientId] as const,
};

/** The dashboard's figures count clients; the dashboard feature owns this key. */
const dashboardKey = ['dashboard'] as const;

export function clientsPageQueryOptions(page: number, search: string) {
  const query = { page, ...(search.trim() ? { search: search.trim() } : {}) };
  return queryOptions({
    queryKey: clientKeys.page(page, search.trim()),
    queryFn: ({ signal }) => api(clientsApi.listClients, { query, signal }),
  });
}

export function useClientsPage(page: number, search: string) {
  return useQuery(clientsPageQueryOptions(page, search));
}

/* The client-detail cache lives in localStorage (logout clears it), so it outlasts a reload. */

interface CachedClient {
  savedAt: number;
  document: ClientDocument;
}

function detailStorageKey(clientId: number): string {
  return `clientDetail_${clientId}`;
}

export function readCachedClient(clientId: number, now = Date.now()): CachedClient | null {
  try {
    const raw = localStorage.getItem(detailStorageKey(clientId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { savedAt?: unknown; document?: unknown };
    const document = ClientDocumentSchema.safeParse(parsed.document);
    if (typeof parsed.savedAt !== 'number' || !document.success) return null;
    if (now - parsed.savedAt >= CLIENT_DETAIL_CACHE_MS) return null;
    if (!fileLinksStillWork(document.data, now)) return null;
    return { savedAt: parsed.savedAt, document: document.data };
  } catch {
    return null;
  }
}

function writeCachedClient(document: ClientDocument): void {
  const entry: CachedClient = { savedAt: Date.now(), document };
  try {
    localStorage.setItem(detailStorageKey(document.data.id), JSON.stringify(entry));
  } catch {
    // A full or blocked storage only costs the cache.
  }
}

async function fetchClient(clientId: number, signal?: AbortSignal): Promise<ClientDocument> {
  const document = await api(clientsApi.getClient, {
    params: { clientId },
    ...(signal && { signal }),
  });
  writeCachedClient(document);
  return document;
}

export function clientDetailQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: clientKeys.detail(clientId),
    queryFn: ({ signal }) => fetchClient(clientId, signal),
    staleTime: freshWhileFileLinksWork(CLIENT_DETAIL_CACHE_MS),
    initialData: () => readCachedClient(clientId)?.document,
    initialDataUpdatedAt: () => readCachedClient(clientId)?.savedAt,
  });
}

export function useClient(clientId: number) {
  return useQuery(clientDetailQueryOptions(clientId));
}

/** The reload icon: bypasses the 8-hour cache. */
export function refreshClient(queryClient: QueryClient, clientId: number) {
  return queryClient.fetchQuery({ ...clientDetailQueryOptions(clientId), staleTime: 0 });
}

function storeClient(queryClient: QueryClient, document: ClientDocument) {
  queryClient.setQueryData(clientKeys.detail(document.data.id), document);
  writeCachedClient(document);
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClientBody) => api(clientsApi.createClient, { body }),
    onSuccess: async (document) => {
      storeClient(queryClient, document);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.pages() }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]);
    },
  });
}

export function useSaveClientComment(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientBody) =>
      api(clientsApi.updateClientNotes, { params: { clientId }, body }),
    onSuccess: async (document) => {
      storeClient(queryClient, document);
      await queryClient.invalidateQueries({ queryKey: clientKeys.pages() });
    },
  });
}

/** The client's photo, through the shared profile-image call keyed by the client's shop account. */
export function useUploadClientPhoto(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: async () => {
      await refreshClient(queryClient, clientId);
      await queryClient.invalidateQueries({ queryKey: clientKeys.pages() });
    },
  });
}
