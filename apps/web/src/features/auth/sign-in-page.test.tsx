import { NON_STYLIST_MESSAGE } from '@atelier/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import {
  FORGOT_PRESSED_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  SUBMITTED_ATTRIBUTE,
} from '../../app/prerendered-shell.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { SESSION_STORAGE_KEY, sessionStore } from '../../lib/session-store.ts';

afterEach(() => {
  sessionStore.end();
});

async function submitSignIn(user: ReturnType<typeof renderApp>['user']) {
  // The page's code loads on first visit (lazy routes).
  await user.type(await screen.findByLabelText('Email'), 'coco@example.com');
  await user.type(screen.getByLabelText('Password'), 'hunter22');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  test('shows the sign-in card under the home title', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Atelier | Home | Please log in'));
    expect(screen.queryByRole('navigation', { name: 'Actions' })).not.toBeInTheDocument();
  });

  test('keeps what was typed into the prerendered form before the app took it over', async () => {
    const prerendered = document.createElement('form');
    prerendered.setAttribute(PRERENDERED_ATTRIBUTE, '');
    prerendered.innerHTML =
      '<input autocomplete="username" value="coco@example.com"><input autocomplete="current-password">';
    document.body.append(prerendered);
    const [, password] = prerendered.querySelectorAll('input');
    password!.value = 'hun';
    password!.focus();

    const { user } = renderApp('/');
    expect(await screen.findByLabelText('Email')).toHaveValue('coco@example.com');
    prerendered.remove();
    const passwordInput = screen.getByLabelText('Password');
    expect(passwordInput).toHaveValue('hun');
    await waitFor(() => expect(passwordInput).toHaveFocus());
    await user.type(passwordInput, 'ter22');
    expect(passwordInput).toHaveValue('hunter22');
  });

  test('sends the prerendered form when "Sign in" was pressed before the app ran', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(401, { message: 'Invalid email or password', code: 'INVALID' }),
    });
    const prerendered = document.createElement('form');
    prerendered.setAttribute(PRERENDERED_ATTRIBUTE, '');
    prerendered.setAttribute(SUBMITTED_ATTRIBUTE, '');
    prerendered.innerHTML =
      '<input autocomplete="username" value="coco@example.com"><input autocomplete="current-password" value="hunter22">';
    document.body.append(prerendered);

    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    prerendered.remove();
    expect(requests[0]).toMatchObject({
      body: { email: 'coco@example.com', password: 'hunter22' },
    });
  });

  test('opens "Forgot password?" when it was pressed before the app ran', async () => {
    mockFetch({});
    const prerendered = document.createElement('form');
    prerendered.setAttribute(PRERENDERED_ATTRIBUTE, '');
    prerendered.setAttribute(FORGOT_PRESSED_ATTRIBUTE, '');
    prerendered.innerHTML =
      '<input autocomplete="username" value=" coco@example.com "><input autocomplete="current-password" value="">';
    document.body.append(prerendered);

    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    prerendered.remove();
    expect(screen.getByLabelText('Email')).toHaveValue('coco@example.com');
  });

  test('shows the server message for a wrong password and stays signed out', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(401, {
          message: 'Invalid email or password',
          code: 'INVALID_EMAIL_OR_PASSWORD',
        }),
    });
    const { user } = renderApp('/');
    await submitSignIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      body: { email: 'coco@example.com', password: 'hunter22' },
      credentials: 'include',
    });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  test('tells how long to wait after too many attempts', async () => {
    mockFetch({
      'POST /api/auth/sign-in/email': () =>
        new Response('', { status: 429, headers: { 'Retry-After': '30' } }),
    });
    const { user } = renderApp('/');
    await submitSignIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 30 seconds.',
    );
  });

  test('shows "Failed to load user data" when the token fetch fails', async () => {
    mockFetch({
      'POST /api/auth/sign-in/email': () => jsonResponse(200, {}),
      'GET /api/auth/token': () => new Response('', { status: 500 }),
    });
    const { user } = renderApp('/');
    await submitSignIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user data');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  test('logs a non-stylist out and says only stylists are allowed', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/sign-in/email': () => jsonResponse(200, {}),
      'GET /api/auth/token': () => jsonResponse(200, { token: makeJwtExpiringIn(900_000) }),
      'GET /api/account?include=stylist': () =>
        jsonResponse(200, accountDocument({ isStylist: false })),
      'POST /api/auth/sign-out': () => jsonResponse(200, { success: true }),
    });
    const { user, router } = renderApp('/');
    await submitSignIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(NON_STYLIST_MESSAGE);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    await waitFor(() =>
      expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
        'POST /api/auth/sign-out',
      ),
    );
    const accountCall = requests.find((request) => request.path.startsWith('/api/account'));
    expect(accountCall?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  test('takes a stylist through "Loading your account" to the dashboard', async () => {
    let answerAccount: (response: Response) => void = () => {};
    mockFetch({
      'POST /api/auth/sign-in/email': () => jsonResponse(200, {}),
      'GET /api/auth/token': () => jsonResponse(200, { token: makeJwtExpiringIn(900_000) }),
      'GET /api/account?include=stylist': () =>
        new Promise<Response>((resolve) => {
          answerAccount = resolve;
        }),
    });
    const { user, router } = renderApp('/');
    await submitSignIn(user);

    expect(await screen.findByText('Loading your account')).toBeInTheDocument();
    answerAccount(jsonResponse(200, accountDocument()));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Coco' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(document.title).toBe('Atelier | Dashboard | Manage Your Clients'));
    expect(await screen.findByRole('navigation', { name: 'Actions' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Profile' })).toBeInTheDocument();
  });

  test("stores the browser's time zone for a stylist who has none, and only then", async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'America/Los_Angeles',
    });
    for (const stored of [null, 'Europe/Paris']) {
      const { requests } = mockFetch({
        'POST /api/auth/sign-in/email': () => jsonResponse(200, {}),
        'GET /api/auth/token': () => jsonResponse(200, { token: makeJwtExpiringIn(900_000) }),
        'GET /api/account?include=stylist': () =>
          jsonResponse(200, accountDocument({ timeZone: stored })),
        'PATCH /api/account/time-zone': () =>
          jsonResponse(200, accountDocument({ timeZone: 'America/Los_Angeles' })),
        'GET /api/stylist/dashboard': () => new Promise<Response>(() => {}),
      });
      const { user, unmount } = renderApp('/');
      await submitSignIn(user);
      await screen.findByRole('heading', { name: 'Welcome back, Coco' });

      const patches = requests.filter((request) => request.method === 'PATCH');
      if (stored === null) {
        await waitFor(() => expect(patches).toHaveLength(1));
        expect(patches[0]?.body).toEqual({ timeZone: 'America/Los_Angeles' });
      } else {
        expect(patches).toHaveLength(0);
      }
      unmount();
      sessionStore.end();
      vi.mocked(globalThis.fetch).mockRestore();
    }
  }, 30_000);
});
