import { CommissionListDocumentSchema, ErrorBodySchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp, tokenFor } from '../../test/test-app.ts';
import { insertGenerated, twoStylistsWithClients, type Seed } from './commissions-testing.ts';

const LA = 'America/Los_Angeles';
// 23:30 in Los Angeles on 11/24 and on 11/30: 07:30 UTC on 11/25 and on 12/1.
const LATE_ON_THE_24TH = new Date('2026-11-25T07:30:00.000Z');
const LATE_ON_THE_30TH = new Date('2026-12-01T07:30:00.000Z');

let app: App;
let token: string;
let otherToken: string;

beforeAll(async () => {
  app = await buildTestApp();
  const world = await twoStylistsWithClients(app, [{ firstName: 'Ada', lastName: 'Lovelace' }]);
  token = world.token;
  otherToken = await tokenFor(app, world.other.email);
  const seed = (createdAt: Date, index: number): Seed => ({
    stylistId: world.stylist.stylistId!,
    clientId: world.mine[0]!.id,
    productId: `P-${index}`,
    productName: `Bag ${index}`,
    brand: 'Brand',
    titleWithoutBrand: `Bag ${index}`,
    productThumbnailUrl: null,
    amountCents: 1000,
    purchasePriceCents: 5000,
    orderId: null,
    createdAt,
    paidAt: index === 0 ? LATE_ON_THE_24TH : null,
  });
  // 21 sales late on 11/24 in Los Angeles (a second page), one late on 11/30.
  await insertGenerated(
    world.db,
    [
      ...Array.from({ length: 21 }, (_, index) => seed(LATE_ON_THE_24TH, index)),
      seed(LATE_ON_THE_30TH, 21),
    ],
    world.names,
  );
});
afterAll(() => app.close());

function get(path: string, query: Record<string, string>, bearer = token) {
  return app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams(query).toString()}`,
    headers: { authorization: `Bearer ${bearer}` },
  });
}

async function totalIn(query: Record<string, string>, bearer = token) {
  const response = await get('/api/stylist/commissions', query, bearer);
  expect(response.statusCode, response.body).toBe(200);
  return CommissionListDocumentSchema.parse(response.json());
}

const day = (date: string) => ({ startDate: date, endDate: date });

describe("a commission range is the viewer's days", () => {
  test('a sale at 23:30 LA time on 11/24 is in 11/24 for an LA viewer and in 11/25 for a UTC one', async () => {
    const count = async (query: Record<string, string>) =>
      (await totalIn(query)).meta.pagination.total;
    expect(await count({ ...day('2026-11-24'), timeZone: LA })).toBe(21);
    expect(await count({ ...day('2026-11-25'), timeZone: LA })).toBe(0);
    expect(await count({ ...day('2026-11-24'), timeZone: 'UTC' })).toBe(0);
    expect(await count({ ...day('2026-11-25'), timeZone: 'UTC' })).toBe(21);
    // Without a zone the days are UTC's.
    expect(await count(day('2026-11-25'))).toBe(21);
    expect(await count({ startDate: '2026-11-25', timeZone: LA })).toBe(1);
  });

  test("another stylist's range in the same zone sees none of them", async () => {
    const page = await totalIn({ ...day('2026-11-24'), timeZone: LA }, otherToken);
    expect(page.meta.pagination.total).toBe(0);
  });

  test("the next page keeps the viewer's zone", async () => {
    const first = await totalIn({ ...day('2026-11-24'), timeZone: LA });
    const next = new URL(first.links.next ?? '');
    expect(next.searchParams.get('timeZone')).toBe(LA);
    const second = await get(next.pathname, Object.fromEntries(next.searchParams));
    expect(CommissionListDocumentSchema.parse(second.json()).data).toHaveLength(1);
  });

  test("the chart's months are the viewer's: 23:30 LA time on 11/30 is November there, December in UTC", async () => {
    const months = async (timeZone: string) =>
      Object.fromEntries(
        (await totalIn({ ...day('2026-12-15'), timeZone })).meta.timelineData
          .slice(-2)
          .map((point) => [point.month, point.amount]),
      );
    expect(await months(LA)).toEqual({ Nov: 220, Dec: 0 });
    expect(await months('UTC')).toEqual({ Nov: 210, Dec: 10 });
  });

  test('the CSV export holds the same rows, dated in the same zone', async () => {
    const csv = async (query: Record<string, string>) => {
      const response = await get('/api/stylist/commissions/export', query);
      expect(response.statusCode, response.body).toBe(200);
      return response.body;
    };
    // 21 sale dates and the one Paid On date (paid at the same instant).
    const la = await csv({ ...day('2026-11-24'), timeZone: LA });
    expect(la.match(/,2026-11-24,/g)).toHaveLength(22);
    expect(la).not.toContain('2026-11-25');
    const utc = await csv({ ...day('2026-11-25'), timeZone: 'UTC' });
    expect(utc.match(/,2026-11-25,/g)).toHaveLength(22);
    expect(await csv({ ...day('2026-11-25'), timeZone: LA })).not.toContain('Bag');
  });

  test.each(['/api/stylist/commissions', '/api/stylist/commissions/export'])(
    '%s answers 400 for a zone Intl does not know',
    async (path) => {
      for (const timeZone of ['Mars/Olympus_Mons', '', '+05:30']) {
        const response = await get(path, { ...day('2026-11-24'), timeZone });
        expect(response.statusCode, timeZone).toBe(400);
        expect(ErrorBodySchema.parse(response.json()).errors).toHaveProperty('timeZone');
      }
    },
  );
});
