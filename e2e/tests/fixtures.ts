import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, request, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@atelier.test', password: 'atelier-demo' };
export const SHOPPER = { email: 'shopper@atelier.test', password: 'atelier-demo' };
export const SESSION_KEY = 'atelier.session';
export const ADMIN = { email: 'admin@atelier.test', password: 'atelier-demo' };

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

const shotsDir = path.join(import.meta.dirname, '..', 'test-results', 'screens');

/** Collects console errors and uncaught exceptions; a journey asserts the list is empty. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A PNG per screen and project under test-results/screens, for a person to look at. Running
 * transitions (a modal still fading in) are finished first, so the picture shows the settled screen.
 */
export async function shoot(page: Page, name: string, project: string, fullPage = true) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({
    path: path.join(shotsDir, `${name}-${project}.png`),
    fullPage,
    animations: 'disabled',
  });
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${crypto.randomBytes(4).toString('hex')}@atelier-e2e.test`;
}

export async function apiToken(page: Page): Promise<string> {
  const session = JSON.parse((await storedSession(page)) ?? '{}') as { token?: string };
  if (!session.token) throw new Error('no session token');
  return session.token;
}

/** A client of the demo stylist made through the API, so tests that change one never share it. */
export async function createClientThroughApi(
  page: Page,
  firstName: string,
  email = uniqueEmail(firstName.toLowerCase()),
  lastName = 'Testwood',
) {
  const response = await page.request.post('/api/stylist/clients', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: {
      firstName,
      lastName,
      email,
      phone: '(212) 555-0199',
      address: '1 Test Row',
      city: 'New York',
      state: 'NY',
      postalCode: '10012',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** axe's serious and critical findings on the page (or the part `include` selects), one line per rule. */
export async function seriousViolations(page: Page, { include }: { include?: string } = {}) {
  const axe = new AxeBuilder({ page });
  if (include) axe.include(include);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe on the page as it stands (or the part `include` selects): nothing serious or critical. */
export async function expectNoSeriousViolations(page: Page, scope: { include?: string } = {}) {
  expect(await seriousViolations(page, scope)).toEqual([]);
}

/** A stylist of the test's own, opened by the back office through its API; answers the email. */
export async function openStylistAccount(
  baseURL: string,
  person: { password: string; firstName: string; lastName: string; emailPrefix: string },
) {
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    expect((await admin.post('/api/auth/sign-in/email', { data: ADMIN })).status()).toBe(200);
    const { token } = (await (await admin.get('/api/auth/token')).json()) as { token: string };
    const email = uniqueEmail(person.emailPrefix);
    const created = await admin.post('/api/admin/stylists', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        email,
        password: person.password,
        firstName: person.firstName,
        lastName: person.lastName,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return email;
  } finally {
    await admin.dispose();
  }
}
