import { expect, test } from '@playwright/test';
import {
  DEMO,
  SESSION_KEY,
  SHOPPER,
  signInAsDemo,
  signInThroughForm,
  storedSession,
} from './fixtures.ts';

test('a stylist signs in and lands on the dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Atelier | Home | Please log in');
  await signInAsDemo(page);
  await expect(page).toHaveTitle('Atelier | Dashboard | Manage Your Clients');
  await expect(page.getByRole('navigation', { name: 'Actions' })).toBeVisible();
  await expect(page.getByLabel('Profile')).toBeVisible();
  const session = JSON.parse((await storedSession(page)) ?? '{}') as { token?: string };
  expect(session.token?.split('.')).toHaveLength(3);
});

test('a wrong password shows a clear error and stays home', async ({ page }) => {
  await signInThroughForm(page, { email: DEMO.email, password: 'not-the-password' });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedSession(page)).toBeNull();
});

test('a non-stylist account is logged out with the stylist-only message', async ({ page }) => {
  await signInThroughForm(page, SHOPPER);
  await expect(page.getByText('Sorry, only stylists allowed access.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedSession(page)).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('an expired token sends the stylist home', async ({ page, context }) => {
  await signInAsDemo(page);
  // The session cookie would let the web fetch a fresh token; drop it so expiry is final.
  await context.clearCookies();
  await page.evaluate((key) => {
    const session = JSON.parse(window.localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    window.localStorage.setItem(
      key,
      JSON.stringify({ ...session, tokenExpires: Date.now() - 1000 }),
    );
  }, SESSION_KEY);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});

test('logout goes home and the token is gone', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  expect(await storedSession(page)).toBeNull();
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('a login-required route without a token goes home', async ({ page }) => {
  for (const path of ['/dashboard', '/clients', '/quotes/pickup/1', '/commission/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('a signed-in stylist opening home goes to the dashboard', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing in works at 127.0.0.1 too; an unknown address is told which one works', async ({
  page,
  baseURL,
}) => {
  const loopback = baseURL!.replace('localhost', '127.0.0.1');
  await page.goto(`${loopback}/`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${loopback}/dashboard`);

  // A browser's request from an address Atelier does not know (it carries a cookie, as browsers do).
  const answer = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: { origin: 'http://192.168.1.20:3000', cookie: 'seen=1' },
    data: DEMO,
  });
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toEqual({
    code: 'INVALID_ORIGIN',
    message: `Sign-in works only at ${baseURL}. Open Atelier there, or add this address to TRUSTED_ORIGINS.`,
  });
});
