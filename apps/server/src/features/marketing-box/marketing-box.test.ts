import {
  AdminMarketingBoxDocumentSchema,
  ErrorBodySchema,
  MarketingBoxDocumentSchema,
  type MarketingBoxBody,
} from '@atelier/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { marketingBoxes } from '../../db/schema.ts';
import { signedLinkTo } from '../../test/signed-link-matchers.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

let app: App;
const tokens = { stylist: '', admin: '' };

beforeAll(async () => {
  app = await buildTestApp();
  const stylist = await createTestAccount(app);
  const admin = await createTestAccount(app, { role: 'admin' });
  tokens.stylist = await tokenFor(app, stylist.email);
  tokens.admin = await tokenFor(app, admin.email);
});
afterAll(() => app.close());

function call(token: string, method: 'GET' | 'PUT', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

const holiday: MarketingBoxBody = {
  isEnabled: true,
  title: 'Holiday consignment bonus',
  linkUrl: 'https://example.com/holiday',
  imageUrl: '/files/seed/marketing-holiday.jpg',
};

async function dashboardBox() {
  const response = await call(tokens.stylist, 'GET', '/api/stylist/marketing-box');
  expect(response.statusCode).toBe(200);
  return MarketingBoxDocumentSchema.parse(response.json()).data;
}

async function putBox(body: unknown) {
  return call(tokens.admin, 'PUT', '/api/admin/marketing-box', body);
}

const storedBoxes = () =>
  app.database.db.select().from(marketingBoxes).orderBy(asc(marketingBoxes.id));

describe('marketing box', () => {
  test('stylists see the box only while it is enabled', async () => {
    expect(await dashboardBox()).toBeNull();

    const enabled = await putBox(holiday);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(AdminMarketingBoxDocumentSchema.parse(enabled.json()).data).toEqual(holiday);
    // The back office keeps the stored path; the dashboard gets a fresh signed link to it.
    expect(await dashboardBox()).toEqual({
      ...holiday,
      imageUrl: expect.stringMatching(signedLinkTo('seed/marketing-holiday\\.jpg')),
    });

    const disabled = await putBox({ ...holiday, isEnabled: false, title: 'Next season' });
    expect(AdminMarketingBoxDocumentSchema.parse(disabled.json()).data).toMatchObject({
      isEnabled: false,
      title: 'Next season',
    });
    expect(await dashboardBox()).toBeNull();
  });

  test('there is one box: setting it replaces the first row and drops any other', async () => {
    await app.database.db
      .insert(marketingBoxes)
      .values({ ...holiday, title: 'A stray second box', isEnabled: true });
    await putBox({ ...holiday, title: 'The one box' });
    const rows = await storedBoxes();
    expect(rows.map((row) => row.title)).toEqual(['The one box']);
    expect(await dashboardBox()).toMatchObject({ title: 'The one box' });
  });

  test('only admin staff may set it: a stylist gets 403 and nothing changes', async () => {
    const before = await storedBoxes();
    const response = await call(tokens.stylist, 'PUT', '/api/admin/marketing-box', {
      ...holiday,
      title: 'Hijacked',
    });
    expect(response.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('FORBIDDEN');
    expect(await storedBoxes()).toEqual(before);
  });

  test('bad input answers 400 under the field at fault, and nothing changes', async () => {
    const before = await storedBoxes();
    for (const [body, field] of [
      [{ ...holiday, isEnabled: 'yes' }, 'isEnabled'],
      [{ ...holiday, title: '' }, 'title'],
      [{ ...holiday, linkUrl: 'javascript:alert(1)' }, 'linkUrl'],
      [{ ...holiday, imageUrl: undefined }, 'imageUrl'],
      [{ ...holiday, colour: 'red' }, 'colour'],
    ] as const) {
      const response = await putBox(body);
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(Object.keys(ErrorBodySchema.parse(response.json()).errors ?? {})).toEqual([field]);
    }
    expect(await storedBoxes()).toEqual(before);
  });
});
