import AxeBuilder from '@axe-core/playwright';
import {
  ACCESS_TOKEN_PATTERN,
  CLIENT_PAGE_TEXT,
  ErrorBodySchema,
  NotificationListDocumentSchema,
  QuoteListDocumentSchema,
} from '@atelier/contract';
import { expect, test, type Page } from '@playwright/test';
import { quotesWithOffers } from './accepted-quotes.ts';
import {
  apiToken,
  createClientThroughApi,
  DEMO,
  shoot,
  signInAsDemo,
  uniqueEmail,
  watchConsole,
} from './fixtures.ts';
import { receivedMail } from './mailbox.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A client of the demo stylist with two quotes whose offers wait, shared by email: the links. */
async function sharedClient(page: Page, baseURL: string, firstName: string) {
  await signInAsDemo(page);
  const email = uniqueEmail(firstName.toLowerCase());
  const clientId = await createClientThroughApi(page, firstName, email);
  const [speedy, coat] = await quotesWithOffers(page, baseURL, clientId, 2);
  const shared = await page.request.post('/api/stylist/share', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { clientId },
  });
  expect(shared.status(), await shared.text()).toBe(200);
  const mail = await receivedMail(email);
  const link = (path: string) => {
    const found = mail.match(new RegExp(`https?://[^\\s"<>]+/${path}/([A-Za-z0-9_-]+)`));
    expect(found?.[1], `a /${path}/ link in the share email`).toMatch(ACCESS_TOKEN_PATTERN);
    return found![0];
  };
  return {
    clientId,
    speedy: speedy!,
    coat: coat!,
    curated: link('curated'),
    quoteShare: link('quote'),
    approval: link('quotes'),
  };
}

/** Each quote's status and accepted offer, as the stylist's quotes page reads them. */
async function stylistView(page: Page, clientId: number) {
  const response = await page.request.get(`/api/stylist/clients/${clientId}/quotes`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  const { data } = QuoteListDocumentSchema.parse(await response.json());
  return (id: number) => {
    const quote = data.find((q) => q.id === id)?.attributes;
    return [quote?.status, quote?.offers.acceptedOfferType];
  };
}

/** axe on the page as it stands: nothing serious or critical. */
async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** A finger dragging across the carousel, through the browser's touch input. */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });
  await touch('touchStart', from);
  for (let step = 1; step <= 10; step += 1) {
    await touch('touchMove', {
      x: from.x + ((to.x - from.x) * step) / 10,
      y: from.y + ((to.y - from.y) * step) / 10,
    });
  }
  await touch('touchEnd');
  await cdp.detach();
}

test('a client answers from the share email on a phone, once, and the stylist hears', async ({
  browser,
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone journey runs once, at 390x844');
  const links = await sharedClient(page, baseURL!, 'Margaux');

  const phoneContext = await browser.newContext(PHONE);
  const phone = await phoneContext.newPage();
  const errors = watchConsole(phone);
  await phone.goto(links.curated);
  await expect(phone.getByRole('heading', { name: 'Curated For' })).toBeVisible();
  await expect(phone.getByText('Margaux Testwood')).toBeVisible();
  await expect(phone.getByText('1 of 2')).toBeVisible();
  await expect(phone.getByText('Your Stylist')).toBeVisible();
  await expect(phone.getByText('Camille Laurent')).toBeVisible();
  const confirm = phone.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm });
  await expect(confirm).toBeDisabled();
  await expectNoSeriousViolations(phone);
  await shoot(phone, 'curated', 'phone-390');

  // Newest first: the coat, then the bag. The page moves on to the next card by itself.
  const current = phone.locator('[data-current]');
  await expect(current).toHaveAttribute('aria-label', /Oversized Wool Coat$/);
  await expect(current.getByText('$800.00')).toBeVisible();
  await expect(current.getByText(CLIENT_PAGE_TEXT.sellQuestion)).toBeVisible();
  await current.getByRole('button', { name: 'No' }).click();
  await expect(phone.getByText('2 of 2')).toBeVisible();
  await expect(current).toHaveAttribute('aria-label', /Speedy 30 Monogram$/);
  await current.getByRole('button', { name: 'Yes' }).click();
  await expect(confirm).toBeEnabled();

  // A swipe to the right brings the first card back, its answer kept.
  const box = (await phone.getByRole('region', { name: 'Quotes to answer' }).boundingBox())!;
  const y = box.y + box.height / 2;
  await swipe(phone, { x: 60, y }, { x: 340, y });
  await expect(phone.getByText('1 of 2')).toBeVisible();
  await expect(current.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');
  await shoot(phone, 'curated-answered', 'phone-390');

  await confirm.click();
  await expect(
    phone.getByText(CLIENT_PAGE_TEXT.thanks('Margaux', 'Camille Laurent')),
  ).toBeVisible();
  await shoot(phone, 'curated-thanks', 'phone-390');

  // The stylist sees the new statuses, a notification and an email.
  const auth = { authorization: `Bearer ${await apiToken(page)}` };
  const statusOf = await stylistView(page, links.clientId);
  expect(statusOf(links.speedy)).toEqual(['offer_accepted', 'buyout']);
  expect(statusOf(links.coat)).toEqual(['rejected', 'rejected']);
  const { data: notifications } = NotificationListDocumentSchema.parse(
    await (await page.request.get('/api/stylist/notifications', { headers: auth })).json(),
  );
  const told = notifications.find((n) => n.link?.startsWith(`/quotes/review/${links.clientId}?`));
  expect(told).toMatchObject({ kind: 'client_answered', readAt: null });
  expect(told?.text).toContain('Margaux Testwood answered 2 quotes');
  const stylistMail = await receivedMail(DEMO.email, /Margaux answered your quotes/);
  expect(stylistMail).toContain('Speedy 30 Monogram');
  await page.goto(told!.link!);
  await expect(page.getByRole('heading', { name: "Margaux's Responses" })).toBeVisible();

  // The same link afterwards: the answers as recorded, and no way to give them again.
  await phone.reload();
  await expect(phone.getByText(CLIENT_PAGE_TEXT.nothingToReview('Margaux'))).toBeVisible();
  await expect(phone.getByText(CLIENT_PAGE_TEXT.yourAnswers)).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Yes' })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm })).toHaveCount(0);
  await shoot(phone, 'curated-answered-again', 'phone-390');
  const overwrite = await phone.request.post(
    links.curated.replace(/\/curated\//, '/api/client/curated/'),
    {
      multipart: {
        data: JSON.stringify({ pendingItems: [{ id: links.coat, clientResponse: 'buyout' }] }),
      },
    },
  );
  expect(overwrite.status()).toBe(409);
  expect(ErrorBodySchema.parse(await overwrite.json()).message).toContain('already answered');
  expect((await stylistView(page, links.clientId))(links.coat)).toEqual(['rejected', 'rejected']);
  expect(errors).toEqual([]);
  await phoneContext.close();
});

test('a client follows their quotes and chooses consignment or buyout', async ({
  page,
  baseURL,
}, testInfo) => {
  const links = await sharedClient(page, baseURL!, 'Ines');
  const client = await page
    .context()
    .browser()!
    .newContext(
      testInfo.project.name === 'mobile' ? PHONE : { viewport: { width: 1280, height: 800 } },
    );
  const visitor = await client.newPage();
  const errors = watchConsole(visitor);

  // The Curated For page at this size too, before anything is answered.
  await visitor.goto(links.curated);
  await expect(visitor.getByText('1 of 2')).toBeVisible();
  await expectNoSeriousViolations(visitor);
  await shoot(visitor, 'curated', testInfo.project.name);

  await visitor.goto(links.quoteShare);
  await expect(visitor.getByRole('heading', { name: 'Quote Share' })).toBeVisible();
  await expect(visitor.getByText('Ines Testwood')).toBeVisible();
  await expect(visitor.getByText('Offer Pending Response')).toHaveCount(2);
  await expect(visitor.getByText('Speedy 30 Monogram')).toBeVisible();
  await expectNoSeriousViolations(visitor);
  await shoot(visitor, 'quote-share', testInfo.project.name);

  await visitor.goto(links.approval);
  await expect(visitor.getByRole('heading', { name: 'Approve White Glove Offers' })).toBeVisible();
  await expectNoSeriousViolations(visitor);
  const submit = visitor.getByRole('button', { name: CLIENT_PAGE_TEXT.submitResponses });
  await submit.click();
  await expect(visitor.getByText(CLIENT_PAGE_TEXT.responseRequired)).toBeVisible();

  const speedy = visitor.getByRole('article', { name: 'Speedy 30 Monogram' });
  await speedy
    .getByRole('group', { name: 'Consignment offer' })
    .getByRole('button', { name: 'Accept' })
    .click();
  // Accepting one offer declines the other (§4).
  await expect(
    speedy.getByRole('group', { name: 'Buyout offer' }).getByRole('button', { name: 'Reject' }),
  ).toHaveAttribute('aria-pressed', 'true');
  const coat = visitor.getByRole('article', { name: 'Oversized Wool Coat' });
  for (const offer of ['Consignment offer', 'Buyout offer']) {
    await coat.getByRole('group', { name: offer }).getByRole('button', { name: 'Reject' }).click();
  }
  await shoot(visitor, 'offer-approval', testInfo.project.name);
  await submit.click();
  await expect(visitor.getByText(CLIENT_PAGE_TEXT.responsesSubmitted)).toBeVisible();
  // The earlier "Response Required" went with the complete answers.
  await expect(visitor.getByText(CLIENT_PAGE_TEXT.responseRequired)).toHaveCount(0);
  await expect(visitor.getByText(CLIENT_PAGE_TEXT.yourAnswers)).toBeVisible();
  await shoot(visitor, 'offer-approval-done', testInfo.project.name);

  const statusOf = await stylistView(page, links.clientId);
  expect(statusOf(links.speedy)).toEqual(['offer_accepted', 'consignment']);
  expect(statusOf(links.coat)).toEqual(['rejected', 'rejected']);

  // The Curated For link of the same email has nothing left to ask.
  await visitor.goto(links.curated);
  await expect(visitor.getByText(CLIENT_PAGE_TEXT.nothingToReview('Ines'))).toBeVisible();
  expect(errors).toEqual([]);
  await client.close();
});

test('a link that does not work says so plainly', async ({ page }) => {
  const errors = watchConsole(page);
  // Well formed, never issued.
  await page.goto(`/curated/${'x'.repeat(43)}`);
  await expect(page.getByText(CLIENT_PAGE_TEXT.linkNotValid)).toBeVisible();
  await expect(page.getByText(CLIENT_PAGE_TEXT.linkNotValidHelp)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes' })).toHaveCount(0);
  // The 404 of the unknown link is expected; nothing else may go wrong.
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});
