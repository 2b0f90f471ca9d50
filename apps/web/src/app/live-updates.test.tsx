import type { Notification } from '@atelier/contract';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { sessionStore } from '../lib/session-store.ts';
import { clientKeys } from '../features/clients/client-queries.ts';
import { commissionKeys } from '../features/commissions/commissions-queries.ts';
import { dashboardQueryOptions } from '../features/dashboard/dashboard-queries.ts';
import { quoteKeys, useClientQuotes } from '../features/quotes/quote-queries.ts';
import { quoteListAnswer } from '../features/quotes/quotes-test-data.ts';
import { FakeEventSource, stubEventSource } from '../test/fake-event-source.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { accountDocument } from '../test/fixtures.ts';
import { makeJwtExpiringIn } from '../test/jwt.ts';
import { DarkLayout } from './layouts/dark-layout.tsx';
import { AppProviders } from './providers.tsx';
import { linkedClientId, queriesConcerned } from './live-updates.ts';

const UI_TEST_TIMEOUT_MS = 20_000;

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: 1,
    kind: 'client_answered',
    text: 'Ann Lee answered 1 quote.',
    link: '/quotes/review/7?quotes=101',
    readAt: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

describe('what a notification concerns', () => {
  test.each([
    ['/quotes/review/7?quotes=101,102', 7],
    ['/quotes/pickup/12', 12],
    ['/quotes/pickup/12#top', 12],
    ['/quotes/pickup/abc', null],
    ['/clients', null],
    ['/commission/3', null],
    [null, null],
  ])('the link %j names client %j', (link, clientId) => {
    expect(linkedClientId(link)).toBe(clientId);
  });

  test.each([
    'client_answered',
    'label_created',
    'client_message',
    'offers_viewed',
    'offers_expiring',
  ] as const)(
    '%s about a client: that client’s quotes and detail, the clients list and the dashboard',
    (kind) => {
      expect(queriesConcerned(notification({ kind, link: '/quotes/pickup/7' }))).toEqual([
        quoteKeys.client(7),
        clientKeys.detail(7),
        clientKeys.pages(),
        ['dashboard'],
      ]);
    },
  );

  test('a quote event that names no client concerns every client’s quotes and stats', () => {
    expect(queriesConcerned(notification({ kind: 'label_created', link: '/clients' }))).toEqual([
      quoteKeys.all,
      clientKeys.all,
      ['dashboard'],
    ]);
  });

  test("a status change (perhaps a sale) concerns the client's quotes and the commissions", () => {
    expect(
      queriesConcerned(notification({ kind: 'quote_status_changed', link: '/quotes/pickup/7' })),
    ).toEqual([
      quoteKeys.client(7),
      clientKeys.detail(7),
      clientKeys.pages(),
      ['dashboard'],
      commissionKeys.all,
    ]);
  });

  test('a payout concerns the commissions and the dashboard, no quote', () => {
    expect(
      queriesConcerned(notification({ kind: 'commission_paid', link: '/commission/3' })),
    ).toEqual([commissionKeys.all, ['dashboard']]);
  });
});

/** Pages open behind the layout: two clients' quotes and the dashboard's figures. */
function OpenPages() {
  const ann = useClientQuotes(7);
  const bea = useClientQuotes(8);
  const dashboard = useQuery(dashboardQueryOptions());
  const ready = ann.data && bea.data && dashboard.data;
  return <p>{ready ? 'Pages loaded' : 'Loading'}</p>;
}

function renderWithOpenPages() {
  const fetchMock = mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
    'GET /api/stylist/notifications': () => jsonResponse(200, { data: [], meta: { unread: 0 } }),
    'GET /api/stylist/clients/7/quotes': quoteListAnswer([]),
    'GET /api/stylist/clients/8/quotes': quoteListAnswer([]),
    'GET /api/stylist/dashboard': () =>
      jsonResponse(200, {
        commissions: [{ total: 0, pending: 0 }],
        pendingItems: [{ pendingReviewTotal: 0, pendingShipmentTotal: 0 }],
        taskCount: 0,
        clientCount: 2,
      }),
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <DarkLayout isLoggedIn>
          <OpenPages />
        </DarkLayout>
      ),
    },
  ]);
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const calls = (path: string) =>
    fetchMock.requests.filter((request) => request.path === path).length;
  return { ...fetchMock, calls };
}

describe('live events refresh the open pages', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  beforeEach(() => {
    stubEventSource();
    sessionStore.startSession(makeJwtExpiringIn(900_000));
    sessionStore.markStylistVerified();
  });

  afterEach(() => {
    sessionStore.end();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test("a client's answer reads that client's quotes and the dashboard again, no other client's", async () => {
    const { calls } = renderWithOpenPages();
    await screen.findByText('Pages loaded');
    // The bell, which keeps the stream, loads apart from the layout.
    await screen.findByRole('button', { name: /^Notifications/ });
    act(() => FakeEventSource.latest().open());
    act(() =>
      FakeEventSource.latest().emit('notification', {
        notification: notification({ link: '/quotes/review/7?quotes=101' }),
        unread: 1,
      }),
    );
    await waitFor(() => expect(calls('/api/stylist/clients/7/quotes')).toBe(2));
    await waitFor(() => expect(calls('/api/stylist/dashboard')).toBe(2));
    expect(calls('/api/stylist/clients/8/quotes')).toBe(1);
  });

  test.each([
    ['offers_viewed', 'Ann Lee viewed the offers for Chanel Classic Flap Bag.'],
    ['client_message', 'Ann Lee asked about Chanel Classic Flap Bag.'],
  ] as const)(
    '%s from the hub reads that client’s quotes again, so the card shows it',
    async (kind, text) => {
      const { calls } = renderWithOpenPages();
      await screen.findByText('Pages loaded');
      // The bell, which keeps the stream, loads apart from the layout.
      await screen.findByRole('button', { name: /^Notifications/ });
      act(() => FakeEventSource.latest().open());
      act(() =>
        FakeEventSource.latest().emit('notification', {
          notification: notification({ kind, text, link: '/quotes/pickup/7' }),
          unread: 1,
        }),
      );
      await waitFor(() => expect(calls('/api/stylist/clients/7/quotes')).toBe(2));
      expect(calls('/api/stylist/clients/8/quotes')).toBe(1);
    },
  );

  test('a payout reads the dashboard again and leaves the quotes alone', async () => {
    const { calls } = renderWithOpenPages();
    await screen.findByText('Pages loaded');
    // The bell, which keeps the stream, loads apart from the layout.
    await screen.findByRole('button', { name: /^Notifications/ });
    act(() =>
      FakeEventSource.latest().emit('notification', {
        notification: notification({ kind: 'commission_paid', link: '/commission/3' }),
        unread: 1,
      }),
    );
    await waitFor(() => expect(calls('/api/stylist/dashboard')).toBe(2));
    expect(calls('/api/stylist/clients/7/quotes')).toBe(1);
    expect(calls('/api/stylist/clients/8/quotes')).toBe(1);
  });

  test('a stream back after a gap reads every open page again; its first opening does not', async () => {
    const { calls } = renderWithOpenPages();
    await screen.findByText('Pages loaded');
    // The bell, which keeps the stream, loads apart from the layout.
    await screen.findByRole('button', { name: /^Notifications/ });
    const source = FakeEventSource.latest();
    act(() => source.open());
    // The browser lost the stream and reconnected by itself: events may have been missed.
    act(() => source.open());
    await waitFor(() => expect(calls('/api/stylist/clients/8/quotes')).toBe(2));
    expect(calls('/api/stylist/clients/7/quotes')).toBe(2);
    expect(calls('/api/stylist/dashboard')).toBe(2);
  });
});
