import { DESIGNER_DIRECTORY_CACHE_MS } from '@atelier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import {
  DESIGNER_DIRECTORY_STORAGE_KEY,
  readCachedDesigners,
  useDesignerDirectory,
} from './designer-queries.ts';

const DIRECTORY_PATH = 'GET /api/v2/designer-directory';
const HOUR_MS = 60 * 60 * 1000;

const SERVER_DIRECTORY = {
  '12': { name: 'Hermès', categories: { '31': 'Scarves', '30': 'Handbags' } },
  '7': { name: 'chanel', categories: { '10': 'Handbags' } },
};

const SORTED_DESIGNERS = [
  { id: 7, name: 'chanel', categories: [{ id: 10, name: 'Handbags' }] },
  {
    id: 12,
    name: 'Hermès',
    categories: [
      { id: 30, name: 'Handbags' },
      { id: 31, name: 'Scarves' },
    ],
  },
];

function storeDirectory(timestamp: number, data: unknown = SERVER_DIRECTORY) {
  localStorage.setItem(DESIGNER_DIRECTORY_STORAGE_KEY, JSON.stringify({ timestamp, data }));
}

function renderDirectory() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useDesignerDirectory(), { wrapper });
}

describe('designer directory', () => {
  test('fetches the directory as a list sorted by name and keeps it with its time', async () => {
    const { requests } = mockFetch({
      [DIRECTORY_PATH]: () => jsonResponse(200, { data: SERVER_DIRECTORY }),
    });
    const before = Date.now();
    const { result } = renderDirectory();

    await waitFor(() => expect(result.current.data).toEqual(SORTED_DESIGNERS));
    expect(requests).toHaveLength(1);
    const stored = JSON.parse(localStorage.getItem(DESIGNER_DIRECTORY_STORAGE_KEY) ?? '{}') as {
      timestamp: number;
      data: unknown;
    };
    expect(stored.data).toEqual(SERVER_DIRECTORY);
    expect(stored.timestamp).toBeGreaterThanOrEqual(before);
    expect(readCachedDesigners()?.designers).toEqual(SORTED_DESIGNERS);
  });

  test('a copy younger than 24 hours is used without asking the server', async () => {
    const { requests } = mockFetch({});
    storeDirectory(Date.now() - 23 * HOUR_MS);
    const { result } = renderDirectory();

    expect(result.current.data).toEqual(SORTED_DESIGNERS);
    // Give a background fetch the chance it must not take.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);
  });

  test('a copy 24 hours old is fetched anew', async () => {
    const { requests } = mockFetch({
      [DIRECTORY_PATH]: () =>
        jsonResponse(200, { data: { '5': { name: 'Dior', categories: {} } } }),
    });
    storeDirectory(Date.now() - DESIGNER_DIRECTORY_CACHE_MS);
    const { result } = renderDirectory();

    await waitFor(() =>
      expect(result.current.data).toEqual([{ id: 5, name: 'Dior', categories: [] }]),
    );
    expect(requests).toHaveLength(1);
  });

  test('a stored copy that is not a directory is ignored', () => {
    storeDirectory(Date.now(), { '7': { name: 'Chanel' } });
    expect(readCachedDesigners()).toBeNull();
    localStorage.setItem(DESIGNER_DIRECTORY_STORAGE_KEY, 'not json');
    expect(readCachedDesigners()).toBeNull();
  });
});
