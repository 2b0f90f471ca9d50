import { expect, test } from '@playwright/test';
import { receivedMail } from './mailbox.ts';
import {
  openStylistAccount,
  shoot,
  signInThroughForm,
  storedSession,
  watchConsole,
} from './fixtures.ts';

const FIRST_PASSWORD = 'linen-and-cashmere-01';
const NEW_PASSWORD = 'velvet-lining-autumn-02';

/** A stylist of this test's own, whose password it may change. */
const ROSA = {
  password: FIRST_PASSWORD,
  firstName: 'Rosa',
  lastName: 'Marin',
  emailPrefix: 'reset',
};

test('forgot password: the emailed link sets a new one, the old session ends, the new password signs in', async ({
  browser,
  baseURL,
}, testInfo) => {
  const email = await openStylistAccount(baseURL!, ROSA);
  const viewport = testInfo.project.use.viewport ?? undefined;

  // A browser signed in with the old password, left open.
  const before = await browser.newContext({ baseURL, viewport });
  const open = await before.newPage();
  await signInThroughForm(open, { email, password: FIRST_PASSWORD });
  await expect(open).toHaveURL(/\/dashboard$/);

  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await shoot(page, 'forgot-password', testInfo.project.name);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText('we have emailed it a link');
  await shoot(page, 'forgot-password-sent', testInfo.project.name);

  const mail = await receivedMail(email, /reset-password#token=/);
  expect(mail).toContain('Subject: Choose a new Atelier password');
  const link = /(http:\/\/\S+\/reset-password#token=[\w-]+)/.exec(mail)?.[1];
  expect(link).toBeDefined();

  await page.goto(link!);
  await expect(page).toHaveTitle('Atelier | Choose a new password');
  await page.getByLabel(/^New password/).fill('password1234');
  await page.getByLabel('Confirm new password').fill('password1234');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('one of the most common ones')).toBeVisible();
  await shoot(page, 'reset-password-refused', testInfo.project.name);
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await shoot(page, 'reset-password-done', testInfo.project.name);
  await expect(
    receivedMail(email, /Subject: Your Atelier password was changed/),
  ).resolves.toBeTruthy();

  // The browser left open is signed out at its next request, and says why.
  await open.goto('/clients');
  await expect(open).toHaveURL(/\/$/);
  await expect(open.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  expect(await storedSession(open)).toBeNull();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInThroughForm(page, { email, password: FIRST_PASSWORD });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signInThroughForm(page, { email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.goto(link!);
  await page.getByLabel(/^New password/).fill(`${NEW_PASSWORD}-again`);
  await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}-again`);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('has expired or was already used')).toBeVisible();
  expect(errors.filter((text) => !/status of 40[01]/.test(text))).toEqual([]);
  await Promise.all([before.close(), context.close()]);
});
