import {
  DesignerDirectoryDocumentSchema,
  OfficeItemDocumentSchema,
  QuoteDocumentSchema,
  UploadedImageSchema,
} from '@atelier/contract';
import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, uniqueEmail } from './fixtures.ts';
import { gradientPng } from './png.ts';

export const AUTHENTICATOR = { email: 'authenticator@atelier.test', password: 'atelier-demo' };
export const PRICER = { email: 'pricer@atelier.test', password: 'atelier-demo' };
export const OPERATIONS = { email: 'office@atelier.test', password: 'atelier-demo' };

export interface SignedIn {
  context: APIRequestContext;
  headers: Record<string, string>;
}

/** An API client signed in as `account`, with its bearer header. */
export async function signedIn(
  baseURL: string,
  account: { email: string; password: string },
): Promise<SignedIn> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await context.post('/api/auth/sign-in/email', { data: account })).status()).toBe(200);
  const { token } = (await (await context.get('/api/auth/token')).json()) as { token: string };
  return { context, headers: { authorization: `Bearer ${token}` } };
}

/** A staff member's decision on the item's current version, with the decision's own fields. */
export async function decide(
  office: SignedIn,
  quoteId: number,
  decision: string,
  fields: Record<string, unknown> = {},
) {
  const item = await office.context.get(`/api/office/items/${quoteId}`, {
    headers: office.headers,
  });
  const { version } = OfficeItemDocumentSchema.parse(await item.json()).data;
  const answer = await office.context.post(`/api/office/items/${quoteId}/decisions`, {
    headers: office.headers,
    data: { decision, version, ...fields },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A new client of the demo stylist's, for items no other journey reads. */
async function newClient(stylist: SignedIn): Promise<number> {
  const client = await stylist.context.post('/api/stylist/clients', {
    headers: stylist.headers,
    data: {
      firstName: 'Office',
      lastName: 'Testwood',
      email: uniqueEmail('office'),
      phone: '(212) 555-0199',
      address: '1 Test Row',
      city: 'New York',
      state: 'NY',
      postalCode: '10012',
    },
  });
  expect(client.status(), await client.text()).toBe(201);
  return ((await client.json()) as { data: { id: number } }).data.id;
}

/**
 * An item of its own, "Pending Authentication", made the way the product makes one: a stylist
 * (the demo one unless told) submits it with a photo, for a new client or the one given. Journeys
 * that decide on an item take one of these, never a seeded one that other journeys read at once.
 */
export async function submittedItem(
  baseURL: string,
  options: {
    name: string;
    designer?: string;
    category?: string;
    clientId?: number;
    stylist?: { email: string; password: string };
  },
): Promise<number> {
  const stylist = await signedIn(baseURL, options.stylist ?? DEMO);
  const clientId = options.clientId ?? (await newClient(stylist));
  const directory = DesignerDirectoryDocumentSchema.parse(
    await (
      await stylist.context.get('/api/v2/designer-directory', { headers: stylist.headers })
    ).json(),
  );
  const entries = Object.entries(directory.data);
  const [brandId, designer] = options.designer
    ? entries.find(([, entry]) => entry.name === options.designer)!
    : entries[0]!;
  const categories = Object.entries(designer.categories);
  const [categoryId] = options.category
    ? categories.find(([, name]) => name === options.category)!
    : categories[0]!;
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
      name: options.name,
      description: 'Worn twice, with its box.',
      imageIds: [UploadedImageSchema.parse(await upload.json()).id],
      clientId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quoteId = QuoteDocumentSchema.parse(await created.json()).data.id;
  await stylist.context.dispose();
  return quoteId;
}

/** An item of its own in "To price": submitted, then found authentic by the authenticator. */
export async function itemToPrice(
  baseURL: string,
  options: { name: string; designer?: string; category?: string },
): Promise<number> {
  const quoteId = await submittedItem(baseURL, options);
  const authenticator = await signedIn(baseURL, AUTHENTICATOR);
  await decide(authenticator, quoteId, 'start_authentication');
  await decide(authenticator, quoteId, 'authentic');
  await authenticator.context.dispose();
  return quoteId;
}

/** Opens an item's workspace from its row in a queue tab, searched by its id. */
export async function openFromQueue(page: Page, stage: string, quoteId: number) {
  await page.goto(`/office?stage=${stage}&q=%23${quoteId}`);
  await page
    .locator('tr, li')
    .filter({ hasText: new RegExp(`#${quoteId}(?!\\d)`) })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/office/items/${quoteId}$`));
}
