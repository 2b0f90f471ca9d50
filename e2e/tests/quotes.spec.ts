import {
  QuoteDocumentSchema,
  QuoteListDocumentSchema,
  type AdminQuoteAction,
} from '@atelier/contract';
import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { apiToken, createClientThroughApi, shoot, signInAsDemo, watchConsole } from './fixtures.ts';
import { gradientPng } from './png.ts';

const ADMIN = { email: 'admin@atelier.test', password: 'atelier-demo' };

/** The back office has no screens: it is driven through its API, as an operator's tool would. */
async function adminApi(baseURL: string) {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signIn = await context.post('/api/auth/sign-in/email', { data: ADMIN });
  expect(signIn.status()).toBe(200);
  const { token } = (await (await context.get('/api/auth/token')).json()) as { token: string };
  return {
    async act(quoteId: number, action: AdminQuoteAction) {
      const response = await context.post(`/api/admin/quotes/${quoteId}/actions`, {
        headers: { authorization: `Bearer ${token}` },
        data: action,
      });
      expect(response.status(), await response.text()).toBe(200);
      return QuoteDocumentSchema.parse(await response.json()).data;
    },
    dispose: () => context.dispose(),
  };
}

async function clientQuotes(page: Page, clientId: number) {
  const response = await page.request.get(`/api/stylist/clients/${clientId}/quotes`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return QuoteListDocumentSchema.parse(await response.json()).data;
}

/** The visible one of a control the page shows twice (desktop bar and the phone's bottom bar). */
const visible = (locator: Locator) => locator.filter({ visible: true }).first();

async function pick(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Desktop reads "SELECTED QUOTES: n"; the phone's bottom bar "n SELECTED". */
const selectedCount = (page: Page, n: number) =>
  visible(page.getByText(new RegExp(`^(SELECTED QUOTES: ${n}|${n} SELECTED)$`)));

/** Taps on a phone, clicks elsewhere; `force` so that a refused card is really tried, as a person would. */
async function select(card: Locator, isMobile: boolean, options: { force?: boolean } = {}) {
  const checkbox = card.getByRole('checkbox');
  if (isMobile) await checkbox.tap(options);
  else await checkbox.click(options);
}

test('an item goes from the add-item form through offers to the client’s recorded answer', async ({
  page,
  baseURL,
  isMobile,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  await signInAsDemo(page);
  const clientId = await createClientThroughApi(page, 'Quinn');

  await page.goto(`/quotes/pickup/${clientId}`);
  await expect(page.getByRole('heading', { name: "Quinn's Quotes" })).toBeVisible();
  await expect(page.getByText('No quotes yet')).toBeVisible();

  await visible(page.getByRole('button', { name: 'Add Item' })).click();
  const form = page.getByRole('dialog', { name: 'New Item' });
  const addItem = form.getByRole('button', { name: 'Add Item' });
  await pick(page, form, 'Designer', 'Chanel');
  await pick(page, form, 'Category', 'Handbags');
  await form.getByRole('textbox', { name: 'Name' }).fill('Classic Flap Bag Medium Caviar');
  await form
    .getByRole('textbox', { name: 'Description' })
    .fill('Black caviar leather, gold hardware. Dust bag and card.');
  await expect(addItem).toBeDisabled();
  await form.locator('input[type=file]').setInputFiles([
    {
      name: 'front.png',
      mimeType: 'image/png',
      buffer: gradientPng(900, 700, [40, 40, 48], [196, 164, 110]),
    },
    {
      name: 'detail.png',
      mimeType: 'image/png',
      buffer: gradientPng(700, 900, [120, 30, 40], [240, 220, 200]),
    },
  ]);
  await expect(form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(
    2,
  );
  await expect(addItem).toBeEnabled();
  await shoot(page, 'add-item', project, false);
  await addItem.click();
  await expect(page.getByText('Quote added successfully and list refreshed!')).toBeVisible();
  await expect(form).toBeHidden();

  const [created] = await clientQuotes(page, clientId);
  expect(created?.attributes).toMatchObject({
    status: 'pending_authentication',
    brand: 'Chanel',
    category: 'Handbags',
  });
  expect(created?.attributes.images).toHaveLength(2);
  const card = page.getByRole('article', { name: `Quote #${created!.id}` });
  await expect(card).toContainText('Classic Flap Bag Medium Caviar');
  await expect(card).toContainText('Pending Authentication');
  // The card shows the first of the two photos, and the browser really decoded it.
  const image = card.getByRole('img');
  await expect(image).toHaveAttribute('src', created!.attributes.images[0]!.thumbnailUrl);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(card).not.toContainText('Consign');

  const admin = await adminApi(baseURL!);
  await admin.act(created!.id, { action: 'start_authentication' });
  await admin.act(created!.id, {
    action: 'authenticate',
    offers: { consignmentEstimate: 5450, buyoutQuote: 3980 },
  });
  await admin.dispose();

  await page.getByRole('button', { name: 'Reload quotes' }).click();
  await expect(card).toContainText('Authenticated - Has Offer');
  await expect(card).toContainText('Consign');
  await expect(card).toContainText('$5,450.00');
  await expect(card).toContainText('Buyout');
  await expect(card).toContainText('$3,980.00');

  await select(card, isMobile);
  await expect(card.getByRole('checkbox')).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'pickup-offer-selected', project);
  await visible(page.getByRole('button', { name: 'Present Offers to Client' })).click();
  const review = page.getByRole('dialog', { name: 'Review Response & Offers' });
  await review.getByRole('button', { name: 'Submit Responses' }).click();
  await expect(page.getByText('Please respond to all offers for each quote')).toBeVisible();
  await review
    .getByRole('group', { name: 'Consignment offer' })
    .getByRole('button', { name: 'Accept' })
    .click();
  // Accepting consignment marks the buyout rejected (§4).
  await expect(
    review.getByRole('group', { name: 'Buyout offer' }).getByRole('button', { name: 'Reject' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'review-response', project, false);
  await review.getByRole('button', { name: 'Submit Responses' }).click();
  await expect(page.getByText('Responses submitted successfully!')).toBeVisible();
  await expect(review).toBeHidden();
  await expect(card).toContainText('Offer Accepted');

  const [answered] = await clientQuotes(page, clientId);
  expect(answered?.attributes.status).toBe('offer_accepted');
  expect(answered?.attributes.offers.acceptedOfferType).toBe('consignment');
  expect(
    answered?.attributes.statusHistory.map(({ from, to, actor }) => [from, to, actor]),
  ).toEqual([
    [null, 'pending_authentication', 'stylist'],
    ['pending_authentication', 'authentication_in_progress', 'admin'],
    ['authentication_in_progress', 'authenticated_with_offer', 'admin'],
    ['authenticated_with_offer', 'offer_accepted', 'stylist'],
  ]);
  expect(errors).toEqual([]);
});

test('quotes of another stage cannot join a selection, and a filter keeps only its own', async ({
  page,
  isMobile,
}, testInfo) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const clients = await page.request.get('/api/stylist/clients?search=olivia', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  const oliviaId = ((await clients.json()) as { data: { id: number }[] }).data[0]!.id;
  await page.goto(`/quotes/pickup/${oliviaId}`);
  await expect(page.getByRole('heading', { name: "Olivia's Quotes" })).toBeVisible();

  const cards = page.getByRole('article');
  const pending = cards.filter({ hasText: 'Pending Authentication' });
  const inProgress = cards.filter({ hasText: 'Authentication in Progress' });
  const accepted = cards.filter({ hasText: 'Offer Accepted' });
  await expect(pending).toHaveCount(2);

  await select(pending.first(), isMobile);
  await expect(pending.first().getByRole('checkbox')).toHaveAttribute('aria-checked', 'true');
  // Same group (Authentication): may join.
  await select(inProgress.first(), isMobile);
  await expect(inProgress.first().getByRole('checkbox')).toHaveAttribute('aria-checked', 'true');
  // Another group (Processing): refused, and says so.
  await expect(accepted.first().getByRole('checkbox')).toHaveAttribute('aria-disabled', 'true');
  await select(accepted.first(), isMobile, { force: true });
  await expect(accepted.first().getByRole('checkbox')).toHaveAttribute('aria-checked', 'false');
  await expect(selectedCount(page, 2)).toBeVisible();
  await shoot(page, 'pickup-selection', testInfo.project.name);

  // Choosing the Pending Authentication filter drops the in-progress item from the selection.
  if (isMobile) {
    await page.getByLabel('Status').selectOption({ label: 'Pending Authentication (2)' });
  } else {
    await page.getByRole('button', { name: /^Pending Authentication/ }).click();
  }
  await expect(selectedCount(page, 1)).toBeVisible();
  await visible(page.getByRole('button', { name: /Select All \(2\)/ })).click();
  await expect(selectedCount(page, 2)).toBeVisible();
  expect(errors).toEqual([]);
});
