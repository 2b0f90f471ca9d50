import fs from 'node:fs';
import {
  CommissionDocumentSchema,
  CommissionListDocumentSchema,
  formatMoney,
  type CommissionListDocument,
  type CommissionResource,
} from '@atelier/contract';
import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { acceptedQuotes, labelThroughApi } from './accepted-quotes.ts';
import {
  apiToken,
  createClientThroughApi,
  DEMO,
  expectNoSeriousViolations,
  shoot,
  signInAsDemo,
  signInThroughForm,
  watchConsole,
} from './fixtures.ts';

const ADMIN = { email: 'admin@atelier.test', password: 'atelier-demo' };
const OTHER = { email: 'other@atelier.test', password: 'atelier-demo' };

async function stylistGet<T>(page: Page, url: string, schema: { parse: (body: unknown) => T }) {
  const response = await page.request.get(url, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return schema.parse(await response.json());
}

/** Every commission of a range, following links.next as the web does. */
async function everyCommission(page: Page, query = '') {
  let url: string | null = `/api/stylist/commissions${query}`;
  const all: CommissionResource[] = [];
  while (url) {
    const document: CommissionListDocument = await stylistGet(
      page,
      url,
      CommissionListDocumentSchema,
    );
    all.push(...document.data);
    url =
      document.links.next &&
      new URL(document.links.next).pathname + new URL(document.links.next).search;
  }
  return all;
}

async function reportsCard(page: Page) {
  await page.goto('/dashboard?go=commissions');
  const card = page.locator('#commissions');
  await expect(card.getByRole('heading', { name: 'REPORTS' })).toBeVisible();
  return card;
}

/** The figure the card shows under a total's label. */
const total = (card: Locator, label: string) =>
  card.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

test('the reports card adds up: chart, totals, paging, a range and the CSV', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const card = await reportsCard(page);
  // The card's days and months are the browser's; the API is asked in the same zone.
  const zone = new URLSearchParams({
    timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  }).toString();
  const allTime = await stylistGet(
    page,
    `/api/stylist/commissions?${zone}`,
    CommissionListDocumentSchema,
  );
  await expect(card.getByTestId('range-label')).toHaveText('All Time');
  await expect(total(card, 'Paid')).toHaveText(formatMoney(allTime.meta.paid));
  await expect(total(card, 'Pending')).toHaveText(formatMoney(allTime.meta.unpaid));
  await expect(total(card, 'Products Sold & Purchased')).toHaveText(
    String(allTime.meta.pagination.total),
  );

  // The chart's 12 points are the server's timeline, month by month.
  const points = card.getByTestId('commission-chart-points').locator('[data-month]');
  await expect(points).toHaveCount(12);
  const drawn = await points.evaluateAll((rows) =>
    rows.map((row) => {
      const data = (row as HTMLElement).dataset;
      return [data.month, Number(data.year), Number(data.amount)];
    }),
  );
  expect(drawn).toEqual(allTime.meta.timelineData.map((p) => [p.month, p.year, p.amount]));
  await expect(card.getByTestId('commission-chart').locator('svg').first()).toBeVisible();
  // The chart's keyboard stop has a name and is not hidden from screen readers.
  const chart = card.getByRole('img', { name: /^Commission chart, / });
  await expect(chart).toBeVisible();
  await chart.focus();
  await expect(chart).toBeFocused();
  expect(await chart.evaluate((svg) => svg.closest('[aria-hidden="true"]'))).toBeNull();
  await expectNoSeriousViolations(page, { include: '#commissions' });
  await shoot(page, 'reports-card', testInfo.project.name);

  // "View Next" pages through to the end: every commission once, in the server's order.
  const expected = await everyCommission(page);
  const viewNext = card.getByRole('button', { name: /^View Next \d+$/ });
  while (await viewNext.isVisible()) {
    const shown = await card.locator('section li').count();
    const next = Math.min(expected.length - shown, 20);
    await expect(viewNext).toHaveText(`View Next ${next}`);
    await viewNext.click();
    // The next page is in before the button is looked at again (it goes once all are shown).
    await expect(card.locator('section li')).toHaveCount(shown + next);
  }
  const rows = card.locator('section[aria-label*="Commission"] li');
  await expect(rows).toHaveCount(expected.length);
  const shownTitles = await rows.evaluateAll((items) =>
    items.map((item) => item.querySelector('span span')?.textContent ?? ''),
  );
  expect(shownTitles).toEqual(expected.map((c) => c.attributes.productName));

  // A range, picked in the calendar the picker opens on: this month's 1st to its 15th.
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth(), 1);
  const fifteenth = new Date(now.getFullYear(), now.getMonth(), 15);
  const dayName = (date: Date) =>
    `${date.getDate()} ${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}`;
  await card.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: dayName(first), exact: true }).click();
  await page.getByRole('button', { name: dayName(fifteenth), exact: true }).click();
  await page.keyboard.press('Escape');
  const iso = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const ranged = await stylistGet(
    page,
    `/api/stylist/commissions?startDate=${iso(first)}&endDate=${iso(fifteenth)}&${zone}`,
    CommissionListDocumentSchema,
  );
  await expect(card.getByTestId('range-label')).not.toHaveText('All Time');
  await expect(total(card, 'Paid')).toHaveText(formatMoney(ranged.meta.paid));
  await expect(total(card, 'Pending')).toHaveText(formatMoney(ranged.meta.unpaid));
  await expect(total(card, 'Products Sold & Purchased')).toHaveText(
    String(ranged.meta.pagination.total),
  );

  // The CSV of that range carries the same totals as the screen.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`commissions-${iso(first)}-to-${iso(fifteenth)}.csv`);
  const bytes = fs.readFileSync((await download.path())!);
  // The byte-order mark reaches the file (Excel reads it as UTF-8 only then).
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8').split('\r\n');
  const totalRow = (label: string) => {
    const row = csv.find((line) => line.startsWith(`${label},`));
    return Number(row?.split(',').at(-1));
  };
  expect(totalRow('Paid total')).toBeCloseTo(ranged.meta.paid, 2);
  expect(totalRow('Pending total')).toBeCloseTo(ranged.meta.unpaid, 2);
  expect(totalRow('Total')).toBeCloseTo(ranged.meta.paid + ranged.meta.unpaid, 2);

  await card.getByRole('button', { name: 'Clear range' }).click();
  await expect(card.getByTestId('range-label')).toHaveText('All Time');
  expect(errors.filter((message) => !/width\(0\)|height\(0\)/.test(message))).toEqual([]);
});

test('a sale recorded by the back office shows as pending, then as paid', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  // Another stylist than the reports test's, whose totals must not move while it counts.
  await signInThroughForm(page, OTHER);
  await expect(page).toHaveURL(/\/dashboard$/);
  const clientId = await createClientThroughApi(page, 'Marguerite');
  const [quoteId] = await acceptedQuotes(page, baseURL!, clientId, 1);
  await labelThroughApi(page, clientId, [quoteId!]);

  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await admin.post('/api/auth/sign-in/email', { data: ADMIN })).status()).toBe(200);
  const { token } = (await (await admin.get('/api/auth/token')).json()) as { token: string };
  const adminAuth = { authorization: `Bearer ${token}` };
  for (const action of ['receive', 'convert']) {
    const moved = await admin.post(`/api/admin/quotes/${quoteId}/actions`, {
      headers: adminAuth,
      data: { action },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const sale = await admin.post(`/api/admin/quotes/${quoteId}/sale`, {
    headers: adminAuth,
    data: { commission: 123.45 },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  const commission = CommissionDocumentSchema.parse(await sale.json()).data;

  await page.goto(`/commission/${commission.id}`);
  // acceptedQuotes answers buyout: the company bought the item, an order id makes it a purchase.
  await expect(page.getByText('Purchased for Client')).toBeVisible();
  expect(commission.attributes.orderId).toMatch(/^ORD-\d{6}$/);
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByText('$123.45')).toBeVisible();
  // Each status update shows the day it was recorded (§9 m/d/yyyy).
  const updates = page.getByRole('region', { name: 'STATUS UPDATES' }).getByRole('listitem');
  await expect(updates).toHaveCount(commission.attributes.statuses.length);
  expect(commission.attributes.statusDates).toHaveLength(commission.attributes.statuses.length);
  for (const [index, date] of commission.attributes.statusDates.entries()) {
    const time = updates.nth(index).locator('time');
    await expect(time).toHaveAttribute('datetime', date);
    await expect(time).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
  }
  await shoot(page, 'commission-status-dates', testInfo.project.name);
  await expectNoSeriousViolations(page);

  const paid = await admin.post('/api/admin/commissions/mark-paid', {
    headers: adminAuth,
    data: { commissionIds: [commission.id] },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await admin.dispose();

  await page.reload();
  await expect(page.getByText(/^Paid On \d+\/\d+\/\d{4}$/)).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the payout preference survives a reload', async ({ page }, testInfo) => {
  const errors = watchConsole(page);
  // The two projects run at once: each changes a stylist of its own.
  await signInThroughForm(page, testInfo.project.name === 'mobile' ? DEMO : OTHER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Profile' }).click();
  const modal = page.getByRole('dialog', { name: 'Stylist Account' });
  await modal.getByRole('button', { name: /^Payout/ }).click();
  await modal.getByRole('radio', { name: 'PayPal' }).check();
  const field = modal.getByRole('textbox', { name: 'PayPal address' });
  const save = modal.getByRole('button', { name: 'SAVE PAYOUT PREFERENCE' });
  // The server refuses a bad address: the field is marked, says why, and has focus.
  await field.fill('not-an-address');
  await save.click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/Enter the email address of your PayPal account/);
  await expect(field).toBeFocused();
  await shoot(page, 'payout-invalid', testInfo.project.name, false);
  await expectNoSeriousViolations(page, { include: '[role="dialog"]' });

  const address = `payouts-${testInfo.project.name}@example.com`;
  await field.fill(address);
  await save.click();
  await expect(modal.getByText('Saved')).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-invalid');
  // Focus moves from the button to the outcome.
  await expect(modal.getByRole('status').filter({ hasText: 'Saved' })).toBeFocused();
  await shoot(page, 'payout-saved', testInfo.project.name, false);

  await page.reload();
  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Stylist Account' }).getByText(`PayPal (${address})`),
  ).toBeVisible();
  // The browser logs the refused address's 400 itself; nothing else may be logged.
  expect(errors.filter((message) => !message.includes('status of 400 (Bad Request)'))).toEqual([]);
});
