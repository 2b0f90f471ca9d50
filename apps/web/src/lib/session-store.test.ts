import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { makeJwt, makeJwtExpiringIn } from '../test/jwt.ts';
import {
  createSessionStore,
  getSessionStatus,
  parseSession,
  SESSION_STORAGE_KEY,
} from './session-store.ts';

const NOW = new Date('2026-03-01T12:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('getSessionStatus', () => {
  test('tells anonymous, pending, active and expired apart', () => {
    const live = {
      token: 't',
      tokenExpires: NOW + 1,
      isStylistVerified: false,
      isOfficeVerified: false,
    };
    expect(getSessionStatus(null, NOW)).toBe('anonymous');
    expect(getSessionStatus(live, NOW)).toBe('pending');
    expect(getSessionStatus({ ...live, isStylistVerified: true }, NOW)).toBe('active');
    expect(getSessionStatus({ ...live, isOfficeVerified: true }, NOW)).toBe('office');
    expect(getSessionStatus({ ...live, isStylistVerified: true }, NOW + 1)).toBe('expired');
    expect(getSessionStatus({ ...live, isOfficeVerified: true }, NOW + 1)).toBe('expired');
  });
});

describe('session store', () => {
  test('stores the token with tokenExpires from its exp claim under one key', () => {
    const store = createSessionStore(() => localStorage);
    const token = makeJwt({ exp: NOW / 1000 + 900 });
    store.startSession(token);

    expect(store.getSnapshot().status).toBe('pending');
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      token,
      tokenExpires: NOW + 900_000,
      isStylistVerified: false,
      isOfficeVerified: false,
    });
    expect(store.getToken()).toBe(token);
  });

  test('a verified session survives a reload', () => {
    const first = createSessionStore(() => localStorage);
    first.startSession(makeJwtExpiringIn(900_000));
    first.markStylistVerified();

    expect(createSessionStore(() => localStorage).getSnapshot().status).toBe('active');
  });

  test("a staff member's session survives a reload as an office session, not a stylist's", () => {
    const first = createSessionStore(() => localStorage);
    first.startSession(makeJwtExpiringIn(900_000));
    first.markOfficeVerified();

    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    // The inline preload script (app/route-preload.ts) signs stylist calls on this field alone.
    expect(stored).toMatchObject({ isStylistVerified: false, isOfficeVerified: true });
    expect(createSessionStore(() => localStorage).getSnapshot().status).toBe('office');
  });

  test('a refreshed token keeps an office session an office session', () => {
    const store = createSessionStore(() => localStorage);
    store.startSession(makeJwtExpiringIn(900_000));
    store.markOfficeVerified();
    store.replaceToken(makeJwtExpiringIn(900_000));
    expect(store.getSnapshot().status).toBe('office');
  });

  test('reports the token expired when its exp passes, and stops handing it out', () => {
    const store = createSessionStore(() => localStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.startSession(makeJwtExpiringIn(900_000));
    store.markStylistVerified();
    listener.mockClear();

    vi.advanceTimersByTime(899_999);
    expect(store.getSnapshot().status).toBe('active');
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().status).toBe('expired');
    expect(store.getToken()).toBeNull();
    expect(listener).toHaveBeenCalled();
  });

  test('a refreshed token keeps the verification and moves the expiry', () => {
    const store = createSessionStore(() => localStorage);
    store.startSession(makeJwtExpiringIn(900_000));
    store.markStylistVerified();

    vi.advanceTimersByTime(840_000);
    const refreshed = makeJwtExpiringIn(900_000);
    store.replaceToken(refreshed);
    vi.advanceTimersByTime(120_000);

    expect(store.getSnapshot().status).toBe('active');
    expect(store.getToken()).toBe(refreshed);
  });

  test('ending the session forgets the token and keeps the notice for the sign-in screen', () => {
    const store = createSessionStore(() => localStorage);
    store.startSession(makeJwtExpiringIn(900_000));
    store.end({ notice: 'Sorry, only stylists allowed access.' });

    expect(store.getSnapshot()).toMatchObject({
      session: null,
      status: 'anonymous',
      notice: 'Sorry, only stylists allowed access.',
    });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    store.replaceToken(makeJwtExpiringIn(900_000));
    expect(store.getSnapshot().status).toBe('anonymous');
  });

  test('a session stored before the office existed reads as not a staff session', () => {
    const stored = { token: 't', tokenExpires: NOW + 60_000, isStylistVerified: true };
    expect(parseSession(stored)).toEqual({ ...stored, isOfficeVerified: false });
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
    expect(createSessionStore(() => localStorage).getSnapshot().status).toBe('active');
  });

  test('ignores a stored value that is not a session', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"token":42}');
    expect(createSessionStore(() => localStorage).getSnapshot().status).toBe('anonymous');
    localStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    expect(createSessionStore(() => localStorage).getSnapshot().status).toBe('anonymous');
  });

  test('reads a stored session field by field, and only its three fields', () => {
    const session = {
      token: 't',
      tokenExpires: 1_000,
      isStylistVerified: true,
      isOfficeVerified: false,
    };
    expect(parseSession({ ...session, extra: 'x' })).toEqual(session);
    expect(parseSession({ ...session, token: '' })).toBeNull();
    expect(parseSession({ ...session, tokenExpires: '1000' })).toBeNull();
    expect(parseSession({ ...session, tokenExpires: Number.POSITIVE_INFINITY })).toBeNull();
    expect(parseSession({ ...session, isStylistVerified: 'yes' })).toBeNull();
    const staff = { ...session, isStylistVerified: false, isOfficeVerified: true };
    expect(parseSession(staff)).toEqual(staff);
    expect(parseSession({ ...staff, isOfficeVerified: 'yes' })).toEqual({
      ...staff,
      isOfficeVerified: false,
    });
    expect(parseSession(null)).toBeNull();
    expect(parseSession([session])).toBeNull();
  });
});
