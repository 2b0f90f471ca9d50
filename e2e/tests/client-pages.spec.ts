import {
  CLIENT_PAGE_TEXT,
  CuratedDocumentSchema,
  ErrorBodySchema,
  NotificationListDocumentSchema,
  QuoteListDocumentSchema,
} from '@atelier/contract';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { sharedClient } from './accepted-quotes.ts';
import { apiToken, DEMO, expectNoSeriousViolations, shoot, watchConsole } from './fixtures.ts';
import { receivedMail } from './mailbox.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

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

/** A browser context of this project's size: the phone at 375 px or the desktop at 1280 px. */
function deviceOf(testInfo: TestInfo) {
  return testInfo.project.name === 'mobile'
    ? { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true }
    : { viewport: { width: 1280, height: 800 } };
}

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, maxPresses = 25) {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
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
  const client = await page.context().browser()!.newContext(deviceOf(testInfo));
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
  await expectNoSeriousViolations(visitor);
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

test('a second device confirms later: the first answers and their time show, the later ones are not recorded', async ({
  browser,
  page,
  baseURL,
}, testInfo) => {
  const links = await sharedClient(page, baseURL!, 'Odile');
  const project = testInfo.project.name;
  // The stale device reads times on a Los Angeles clock: answers show in the viewer's time zone.
  const timezoneId = 'America/Los_Angeles';
  const first = await browser.newContext(deviceOf(testInfo));
  const second = await browser.newContext({ ...deviceOf(testInfo), timezoneId });
  const [tablet, phone] = [await first.newPage(), await second.newPage()];
  const errors = [...[tablet, phone].map(watchConsole)];
  for (const device of [tablet, phone]) {
    await device.goto(links.curated);
    await expect(device.getByText('1 of 2')).toBeVisible();
  }

  // The first device: No to the coat, Yes to the bag, confirm.
  const card = (device: Page, name: string) =>
    device.getByRole('group', { name: new RegExp(`${name}$`) });
  await card(tablet, 'Oversized Wool Coat').getByRole('button', { name: 'No' }).click();
  await card(tablet, 'Speedy 30 Monogram').getByRole('button', { name: 'Yes' }).click();
  await tablet.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm }).click();
  const thanks = tablet.getByRole('heading', {
    name: CLIENT_PAGE_TEXT.thanks('Odile', 'Camille Laurent'),
  });
  await expect(thanks).toBeFocused();
  const answers = tablet.getByRole('region', { name: CLIENT_PAGE_TEXT.yourAnswers });
  await expect(
    answers.getByRole('listitem').filter({ hasText: 'Speedy 30 Monogram' }),
  ).toContainText('Yes · $800.00');
  await expect(
    answers.getByRole('listitem').filter({ hasText: 'Oversized Wool Coat' }),
  ).toContainText('No · $800.00 declined');
  const next = tablet.getByRole('region', { name: CLIENT_PAGE_TEXT.whatHappensNext });
  await expect(next).toContainText(CLIENT_PAGE_TEXT.nextCollect('Camille Laurent'));
  await expect(next).toContainText(CLIENT_PAGE_TEXT.nextPayment('$800.00', null));
  await expect(next).toContainText(CLIENT_PAGE_TEXT.nextKeep);
  await expectNoSeriousViolations(tablet);
  await shoot(tablet, 'curated-confirmed', project);

  // The second device still shows both cards; its different answers come later.
  await card(phone, 'Oversized Wool Coat').getByRole('button', { name: 'Yes' }).click();
  await card(phone, 'Speedy 30 Monogram').getByRole('button', { name: 'No' }).click();
  await phone.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm }).click();
  const heading = phone.getByRole('heading', { name: CLIENT_PAGE_TEXT.alreadyAnsweredTitle });
  await expect(heading).toBeFocused();
  const notice = phone.getByRole('alert').filter({ has: heading });
  await expect(notice).toContainText(CLIENT_PAGE_TEXT.alreadyAnsweredHelp);

  // When, as the server recorded it, on the viewer's clock.
  const recorded = CuratedDocumentSchema.parse(
    await (
      await page.request.get(links.curated.replace('/curated/', '/api/client/curated/'))
    ).json(),
  ).meta.answered;
  const laTime = new Intl.DateTimeFormat('en-US', {
    month: 'numeric',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timezoneId,
  });
  for (const [name, earlier, later] of [
    ['Oversized Wool Coat', 'No', 'Yes'],
    ['Speedy 30 Monogram', 'Yes', 'No'],
  ] as const) {
    const answeredAt = recorded.find((quote) => quote.name === name)!.answer!.answeredAt;
    const item = notice.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText(
      CLIENT_PAGE_TEXT.answeredBefore(earlier, laTime.format(new Date(answeredAt))),
    );
    await expect(item).toContainText(CLIENT_PAGE_TEXT.notRecorded(later));
  }
  await expect(phone.getByText(CLIENT_PAGE_TEXT.nothingToReview('Odile'))).toBeVisible();
  await expect(phone.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm })).toHaveCount(0);
  await expectNoSeriousViolations(phone);
  await shoot(phone, 'curated-conflict', project);

  const statusOf = await stylistView(page, links.clientId);
  expect(statusOf(links.coat)).toEqual(['rejected', 'rejected']);
  expect(statusOf(links.speedy)).toEqual(['offer_accepted', 'buyout']);
  // The refused confirm is a 409 the page expected; nothing else may go wrong.
  expect(errors.flat().filter((e) => !e.includes('409'))).toEqual([]);
  await first.close();
  await second.close();
});

test('Curated For shows 1.2 cards, centred, changes at once under reduced motion, and works by keyboard alone', async ({
  browser,
  page,
  baseURL,
}, testInfo) => {
  const links = await sharedClient(page, baseURL!, 'Leonie', 3);
  const context = await browser.newContext(deviceOf(testInfo));
  const client = await context.newPage();
  const errors = watchConsole(client);
  await client.goto(links.curated);
  await expect(client.getByText('1 of 3')).toBeVisible();

  const slides = client.locator('[aria-roledescription="slide"]');
  const viewport = slides.first().locator('xpath=../..');
  const box = async (locator: Locator) => (await locator.boundingBox())!;
  const frame = await box(viewport);
  // The cards' share of the carousel: 1.2 of them fill it; on a phone it spans the screen.
  const widths = await Promise.all(
    [0, 1, 2].map(async (index) => (await box(slides.nth(index))).width),
  );
  for (const width of widths) expect(width / frame.width).toBeCloseTo(1 / 1.2, 2);
  // Within a pixel: layout positions may be fractional.
  const expectNear = (actual: number, expected: number) =>
    expect(Math.abs(actual - expected), `${actual} near ${expected}`).toBeLessThan(1.5);
  if (testInfo.project.name === 'mobile') expectNear(frame.width, 375);
  // The first card starts at the carousel's edge: no empty gutter before it.
  expectNear((await box(slides.first())).x, frame.x);
  await shoot(client, 'curated-first-card', testInfo.project.name);

  /** Presses Next and reads where the new card sits two frames later. */
  const centreAfterNext = () =>
    client.evaluate(async () => {
      document.querySelector<HTMLButtonElement>('button[aria-label="Next quote"]')!.click();
      for (let frames = 0; frames < 2; frames += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      const current = document.querySelector('[data-current]')!.getBoundingClientRect();
      return current.x + current.width / 2;
    });
  const middle = frame.x + frame.width / 2;

  // Under reduced motion the carousel does not slide: the next card is in place at once, centred.
  await client.emulateMedia({ reducedMotion: 'reduce' });
  await client.reload();
  await expect(client.getByText('1 of 3')).toBeVisible();
  expectNear(await centreAfterNext(), middle);
  await expect(client.getByText('2 of 3')).toBeVisible();
  await shoot(client, 'curated-middle-card', testInfo.project.name);
  // The last card ends at the carousel's far edge.
  await centreAfterNext();
  const last = await box(slides.last());
  expectNear(last.x + last.width, frame.x + frame.width);

  // Keyboard only, from the top of the page: Enter and Space answer, Tab reaches confirm.
  await client.reload();
  await expect(client.getByText('1 of 3')).toBeVisible();
  const confirm = client.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm });
  const answer = (index: number, name: 'Yes' | 'No') =>
    slides.nth(index).getByRole('button', { name });
  await tabTo(client, answer(0, 'Yes'));
  await client.keyboard.press('Enter');
  await expect(answer(0, 'Yes')).toHaveAttribute('aria-pressed', 'true');
  await expect(client.getByText('2 of 3')).toBeVisible();
  await tabTo(client, answer(1, 'No'));
  await client.keyboard.press('Space');
  await expect(answer(1, 'No')).toHaveAttribute('aria-pressed', 'true');
  await tabTo(client, answer(2, 'Yes'));
  await client.keyboard.press('Space');
  await expect(answer(2, 'Yes')).toHaveAttribute('aria-pressed', 'true');
  await tabTo(client, confirm);
  await client.keyboard.press('Enter');
  await expect(
    client.getByRole('heading', { name: CLIENT_PAGE_TEXT.thanks('Leonie', 'Camille Laurent') }),
  ).toBeFocused();
  await expect(
    client.getByRole('region', { name: CLIENT_PAGE_TEXT.yourAnswers }).getByRole('listitem'),
  ).toHaveCount(3);
  await expectNoSeriousViolations(client);
  await shoot(client, 'curated-keyboard-done', testInfo.project.name);
  expect(errors).toEqual([]);
  await context.close();
});
