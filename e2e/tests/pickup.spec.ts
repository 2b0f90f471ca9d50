import fs from 'node:fs';
import path from 'node:path';
import {
  ACCESS_TOKEN_PATTERN,
  ClientDocumentSchema,
  PICKUP_TEXT,
  QuoteListDocumentSchema,
  ShipmentDocumentSchema,
} from '@atelier/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfBarcodes, pdfText } from '../../apps/server/src/test/pdf.ts';
import { acceptedQuotes, labelThroughApi } from './accepted-quotes.ts';
import {
  apiToken,
  createClientThroughApi,
  expectNoSeriousViolations,
  shoot,
  signInAsDemo,
  uniqueEmail,
  watchConsole,
} from './fixtures.ts';
import { receivedMail, receivedMessage } from './mailbox.ts';

const shotsDir = path.join(import.meta.dirname, '..', 'test-results', 'screens');

/** The visible one of a control the page shows twice (desktop bar and the phone's bottom bar). */
const visible = (locator: Locator) => locator.filter({ visible: true }).first();

const card = (page: Page, quoteId: number) =>
  page.getByRole('article', { name: `Quote #${quoteId}` });

async function select(page: Page, quoteIds: number[], isMobile: boolean) {
  for (const id of quoteIds) {
    const checkbox = card(page, id).getByRole('checkbox');
    if (isMobile) await checkbox.tap();
    else await checkbox.click();
    await expect(checkbox).toHaveAttribute('aria-checked', 'true');
  }
}

async function openActions(page: Page) {
  await visible(page.getByRole('button', { name: 'Pickup/Shipping Label' })).click();
  return page.getByRole('dialog', { name: 'Pickup or Shipping Label' });
}

async function api<T>(page: Page, url: string, schema: { parse: (body: unknown) => T }) {
  const response = await page.request.get(url, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return schema.parse(await response.json());
}

/** A zigzag across the pad: with the mouse on a desktop, with a finger on a touch screen. */
async function sign(page: Page, pad: Locator, isMobile: boolean) {
  const box = (await pad.boundingBox())!;
  const points = [0.15, 0.3, 0.45, 0.6, 0.75, 0.85].map((x, i) => ({
    x: box.x + box.width * x,
    y: box.y + box.height * (i % 2 ? 0.35 : 0.65),
  }));
  if (!isMobile) {
    await page.mouse.move(points[0]!.x, points[0]!.y);
    await page.mouse.down();
    for (const point of points.slice(1)) await page.mouse.move(point.x, point.y, { steps: 6 });
    await page.mouse.up();
    return;
  }
  // Real touch events through the browser's input pipeline, the way a finger draws.
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: point ? [{ x: point.x, y: point.y }] : [],
    });
  await touch('touchStart', points[0]);
  for (const [from, to] of points.slice(0, -1).map((p, i) => [p, points[i + 1]!] as const)) {
    for (let step = 1; step <= 6; step += 1) {
      await touch('touchMove', {
        x: from.x + ((to.x - from.x) * step) / 6,
        y: from.y + ((to.y - from.y) * step) / 6,
      });
    }
  }
  await touch('touchEnd');
  await cdp.detach();
}

/** How many of the pad's pixels are ink (dark), read from the canvas itself. */
const inkedPixels = (pad: Locator) =>
  pad.evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && data[i]! < 128) inked += 1;
    return inked;
  });

test('accepted items are picked up with the client’s signature', async ({
  page,
  baseURL,
  isMobile,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  await signInAsDemo(page);
  const petra = uniqueEmail('petra');
  const clientId = await createClientThroughApi(page, 'Petra', petra);
  const quoteIds = await acceptedQuotes(page, baseURL!, clientId, 2);

  await page.goto(`/quotes/pickup/${clientId}`);
  await select(page, quoteIds, isMobile);
  const actions = await openActions(page);
  await actions.getByRole('button', { name: 'Pickup', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'CONFIRM PICKUP DETAILS' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  const confirm = page.getByRole('button', { name: 'Confirm Pickup' });
  await expect(confirm).toBeDisabled();

  await page.getByRole('button', { name: 'Tap to sign' }).click();
  const signing = page.getByRole('dialog', { name: 'Client Signature' });
  const pad = signing.getByRole('img', { name: /Signature pad/ });
  await expect(signing.getByRole('button', { name: 'Please scribble something!' })).toBeDisabled();
  await page.waitForTimeout(400); // the modal's entrance transition
  const scrolledBefore = await page.evaluate(() => window.scrollY);
  await sign(page, pad, isMobile);
  // Drawing neither scrolls the page nor loses the stroke.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledBefore);
  expect(await inkedPixels(pad)).toBeGreaterThan(200);
  await shoot(page, 'pickup-signing', project, false);
  await signing.getByRole('button', { name: 'Save Signature' }).click();
  await expect(signing).toBeHidden();
  await expect(page.getByRole('img', { name: 'Client signature' })).toBeVisible();
  await expect(confirm).toBeEnabled();
  await shoot(page, 'pickup-signed', project);

  await confirm.click();
  await expect(page.getByText('Items marked as picked up successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: PICKUP_TEXT.completionHeading })).toBeVisible();
  await shoot(page, 'pickup-done', project);
  await page.getByRole('button', { name: 'Done' }).click();
  for (const id of quoteIds) {
    await expect(card(page, id)).toContainText('Picked Up');
    // §4: a completed pickup clears the selection.
    await expect(card(page, id).getByRole('checkbox')).toHaveAttribute('aria-checked', 'false');
  }

  const quotes = (
    await api(page, `/api/stylist/clients/${clientId}/quotes`, QuoteListDocumentSchema)
  ).data;
  expect(quotes.map((quote) => [quote.attributes.status, quote.attributes.pickup_type])).toEqual([
    ['in_transit', 'concierge'],
    ['in_transit', 'concierge'],
  ]);
  const shipmentId = quotes[0]!.attributes.shipment!.id;
  expect(quotes[1]!.attributes.shipment!.id).toBe(shipmentId);
  const manifest = await api(
    page,
    `/api/stylist/white-glove-quotes?shipment-id=${shipmentId}`,
    ShipmentDocumentSchema,
  );
  expect(manifest.data.attributes.kind).toBe('pickup');
  const signature = await page.request.get(manifest.data.attributes.signatureUrl!);
  expect(signature.headers()['content-type']).toBe('image/png');

  // The client's signed receipt arrives by email (decision 0029): a PDF naming the items.
  const receipt = await receivedMessage(petra, /pickup receipt/i);
  const pdf = receipt.attachments.find((file) => file.contentType === 'application/pdf');
  expect(pdf, 'a PDF attached to the receipt email').toBeDefined();
  const receiptText = await pdfText(pdf!.content);
  for (const name of ['Speedy 30 Monogram', 'Oversized Wool Coat', 'Petra Testwood']) {
    expect(receiptText).toContain(name);
  }
  expect(quotes[0]!.attributes.shipment!.receiptUrl).toBeTruthy();
  expect(errors).toEqual([]);
});

/** The INFO button under the point a finger would tap at its centre, or null when covered. */
const isTappable = (button: Locator) =>
  button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });

test('the client quotes page: every card reachable by touch and by Tab, the bars leave room', async ({
  page,
  baseURL,
  isMobile,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  await signInAsDemo(page);
  const clientId = await createClientThroughApi(page, 'Ines');
  const quoteIds = await acceptedQuotes(page, baseURL!, clientId, 3);
  await page.goto(`/quotes/pickup/${clientId}`);
  await expect(page.getByRole('article')).toHaveCount(3);
  // Quote names sit under the page's h1, as its h2s.
  await expect(page.locator('article h2')).toHaveCount(3);
  await expect(page.locator('article h3')).toHaveCount(0);

  if (isMobile) {
    await select(page, [quoteIds[0]!], true);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 700 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const info = page
        .getByRole('article')
        .last()
        .getByRole('button', { name: /^INFO for quote/ });
      await expect.poll(() => isTappable(info)).toBe(true);
      await shoot(page, `pickup-end-${width}`, project, false);
      await info.tap();
      await expect(info).toHaveAttribute('aria-expanded', 'true');
      await info.tap();
    }
    await expectNoSeriousViolations(page);
    expect(errors).toEqual([]);
    return;
  }

  // Selected by keyboard, the next Tabs go on to the action, not back up the page.
  const first = card(page, quoteIds[0]!).getByRole('checkbox');
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-checked', 'true');
  const action = page.getByRole('button', { name: 'Pickup/Shipping Label' });
  let presses = 0;
  while (presses < 12 && !(await action.evaluate((button) => button === document.activeElement))) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  await expect(action).toBeFocused();
  const bar = page.getByRole('region', { name: 'Selection' });
  // The bar stays in sight while the cards scroll in a full window …
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeInViewport();
  await shoot(page, 'pickup-selected', project, false);
  await expectNoSeriousViolations(page);

  // … and at 200 % zoom (1280 × 800 shows 640 × 400) it scrolls away with them.
  await page.setViewportSize({ width: 640, height: 400 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).not.toBeInViewport();
  await shoot(page, 'pickup-zoom-200', project, false);
  expect(errors).toEqual([]);
});

test('a shipping label is made, its toast stays, and it opens as a PDF with its barcode', async ({
  page,
  context,
  baseURL,
  isMobile,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  await signInAsDemo(page);
  const clientId = await createClientThroughApi(page, 'Lena');
  const quoteIds = await acceptedQuotes(page, baseURL!, clientId, 3);
  const { email } = (await api(page, `/api/stylist/clients/${clientId}`, ClientDocumentSchema)).data
    .attributes;

  await page.goto(`/quotes/pickup/${clientId}`);
  await select(page, quoteIds.slice(0, 2), isMobile);
  const actions = await openActions(page);
  await actions.getByRole('button', { name: 'Shipping Label' }).click();
  const form = page.getByRole('dialog', { name: 'Create Shipping Label' });
  await form.getByRole('checkbox', { name: 'Email Lena the ship list' }).check();
  await form.getByRole('button', { name: 'Create Shipping Label' }).click();

  const created = page.getByRole('dialog', { name: 'Shipping Label Created' });
  // The button that had focus is gone: focus is on the outcome, not lost to the page.
  await expect(created.getByText(/^The label is ready to print\./)).toBeFocused();
  const details = created.getByRole('definition').first();
  await expect(details).toHaveText(/^AT\d{20}$/);
  const trackingNumber = (await details.textContent())!;
  // §8: this toast stays until the stylist closes it.
  const toast = page.getByText(`Shipping label created successfully! Tracking: ${trackingNumber}`);
  await expect(toast).toBeVisible();
  await shoot(page, 'label-created', project, false);
  await page.waitForTimeout(5_000);
  await expect(toast).toBeVisible();

  const [labelTab] = await Promise.all([
    context.waitForEvent('page'),
    created.getByRole('link', { name: 'Open Label' }).click(),
  ]);
  await expect(labelTab).toHaveURL(/\/shipping-label\/\d+$/);
  const download = labelTab.getByRole('link', { name: 'Download PDF' });
  await expect(download).toBeVisible();
  await expect(labelTab.getByText(trackingNumber)).toBeVisible();
  const label = await page.request.get((await download.getAttribute('href'))!);
  expect(label.headers()['content-type']).toBe('application/pdf');
  const pdf = await label.body();
  expect(await pdfText(pdf)).toContain(trackingNumber);
  expect(await pdfBarcodes(pdf)).toContain(trackingNumber);
  await labelTab.close();

  await created.getByRole('button', { name: 'Done' }).click();
  for (const id of quoteIds.slice(0, 2)) await expect(card(page, id)).toContainText('In Transit');
  await expect(card(page, quoteIds[2]!)).toContainText('Offer Accepted');

  // The box the stylist ticked: the client's ship list left through SMTP, its PDF attached.
  const mail = await receivedMail(email);
  expect(mail).toContain(trackingNumber);
  expect(mail).toMatch(/filename="?[^"\n]*\.pdf/);
  expect(errors).toEqual([]);
});

test("a shipment's manifest prints for the stylist, and the emailed ship list opens signed out", async ({
  page,
  baseURL,
  isMobile,
  browser,
}) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const clientId = await createClientThroughApi(page, 'Noor');
  const quoteIds = await acceptedQuotes(page, baseURL!, clientId, 2);
  const { email } = (await api(page, `/api/stylist/clients/${clientId}`, ClientDocumentSchema)).data
    .attributes;
  // The label journey above drives the modal; here the label comes straight from the API.
  const { shipment_id: shipmentId, tracking_number: trackingNumber } = await labelThroughApi(
    page,
    clientId,
    quoteIds,
    true,
  );

  // The stylist's manifest, as the warehouse will receive it on paper.
  await page.goto(`/quotes/manifest/${shipmentId}`);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByRole('heading', { name: 'Stylist White Glove Manifest' });
  await expect(sheet).toBeVisible();
  await expect(page.getByText('2 ITEMS')).toBeVisible();
  await expect(page.getByText(trackingNumber)).toBeVisible();
  if (!isMobile) {
    fs.mkdirSync(shotsDir, { recursive: true });
    await page.pdf({ path: path.join(shotsDir, 'manifest.pdf'), format: 'Letter' });
  }
  await page.emulateMedia({ media: 'screen' });

  // The client's ship list arrived through SMTP with the public print link; it opens signed out.
  const mail = await receivedMail(email);
  expect(mail).toContain(trackingNumber);
  const printLink = mail.match(/https?:\/\/[^\s"<>]+\/quotes\/([A-Za-z0-9_-]+)\/print/);
  expect(printLink?.[1]).toMatch(ACCESS_TOKEN_PATTERN);
  const stranger = await browser.newContext();
  const phone = await stranger.newPage();
  const phoneErrors = watchConsole(phone);
  await phone.emulateMedia({ media: 'print' });
  await phone.goto(printLink![0]);
  await expect(phone.getByRole('heading', { name: 'Stylist White Glove Manifest' })).toBeVisible();
  await expect(phone.getByText(trackingNumber)).toBeVisible();
  await stranger.close();
  expect(phoneErrors.filter((message) => !message.includes('atelier://'))).toEqual([]);
  expect(errors).toEqual([]);
});
