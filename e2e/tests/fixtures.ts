import { expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@atelier.test', password: 'atelier-demo' };
export const SHOPPER = { email: 'shopper@atelier.test', password: 'atelier-demo' };
export const SESSION_KEY = 'atelier.session';

export async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.goto('/');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInAsDemo(page: Page) {
  await signInThroughForm(page, DEMO);
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const storedSession = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY);
