import {
  DesignerDirectoryDocumentSchema,
  OfficeItemDocumentSchema,
  QuoteDocumentSchema,
  UploadedImageSchema,
} from '@atelier/contract';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import {
  DEMO,
  expectNoSeriousViolations,
  shoot,
  signInThroughForm,
  uniqueEmail,
  watchConsole,
} from './fixtures.ts';
import { gradientPng } from './png.ts';

const AUTHENTICATOR = { email: 'authenticator@atelier.test', password: 'atelier-demo' };
const PRICER = { email: 'pricer@atelier.test', password: 'atelier-demo' };
/** The seed sold six of this designer's jewelry: guidance from its own category. */
const DESIGNER = 'Van Cleef & Arpels';
const CATEGORY = 'Jewelry';

/** An API client signed in as `account`, with its bearer header. */
async function signedIn(baseURL: string, account: { email: string; password: string }) {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await context.post('/api/auth/sign-in/email', { data: account })).status()).toBe(200);
  const { token } = (await (await context.get('/api/auth/token')).json()) as { token: string };
  return { context, headers: { authorization: `Bearer ${token}` } };
}

/** The authenticator's decision on the item's current version. */
async function decide(
  office: { context: APIRequestContext; headers: Record<string, string> },
  quoteId: number,
  decision: string,
) {
  const item = await office.context.get(`/api/office/items/${quoteId}`, {
    headers: office.headers,
  });
  const { version } = OfficeItemDocumentSchema.parse(await item.json()).data;
  const answer = await office.context.post(`/api/office/items/${quoteId}/decisions`, {
    headers: office.headers,
    data: { decision, version },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * An item of its own in "To price", made the way the product makes one: the demo stylist submits a
 * piece of jewelry with a photo and the authenticator finds it authentic.
 */
async function itemToPrice(baseURL: string, name: string) {
  const stylist = await signedIn(baseURL, DEMO);
  const client = await stylist.context.post('/api/stylist/clients', {
    headers: stylist.headers,
    data: {
      firstName: 'Pricing',
      lastName: 'Testwood',
      email: uniqueEmail('pricing'),
      phone: '(212) 555-0199',
      address: '1 Test Row',
      city: 'New York',
      state: 'NY',
      postalCode: '10012',
    },
  });
  expect(client.status(), await client.text()).toBe(201);
  const clientId = ((await client.json()) as { data: { id: number } }).data.id;
  const directory = DesignerDirectoryDocumentSchema.parse(
    await (
      await stylist.context.get('/api/v2/designer-directory', { headers: stylist.headers })
    ).json(),
  );
  const [brandId, designer] = Object.entries(directory.data).find(
    ([, entry]) => entry.name === DESIGNER,
  )!;
  const [categoryId] = Object.entries(designer.categories).find(([, c]) => c === CATEGORY)!;
  const upload = await stylist.context.post('/api/stylist/white-glove-quotes/images', {
    headers: stylist.headers,
    multipart: {
      image: {
        name: 'item.png',
        mimeType: 'image/png',
        buffer: gradientPng(640, 640, [200, 160, 60], [250, 240, 220]),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const created = await stylist.context.post('/api/stylist/white-glove-quotes', {
    headers: stylist.headers,
    data: {
      brandId: Number(brandId),
      categoryId: Number(categoryId),
      name,
      description: 'Worn twice, with its box.',
      imageIds: [UploadedImageSchema.parse(await upload.json()).id],
      clientId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quoteId = QuoteDocumentSchema.parse(await created.json()).data.id;
  await stylist.context.dispose();

  const authenticator = await signedIn(baseURL, AUTHENTICATOR);
  await decide(authenticator, quoteId, 'start_authentication');
  await decide(authenticator, quoteId, 'authentic');
  await authenticator.context.dispose();
  return quoteId;
}

test('a pricer opens an item in "To price", reads the price guidance beside the offers and makes them', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  const name = `Frivole Pendant ${project}`;
  const quoteId = await itemToPrice(baseURL!, name);

  await signInThroughForm(page, PRICER);
  await expect(page).toHaveURL(/\/office$/);
  await page.getByRole('tab', { name: /^To price \d+$/ }).click();
  await page
    .locator('tr, li')
    .filter({ hasText: new RegExp(`#${quoteId}(?!\\d)`) })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/office/items/${quoteId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page
    .getByRole('region', { name: 'Decisions' })
    .getByRole('button', { name: 'Make offers' })
    .click();
  const form = page.getByRole('dialog', { name: 'Make offers' });
  const guidance = form.getByRole('region', { name: 'Price guidance' });
  // The seed's six, and any a journey running alongside has sold since.
  await expect(
    guidance.getByText(new RegExp(`^\\d+ sales of ${DESIGNER} ${CATEGORY}\\.$`)),
  ).toBeVisible();
  await expect(guidance.getByText('Median sale price')).toBeVisible();
  await expect(guidance.locator('dd').first()).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(guidance.getByText('Median buyout paid')).toBeVisible();
  await expect(guidance.getByText(/^\d+(\.\d)? days?$/)).toBeVisible();
  const latest = guidance.getByRole('listitem');
  await expect(latest).toHaveCount(5);
  // The comparables' photos are signed links that load.
  const photo = latest.first().locator('img');
  await expect(photo).toHaveAttribute('src', /\/files\/.+\?expires=\d+&signature=/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await shoot(page, 'office-pricing-guidance', project, false);
  await expectNoSeriousViolations(page);
  if (project === 'mobile') {
    // Stacked at 375 px: the guidance under the fields, nothing wider than the window.
    const field = await form.getByLabel('Consignment estimate ($)').boundingBox();
    const panel = await guidance.boundingBox();
    expect(panel!.y).toBeGreaterThan(field!.y);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(375);
  }

  await form.getByLabel('Consignment estimate ($)').fill('3,100');
  await form.getByLabel('Buyout quote ($)').fill('2,200');
  await form.getByRole('button', { name: 'Make offers' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(new RegExp(`Item #${quoteId} is now: `))).toBeVisible();
  await shoot(page, 'office-pricing-offered', project);
  expect(errors).toEqual([]);
});
