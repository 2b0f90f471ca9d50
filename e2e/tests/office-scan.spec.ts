import { QuoteListDocumentSchema } from '@atelier/contract';
import { expect, test, type Page } from '@playwright/test';
import {
  planDemoData,
  SCAN_DEMO_TRACKING_NUMBER,
} from '../../apps/server/src/db/seed/demo-plan.ts';
import { acceptedQuotes, labelThroughApi } from './accepted-quotes.ts';
import {
  apiToken,
  createClientThroughApi,
  expectNoSeriousViolations,
  shoot,
  signInAsDemo,
  signInThroughForm,
  watchConsole,
} from './fixtures.ts';

const OFFICE = { email: 'office@atelier.test', password: 'atelier-demo' };

/** Operations on the "At warehouse" tab, the scan field ready. */
async function openAtWarehouse(page: Page) {
  await signInThroughForm(page, OFFICE);
  await expect(page).toHaveURL(/\/office$/);
  await page.getByRole('tab', { name: /^At warehouse \d+$/ }).click();
  await expect(page).toHaveURL(/stage=at_warehouse/);
  const field = page.getByLabel('Scan to receive');
  await expect(field).toBeVisible();
  return field;
}

/** What the last scan said (the live region). */
const scanStatus = (page: Page) =>
  page.getByRole('region', { name: 'Receiving' }).getByRole('status');

/** No sideways scroll: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

// The seeded parcel can arrive only once: the phone's project receives it (the scan step
// at 375 px); both projects receive parcels of their own in the next journey.
test('operations receives the seeded parcel by typing its tracking number on a phone', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the seeded parcel arrives once, on the phone');
  const errors = watchConsole(page);
  const plan = planDemoData(new Date());
  const parcel = plan.demo.quotes.filter(
    (quote) => quote.shipment?.trackingNumber === SCAN_DEMO_TRACKING_NUMBER,
  );
  expect(parcel.length).toBeGreaterThan(0);
  const client = plan.demo.clients[parcel[0]!.clientIndex]!;

  const field = await openAtWarehouse(page);
  await field.click();
  await page.keyboard.type(SCAN_DEMO_TRACKING_NUMBER);
  await page.keyboard.press('Enter');
  await expect(scanStatus(page)).toHaveText(
    `Parcel ${SCAN_DEMO_TRACKING_NUMBER} for ${client.firstName} ${client.lastName}: ${parcel.length} item${parcel.length === 1 ? '' : 's'} received.`,
  );
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  const arrived = page.getByRole('region', { name: 'Arrived' });
  for (const quote of parcel) {
    await expect(arrived.getByRole('link', { name: quote.item.name })).toBeVisible();
  }
  await expectNoSidewaysScroll(page);
  await shoot(page, 'office-scan-seeded', testInfo.project.name);
  await expectNoSeriousViolations(page);

  // The parcel's items now wait in "At warehouse".
  await page.getByLabel('Search').fill(SCAN_DEMO_TRACKING_NUMBER);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const queue = page.getByRole('region', { name: 'At warehouse items' });
  for (const quote of parcel) await expect(queue.getByText(quote.item.name)).toBeVisible();
  expect(errors).toEqual([]);
});

test('an item barcode receives one item, the tracking number the rest, and an unknown code says so', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const errors = watchConsole(page);

  // The stylist's parcel: three accepted items on one label, in transit.
  const stylistContext = await browser.newContext();
  const stylist = await stylistContext.newPage();
  await signInAsDemo(stylist);
  const lastName = `Scan${project === 'mobile' ? 'phone' : 'desk'}`;
  const clientId = await createClientThroughApi(stylist, 'Rosa', undefined, lastName);
  const quoteIds = await acceptedQuotes(stylist, baseURL!, clientId, 3);
  const { tracking_number: trackingNumber } = await labelThroughApi(stylist, clientId, quoteIds);
  const listed = await stylist.request.get(`/api/stylist/clients/${clientId}/quotes`, {
    headers: { authorization: `Bearer ${await apiToken(stylist)}` },
  });
  expect(listed.status()).toBe(200);
  const items = QuoteListDocumentSchema.parse(await listed.json()).data.filter((quote) =>
    quoteIds.includes(quote.id),
  );
  expect(items.map((quote) => quote.attributes.status)).toEqual([
    'in_transit',
    'in_transit',
    'in_transit',
  ]);
  await stylistContext.close();
  const [first, ...rest] = items as [(typeof items)[0], ...typeof items];

  const field = await openAtWarehouse(page);
  await field.click();

  // One item by its barcode (the Code128 on the ship list).
  await page.keyboard.type(first.attributes.barCode);
  await page.keyboard.press('Enter');
  await expect(scanStatus(page)).toHaveText(`Received ${first.attributes.name} (#${first.id}).`);
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await shoot(page, 'office-scan-item', project, false);

  // The parcel: the other two arrive; the first is listed as already received.
  await page.keyboard.type(trackingNumber);
  await page.keyboard.press('Enter');
  await expect(scanStatus(page)).toHaveText(
    `Parcel ${trackingNumber} for Rosa ${lastName}: 2 items received. 1 item not received.`,
  );
  const arrived = page.getByRole('region', { name: 'Arrived' });
  for (const quote of rest) {
    await expect(arrived.getByRole('link', { name: quote.attributes.name })).toHaveAttribute(
      'href',
      `/office/items/${quote.id}`,
    );
  }
  const missing = page.getByRole('region', { name: 'Not received' });
  await expect(missing.getByRole('listitem')).toHaveCount(1);
  await expect(missing.getByRole('listitem')).toContainText(first.attributes.name);
  await expect(missing.getByRole('listitem')).toContainText(/Already received on /);
  await expect(field).toBeFocused();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'office-scan-parcel', project);
  await expectNoSeriousViolations(page);

  // The same parcel again: nothing more to receive, and it says so.
  await page.keyboard.type(trackingNumber);
  await page.keyboard.press('Enter');
  await expect(scanStatus(page)).toHaveText(
    `Nothing received. Parcel ${trackingNumber} was already received: all 3 of its items are at the warehouse.`,
  );
  await shoot(page, 'office-scan-again', project, false);

  // An unknown code.
  await page.keyboard.type('NO-SUCH-PARCEL-42');
  await page.keyboard.press('Enter');
  await expect(scanStatus(page)).toHaveText(
    'No parcel or item has the code NO-SUCH-PARCEL-42. Check it and scan again.',
  );
  await expect(page.getByRole('region', { name: 'Arrived' })).toHaveCount(0);
  await expect(field).toBeFocused();
  await shoot(page, 'office-scan-unknown', project, false);
  await expectNoSeriousViolations(page);

  // The three items now wait in "At warehouse".
  await page.getByLabel('Search').fill(trackingNumber);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const queue = page.getByRole('region', { name: 'At warehouse items' });
  for (const quote of items) {
    await expect(queue.getByText(`#${quote.id}`, { exact: true })).toBeVisible();
  }
  await shoot(page, 'office-scan-queue', project);
  // The browser logs the refused scans' answers itself; nothing else may fail.
  expect(errors.filter((error) => !/status of (404|409)/.test(error))).toEqual([]);
});
