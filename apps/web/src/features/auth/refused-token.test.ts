import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { createRefusedTokenHandler, SESSION_ENDED_NOTICE } from './refused-token.ts';
import { sessionStore } from '../../lib/session-store.ts';

afterEach(() => {
  sessionStore.end();
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a refused token', () => {
  test('a live session cookie gives a new token and the session goes on', async () => {
    const fresh = makeJwtExpiringIn(900_000);
    mockFetch({ 'GET /api/auth/token': () => jsonResponse(200, { token: fresh }) });
    sessionStore.startSession(makeJwtExpiringIn(900_000));
    createRefusedTokenHandler(new QueryClient())();
    await vi.waitFor(() => expect(sessionStore.getToken()).toBe(fresh));
    expect(sessionStore.getSnapshot().notice).toBeNull();
  });

  test('an ended session signs the browser out, saying why', async () => {
    mockFetch({
      'GET /api/auth/token': () =>
        jsonResponse(401, { message: 'No session', code: 'UNAUTHORIZED' }),
      'POST /api/auth/sign-out': () => jsonResponse(200, {}),
    });
    sessionStore.startSession(makeJwtExpiringIn(900_000));
    createRefusedTokenHandler(new QueryClient())();
    await vi.waitFor(() => expect(sessionStore.getSnapshot().session).toBeNull());
    expect(sessionStore.getSnapshot().notice).toBe(SESSION_ENDED_NOTICE);
  });

  test('refused again right after a new token: signed out, no loop of renewals', async () => {
    const { requests } = mockFetch({
      'GET /api/auth/token': () => jsonResponse(200, { token: makeJwtExpiringIn(900_000) }),
      'POST /api/auth/sign-out': () => jsonResponse(200, {}),
    });
    sessionStore.startSession(makeJwtExpiringIn(900_000));
    const handle = createRefusedTokenHandler(new QueryClient());
    handle();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await settle();
    handle();
    await vi.waitFor(() => expect(sessionStore.getSnapshot().session).toBeNull());
    expect(requests.filter((r) => r.path === '/api/auth/token')).toHaveLength(1);
  });
});
