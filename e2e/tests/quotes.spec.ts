import {
  ACCESS_TOKEN_PATTERN,
  CLIENT_PAGE_TEXT,
  CommissionDocumentSchema,
  CreatedStylistSchema,
  QuoteDocumentSchema,
  QuoteListDocumentSchema,
  type AdminQuoteAction,
} from '@atelier/contract';
import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { acceptedQuotes, quotesWithOffers } from './accepted-quotes.ts';
import {
  apiToken,
  createClientThroughApi,
  shoot,
  signInAsDemo,
  signInThroughForm,
  uniqueEmail,
  watchConsole,
} from './fixtures.ts';
import { receivedMail } from './mailbox.ts';
import { gradientPng } from './png.ts';

const ADMIN = { email: 'admin@atelier.test', password: 'atelier-demo' };

/** The back office has no screens: it is driven through its API, as an operator's tool would. */
async function adminApi(baseURL: string) {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signIn = await context.post('/api/auth/sign-in/email', { data: ADMIN });
  expect(signIn.status()).toBe(200);
  const { token } = (await (await context.get('/api/auth/token')).json()) as { token: string };
  const post = async (url: string, data: unknown, status: number) => {
    const response = await context.post(url, {
      headers: { authorization: `Bearer ${token}` },
      data,
    });
    expect(response.status(), await response.text()).toBe(status);
    return (await response.json()) as unknown;
  };
  return {
    async act(quoteId: number, action: AdminQuoteAction) {
      const answer = await post(`/api/admin/quotes/${quoteId}/actions`, action, 200);
      return QuoteDocumentSchema.parse(answer).data;
    },
    /** A stylist of the test's own, so that the dashboard's counts are this test's alone. */
    async createStylist(firstName: string) {
      const account = {
        email: uniqueEmail(firstName.toLowerCase()),
        password: 'a-long-e2e-password-9431',
        firstName,
        lastName: 'Quinterra',
      };
      CreatedStylistSchema.parse(await post('/api/admin/stylists', account, 201));
      return account;
    },
    async sell(quoteId: number) {
      const answer = await post(`/api/admin/quotes/${quoteId}/sale`, { commission: 95 }, 201);
      return CommissionDocumentSchema.parse(answer).data;
    },
    async markPaid(commissionId: number) {
      await post('/api/admin/commissions/mark-paid', { commissionIds: [commissionId] }, 200);
    },
    dispose: () => context.dispose(),
  };
}

/** Shares the client's quotes as the Share button does; the links of the email the client gets. */
async function shareWith(page: Page, clientId: number, clientEmail: string) {
  const shared = await page.request.post('/api/stylist/share', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { clientId },
  });
  expect(shared.status(), await shared.text()).toBe(200);
  // The share email, not another the client got before it (a pickup's receipt).
  const mail = await receivedMail(clientEmail, /\/(curated|quote)\/[A-Za-z0-9_-]{43}/);
  return (path: 'curated' | 'quote') => {
    const found = mail.match(new RegExp(`https?://[^\\s"<>]+/${path}/([A-Za-z0-9_-]+)`));
    expect(found?.[1], `a /${path}/ link in the share email`).toMatch(ACCESS_TOKEN_PATTERN);
    return found![0];
  };
}

/** The figure the dashboard's overview shows under a label. */
const stat = (page: Page, label: string) =>
  page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

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
  // It records the client's answers; sending the offers is Share's (issue 18, item 14).
  await expect(
    review.getByText(/^Record the answers your client gave .* use Share\.$/),
  ).toBeVisible();
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

test('a client answers on their link while the stylist’s quotes page and dashboard are open: both follow, and the bell leads to the answers', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  const admin = await adminApi(baseURL!);
  const stylist = await admin.createStylist('Noemi');
  await admin.dispose();
  await signInThroughForm(page, stylist);
  await expect(page).toHaveURL(/\/dashboard$/);
  const clientEmail = uniqueEmail('ines');
  const clientId = await createClientThroughApi(page, 'Ines', clientEmail);
  const [speedy, coat] = await quotesWithOffers(page, baseURL!, clientId, 2);
  const linkTo = await shareWith(page, clientId, clientEmail);

  // The stylist's dashboard in this tab, the client's quotes in a second one.
  const streamOpened = (tab: Page) =>
    tab.waitForResponse((response) => response.url().includes('/api/stylist/notifications/stream'));
  const dashboardStream = streamOpened(page);
  await page.reload();
  await dashboardStream;
  await expect(stat(page, 'Quotes to Review')).toHaveText('2');
  await expect(stat(page, 'Stuff to Ship')).toHaveText('0');
  const quotesTab = await page.context().newPage();
  const quotesTabErrors = watchConsole(quotesTab);
  const quotesStream = streamOpened(quotesTab);
  await quotesTab.goto(`/quotes/pickup/${clientId}`);
  await quotesStream;
  const card = (id: number) => quotesTab.getByRole('article', { name: `Quote #${id}` });
  await expect(card(speedy!)).toContainText('Offer Pending Response');
  await expect(card(coat!)).toContainText('Offer Pending Response');
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toHaveAccessibleName('Notifications, 0 unread');

  // The client answers on their own device: No to the coat (newest, first), Yes to the bag.
  const clientContext = await browser.newContext();
  const phone = await clientContext.newPage();
  await phone.goto(linkTo('curated'));
  // Opening the offers tells the stylist at once (docs/decisions/0029).
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(card(speedy!)).toContainText(/Viewed \d+\/\d+\/\d{4}/);
  const current = phone.locator('[data-current]');
  await expect(current).toHaveAttribute('aria-label', /Oversized Wool Coat$/);
  await current.getByRole('button', { name: CLIENT_PAGE_TEXT.no }).click();
  await expect(current).toHaveAttribute('aria-label', /Speedy 30 Monogram$/);
  await current.getByRole('button', { name: CLIENT_PAGE_TEXT.yes }).click();
  await phone.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm }).click();
  await expect(phone.getByText(/^Thanks, Ines!/)).toBeVisible();
  await clientContext.close();

  // Neither tab reloads: the live event refreshes what it concerns.
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await expect(stat(page, 'Quotes to Review')).toHaveText('0');
  await expect(stat(page, 'Stuff to Ship')).toHaveText('1');
  await expect(card(speedy!)).toContainText('Offer Accepted');
  await expect(card(coat!)).toContainText('Rejected');
  await shoot(page, 'live-dashboard-after-answer', project);
  await shoot(quotesTab, 'live-quotes-after-answer', project);
  await quotesTab.close();

  // The notification leads to the answers as recorded (§2: one card per listed quote).
  await bell.click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: /^Ines Testwood answered 2 quotes/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/quotes/review/${clientId}\\?quotes=`));
  await expect(page.getByRole('heading', { name: "Ines's Responses" })).toBeVisible();
  const answers = page.getByRole('region', { name: 'Quotes to review' }).getByRole('article');
  await expect(answers).toHaveCount(2);
  const bag = answers.filter({ hasText: 'Speedy 30 Monogram' });
  await expect(bag).toContainText('Buyout accepted: $800.00');
  await expect(bag).toContainText(/Answered by the client on \d+\/\d+\/\d{4}/);
  await expect(bag).toContainText('on the Curated For page');
  await expect(answers.filter({ hasText: 'Oversized Wool Coat' })).toContainText('Offers declined');
  await expect(page.getByText('None of these quotes are waiting for an answer.')).toHaveCount(0);
  await shoot(page, 'quote-review-answered', project);
  expect([...errors, ...quotesTabErrors]).toEqual([]);
});

test('a picked-up item shows each later status on the stylist’s card and the client’s Quote Share', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  await signInAsDemo(page);
  const clientEmail = uniqueEmail('lior');
  const clientId = await createClientThroughApi(page, 'Lior', clientEmail);
  const [quoteId] = await acceptedQuotes(page, baseURL!, clientId, 1);
  const picked = await page.request.post('/api/stylist/white-glove-quotes/complete', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: {
      quoteIds: String(quoteId),
      signature: `data:image/png;base64,${gradientPng(300, 150, [0, 0, 0], [90, 90, 90]).toString('base64')}`,
      generateShippingLabel: false,
    },
  });
  expect(picked.status(), await picked.text()).toBe(200);
  const quoteShareUrl = (await shareWith(page, clientId, clientEmail))('quote');

  const card = page.getByRole('article', { name: `Quote #${quoteId}` });
  const shared = page.getByRole('article').filter({ hasText: 'Speedy 30 Monogram' });
  const expectBoth = async (text: string) => {
    await page.goto(`/quotes/pickup/${clientId}`);
    await expect(card.getByRole('checkbox')).toHaveAccessibleDescription(text);
    await page.goto(quoteShareUrl);
    await expect(shared).toContainText(text);
  };
  await expectBoth('Picked Up');

  const admin = await adminApi(baseURL!);
  await admin.act(quoteId!, { action: 'receive' });
  await expectBoth('Received at Warehouse');
  await admin.act(quoteId!, { action: 'convert' });
  await expectBoth('Converted to Product');
  const commission = await admin.sell(quoteId!);
  await admin.markPaid(commission.id);
  await admin.dispose();
  await expectBoth('Sold');
  await expect(shared).not.toContainText('Picked Up');
  await shoot(page, 'quote-share-sold-after-pickup', project);
  await page.goto(`/quotes/pickup/${clientId}`);
  await expect(card).not.toContainText('Picked Up');
  await shoot(page, 'pickup-card-sold-after-pickup', project);
  expect(errors).toEqual([]);
});
