import {
  CommissionListDocumentSchema,
  ErrorBodySchema,
  type CommissionListDocument,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../test/test-app.ts';
import {
  generateSeeds,
  insertGenerated,
  seededRandom,
  type Generated,
  type Seed,
  twoStylistsWithClients,
} from './commissions-testing.ts';

const HEADER = [
  'Commission ID',
  'Date',
  'Client',
  'Product',
  'Type',
  'Order ID',
  'Status',
  'Paid On',
  'Payout to Client',
  'Commission',
];
const COMMA_AND_QUOTES = 'Bag, "The Classic"';
const FORMULA = '=HYPERLINK("http://evil.test","Click")';
const TWO_LINES = 'Scarf\nsilk';

let app: App;
let token: string;
let own: Generated[] = [];
let foreignIds: number[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  const world = await twoStylistsWithClients(app, [
    { firstName: 'Ada', lastName: 'Lovelace' },
    { firstName: 'Bo', lastName: 'Diddley' },
    { firstName: '@Cy', lastName: 'Twombly, Jr.' },
  ]);
  const { db, stylist, other, mine, theirs, names } = world;
  token = world.token;
  const random = seededRandom(20_261_123);
  const special = (productName: string, day: number, paid: boolean): Seed => ({
    stylistId: stylist.stylistId!,
    clientId: mine[2]!.id,
    productId: `P-special-${day}`,
    productName,
    brand: 'Brand',
    titleWithoutBrand: productName,
    productThumbnailUrl: null,
    amountCents: 123_450,
    purchasePriceCents: 5,
    orderId: paid ? '-ORD-1' : null,
    createdAt: new Date(Date.UTC(2026, 2, day, 10)),
    paidAt: paid ? new Date(Date.UTC(2026, 3, 2)) : null,
  });
  own = await insertGenerated(
    db,
    [
      ...generateSeeds(
        random,
        60,
        stylist.stylistId!,
        mine.map((row) => row.id),
      ),
      special(COMMA_AND_QUOTES, 10, false),
      special(FORMULA, 11, true),
      special(TWO_LINES, 12, false),
    ],
    names,
  );
  const foreign = await insertGenerated(
    db,
    generateSeeds(random, 8, other.stylistId!, [theirs[0]!.id]),
    names,
  );
  foreignIds = foreign.map((row) => row.id);
});
afterAll(() => app.close());

function get(url: string, bearer: string | null = token) {
  return app.inject({
    method: 'GET',
    url,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
}

function withQuery(path: string, query: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  return `${path}${search ? `?${search}` : ''}`;
}

/** RFC 4180, strictly: records end with CRLF, and a line break outside quotes is an error. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (isQuoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else {
        isQuoted = false;
        if (![',', '\r', undefined].includes(text[i + 1]))
          throw new Error(`text after a quote at ${i}`);
      }
    } else if (char === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      isQuoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else if (char === '\r' || char === '\n') {
      throw new Error(`a bare line break at ${i}`);
    } else {
      field += char;
    }
  }
  if (isQuoted || field !== '' || record.length > 0) throw new Error('the last line has no CRLF');
  return records;
}

/** "1234.50" → 123450, without floating point. */
function toCents(text: string | undefined): number {
  const match = /^(\d+)\.(\d{2})$/.exec(text ?? '');
  if (!match) throw new Error(`not an amount: ${text}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

async function exportCsv(range: Range) {
  const response = await get(withQuery('/api/stylist/commissions/export', { ...range }));
  expect(response.statusCode, response.body).toBe(200);
  // UTF-8 with its byte-order mark, which Excel needs to read accented names.
  expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parseCsv(response.body.slice(1));
  const blank = records.findIndex((record) => record.length === 1 && record[0] === '');
  expect(blank).toBeGreaterThan(0);
  return {
    response,
    header: records[0],
    rows: records.slice(1, blank),
    totals: new Map(records.slice(blank + 1).map((record) => [record[0], record])),
    totalsCount: records.length - blank - 1,
  };
}

/** Every page of the list, as the screen pages through it. */
async function listAll(range: Range) {
  const pages: CommissionListDocument[] = [];
  for (let page = 1; page === 1 || pages.at(-1)!.links.next; page += 1) {
    const response = await get(
      withQuery('/api/stylist/commissions', { ...range, page: String(page) }),
    );
    expect(response.statusCode, response.body).toBe(200);
    pages.push(CommissionListDocumentSchema.parse(response.json()));
    expect(page).toBeLessThan(20);
  }
  return { meta: pages[0]!.meta, data: pages.flatMap((page) => page.data) };
}

function protect(text: string) {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function expectedRow(row: Generated): string[] {
  const money = (cents: number) =>
    `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return [
    String(row.id),
    row.createdAt.toISOString().slice(0, 10),
    protect(row.clientName),
    protect(row.productName),
    row.orderId ? 'Purchase' : 'Sale',
    protect(row.orderId ?? ''),
    row.paidAt ? 'Paid' : 'Pending',
    row.paidAt?.toISOString().slice(0, 10) ?? '',
    money(row.purchasePriceCents),
    money(row.amountCents),
  ];
}

interface Range {
  startDate?: string;
  endDate?: string;
}

const RANGES: [string, Range, string][] = [
  ['no range', {}, 'commissions-all-time.csv'],
  ['a start date only', { startDate: '2026-03-01' }, 'commissions-since-2026-03-01.csv'],
  [
    'a month, both ends inclusive',
    { startDate: '2026-03-01', endDate: '2026-03-31' },
    'commissions-2026-03-01-to-2026-03-31.csv',
  ],
  [
    'a single day',
    { startDate: '2026-03-31', endDate: '2026-03-31' },
    'commissions-2026-03-31-to-2026-03-31.csv',
  ],
  [
    'a range across two years',
    { startDate: '2025-10-15', endDate: '2026-06-10' },
    'commissions-2025-10-15-to-2026-06-10.csv',
  ],
  [
    'a range with nothing in it',
    { startDate: '2024-01-01', endDate: '2024-02-01' },
    'commissions-2024-01-01-to-2024-02-01.csv',
  ],
];

describe('GET /api/stylist/commissions/export', () => {
  test.each(RANGES)(
    "%s: the rows are the list's, in its order, and the totals are the screen's",
    async (_, range, filename) => {
      const [csv, list] = await Promise.all([exportCsv(range), listAll(range)]);
      expect(csv.response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.response.headers['content-disposition']).toBe(
        `attachment; filename="${filename}"`,
      );
      expect(csv.response.headers['cache-control']).toBe('no-store');
      expect(csv.header).toEqual(HEADER);

      const byId = new Map(own.map((row) => [row.id, row]));
      expect(csv.rows.map((row) => Number(row[0]))).toEqual(list.data.map((row) => row.id));
      expect(csv.rows).toEqual(list.data.map((row) => expectedRow(byId.get(row.id)!)));
      expect(csv.rows.length).toBe(list.meta.pagination.total);

      const commission = (label: string) => {
        const record = csv.totals.get(label);
        expect(record, label).toHaveLength(HEADER.length);
        expect(
          record!.slice(1, -1).every((field) => field === ''),
          label,
        ).toBe(true);
        return record!.at(-1);
      };
      const paid = toCents(commission('Paid total'));
      const pending = toCents(commission('Pending total'));
      const total = toCents(commission('Total'));
      expect(paid).toBe(Math.round(list.meta.paid * 100));
      expect(pending).toBe(Math.round(list.meta.unpaid * 100));
      expect(total).toBe(paid + pending);
      expect(csv.rows.reduce((sum, row) => sum + toCents(row.at(-1)), 0)).toBe(total);
      expect(commission('Products Sold & Purchased')).toBe(String(list.meta.pagination.total));
      expect(csv.totalsCount).toBe(4);
    },
  );

  test('the data covers many rows, both statuses, and the awkward product names', async () => {
    const { rows } = await exportCsv({});
    expect(rows.length).toBeGreaterThan(60);
    expect(new Set(rows.map((row) => row[6]))).toEqual(new Set(['Pending', 'Paid']));
    expect(new Set(rows.map((row) => row[4]))).toEqual(new Set(['Sale', 'Purchase']));
  });

  test("another stylist's commissions never appear", async () => {
    const { rows } = await exportCsv({});
    const ids = rows.map((row) => Number(row[0]));
    expect(ids.some((id) => foreignIds.includes(id))).toBe(false);
    expect(ids.toSorted((a, b) => a - b)).toEqual(
      own.map((row) => row.id).toSorted((a, b) => a - b),
    );
  });

  test('commas, quotes and line breaks are quoted; formulas get a leading apostrophe', async () => {
    const { response, rows } = await exportCsv({ startDate: '2026-03-10', endDate: '2026-03-12' });
    const product = (name: string) =>
      rows.find((row) => row[0] === String(own.find((entry) => entry.productName === name)!.id));
    expect(response.body).toContain(',"Bag, ""The Classic""",');
    expect(product(COMMA_AND_QUOTES)?.[3]).toBe(COMMA_AND_QUOTES);
    expect(response.body).toContain(`,"'=HYPERLINK(""http://evil.test"",""Click"")",`);
    expect(product(FORMULA)?.[3]).toBe(`'${FORMULA}`);
    expect(product(FORMULA)?.[5]).toBe("'-ORD-1");
    expect(response.body).toContain(',"Scarf\nsilk",');
    expect(product(TWO_LINES)?.[3]).toBe(TWO_LINES);
    expect(product(TWO_LINES)?.[2]).toBe("'@Cy Twombly, Jr.");
    expect(product(TWO_LINES)?.slice(-2)).toEqual(['0.05', '1234.50']);
  });

  test.each([
    [{ startDate: '2026-02-30' }, 'startDate', 'No such date'],
    [{ startDate: 'yesterday' }, 'startDate', 'Use a date like 2026-03-31'],
    [{ endDate: '2026-03-31' }, 'startDate', 'Choose a start date'],
    [
      { startDate: '2026-04-01', endDate: '2026-03-31' },
      'endDate',
      'The end date comes before the start date',
    ],
    [{ page: '2' }, 'page', 'Unknown field'],
  ])('%o is refused with a field error', async (query, field, message) => {
    const response = await get(withQuery('/api/stylist/commissions/export', query));
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.[field]).toContain(message);
  });

  test('without a session it answers 401', async () => {
    const response = await get('/api/stylist/commissions/export', null);
    expect(response.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('UNAUTHORIZED');
  });
});
