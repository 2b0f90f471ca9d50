import type { Dashboard } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStore } from '../../lib/session-store.ts';
import { CONTENT_FALLBACKS } from '../content/index.ts';

const TEXTS = {
  'stylist.dashboard.withClients': 'Your clients are thriving.',
  'stylist.dashboard.noClients': 'No clients yet: add your first one.',
};

function dashboardAnswer(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    commissions: [{ total: 1234.5, pending: 20 }],
    pendingItems: [{ pendingReviewTotal: 4, pendingShipmentTotal: 2 }],
    taskCount: 7,
    clientCount: 3,
    ...overrides,
  };
}

function renderDashboard(handlers: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
    'GET /api/i18n': () => jsonResponse(200, { en: TEXTS }),
    ...handlers,
  });
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markStylistVerified();
  return { ...renderApp('/dashboard'), ...fetchMock };
}

/** The figure a stat shows: the definition that follows its term. */
function statValue(overview: HTMLElement, label: string): HTMLElement {
  const term = within(overview).getByText(label);
  expect(term.tagName).toBe('DT');
  return term.nextElementSibling as HTMLElement;
}

afterEach(() => {
  sessionStore.end();
});

describe('dashboard overview', () => {
  test('without clients it shows the no-clients text and an Add Clients link to the form', async () => {
    const { user, router } = renderDashboard({
      'GET /api/stylist/dashboard': () => jsonResponse(200, dashboardAnswer({ clientCount: 0 })),
    });
    const overview = await screen.findByRole('region', { name: 'Overview' });

    expect(await within(overview).findByText(TEXTS['stylist.dashboard.noClients'])).toBeVisible();
    expect(within(overview).queryByText(TEXTS['stylist.dashboard.withClients'])).toBeNull();
    const addClients = within(overview).getByRole('link', { name: 'Add Clients' });
    expect(addClients).toHaveAttribute('href', '/dashboard?go=addClient');
    expect(overview).toHaveAttribute('id', 'dashboard');

    await user.click(addClients);
    expect(router.state.location.search).toBe('?go=addClient');
  });

  test('with clients it shows the with-clients text and no Add Clients link', async () => {
    renderDashboard({
      'GET /api/stylist/dashboard': () => jsonResponse(200, dashboardAnswer({ clientCount: 1 })),
    });
    const overview = await screen.findByRole('region', { name: 'Overview' });

    expect(await within(overview).findByText(TEXTS['stylist.dashboard.withClients'])).toBeVisible();
    expect(within(overview).queryByText(TEXTS['stylist.dashboard.noClients'])).toBeNull();
    expect(within(overview).queryByRole('link', { name: 'Add Clients' })).toBeNull();
  });

  test('shows the amounts as dollars with cents, the activity counts and their links', async () => {
    renderDashboard({
      'GET /api/stylist/dashboard': () => jsonResponse(200, dashboardAnswer()),
    });
    const overview = await screen.findByRole('region', { name: 'Overview' });

    await waitFor(() =>
      expect(statValue(overview, 'Amount Received')).toHaveTextContent('$1,234.50'),
    );
    expect(statValue(overview, 'Amount Pending')).toHaveTextContent('$20.00');
    expect(statValue(overview, 'Open Tasks')).toHaveTextContent('7');
    expect(statValue(overview, 'Quotes to Review')).toHaveTextContent('4');
    expect(statValue(overview, 'Stuff to Ship')).toHaveTextContent('2');
    expect(within(overview).getByRole('link', { name: 'View Reports' })).toHaveAttribute(
      'href',
      '/dashboard?go=commissions',
    );
    expect(within(overview).getByRole('link', { name: 'View Activity' })).toHaveAttribute(
      'href',
      '/clients',
    );
    for (const part of ['DASHBOARD', 'REPORTS', 'ACTIVITY']) {
      expect(within(overview).getByRole('heading', { level: 2, name: part })).toBeVisible();
    }
  });

  test('is busy with placeholders while the figures load', async () => {
    let answer: (response: Response) => void = () => {};
    renderDashboard({
      'GET /api/stylist/dashboard': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const overview = await screen.findByRole('region', { name: 'Overview' });

    expect(overview).toHaveAttribute('aria-busy', 'true');
    expect(statValue(overview, 'Amount Received')).toHaveTextContent('');
    answer(jsonResponse(200, dashboardAnswer()));
    await waitFor(() => expect(overview).not.toHaveAttribute('aria-busy'));
    expect(statValue(overview, 'Amount Received')).toHaveTextContent('$1,234.50');
  });

  test('a failed load says so with Retry, and Retry loads the figures', async () => {
    let calls = 0;
    const { user, requests } = renderDashboard({
      'GET /api/stylist/dashboard': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' })
          : jsonResponse(200, dashboardAnswer());
      },
    });
    const overview = await screen.findByRole('region', { name: 'Overview' });

    expect(await within(overview).findByText('Your overview could not be loaded')).toBeVisible();
    expect(within(overview).getByText('Internal error')).toBeVisible();
    expect(within(overview).queryByText('Amount Received')).toBeNull();

    await user.click(within(overview).getByRole('button', { name: 'Retry' }));

    await waitFor(() =>
      expect(statValue(overview, 'Amount Received')).toHaveTextContent('$1,234.50'),
    );
    expect(within(overview).queryByText('Your overview could not be loaded')).toBeNull();
    expect(requests.filter((request) => request.path === '/api/stylist/dashboard')).toHaveLength(2);
  });

  test('falls back to the built-in text when the texts cannot be loaded', async () => {
    renderDashboard({
      'GET /api/i18n': () => jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' }),
      'GET /api/stylist/dashboard': () => jsonResponse(200, dashboardAnswer({ clientCount: 0 })),
    });
    const overview = await screen.findByRole('region', { name: 'Overview' });

    expect(
      await within(overview).findByText(CONTENT_FALLBACKS['dashboard.noClients']),
    ).toBeVisible();
  });

  test('keeps the cards that go= links scroll to', async () => {
    renderDashboard({
      'GET /api/stylist/dashboard': () => jsonResponse(200, dashboardAnswer()),
    });
    expect(await screen.findByRole('region', { name: 'Add New Client' })).toHaveAttribute(
      'id',
      'addClient',
    );
    expect(screen.getByRole('region', { name: 'REPORTS' })).toHaveAttribute('id', 'commissions');
  });
});
