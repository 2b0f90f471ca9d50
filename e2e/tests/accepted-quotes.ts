import {
  ACCESS_TOKEN_PATTERN,
  DesignerDirectoryDocumentSchema,
  QuoteDocumentSchema,
  ShippingLabelDocumentSchema,
  UploadedImageSchema,
  type AdminQuoteAction,
} from '@atelier/contract';
import { expect, request, type Page } from '@playwright/test';
import { apiToken, createClientThroughApi, signInAsDemo, uniqueEmail } from './fixtures.ts';
import { receivedMail } from './mailbox.ts';
import { gradientPng } from './png.ts';

const ADMIN = { email: 'admin@atelier.test', password: 'atelier-demo' };

type Rgb = [number, number, number];
const ITEMS: { name: string; colours: [Rgb, Rgb] }[] = [
  {
    name: 'Speedy 30 Monogram',
    colours: [
      [90, 60, 40],
      [200, 170, 120],
    ],
  },
  {
    name: 'Oversized Wool Coat',
    colours: [
      [30, 30, 40],
      [150, 150, 170],
    ],
  },
  {
    name: 'Leather Ankle Boots',
    colours: [
      [60, 20, 20],
      [220, 190, 170],
    ],
  },
];

/**
 * Quotes of `clientId` with offers waiting for the client, made the way the product makes them:
 * the stylist uploads a photo and submits the item, and the back office authenticates it with
 * a consignment estimate and a buyout quote.
 */
export async function quotesWithOffers(
  page: Page,
  baseURL: string,
  clientId: number,
  count: number,
) {
  const auth = { authorization: `Bearer ${await apiToken(page)}` };
  const directory = DesignerDirectoryDocumentSchema.parse(
    await (await page.request.get('/api/v2/designer-directory', { headers: auth })).json(),
  );
  const [brandId, designer] = Object.entries(directory.data)[0]!;
  const categoryId = Object.keys(designer.categories)[0]!;

  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await admin.post('/api/auth/sign-in/email', { data: ADMIN })).status()).toBe(200);
  const { token } = (await (await admin.get('/api/auth/token')).json()) as { token: string };
  const act = async (quoteId: number, action: AdminQuoteAction) => {
    const response = await admin.post(`/api/admin/quotes/${quoteId}/actions`, {
      headers: { authorization: `Bearer ${token}` },
      data: action,
    });
    expect(response.status(), await response.text()).toBe(200);
  };

  const ids: number[] = [];
  for (const item of ITEMS.slice(0, count)) {
    const upload = await page.request.post('/api/stylist/white-glove-quotes/images', {
      headers: auth,
      multipart: {
        image: {
          name: 'item.png',
          mimeType: 'image/png',
          buffer: gradientPng(640, 640, item.colours[0], item.colours[1]),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const image = UploadedImageSchema.parse(await upload.json());
    const created = await page.request.post('/api/stylist/white-glove-quotes', {
      headers: auth,
      data: {
        brandId: Number(brandId),
        categoryId: Number(categoryId),
        name: item.name,
        description: '',
        imageIds: [image.id],
        clientId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const quote = QuoteDocumentSchema.parse(await created.json()).data;
    await act(quote.id, { action: 'start_authentication' });
    await act(quote.id, {
      action: 'authenticate',
      offers: { consignmentEstimate: 1200, buyoutQuote: 800 },
    });
    ids.push(quote.id);
  }
  await admin.dispose();
  return ids;
}

/** A client of the demo stylist with two quotes whose offers wait, shared by email: the links. */
export async function sharedClient(page: Page, baseURL: string, firstName: string, count = 2) {
  await signInAsDemo(page);
  const email = uniqueEmail(firstName.toLowerCase());
  const clientId = await createClientThroughApi(page, firstName, email);
  const [speedy, coat] = await quotesWithOffers(page, baseURL, clientId, count);
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
    hub: link('hub'),
    curated: link('curated'),
    quoteShare: link('quote'),
    approval: link('quotes'),
  };
}

/** Quotes of `clientId` whose buyout offer the stylist recorded as accepted by the client. */
export async function acceptedQuotes(page: Page, baseURL: string, clientId: number, count: number) {
  const ids = await quotesWithOffers(page, baseURL, clientId, count);
  const auth = { authorization: `Bearer ${await apiToken(page)}` };
  const answered = await page.request.patch(`/api/stylist/clients/${clientId}/quotes`, {
    headers: auth,
    data: {
      data: ids.map((id) => ({
        id: String(id),
        attributes: { accepted_offer_type: 'buyout', is_accepted: true, is_rejected: false },
      })),
    },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  return ids;
}

/** A shipping label for accepted quotes, made through the API as the label modal makes it. */
export async function labelThroughApi(
  page: Page,
  clientId: number,
  quoteIds: number[],
  emailClientShiplist = false,
) {
  const response = await page.request.post(`/api/stylist/clients/${clientId}/shipping-label`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { item_ids: quoteIds, emailClientShiplist },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ShippingLabelDocumentSchema.parse(await response.json()).data;
}
