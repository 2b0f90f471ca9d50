import {
  COMMISSION_TIMELINE_MONTHS,
  COMMISSIONS_PER_PAGE,
  CommissionDocumentSchema,
  CommissionListDocumentSchema,
  ErrorBodySchema,
  MONTH_ABBREVIATIONS,
  type CommissionListDocument,
  type CommissionResource,
  type CommissionStatus,
  type TimelinePoint,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { commissionStatuses } from '../../db/schema.ts';
import { buildTestApp, TEST_ORIGIN } from '../../test/test-app.ts';
import {
  generateSeeds,
  insertGenerated,
  seededRandom,
  type Generated,
  twoStylistsWithClients,
} from './commissions-testing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: App;
let token: string;
let own: Generated[] = [];
let foreignIds: number[] = [];
let withStatusesId: number;
/** Each commission's expected status updates, when it has any. */
const statusesById = new Map<number, CommissionStatus[]>();
/** Each commission's expected status dates, in the same order. */
const statusDatesById = new Map<number, string[]>();
const expectedStatuses: CommissionStatus[] = [
  { Sold: 'Sold for Client' },
  { Shipped: 'On its way' },
  { Shipped: 'Delivered' },
  { Paid: 'Paid by check' },
];

beforeAll(async () => {
  app = await buildTestApp();
  const world = await twoStylistsWithClients(app, [
    { firstName: 'Ada', lastName: 'Lovelace' },
    { firstName: 'Bo', lastName: 'Diddley' },
    { firstName: 'Cy', lastName: 'Twombly' },
  ]);
  const { db, stylist, other, mine, theirs, names } = world;
  token = world.token;
  const random = seededRandom(20_261_122);
  own = await insertGenerated(
    db,
    generateSeeds(
      random,
      60,
      stylist.stylistId!,
      mine.map((row) => row.id),
    ),
    names,
  );
  const foreign = await insertGenerated(
    db,
    generateSeeds(random, 8, other.stylistId!, [theirs[0]!.id]),
    names,
  );
  foreignIds = foreign.map((row) => row.id);

  // Inserted out of order: the answer must follow created_at, then id for equal times.
  withStatusesId = own[5]!.id;
  statusesById.set(withStatusesId, expectedStatuses);
  statusesById.set(own[6]!.id, [{ Sold: 'Sold for Client' }]);
  const at = (day: number) => new Date(Date.UTC(2026, 5, day));
  statusDatesById.set(
    withStatusesId,
    [1, 10, 10, 20].map((day) => at(day).toISOString()),
  );
  statusDatesById.set(own[6]!.id, [at(2).toISOString()]);
  await db.insert(commissionStatuses).values([
    { commissionId: withStatusesId, label: 'Paid', text: 'Paid by check', createdAt: at(20) },
    { commissionId: withStatusesId, label: 'Shipped', text: 'On its way', createdAt: at(10) },
    { commissionId: withStatusesId, label: 'Sold', text: 'Sold for Client', createdAt: at(1) },
    { commissionId: withStatusesId, label: 'Shipped', text: 'Delivered', createdAt: at(10) },
    { commissionId: own[6]!.id, label: 'Sold', text: 'Sold for Client', createdAt: at(2) },
    { commissionId: foreignIds[0]!, label: 'Sold', text: 'Not yours', createdAt: at(2) },
  ]);
});
afterAll(() => app.close());

function get(url: string, bearer: string | null = token) {
  return app.inject({
    method: 'GET',
    url,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
}

function listUrl(query: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  return `/api/stylist/commissions${search ? `?${search}` : ''}`;
}

async function list(url: string): Promise<CommissionListDocument> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return CommissionListDocumentSchema.parse(response.json());
}

function expectedResource(row: Generated): CommissionResource {
  return {
    id: row.id,
    type: 'commissions',
    attributes: {
      clientId: row.clientId,
      clientName: row.clientName,
      productName: row.productName,
      amount: row.amountCents / 100,
      orderId: row.orderId,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      statuses: statusesById.get(row.id) ?? [],
      statusDates: statusDatesById.get(row.id) ?? [],
      purchasePrice: row.purchasePriceCents / 100,
    },
  };
}

interface Range {
  startDate?: string;
  endDate?: string;
}

/** The brute-force answer over the generated rows. */
function expectedFor(range: Range, now: Date) {
  const from = range.startDate ? Date.parse(`${range.startDate}T00:00:00Z`) : -Infinity;
  const until = range.endDate ? Date.parse(`${range.endDate}T00:00:00Z`) + DAY_MS : Infinity;
  const rows = own
    .filter((row) => row.createdAt.getTime() >= from && row.createdAt.getTime() < until)
    .sort(
      (a, b) =>
        Number(a.paidAt !== null) - Number(b.paidAt !== null) ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        b.id - a.id,
    );
  const paid = rows.filter((row) => row.paidAt);
  const unpaid = rows.filter((row) => !row.paidAt);
  const cents = (some: Generated[]) => some.reduce((sum, row) => sum + row.amountCents, 0);

  const end = range.endDate ? new Date(`${range.endDate}T00:00:00Z`) : now;
  const timelineData: TimelinePoint[] = [];
  for (let back = COMMISSION_TIMELINE_MONTHS - 1; back >= 0; back -= 1) {
    const month = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - back));
    const inMonth = own.filter(
      (row) =>
        row.createdAt.getUTCFullYear() === month.getUTCFullYear() &&
        row.createdAt.getUTCMonth() === month.getUTCMonth(),
    );
    timelineData.push({
      month: MONTH_ABBREVIATIONS[month.getUTCMonth()]!,
      year: month.getUTCFullYear(),
      amount: cents(inMonth) / 100,
    });
  }
  return {
    resources: rows.map(expectedResource),
    meta: {
      paid: cents(paid) / 100,
      unpaid: cents(unpaid) / 100,
      paidPayments: paid.length,
      unpaidPayments: unpaid.length,
      timelineData,
      pagination: { total: rows.length, per_page: COMMISSIONS_PER_PAGE },
    },
  };
}

/** Follows links.next from the first page to the last, as the web does. */
async function collectPages(range: Range) {
  const pages: CommissionListDocument[] = [await list(listUrl({ ...range }))];
  for (let next = pages[0]!.links.next; next; next = pages.at(-1)!.links.next) {
    const url = new URL(next);
    expect(url.origin).toBe(TEST_ORIGIN);
    expect(url.pathname).toBe('/api/stylist/commissions');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ...range,
      page: String(pages.length + 1),
    });
    pages.push(await list(`${url.pathname}${url.search}`));
    expect(pages.length).toBeLessThan(20);
  }
  return pages;
}

const RANGES: [string, Range][] = [
  ['no range', {}],
  ['a start date only', { startDate: '2026-03-01' }],
  ['a month, both ends inclusive', { startDate: '2026-03-01', endDate: '2026-03-31' }],
  ['a single day', { startDate: '2026-03-31', endDate: '2026-03-31' }],
  ['a range across two years', { startDate: '2025-10-15', endDate: '2026-06-10' }],
  ['a range with nothing in it', { startDate: '2024-01-01', endDate: '2024-02-01' }],
];

describe('GET /api/stylist/commissions', () => {
  test.each(RANGES)(
    '%s: totals, timeline and every page match a brute-force count',
    async (_, range) => {
      const pages = await collectPages(range);
      const expected = expectedFor(range, new Date());
      for (const page of pages) {
        expect(page.data.length).toBeLessThanOrEqual(COMMISSIONS_PER_PAGE);
        expect(page.meta).toEqual(expected.meta);
      }
      expect(pages.length).toBe(
        Math.max(1, Math.ceil(expected.resources.length / COMMISSIONS_PER_PAGE)),
      );
      const all = pages.flatMap((page) => page.data);
      expect(all).toEqual(expected.resources);
      expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
      expect(all.some((row) => foreignIds.includes(row.id))).toBe(false);
    },
  );

  test('the generated data exercises both groups, ties and several pages', () => {
    const { resources, meta } = expectedFor({}, new Date());
    expect(resources.length).toBeGreaterThan(2 * COMMISSIONS_PER_PAGE);
    expect(meta.paidPayments).toBeGreaterThan(5);
    expect(meta.unpaidPayments).toBeGreaterThan(5);
    expect(meta.timelineData.filter((point) => point.amount > 0).length).toBeGreaterThan(6);
  });

  test('a page past the end answers no rows and no next link, with the same totals', async () => {
    const range = { startDate: '2026-03-01' };
    const expected = expectedFor(range, new Date());
    const past = Math.ceil(expected.resources.length / COMMISSIONS_PER_PAGE) + 1;
    const page = await list(listUrl({ ...range, page: String(past) }));
    expect(page).toEqual({ data: [], meta: expected.meta, links: { next: null } });
  });

  test('the timeline ends with the month of the end date and ignores the start date', async () => {
    const page = await list(listUrl({ startDate: '2026-01-20', endDate: '2026-01-31' }));
    expect(page.meta.timelineData.map(({ month, year }) => `${month} ${year}`)).toEqual([
      'Feb 2025',
      'Mar 2025',
      'Apr 2025',
      'May 2025',
      'Jun 2025',
      'Jul 2025',
      'Aug 2025',
      'Sep 2025',
      'Oct 2025',
      'Nov 2025',
      'Dec 2025',
      'Jan 2026',
    ]);
    const december = own
      .filter((row) => row.createdAt.toISOString().startsWith('2025-12'))
      .reduce((sum, row) => sum + row.amountCents, 0);
    expect(page.meta.timelineData[10]!.amount).toBe(december / 100);
  });

  test.each([
    [{ startDate: '2026-02-30' }, 'startDate', 'No such date'],
    [{ startDate: '2026-13-01' }, 'startDate', 'No such date'],
    [{ startDate: 'yesterday' }, 'startDate', 'Use a date like 2026-03-31'],
    [{ startDate: '2026-03-01', endDate: '2026-3-31' }, 'endDate', 'Use a date like 2026-03-31'],
    [{ endDate: '2026-03-31' }, 'startDate', 'Choose a start date'],
    [
      { startDate: '2026-04-01', endDate: '2026-03-31' },
      'endDate',
      'The end date comes before the start date',
    ],
    [{ page: '0' }, 'page', 'Pages start at 1'],
    [{ page: 'two' }, 'page', 'Pages start at 1'],
    [{ since: '2026-03-01' }, 'since', 'Unknown field'],
  ])('%o is refused with a field error', async (query, field, message) => {
    const response = await get(listUrl(query));
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.[field]).toContain(message);
  });

  test('without a session it answers 401', async () => {
    const response = await get('/api/stylist/commissions', null);
    expect(response.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/stylist/commissions/:commissionId', () => {
  test('answers the commission with its statuses in order, and no product unless asked', async () => {
    const row = own.find((entry) => entry.id === withStatusesId)!;
    const response = await get(`/api/stylist/commissions/${withStatusesId}`);
    expect(response.statusCode).toBe(200);
    expect(CommissionDocumentSchema.parse(response.json())).toEqual({
      data: expectedResource(row),
      included: [],
    });
  });

  test('include=product adds the product', async () => {
    const row = own.find((entry) => entry.id === withStatusesId)!;
    const response = await get(`/api/stylist/commissions/${withStatusesId}?include=product`);
    expect(response.statusCode).toBe(200);
    expect(CommissionDocumentSchema.parse(response.json()).included).toEqual([
      {
        id: row.productId,
        type: 'products',
        attributes: {
          purchasePrice: row.purchasePriceCents / 100,
          thumbnailUrl: row.productThumbnailUrl,
          brand: row.brand,
          titleWithoutBrand: row.titleWithoutBrand,
        },
      },
    ]);
  });

  test("another stylist's commission answers exactly as a missing one", async () => {
    const foreign = await get(`/api/stylist/commissions/${foreignIds[0]}?include=product`);
    const missing = await get('/api/stylist/commissions/2147483647');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(ErrorBodySchema.parse(foreign.json()).code).toBe('NOT_FOUND');
  });

  test.each([
    ['/api/stylist/commissions/abc', 'commissionId'],
    ['/api/stylist/commissions/0', 'commissionId'],
    [`/api/stylist/commissions/1?include=client`, 'include'],
    [`/api/stylist/commissions/1?expand=product`, 'expand'],
  ])('%s is refused with a field error', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.[field]?.length).toBeGreaterThan(0);
  });

  test('without a session it answers 401', async () => {
    const response = await get(`/api/stylist/commissions/${withStatusesId}`, null);
    expect(response.statusCode).toBe(401);
  });
});
