import { SHOP_LOGIN_FAILED_TITLE } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-mock.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { clientResource, listAnswer, renderSignedIn } from './clients-test-data.ts';

// Full-page renders are slow on a busy machine; the default 5 s is too tight for them.
const UI_TEST_TIMEOUT_MS = 20_000;

const GIA = clientResource(9, 'Gia', 'Russo', {
  pendingItems: { pendingReviewTotal: 2, pendingShipmentTotal: 1 },
});
const TICKET_URL = 'http://localhost/api/stylist/user-9/client-login?ticket=t&target=dashboard';
const LOGIN_CALL = 'POST /api/stylist/clients/9/client-login';

function fakeTab() {
  return { opener: window, closed: false, location: { href: '' }, close: vi.fn() };
}

afterEach(() => {
  sessionStore.end();
  vi.restoreAllMocks();
});

describe('shop sign-in from a client card', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('Buy opens a tab inside the click, asks for a ticket, then sends the tab to it', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let answer: (response: Response) => void = () => {};
    const { user, requests } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([GIA]),
      [LOGIN_CALL]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const card = await screen.findByRole('article', { name: 'Gia Russo' });

    await user.click(within(card).getByRole('button', { name: 'Buy' }));

    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const pending = within(card).getByRole('button', { name: 'Buy' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('data-loading');
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      path: '/api/stylist/clients/9/client-login',
      body: { target: 'dashboard' },
    });

    answer(jsonResponse(201, { url: TICKET_URL, expiresAt: new Date().toISOString() }));
    await waitFor(() => expect(tab.location.href).toBe(TICKET_URL));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Buy' })).toBeEnabled());
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.close).not.toHaveBeenCalled();
  });

  test('"Quotes to Review" and "Stuff to Ship" ask for the quotes and ship-list pages', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => fakeTab() as unknown as Window);
    const { user, requests } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([GIA]),
      [LOGIN_CALL]: () => jsonResponse(201, { url: TICKET_URL, expiresAt: '2026-01-01T00:00:00Z' }),
    });
    const card = await screen.findByRole('article', { name: 'Gia Russo' });

    await user.click(within(card).getByRole('button', { name: /Quotes to Review/ }));
    await user.click(within(card).getByRole('button', { name: /Stuff to Ship/ }));

    await waitFor(() =>
      expect(
        requests.filter((request) => request.method === 'POST').map((request) => request.body),
      ).toEqual([{ target: 'quotes' }, { target: 'ship-list' }]),
    );
  });

  test('a refused ticket closes the empty tab and says why in a toast', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([GIA]),
      [LOGIN_CALL]: () => jsonResponse(404, { message: 'Client not found', code: 'NOT_FOUND' }),
    });
    const card = await screen.findByRole('article', { name: 'Gia Russo' });

    await user.click(within(card).getByRole('button', { name: 'Buy' }));

    expect(await screen.findByText(SHOP_LOGIN_FAILED_TITLE)).toBeInTheDocument();
    expect(screen.getByText('Client not found')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  test('with the empty tab blocked, the ticket opens in a new tab once it arrives', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([GIA]),
      [LOGIN_CALL]: () => jsonResponse(201, { url: TICKET_URL, expiresAt: '2026-01-01T00:00:00Z' }),
    });
    const card = await screen.findByRole('article', { name: 'Gia Russo' });

    await user.click(within(card).getByRole('button', { name: 'Buy' }));

    await waitFor(() => expect(open).toHaveBeenLastCalledWith(TICKET_URL, '_blank', 'noopener'));
  });
});
