import { CLIENT_PAGE_TEXT } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { SESSION_STORAGE_KEY, sessionStore } from '../lib/session-store.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { accountDocument } from '../test/fixtures.ts';
import { makeJwtExpiringIn } from '../test/jwt.ts';
import { renderApp } from '../test/render-app.tsx';

function signInAsStylist(token = makeJwtExpiringIn(900_000)) {
  sessionStore.startSession(token);
  sessionStore.markStylistVerified();
}

const accountAnswer = {
  'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
};

afterEach(() => {
  sessionStore.end();
});

describe('app frame', () => {
  test('sends a visitor without a session from a login-required page home', async () => {
    const { router } = renderApp('/clients');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  test('sends a signed-in stylist from home to the dashboard', async () => {
    mockFetch(accountAnswer);
    signInAsStylist();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Coco' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('an expired token logs out and goes home', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/sign-out': () => jsonResponse(200, { success: true }),
    });
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ token: 'old', tokenExpires: Date.now() - 1, isStylistVerified: true }),
    );
    // The store is a module singleton: make it re-read storage as another tab's write would.
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    expect(sessionStore.getSnapshot().status).toBe('expired');

    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain('/api/auth/sign-out'),
    );
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  test('opens a client page for a signed-in stylist too, with its own title', async () => {
    mockFetch(accountAnswer);
    signInAsStylist();
    renderApp('/quote/7');
    expect(await screen.findByText(CLIENT_PAGE_TEXT.linkNotValid)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Atelier | Quote Share'));
  });

  test('opens public pages without a session', async () => {
    renderApp('/quotes/abc123');
    expect(
      await screen.findByRole('heading', { name: 'Approve White Glove Offers' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Actions' })).not.toBeInTheDocument();
  });

  test('answers an unknown address with "Page not found"', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  test('Account offers LOGOUT, which signs out and clears everything', async () => {
    const { requests } = mockFetch({
      ...accountAnswer,
      'POST /api/auth/sign-out': () => jsonResponse(200, { success: true }),
    });
    signInAsStylist();
    localStorage.setItem('clientQuotes_7', '{}');
    const { user, router, queryClient } = renderApp('/dashboard');

    const actions = await screen.findByRole('navigation', { name: 'Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stylist Account' });
    await user.click(within(dialog).getByRole('button', { name: 'LOGOUT' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.length).toBe(0);
    console.warn(
      requests.map((r) => r.method + ' ' + r.path + ' ' + String(r.headers.get('Authorization'))),
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => [q.queryKey, q.state.dataUpdatedAt]),
      Date.now(),
    );
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    const signOut = requests.find((request) => request.path === '/api/auth/sign-out');
    expect(signOut).toMatchObject({ method: 'POST', body: {}, credentials: 'include' });
  });

  test('Reports links to the commissions section of the dashboard', async () => {
    mockFetch(accountAnswer);
    signInAsStylist();
    renderApp('/dashboard');
    const actions = await screen.findByRole('navigation', { name: 'Actions' });
    expect(within(actions).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'href',
      '/dashboard?go=commissions',
    );
    expect(document.getElementById('commissions')).toHaveTextContent('REPORTS');
    expect(document.getElementById('addClient')).not.toBeNull();
    expect(document.getElementById('dashboard')).not.toBeNull();
  });
});
