import { OfficeMeDocumentSchema } from '@atelier/contract';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { openStylistAccount, signInThroughForm, watchConsole } from './fixtures.ts';
import {
  AUTHENTICATOR,
  OPERATIONS,
  signedIn,
  submittedItem,
  type SignedIn,
} from './office-items.ts';

/** A second person at a browser of their own, as wide as the project's. */
async function secondBrowser(browser: Browser, testInfo: TestInfo, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: testInfo.project.use.viewport ?? null,
  });
  return { context, page: await context.newPage() };
}

/** Marks the page: the mark is gone if the page is ever loaded again. */
const markPage = (page: Page) =>
  page.evaluate(() => Object.assign(window, { officeLiveMark: true }));
const isSamePage = (page: Page) =>
  page.evaluate(() => (window as { officeLiveMark?: boolean }).officeLiveMark === true);

const rowOf = (page: Page, quoteId: number) =>
  page.locator('tr, li').filter({ hasText: new RegExp(`#${quoteId}(?!\\d)`) });

async function nameOf(staff: SignedIn) {
  const me = await staff.context.get('/api/office/me', { headers: staff.headers });
  return OfficeMeDocumentSchema.parse(await me.json()).data.name;
}

test("another staff member's claim and decision show on the queue and the workspace without a reload", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const quoteId = await submittedItem(baseURL!, {
    name: `Live Speedy ${testInfo.project.name}`,
  });
  const operations = await signedIn(baseURL!, OPERATIONS);
  const operationsName = await nameOf(operations);
  await operations.context.dispose();

  // The authenticator watches the item's row in "To authenticate".
  await signInThroughForm(page, AUTHENTICATOR);
  await expect(page).toHaveURL(/\/office$/);
  await page.goto(`/office?stage=to_authenticate&q=%23${quoteId}`);
  const row = rowOf(page, quoteId);
  await expect(row.getByRole('button', { name: `Assign to me, #${quoteId}` })).toBeVisible();
  await markPage(page);

  // Operations, at another browser, takes the item from its workspace.
  const other = await secondBrowser(browser, testInfo, baseURL!);
  try {
    await signInThroughForm(other.page, OPERATIONS);
    await expect(other.page).toHaveURL(/\/office$/);
    await other.page.goto(`/office/items/${quoteId}`);
    const held = other.page.getByRole('region', { name: 'Held by' });
    await held.getByRole('button', { name: 'Assign to me' }).click();
    await expect(held.getByText(`${operationsName} (you)`, { exact: false })).toBeVisible();

    // The authenticator's row names the holder; the page was not loaded again.
    await expect(row.getByText(operationsName)).toBeVisible();
    await expect(row.getByRole('button', { name: /Assign to me/ })).toHaveCount(0);
    expect(await isSamePage(page)).toBe(true);

    // The authenticator opens the workspace; operations starts authentication meanwhile.
    await row.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/office/items/${quoteId}$`));
    const status = page.locator('dd').filter({ hasText: /^Pending authentication$/i });
    await expect(status).toBeVisible();
    await markPage(page);
    await other.page
      .getByRole('region', { name: 'Decisions' })
      .getByRole('button', { name: 'Start authentication' })
      .click();
    await expect(
      other.page.getByText(`Item #${quoteId} is now: Authentication in progress.`),
    ).toBeVisible();

    await expect(
      page.locator('dd').filter({ hasText: /^Authentication in progress$/i }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Decisions' }).getByRole('button', { name: 'Authentic' }),
    ).toBeVisible();
    expect(await isSamePage(page)).toBe(true);
  } finally {
    await other.context.close();
  }
  expect(errors).toEqual([]);
});

test("a stylist's new item joins the open queue without a reload", async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  // A stylist of the test's own, so the queue filtered by them holds this test's items only.
  const stylist = {
    password: 'office-live-stylist-01',
    firstName: 'Livia',
    lastName: `Stream${testInfo.project.name === 'mobile' ? 'm' : 'd'}`,
    emailPrefix: 'office-live',
  };
  const email = await openStylistAccount(baseURL!, stylist);

  await signInThroughForm(page, AUTHENTICATOR);
  await expect(page).toHaveURL(/\/office$/);
  await page
    .getByLabel('Stylist', { exact: true })
    .selectOption({ label: `${stylist.firstName} ${stylist.lastName}` });
  await expect(page.getByText('Nothing in To authenticate matches these filters.')).toBeVisible();
  await markPage(page);

  const quoteId = await submittedItem(baseURL!, {
    name: `Live Neverfull ${testInfo.project.name}`,
    stylist: { email, password: stylist.password },
  });
  await expect(rowOf(page, quoteId)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'To authenticate 1' })).toBeVisible();
  expect(await isSamePage(page)).toBe(true);
  expect(errors).toEqual([]);
});
