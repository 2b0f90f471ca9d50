import crypto from 'node:crypto';
import { DECLINE_REASONS, HUB_GROUPS, HUB_TEXT, type AdminQuoteAction } from '@atelier/contract';
import { expect, request, test, type Page, type TestInfo } from '@playwright/test';
import { quotesWithOffers, sharedClient } from './accepted-quotes.ts';
import {
  ADMIN,
  apiToken,
  createClientThroughApi,
  expectNoSeriousViolations,
  shoot,
  signInAsDemo,
  uniqueEmail,
  watchConsole,
} from './fixtures.ts';
import { receivedMail } from './mailbox.ts';

/** The widths: a 390 px phone and a 1280 px desktop. */
function deviceOf(testInfo: TestInfo) {
  return testInfo.project.name === 'mobile'
    ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
    : { viewport: { width: 1280, height: 800 } };
}

/** A page of its own for the client, who opens links from their email without signing in. */
async function clientDevice(page: Page, testInfo: TestInfo) {
  const context = await page.context().browser()!.newContext(deviceOf(testInfo));
  return context.newPage();
}

const item = (device: Page, name: string) =>
  device.getByRole('article', { name: new RegExp(`${name}$`) });
const stylistCard = (page: Page, quoteId: number) =>
  page.getByRole('article', { name: `Quote #${quoteId}` });
const hubLinkIn = (mail: string) => /https?:\/\/[^\s"<>]+\/hub\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0];

test.beforeEach(async ({ page }, testInfo) => {
  await page.setViewportSize(deviceOf(testInfo).viewport);
});

test('the stylist sees, live, that the client opened the offers, asked a question and declined with a reason', async ({
  page,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const errors = watchConsole(page);
  const shared = await sharedClient(page, baseURL!, 'Hana');
  await page.goto(`/quotes/pickup/${shared.clientId}`);
  await expect(stylistCard(page, shared.speedy)).toContainText('Not viewed yet');

  // The client opens the hub from the share email.
  const client = await clientDevice(page, testInfo);
  const clientErrors = watchConsole(client);
  await client.goto(shared.hub);
  await expect(client.getByRole('heading', { name: HUB_TEXT.heading('Hana') })).toBeVisible();
  const waiting = client.getByRole('region', { name: HUB_GROUPS.answer });
  await expect(waiting.getByRole('article')).toHaveCount(2);
  const speedy = item(client, 'Speedy 30 Monogram');
  await expect(speedy.getByRole('group', { name: 'Consign it: $1,200.00' })).toBeVisible();
  await expect(speedy.getByRole('group', { name: 'Sell it now: $800.00' })).toBeVisible();
  await expectNoSeriousViolations(client);
  await shoot(client, 'hub', project);

  // "Viewed" reaches the stylist's open page without a reload.
  await expect(stylistCard(page, shared.speedy)).toContainText(/Viewed \d+\/\d+\/\d{4}/);

  // A question about the coat.
  const coat = item(client, 'Oversized Wool Coat');
  await coat.getByRole('button', { name: HUB_TEXT.ask }).click();
  await coat
    .getByRole('textbox', { name: HUB_TEXT.questionLabel('Camille') })
    .fill('Could you collect it on Friday?');
  await coat.getByRole('button', { name: HUB_TEXT.send }).click();
  await expect(coat.getByText(HUB_TEXT.questionSent('Camille'))).toBeVisible();

  // The bag is declined, with a reason and a note.
  await speedy.getByRole('button', { name: HUB_TEXT.decline }).click();
  await speedy.getByRole('radio', { name: DECLINE_REASONS.price_too_low }).check();
  await speedy.getByRole('textbox', { name: HUB_TEXT.noteLabel }).fill('I hoped for $1,000.');
  await shoot(client, 'hub-decline', project, false);
  await speedy.getByRole('button', { name: HUB_TEXT.send }).click();
  await expect(client.getByText(HUB_TEXT.declined)).toBeVisible();
  const closed = client.getByRole('region', { name: HUB_GROUPS.closed });
  await expect(closed.getByRole('article', { name: /Speedy 30 Monogram$/ })).toContainText(
    'Reason: The offer is lower than I hoped',
  );

  // Both reach the stylist's open page live, and the stylist's inbox.
  await expect(stylistCard(page, shared.coat)).toContainText(
    'Client asked: “Could you collect it on Friday?”',
  );
  await expect(stylistCard(page, shared.speedy)).toContainText(
    `Declined: ${DECLINE_REASONS.price_too_low}`,
  );
  await shoot(page, 'hub-stylist-live', project);
  expect(await receivedMail('demo@atelier.test', /Could you collect it on Friday\?/)).toContain(
    'Hana Testwood asked about',
  );
  expect(errors).toEqual([]);
  expect(clientErrors).toEqual([]);
});

test('an expired link is renewed by the client from the page itself', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  await signInAsDemo(page);
  const email = uniqueEmail('ines');
  await createClientThroughApi(page, 'Ines', email);

  const client = await clientDevice(page, testInfo);
  const errors = watchConsole(client);
  // A link nobody has (or one that expired: both read alike).
  await client.goto(`/hub/${crypto.randomBytes(32).toString('base64url')}`);
  const form = client.getByRole('region', { name: HUB_TEXT.newLinkHeading });
  await expect(form).toBeVisible();
  await expectNoSeriousViolations(client);
  await shoot(client, 'hub-expired', project);
  await form.getByRole('textbox', { name: HUB_TEXT.newLinkEmailLabel }).fill(email);
  await form.getByRole('button', { name: HUB_TEXT.newLinkSend }).click();
  await expect(client.getByText(HUB_TEXT.newLinkSent)).toBeVisible();

  const link = hubLinkIn(await receivedMail(email, /new link/i));
  expect(link, 'a hub link in the new-link email').toBeDefined();
  await client.goto(link!);
  await expect(client.getByRole('heading', { name: HUB_TEXT.heading('Ines') })).toBeVisible();
  await expect(client.getByText(HUB_TEXT.nothingYet('Ines'))).toBeVisible();
  // The 404 of the unknown link is expected; nothing else may go wrong.
  expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
});

test('offers about to expire bring the client one reminder that opens them', async ({
  page,
  baseURL,
}, testInfo) => {
  await signInAsDemo(page);
  const email = uniqueEmail('rosa');
  const clientId = await createClientThroughApi(page, 'Rosa', email);
  const [speedy] = await quotesWithOffers(page, baseURL!, clientId, 1);

  // The back office gives these offers two days, inside the 72-hour reminder window, so the
  // reminder is due at the next sweep (every 500 ms here) instead of eleven days from now.
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await admin.post('/api/auth/sign-in/email', { data: ADMIN })).status()).toBe(200);
  const { token } = (await (await admin.get('/api/auth/token')).json()) as { token: string };
  const renew: AdminQuoteAction = { action: 'renew_offers', expiresInDays: 2 };
  const renewed = await admin.post(`/api/admin/quotes/${speedy}/actions`, {
    headers: { authorization: `Bearer ${token}` },
    data: renew,
  });
  expect(renewed.status(), await renewed.text()).toBe(200);
  await admin.dispose();

  const reminder = await receivedMail(email, /expires on/);
  expect(reminder).toContain('Speedy 30 Monogram');
  const client = await clientDevice(page, testInfo);
  await client.goto(hubLinkIn(reminder)!);
  const bag = item(client, 'Speedy 30 Monogram');
  await expect(bag.getByText(/^Open until \d+\/\d+\/\d{4}$/)).toBeVisible();
  await expect(bag.getByRole('button', { name: HUB_TEXT.accept('buyout') })).toBeEnabled();

  // The stylist hears of it too.
  const notifications = await page.request.get('/api/stylist/notifications', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  const texts = ((await notifications.json()) as { data: { text: string }[] }).data.map(
    (entry) => entry.text,
  );
  expect(
    texts.some((text) => /Rosa Testwood expires on .*Rosa was reminded by email/.test(text)),
  ).toBe(true);
});
