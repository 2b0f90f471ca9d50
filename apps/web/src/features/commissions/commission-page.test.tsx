import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { accountDocument } from '../../test/fixtures.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStore } from '../../lib/session-store.ts';

const UI_TEST_TIMEOUT_MS = 20_000;

function renderSignedIn(path: string, commissionAnswer: () => Response) {
  const fetchMock = mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
    'GET /api/stylist/commissions/7?include=product': commissionAnswer,
  });
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markStylistVerified();
  return { ...renderApp(path), ...fetchMock };
}

afterEach(() => {
  sessionStore.end();
});

const SALE = {
  data: {
    id: 7,
    type: 'commissions',
    attributes: {
      clientId: 31,
      clientName: 'Ann Lee',
      productName: 'Chanel Classic Flap Bag',
      amount: 215.5,
      orderId: null,
      createdAt: '2026-03-04T15:00:00.000Z',
      paidAt: '2026-04-15T12:00:00.000Z',
      statuses: [{ Sold: 'Item sold online' }],
      statusDates: ['2026-03-04T15:00:00.000Z'],
      purchasePrice: 1800,
    },
  },
  included: [],
};

describe('commission page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('/commission/:id shows the commission with a link back to Reports', async () => {
    renderSignedIn('/commission/7', () => jsonResponse(200, SALE));

    expect(await screen.findByRole('heading', { name: 'Commission', level: 1 })).toBeVisible();
    expect(await screen.findByText('Sold for Client')).toBeInTheDocument();
    expect(screen.getByText('Paid On 4/15/2026')).toBeInTheDocument();
    expect(screen.getByText('$215.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Reports/ })).toHaveAttribute(
      'href',
      '/dashboard?go=commissions',
    );
    await waitFor(() => expect(document.title).toBe('Atelier | Commission'));
  });

  test('an unknown commission says it could not be found', async () => {
    renderSignedIn('/commission/7', () =>
      jsonResponse(404, { message: 'No such commission', code: 'NOT_FOUND' }),
    );
    expect(await screen.findByText('This commission could not be found.')).toBeVisible();
  });

  test('an id that is not a number is not fetched', async () => {
    const { requests } = renderSignedIn('/commission/abc', () => jsonResponse(200, SALE));
    expect(await screen.findByText('This commission could not be found.')).toBeVisible();
    expect(requests.some((request) => request.path.startsWith('/api/stylist/commissions'))).toBe(
      false,
    );
  });
});
