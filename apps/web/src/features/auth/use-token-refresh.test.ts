import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { REFRESH_LEAD_MS, refreshDelay, useTokenRefresh } from './use-token-refresh.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
});

afterEach(() => {
  sessionStore.end();
  vi.useRealTimers();
});

describe('token refresh', () => {
  test('is due one minute before the token expires', () => {
    expect(refreshDelay(1_000_000, 100_000)).toBe(1_000_000 - REFRESH_LEAD_MS - 100_000);
    expect(refreshDelay(1_000_000, 999_999)).toBe(1_000);
  });

  test('fetches a new token a minute before expiry and stores it', async () => {
    const fresh = makeJwtExpiringIn(1_800_000);
    const { requests } = mockFetch({
      'GET /api/auth/token': () => jsonResponse(200, { token: fresh }),
    });
    sessionStore.startSession(makeJwtExpiringIn(900_000));
    sessionStore.markStylistVerified();
    renderHook(() => useTokenRefresh());

    await vi.advanceTimersByTimeAsync(839_000);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.credentials).toBe('include');
    expect(sessionStore.getToken()).toBe(fresh);
    expect(sessionStore.getSnapshot().status).toBe('active');
  });

  test('when the session is gone the token runs out and the session expires', async () => {
    const { requests } = mockFetch({
      'GET /api/auth/token': () =>
        jsonResponse(401, { message: 'No session', code: 'UNAUTHORIZED' }),
    });
    sessionStore.startSession(makeJwtExpiringIn(900_000));
    sessionStore.markStylistVerified();
    renderHook(() => useTokenRefresh());

    await vi.advanceTimersByTimeAsync(840_000);
    expect(requests).toHaveLength(1);
    expect(sessionStore.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(sessionStore.getSnapshot().status).toBe('expired');
  });

  test('retries after a network failure while the token still lives', async () => {
    const fresh = makeJwtExpiringIn(1_800_000);
    const { spy, requests } = mockFetch({
      'GET /api/auth/token': () => jsonResponse(200, { token: fresh }),
    });
    spy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    sessionStore.startSession(makeJwtExpiringIn(900_000));
    renderHook(() => useTokenRefresh());

    await vi.advanceTimersByTimeAsync(840_000);
    expect(sessionStore.getToken()).not.toBe(fresh);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(requests).toHaveLength(1);
    expect(sessionStore.getToken()).toBe(fresh);
  });
});
