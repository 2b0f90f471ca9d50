import { FORGOT_PASSWORD_SENT_MESSAGE, RESET_LINK_INVALID_MESSAGE } from '@atelier/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStore } from '../../lib/session-store.ts';

afterEach(() => {
  sessionStore.end();
});

const NEW_PASSWORD = 'velvet-lining-autumn';

describe('forgot password', () => {
  test('"Forgot password?" asks for the email, keeps what was typed and says what happens next', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/request-password-reset': () =>
        jsonResponse(200, { message: FORGOT_PASSWORD_SENT_MESSAGE }),
    });
    const { user } = renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'coco@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('coco@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_SENT_MESSAGE);
    expect(requests[0]).toMatchObject({ body: { email: 'coco@example.com' } });

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  test('/?forgot opens on the form', async () => {
    renderApp('/?forgot');
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});

describe('choosing a new password from the emailed link', () => {
  test('checks the two fields here, then saves, signs this browser out and offers to sign in', async () => {
    sessionStore.startSession(makeJwtExpiringIn(900_000));
    const { requests } = mockFetch({
      'POST /api/auth/reset-password': () =>
        jsonResponse(200, { message: 'Your password is changed.' }),
    });
    const { user } = renderApp('/reset-password#token=abc123');
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Atelier | Choose a new password'));

    await user.type(screen.getByLabelText(/^New password/), 'too-short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), `${NEW_PASSWORD}x`);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ body: { token: 'abc123', newPassword: NEW_PASSWORD } });
    expect(sessionStore.getToken()).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
  });

  test('a spent link says so and links to a new one', async () => {
    mockFetch({
      'POST /api/auth/reset-password': () =>
        jsonResponse(400, {
          message: RESET_LINK_INVALID_MESSAGE,
          code: 'BAD_REQUEST',
          errors: { token: [RESET_LINK_INVALID_MESSAGE] },
        }),
    });
    const { user } = renderApp('/reset-password?token=spent');
    await user.type(await screen.findByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(RESET_LINK_INVALID_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/?forgot',
    );
  });

  test('a link mailed before the token moved to the fragment still works', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/reset-password': () =>
        jsonResponse(200, { message: 'Your password is changed.' }),
    });
    const { user } = renderApp('/reset-password?token=older');
    await user.type(await screen.findByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ body: { token: 'older' } });
  });

  test('a link without its token says it is not complete', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText(/This link is not complete/)).toBeInTheDocument();
  });
});
