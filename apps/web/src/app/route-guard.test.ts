import { describe, expect, test } from 'vitest';
import type { SessionStatus } from '../lib/session-store.ts';
import { decideGuard } from './route-guard.ts';
import { routes } from './routes.ts';

describe('decideGuard', () => {
  test.each<[SessionStatus, string | null]>([
    ['anonymous', '/'],
    ['pending', '/'],
    ['active', null],
  ])('a login-required page with a %s session redirects to %s', (status, redirectTo) => {
    expect(decideGuard(routes.dashboard, status)).toEqual({ redirectTo, shouldLogOut: false });
    expect(decideGuard(routes.clients, status).redirectTo).toBe(redirectTo);
  });

  test('an expired token on a login-required page logs out and goes home', () => {
    expect(decideGuard(routes.commission, 'expired')).toEqual({
      redirectTo: '/',
      shouldLogOut: true,
    });
  });

  test('an expired token on a public page logs out but leaves the visitor there', () => {
    expect(decideGuard(routes.quoteShare, 'expired')).toEqual({
      redirectTo: null,
      shouldLogOut: true,
    });
  });

  test('a signed-in stylist on home goes to the dashboard', () => {
    expect(decideGuard(routes.home, 'active')).toEqual({
      redirectTo: '/dashboard',
      shouldLogOut: false,
    });
  });

  test('home stays put while the account is being checked or nobody is signed in', () => {
    expect(decideGuard(routes.home, 'pending').redirectTo).toBeNull();
    expect(decideGuard(routes.home, 'anonymous').redirectTo).toBeNull();
  });

  test('a staff session opens /office; stylist pages and home send it there', () => {
    expect(decideGuard(routes.office, 'office')).toEqual({ redirectTo: null, shouldLogOut: false });
    for (const route of [routes.home, routes.dashboard, routes.clients, routes.commission]) {
      expect(decideGuard(route, 'office')).toEqual({
        redirectTo: '/office',
        shouldLogOut: false,
      });
    }
  });

  test('/office sends a stylist to the dashboard and anyone else home', () => {
    expect(decideGuard(routes.office, 'active').redirectTo).toBe('/dashboard');
    expect(decideGuard(routes.office, 'pending').redirectTo).toBe('/');
    expect(decideGuard(routes.office, 'anonymous').redirectTo).toBe('/');
    expect(decideGuard(routes.office, 'expired')).toEqual({ redirectTo: '/', shouldLogOut: true });
  });

  test('public pages and logout open for everyone', () => {
    for (const status of ['anonymous', 'pending', 'active', 'office'] as const) {
      expect(decideGuard(routes.quoteOffer, status).redirectTo).toBeNull();
      expect(decideGuard(routes.manifestPrint, status).redirectTo).toBeNull();
      expect(decideGuard(routes.logout, status).redirectTo).toBeNull();
    }
  });
});
