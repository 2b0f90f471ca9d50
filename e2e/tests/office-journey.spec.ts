import { HUB_GROUPS, HUB_TEXT, QuoteListDocumentSchema } from '@atelier/contract';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  apiToken,
  createClientThroughApi,
  expectNoSeriousViolations,
  openStylistAccount,
  shoot,
  signInThroughForm,
  uniqueEmail,
  watchConsole,
} from './fixtures.ts';
import { receivedMail } from './mailbox.ts';
import { AUTHENTICATOR, OPERATIONS, PRICER } from './office-items.ts';
import { gradientPng } from './png.ts';

/**
 * Issue 30's "done when": one item's whole life through screens, each person at a browser of their
 * own, each step seen by the others without a reload. A stylist of the journey's own keeps the
 * queues it filters to this item alone.
 */

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };
/** The seed sold jewelry of this designer: price guidance from the same designer and category. */
const DESIGNER = 'Van Cleef & Arpels';
const CATEGORY = 'Jewelry';

interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function personAt(browser: Browser, baseURL: string, device: object): Promise<Person> {
  const context = await browser.newContext({ baseURL, ...device });
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

/** Marks the page: the mark is gone if the page is ever loaded again. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { journeyMark: true }));
async function expectSamePage(page: Page) {
  expect(
    await page.evaluate(() => (window as { journeyMark?: boolean }).journeyMark === true),
    'the page was not loaded again',
  ).toBe(true);
}

const rowOf = (page: Page, quoteId: number) =>
  page.locator('tr, li').filter({ hasText: new RegExp(`#${quoteId}(?!\\d)`) });

/** A queue tab filtered to the journey's stylist, as its address (kept to come back to). */
async function queueOfStylist(page: Page, tab: RegExp, stylistName: string) {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel('Stylist', { exact: true }).selectOption({ label: stylistName });
  await expect(page.getByText(/^Nothing in .+ matches these filters\.$/)).toBeVisible();
  return page.url();
}

const decisionsOf = (page: Page) => page.getByRole('region', { name: 'Decisions' });

/** A one-click decision in the workspace, and the status it says the item is now in. */
async function decideInWorkspace(page: Page, quoteId: number, decision: string, status: string) {
  await decisionsOf(page).getByRole('button', { name: decision, exact: true }).click();
  await expect(page.getByText(`Item #${quoteId} is now: ${status}.`)).toBeVisible();
}

const hubItem = (hub: Page, group: keyof typeof HUB_GROUPS, name: string) =>
  hub
    .getByRole('region', { name: HUB_GROUPS[group] })
    .getByRole('article', { name: new RegExp(`${name}$`) });

/** The Reports card's figure under a total's label. */
const total = (card: Locator, label: string) =>
  card.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

test("an item's whole life runs through screens, each step seen live by the others", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'one journey at 1280 px, its scan step on a 375 px phone',
  );
  // Five people, about forty steps: several minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  const people: Person[] = [];
  const open = async (device: object) => {
    const person = await personAt(browser, baseURL!, device);
    people.push(person);
    return person;
  };

  try {
    // A stylist of the journey's own, with a new client whose hub is open from the start.
    const stylistAccount = {
      password: 'office-journey-01',
      firstName: 'Juno',
      lastName: 'Lifecycle',
      emailPrefix: 'office-journey',
    };
    const stylistName = `${stylistAccount.firstName} ${stylistAccount.lastName}`;
    const stylistEmail = await openStylistAccount(baseURL!, stylistAccount);
    const stylist = await open(DESKTOP);
    await signInThroughForm(stylist.page, {
      email: stylistEmail,
      password: stylistAccount.password,
    });
    await expect(stylist.page).toHaveURL(/\/dashboard$/);
    const clientEmail = uniqueEmail('journey-client');
    const clientId = await createClientThroughApi(stylist.page, 'Iris', clientEmail, 'Whole');

    // The client asks for their hub link ("Send me a new link") and opens it.
    const client = await open(DESKTOP);
    const asked = await client.page.request.post('/api/client/hub/new-link', {
      data: { email: clientEmail },
    });
    expect(asked.status(), await asked.text()).toBe(202);
    const hubLink = /https?:\/\/[^\s"<>]+\/hub\/[A-Za-z0-9_-]{43}/.exec(
      await receivedMail(clientEmail),
    )?.[0];
    expect(hubLink, 'a hub link in the email').toBeTruthy();
    await client.page.goto(hubLink!);
    await expect(
      client.page.getByRole('heading', { name: HUB_TEXT.heading('Iris') }),
    ).toBeVisible();
    await markPage(client.page);

    // The authenticator watches "To authenticate", the pricer "To price", for this stylist.
    const authenticator = await open(DESKTOP);
    await signInThroughForm(authenticator.page, AUTHENTICATOR);
    await expect(authenticator.page).toHaveURL(/\/office$/);
    const toAuthenticate = await queueOfStylist(
      authenticator.page,
      /^To authenticate \d+$/,
      stylistName,
    );
    await markPage(authenticator.page);
    const pricer = await open(DESKTOP);
    await signInThroughForm(pricer.page, PRICER);
    await expect(pricer.page).toHaveURL(/\/office$/);
    await queueOfStylist(pricer.page, /^To price \d+$/, stylistName);
    await markPage(pricer.page);

    // 1. The stylist adds an item with two photos.
    const name = 'Alhambra Vintage Pendant';
    await stylist.page.goto(`/quotes/pickup/${clientId}`);
    await stylist.page
      .getByRole('button', { name: 'Add Item' })
      .filter({ visible: true })
      .first()
      .click();
    const form = stylist.page.getByRole('dialog', { name: 'New Item' });
    await form.getByRole('combobox', { name: 'Designer' }).click();
    await stylist.page.getByRole('option', { name: DESIGNER, exact: true }).click();
    await form.getByRole('combobox', { name: 'Category' }).click();
    await stylist.page.getByRole('option', { name: CATEGORY, exact: true }).click();
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form
      .getByRole('textbox', { name: 'Description' })
      .fill('Yellow gold and malachite, 2019, with its box and certificate.');
    await form.locator('input[type=file]').setInputFiles([
      {
        name: 'front.png',
        mimeType: 'image/png',
        buffer: gradientPng(800, 800, [20, 90, 60], [230, 200, 120]),
      },
      {
        name: 'back.png',
        mimeType: 'image/png',
        buffer: gradientPng(800, 800, [200, 170, 90], [40, 70, 50]),
      },
    ]);
    await expect(
      form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem'),
    ).toHaveCount(2);
    await form.getByRole('button', { name: 'Add Item' }).click();
    await expect(
      stylist.page.getByText('Quote added successfully and list refreshed!'),
    ).toBeVisible();
    const listed = await stylist.page.request.get(`/api/stylist/clients/${clientId}/quotes`, {
      headers: { authorization: `Bearer ${await apiToken(stylist.page)}` },
    });
    const [created] = QuoteListDocumentSchema.parse(await listed.json()).data;
    expect(created?.attributes.images).toHaveLength(2);
    const quoteId = created!.id;
    const card = stylist.page.getByRole('article', { name: `Quote #${quoteId}` });
    await expect(card).toContainText('Pending Authentication');
    await markPage(stylist.page);

    // 2. It appears at the top of the authenticator's open queue; they take it.
    const authenticatorRow = rowOf(authenticator.page, quoteId);
    await expect(authenticator.page.locator('tbody tr, ul li').first()).toContainText(
      `#${quoteId}`,
    );
    await expectSamePage(authenticator.page);
    await authenticatorRow.getByRole('button', { name: `Assign to me, #${quoteId}` }).click();
    await expect(authenticatorRow.getByText('Nadia Okafor')).toBeVisible();
    // The client's hub has the item under review, without a reload.
    await expect(hubItem(client.page, 'in_review', name)).toBeVisible();
    await expectSamePage(client.page);

    // 3. In the workspace: authentication starts, and a date-code photo is asked for.
    await authenticatorRow.getByRole('link').first().click();
    await expect(authenticator.page).toHaveURL(new RegExp(`/office/items/${quoteId}$`));
    await expect(authenticator.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await decideInWorkspace(
      authenticator.page,
      quoteId,
      'Start authentication',
      'Authentication in progress',
    );
    await decisionsOf(authenticator.page)
      .getByRole('button', { name: 'Request more info' })
      .click();
    const ask = authenticator.page.getByRole('dialog', { name: 'Request more info' });
    await ask.getByLabel('What is missing').fill('a photo of the date code');
    await ask
      .getByLabel('Message to the stylist and client')
      .fill('Please photograph the serial number on the clasp.');
    await ask.getByRole('button', { name: 'Request more info' }).click();
    await expect(ask).toHaveCount(0);
    await expect(authenticator.page.getByText(/Not answered yet\./)).toBeVisible();

    // 4. The stylist's open page shows the request on the card; they answer with a photo.
    const request = card.getByRole('region', {
      name: `Request for more information on #${quoteId}`,
    });
    await expect(request.getByText('The back office asks: a photo of the date code')).toBeVisible();
    await expectSamePage(stylist.page);
    // The authenticator goes back to the queue to wait for the answer.
    await authenticator.page.goto(toAuthenticate);
    await expect(
      authenticator.page.getByText('Nothing in To authenticate matches these filters.'),
    ).toBeVisible();
    await markPage(authenticator.page);

    await request.getByRole('button', { name: `Answer the request on #${quoteId}` }).click();
    const answer = stylist.page.getByRole('dialog', { name: `Answer for #${quoteId}` });
    await answer.locator('input[type=file]').setInputFiles([
      {
        name: 'date-code.png',
        mimeType: 'image/png',
        buffer: gradientPng(700, 500, [20, 60, 90], [220, 230, 240]),
      },
    ]);
    await expect(answer.getByRole('img', { name: 'date-code.png' })).toBeVisible();
    await answer.getByLabel('Note for the back office').fill('Serial VCA 19B 2231, on the clasp.');
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect(stylist.page.getByText('Your answer went to the back office.')).toBeVisible();

    // 5. Back at the top of "To authenticate", marked "Answered", without a reload: authentic.
    await expect(authenticatorRow.getByText('Answered', { exact: true })).toBeVisible();
    await expect(authenticator.page.locator('tbody tr, ul li').first()).toContainText(
      `#${quoteId}`,
    );
    await expectSamePage(authenticator.page);
    await shoot(authenticator.page, 'journey-answered', testInfo.project.name, false);
    await authenticatorRow.getByRole('link').first().click();
    await expect(
      authenticator.page
        .getByRole('region', { name: 'More information' })
        .getByText('Serial VCA 19B 2231, on the clasp.'),
    ).toBeVisible();
    await decideInWorkspace(authenticator.page, quoteId, 'Authentic', 'Authenticated no offer');
    await expect(card).toContainText('Authenticated - No Offer');
    await expectSamePage(stylist.page);

    // 6. The pricer's open "To price" has it; offers are made beside the price guidance.
    const pricerRow = rowOf(pricer.page, quoteId);
    await expect(pricerRow).toBeVisible();
    await expectSamePage(pricer.page);
    await pricerRow.getByRole('link').first().click();
    await decisionsOf(pricer.page).getByRole('button', { name: 'Make offers' }).click();
    const offers = pricer.page.getByRole('dialog', { name: 'Make offers' });
    const guidance = offers.getByRole('region', { name: 'Price guidance' });
    await expect(
      guidance.getByText(new RegExp(`^\\d+ sales of ${DESIGNER} ${CATEGORY}\\.$`)),
    ).toBeVisible();
    await expect(guidance.getByText('Median sale price')).toBeVisible();
    await shoot(pricer.page, 'journey-pricing', testInfo.project.name, false);
    await offers.getByLabel('Consignment estimate ($)').fill('3,400');
    await offers.getByLabel('Buyout quote ($)').fill('2,450');
    await offers.getByLabel('Offers stay open (days, optional)').fill('10');
    await offers.getByRole('button', { name: 'Make offers' }).click();
    await expect(offers).toHaveCount(0);
    await expect(
      pricer.page.getByText(`Item #${quoteId} is now: Authenticated with offer.`),
    ).toBeVisible();

    // 7. The client's open hub shows the offers; the client accepts consignment.
    const waiting = hubItem(client.page, 'answer', name);
    await expect(waiting.getByRole('group', { name: 'Consign it: $3,400.00' })).toBeVisible();
    await expect(waiting.getByRole('group', { name: 'Sell it now: $2,450.00' })).toBeVisible();
    await expectSamePage(client.page);
    await expect(card).toContainText('Authenticated - Has Offer');
    await shoot(client.page, 'journey-hub-offers', testInfo.project.name, false);
    await waiting.getByRole('button', { name: HUB_TEXT.accept('consignment') }).click();
    await expect(client.page.getByText(HUB_TEXT.accepted)).toBeVisible();
    await expect(card).toContainText('Offer Accepted');
    await expectSamePage(stylist.page);

    // 8. The stylist makes a shipping label for it.
    await card.getByRole('checkbox').click();
    await stylist.page
      .getByRole('button', { name: 'Pickup/Shipping Label' })
      .filter({ visible: true })
      .first()
      .click();
    await stylist.page
      .getByRole('dialog', { name: 'Pickup or Shipping Label' })
      .getByRole('button', { name: 'Shipping Label' })
      .click();
    await stylist.page
      .getByRole('dialog', { name: 'Create Shipping Label' })
      .getByRole('button', { name: 'Create Shipping Label' })
      .click();
    const labelled = stylist.page.getByRole('dialog', { name: 'Shipping Label Created' });
    const trackingNumber = (await labelled.getByRole('definition').first().textContent())!;
    expect(trackingNumber).toMatch(/^AT\d{20}$/);
    await labelled.getByRole('button', { name: 'Done' }).click();
    await expect(hubItem(client.page, 'on_its_way', name)).toBeVisible();

    // 9. Operations scans the tracking number on a phone at 375 px: received.
    const warehouse = await open(PHONE);
    await signInThroughForm(warehouse.page, OPERATIONS);
    await expect(warehouse.page).toHaveURL(/\/office$/);
    await warehouse.page.getByRole('tab', { name: /^At warehouse \d+$/ }).click();
    const scan = warehouse.page.getByLabel('Scan to receive');
    await scan.click();
    await warehouse.page.keyboard.type(trackingNumber);
    await warehouse.page.keyboard.press('Enter');
    await expect(
      warehouse.page.getByRole('region', { name: 'Receiving' }).getByRole('status'),
    ).toHaveText(`Parcel ${trackingNumber} for Iris Whole: 1 item received.`);
    await expect(
      warehouse.page.getByRole('region', { name: 'Arrived' }).getByRole('link', { name }),
    ).toBeVisible();
    expect(
      await warehouse.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await shoot(warehouse.page, 'journey-scan', 'phone');
    await expectNoSeriousViolations(warehouse.page);
    await expect(card).toContainText('Received');
    await expectSamePage(stylist.page);

    // 10. Operations, at a desk, converts it and records the sale; the stylist's Reports wait on it.
    await stylist.page.goto('/dashboard?go=commissions');
    const reports = stylist.page.locator('#commissions');
    await expect(reports.getByRole('heading', { name: 'REPORTS' })).toBeVisible();
    await expect(total(reports, 'Paid')).toHaveText('$0.00');
    await markPage(stylist.page);
    const lead = await open(DESKTOP);
    await signInThroughForm(lead.page, OPERATIONS);
    await expect(lead.page).toHaveURL(/\/office$/);
    await lead.page.goto(`/office/items/${quoteId}`);
    await expect(lead.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await decideInWorkspace(lead.page, quoteId, 'Convert', 'Converted');
    await expect(hubItem(client.page, 'for_sale', name)).toBeVisible();
    await decisionsOf(lead.page).getByRole('button', { name: 'Record sale' }).click();
    const sale = lead.page.getByRole('dialog', { name: 'Record sale' });
    await sale.getByLabel('Commission ($)').fill('412.50');
    await sale.getByRole('button', { name: 'Record sale' }).click();
    await expect(sale).toHaveCount(0);
    await expect(lead.page.getByText(`Item #${quoteId} is now: Sold.`)).toBeVisible();
    await expect(hubItem(client.page, 'sold', name)).toBeVisible();
    await expect(total(reports, 'Pending')).toHaveText('$412.50');
    await expectSamePage(stylist.page);

    // 11. "Sold": the commission is marked paid; the stylist's Reports show it paid, live.
    await lead.page.goto(`/office?stage=sold&q=%23${quoteId}`);
    await lead.page.getByRole('checkbox', { name: `Pay the commission of #${quoteId}` }).check();
    await expect(lead.page.getByText('1 selected · $412.50')).toBeVisible();
    await lead.page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(lead.page.getByText(/1 commission paid\. The stylists are told\./)).toBeVisible();
    await expect(total(reports, 'Paid')).toHaveText('$412.50');
    await expect(total(reports, 'Pending')).toHaveText('$0.00');
    await expect(reports.getByText('1 Commission Paid')).toBeVisible();
    await expectSamePage(stylist.page);
    await expectSamePage(client.page);
    await shoot(stylist.page, 'journey-reports-paid', testInfo.project.name, false);

    for (const person of people) expect(person.errors).toEqual([]);
  } finally {
    for (const person of people) await person.context.close();
  }
});
