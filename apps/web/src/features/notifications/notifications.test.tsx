import type { Notification, NotificationListDocument } from '@atelier/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DarkLayout } from '../../app/layouts/dark-layout.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { FakeEventSource, stubEventSource } from '../../test/fake-event-source.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { sessionStore } from '../../lib/session-store.ts';
import classes from './notification-bell.module.css';
import { SHAKE_MS } from './notification-bell.tsx';
import { ALL_CAUGHT_UP, notificationTime } from './notification-list.tsx';

// A ceiling for a busy machine, never a delay.
const UI_TEST_TIMEOUT_MS = 20_000;
const NOW = Date.parse('2026-11-20T15:00:00Z');
const LIST = 'GET /api/stylist/notifications';
const READ = 'POST /api/stylist/notifications/read';

function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'commission_paid',
    text: `Commission ${id} was paid.`,
    link: `/commission/${id}`,
    readAt: null,
    createdAt: new Date(NOW - id * 60_000).toISOString(),
    ...overrides,
  };
}

function listDocument(items: Notification[]): NotificationListDocument {
  return { data: items, meta: { unread: items.filter((item) => item.readAt === null).length } };
}

function renderLayout() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <DarkLayout isLoggedIn>Dashboard page</DarkLayout> },
      { path: '/commission/:id', element: <DarkLayout isLoggedIn>Commission page</DarkLayout> },
    ],
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, queryClient };
}

const bell = (unread: number) =>
  screen.findByRole('button', { name: `Notifications, ${unread} unread` });
const bellIcon = () => screen.getByTestId('notification-bell-icon');

let token: string;

beforeEach(() => {
  stubEventSource();
  token = makeJwtExpiringIn(900_000);
  sessionStore.startSession(token);
  sessionStore.markStylistVerified();
});

afterEach(() => {
  sessionStore.end();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the bell', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('shows the unread count on a badge and says it in its name', async () => {
    mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () =>
        jsonResponse(200, listDocument([notification(1), notification(2), notification(3)])),
    });
    renderLayout();
    expect(within(await bell(3)).getByText('3')).toBeInTheDocument();
  });

  test('shows no badge and does not shake when everything is read', async () => {
    mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () =>
        jsonResponse(200, listDocument([notification(1, { readAt: new Date(NOW).toISOString() })])),
    });
    renderLayout();
    const button = await bell(0);
    expect(within(button).queryByText('0')).not.toBeInTheDocument();
    expect(bellIcon()).not.toHaveClass(classes.shaking!);
  });

  test('shakes for 4 seconds each time the count rises, not when it falls', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let onServer = listDocument([notification(1)]);
    mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () => jsonResponse(200, onServer),
    });
    const { queryClient } = renderLayout();
    await bell(1);
    expect(classes.shaking).toBeTruthy();
    expect(bellIcon()).toHaveClass(classes.shaking!);
    act(() => vi.advanceTimersByTime(SHAKE_MS));
    expect(bellIcon()).not.toHaveClass(classes.shaking!);

    onServer = listDocument([notification(9), notification(1)]);
    act(() =>
      FakeEventSource.latest().emit('notification', { notification: notification(9), unread: 2 }),
    );
    await bell(2);
    expect(bellIcon()).toHaveClass(classes.shaking!);
    act(() => vi.advanceTimersByTime(SHAKE_MS));
    expect(bellIcon()).not.toHaveClass(classes.shaking!);

    const readAt = new Date(NOW).toISOString();
    onServer = listDocument(onServer.data.map((item) => ({ ...item, readAt })));
    act(() => FakeEventSource.latest().emit('read', { unread: 0 }));
    await bell(0);
    expect(bellIcon()).not.toHaveClass(classes.shaking!);
    // The list is read again (which ones were read is not in the event): still nothing unread.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(await bell(0)).toBeInTheDocument();
  });
});

describe('live updates', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('opens the stream with the session token and shows a new notification without reload', async () => {
    mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () => jsonResponse(200, listDocument([notification(1)])),
    });
    const { user } = renderLayout();
    await bell(1);
    const source = FakeEventSource.latest();
    expect(source.url).toBe(
      `/api/stylist/notifications/stream?access_token=${encodeURIComponent(token)}`,
    );

    await user.click(await bell(1));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    act(() =>
      source.emit('notification', {
        notification: notification(100, { text: 'Camille answered: Yes to the buyout.' }),
        unread: 2,
      }),
    );
    await bell(2);
    const rows = within(dialog).getAllByRole('link');
    expect(rows[0]).toHaveAccessibleName(/^Camille answered: Yes to the buyout\./);
    expect(rows).toHaveLength(2);
  });

  test('opens the stream again with the fresh token when the token is refreshed', async () => {
    mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () => jsonResponse(200, listDocument([])),
    });
    renderLayout();
    await bell(0);
    const first = FakeEventSource.latest();
    const fresh = makeJwtExpiringIn(1_800_000);
    act(() => sessionStore.replaceToken(fresh));
    await waitFor(() => expect(FakeEventSource.latest()).not.toBe(first));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.latest().url).toContain(encodeURIComponent(fresh));
  });

  test('reads the list afresh each time the stream (re)connects', async () => {
    const { requests } = mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () => jsonResponse(200, listDocument([notification(1)])),
    });
    renderLayout();
    await bell(1);
    const lists = () => requests.filter((request) => request.path === '/api/stylist/notifications');
    const before = lists().length;
    act(() => FakeEventSource.latest().open());
    await waitFor(() => expect(lists().length).toBe(before + 1));
  });

  test('a refused stream is opened again after a pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () => jsonResponse(200, listDocument([])),
    });
    renderLayout();
    await bell(0);
    const first = FakeEventSource.latest();
    act(() => first.refuse());
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
  });
});

describe('the Alerts modal', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('the action bar’s Alerts opens it: newest first, unread ones marked', async () => {
    mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () =>
        jsonResponse(
          200,
          listDocument([
            notification(1, { text: 'Newest.' }),
            notification(2, { text: 'Older.', readAt: new Date(NOW).toISOString() }),
          ]),
        ),
    });
    const { user } = renderLayout();
    await bell(1);
    await user.click(await screen.findByRole('button', { name: 'Alerts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const rows = within(dialog).getAllByRole('link');
    expect(rows[0]).toHaveAccessibleName(/^Newest\..*Unread$/);
    expect(rows[1]).toHaveAccessibleName(/^Older\./);
    expect(rows[1]).not.toHaveAccessibleName(/Unread/);
    expect(within(dialog).getByText('1 unread')).toBeInTheDocument();
  });

  test('Mark all as read clears the badge', async () => {
    const items = [notification(1), notification(2)];
    const { requests } = mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () => jsonResponse(200, listDocument(items)),
      [READ]: () =>
        jsonResponse(
          200,
          listDocument(items.map((item) => ({ ...item, readAt: new Date(NOW).toISOString() }))),
        ),
    });
    const { user } = renderLayout();
    await user.click(await bell(2));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await bell(0);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ all: true });
    expect(within(dialog).getByText('No unread notifications')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  test('a row leads to its link, closes the modal and marks itself read', async () => {
    const items = [notification(12, { text: 'Your commission was paid.' })];
    const { requests } = mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () => jsonResponse(200, listDocument(items)),
      [READ]: () =>
        jsonResponse(200, listDocument([{ ...items[0]!, readAt: new Date(NOW).toISOString() }])),
    });
    const { user, router } = renderLayout();
    await user.click(await bell(1));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(dialog).getByRole('link', { name: /Your commission was paid\./ }));
    expect(router.state.location.pathname).toBe('/commission/12');
    expect(await screen.findByText('Commission page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await bell(0);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ ids: [12] });
  });

  test('says so when there is nothing', async () => {
    mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () => jsonResponse(200, listDocument([])),
    });
    const { user } = renderLayout();
    await user.click(await bell(0));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByText(ALL_CAUGHT_UP)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  test('a failed load offers Retry', async () => {
    let isDown = true;
    mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [LIST]: () =>
        isDown
          ? jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' })
          : jsonResponse(200, listDocument([notification(1, { text: 'Back again.' })])),
    });
    const { user } = renderLayout();
    await user.click(await bell(0));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      await within(dialog).findByText('Your notifications could not be loaded'),
    ).toBeInTheDocument();
    isDown = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Back again.')).toBeInTheDocument();
    await bell(1);
  });
});

describe('notification times', () => {
  test.each([
    [NOW - 10_000, 'Just now'],
    [NOW - 5 * 60_000, '5 min ago'],
    [NOW - 3 * 3_600_000, '3 h ago'],
    [NOW - 2 * 86_400_000, '2 d ago'],
    [Date.parse('2026-10-03T12:00:00Z'), '10/3/2026'],
  ])('%s reads %s', (at, text) => {
    expect(notificationTime(new Date(at).toISOString(), NOW)).toBe(text);
  });
});
