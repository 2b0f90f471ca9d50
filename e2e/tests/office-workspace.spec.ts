import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, shoot, signInThroughForm, watchConsole } from './fixtures.ts';
import {
  AUTHENTICATOR,
  itemToPrice,
  openFromQueue,
  PRICER,
  submittedItem,
} from './office-items.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** No sideways scroll: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an authenticator opens an item from "To authenticate", refuses a reasonless counterfeit, and marks it authentic', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  // An item of its own: the seeded ones are read by the stylist's journeys running alongside.
  const quoteId = await submittedItem(baseURL!, { name: `Workspace Tote ${project}` });
  await signInThroughForm(page, AUTHENTICATOR);
  await expect(page).toHaveURL(/\/office$/);
  const queue = `/office?stage=to_authenticate&q=%23${quoteId}`;
  await page.goto(queue);
  const row = page.locator('tr, li').filter({ hasText: new RegExp(`#${quoteId}(?!\\d)`) });
  const link = row.getByRole('link').first();
  const name = (await link.textContent())!.trim();
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/office/items/${quoteId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`#${quoteId}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Internal notes' })).toBeVisible();
  await expect(
    page.getByText('Internal notes — never shown to the stylist or client.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'office-item', project);
  await expectNoSeriousViolations(page);

  // The photo opens full size in a dialog; Escape closes it.
  await page.getByRole('button', { name: /full size$/ }).click();
  const photo = page.getByRole('dialog');
  await expect(photo.getByRole('img', { name: `${name}, full size` })).toBeVisible();
  await shoot(page, 'office-item-photo', project, false);
  await page.keyboard.press('Escape');
  await expect(photo).toHaveCount(0);

  // Only the decisions the server offers are shown.
  const decisions = page.getByRole('region', { name: 'Decisions' });
  await expect(decisions.getByRole('button')).toHaveText(['Start authentication']);
  await decisions.getByRole('button', { name: 'Start authentication' }).click();
  await expect(
    page.getByText(`Item #${quoteId} is now: Authentication in progress.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  await expect(decisions.getByRole('button')).toHaveText([
    'Authentic',
    'Counterfeit',
    'Request more info',
  ]);

  // A counterfeit verdict without a reason: the server's message under the reason field.
  await decisions.getByRole('button', { name: 'Counterfeit' }).click();
  const form = page.getByRole('dialog', { name: 'Counterfeit' });
  await expect(form.getByLabel('Reason (internal, for the record)')).toBeVisible();
  await expect(form.getByLabel('Comment to the client (optional)')).toBeVisible();
  await form.getByRole('button', { name: 'Counterfeit' }).click();
  const reason = form.getByLabel('Reason (internal, for the record)');
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(/\w+/);
  await shoot(page, 'office-item-counterfeit-error', project, false);
  await expectNoSeriousViolations(page);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(decisions.getByRole('button', { name: 'Counterfeit' })).toBeFocused();
  await expect(page.getByText('Counterfeit', { exact: true })).toHaveCount(1);

  await decisions.getByRole('button', { name: 'Authentic' }).click();
  await expect(page.getByText(`Item #${quoteId} is now: Authenticated no offer.`)).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: /^To price$/ })).toBeVisible();
  await expect(decisions.getByText('No decision is yours to take on this item now.')).toBeVisible();

  // Back to the queue it came from: the item has left "To authenticate".
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(queue)}$`));
  await expect(page.getByRole('tab', { name: /^To authenticate \d+$/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('link', { name: 'Back to the queue' })).toHaveCount(0);
  await expect(page.getByText(`#${quoteId}`, { exact: true })).toHaveCount(0);
  expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
});

test('a pricer makes offers on an item in "To price" and adds an internal note', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  const quoteId = await itemToPrice(baseURL!, { name: `Workspace Clutch ${project}` });
  await signInThroughForm(page, PRICER);
  await expect(page).toHaveURL(/\/office$/);
  await page.getByRole('tab', { name: /^To price \d+$/ }).click();
  await expect(page).toHaveURL(/stage=to_price/);
  await openFromQueue(page, 'to_price', quoteId);

  // The note first: the thread lists it with its author.
  const text = `Checked the serial against the ${project} ledger.`;
  await page.getByLabel('Add an internal note').fill(text);
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByText(text)).toBeVisible();
  await expect(page.getByLabel('Add an internal note')).toHaveValue('');
  await expect(page.getByLabel('Add an internal note')).toBeFocused();

  // "Assign to me", then "Let go".
  const holder = page.getByRole('region', { name: 'Held by' });
  await expect(holder.getByText('Nobody holds this item.')).toBeVisible();
  await holder.getByRole('button', { name: 'Assign to me' }).click();
  await expect(holder.getByText(/\(you\)/)).toBeVisible();
  await holder.getByRole('button', { name: 'Let go' }).click();
  await expect(holder.getByText('Nobody holds this item.')).toBeVisible();

  const decisions = page.getByRole('region', { name: 'Decisions' });
  await decisions.getByRole('button', { name: 'Make offers' }).click();
  const form = page.getByRole('dialog', { name: 'Make offers' });
  await form.getByLabel('Consignment estimate ($)').fill('1,250');
  await form.getByLabel('Buyout quote ($)').fill('900');
  await form.getByLabel('Offers stay open (days, optional)').fill('14');
  await shoot(page, 'office-item-offers-form', project, false);
  await form.getByRole('button', { name: 'Make offers' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(new RegExp(`Item #${quoteId} is now: `))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.locator('dd').filter({ hasText: /^To price$/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'office-item-offered', project);
  await expectNoSeriousViolations(page);

  // Back goes to the queue it came from, "To price".
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(page).toHaveURL(/stage=to_price/);
  expect(errors).toEqual([]);
});

test('an item that does not exist says so', async ({ page }) => {
  await signInThroughForm(page, AUTHENTICATOR);
  await expect(page).toHaveURL(/\/office$/);
  await page.goto('/office/items/999999');
  await expect(page.getByRole('heading', { name: 'No such item' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the queue' })).toHaveAttribute(
    'href',
    '/office',
  );
});
