import { PICKUP_TEXT } from '@atelier/contract';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { ShareButton } from './share-button.tsx';

const SHARE_PATH = 'POST /api/stylist/share';

beforeEach(() => {
  notifications.clean();
});

afterEach(() => {
  sessionStore.end();
});

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderShare(handler: Handler, { isSignedIn = true } = {}) {
  if (isSignedIn) sessionStore.startSession(makeJwtExpiringIn(60 * 60_000));
  const fetchMock = mockFetch({ [SHARE_PATH]: handler });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <ShareButton clientId={7} />
    </AppProviders>,
  );
  return { ...fetchMock, user };
}

describe('share', () => {
  test('sends the client id with the token and shows the answer; "Sending" meanwhile', async () => {
    let finish: () => void = () => {};
    const { user, requests } = renderShare(
      () =>
        new Promise<Response>((resolve) => {
          finish = () => resolve(jsonResponse(200, { message: 'Sent to ann@example.com' }));
        }),
    );

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(screen.getByRole('button', { name: 'Sending' })).toBeDisabled();
    expect(requests.map((request) => request.body)).toEqual([{ clientId: 7 }]);
    expect(requests[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    finish();
    expect(await screen.findByText('Sent to ann@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });

  test('an empty answer message says "Sent!"', async () => {
    const { user } = renderShare(() => jsonResponse(200, { message: '' }));

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByText(PICKUP_TEXT.shareSucceeded)).toBeInTheDocument();
  });

  test('without a stored token, asks to sign in again and calls nothing', async () => {
    const { user, requests } = renderShare(() => jsonResponse(200, { message: 'Sent!' }), {
      isSignedIn: false,
    });

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByText(PICKUP_TEXT.shareNoToken)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  test('a failure says "Failed to send. Please try again."', async () => {
    const { user } = renderShare(() =>
      jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' }),
    );

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByText(PICKUP_TEXT.shareFailed)).toBeInTheDocument();
    expect(screen.queryByText('Internal error')).not.toBeInTheDocument();
  });
});
