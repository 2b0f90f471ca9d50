import {
  ErrorBodySchema,
  OFFICE_REPORT_CSV_STAGE_HEADER,
  OfficeItemDocumentSchema,
  OfficeReportDocumentSchema,
  type LifecycleStatus,
  type OfficeDecisionBody,
} from '@atelier/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog, officeSecondOpinions, quoteStatusHistory } from '../../db/schema.ts';
import { insertClients, insertQuote } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';
import { businessHoursBetween } from './business-hours.ts';
import { businessHoursSql } from './business-hours-sql.ts';
import { csvField } from './office-reports.service.ts';

/**
 * The reports read the status history the decisions write. The decisions are taken through the
 * office's API; their steps are then moved to chosen instants (the services stamp them "now"), so
 * each figure below is worked out by hand in business hours, America/New_York (the test default).
 */
const ZONE = 'America/New_York';
/** A wall time in New York: EST until 2025-03-09 2:00, EDT after. */
const ny = (local: string) =>
  new Date(`${local}:00${local < '2025-03-09T02' ? '-05:00' : '-04:00'}`);

let app: App;
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};
let stylistId: number;
let clientId: number;

// The pricer's name would run as a formula in a spreadsheet, and holds a comma and quotes.
const PRICER_FIRST = '=SUM(A1), "Pat"';

beforeAll(async () => {
  app = await buildTestApp();
  for (const role of [
    'stylist',
    'shopper',
    'operations',
    'admin',
    'authenticator',
    'pricer',
  ] as const) {
    const account = await createTestAccount(app, {
      role: role === 'shopper' ? 'user' : role,
      firstName: role === 'pricer' ? PRICER_FIRST : role,
      lastName: 'Person',
    });
    tokens[role] = await tokenFor(app, account.email);
    userIds[role] = account.userId;
    if (role === 'stylist') stylistId = account.stylistId!;
  }
  clientId = (
    await insertClients(app.database.db, stylistId, [{ firstName: 'Margaux', lastName: 'Dubois' }])
  )[0]!.id;
  await buildHistory();
});
afterAll(() => app.close());

const db = () => app.database.db;
const itemUrl = (quoteId: number) => `/api/office/items/${quoteId}`;

function call(token: string | null, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined && { payload }),
  });
}

type DecisionWithoutVersion = OfficeDecisionBody extends infer D
  ? D extends unknown
    ? Omit<D, 'version'>
    : never
  : never;

async function decide(quoteId: number, who: string, body: DecisionWithoutVersion) {
  const loaded = await call(tokens.operations!, itemUrl(quoteId));
  const { version } = OfficeItemDocumentSchema.parse(loaded.json()).data;
  const response = await call(tokens[who]!, `${itemUrl(quoteId)}/decisions`, 'POST', {
    ...body,
    version,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Moves the quote's step into `status` to `at`. */
async function stepAt(quoteId: number, status: LifecycleStatus, at: Date) {
  const moved = await db()
    .update(quoteStatusHistory)
    .set({ createdAt: at })
    .where(and(eq(quoteStatusHistory.quoteId, quoteId), eq(quoteStatusHistory.toStatus, status)))
    .returning({ id: quoteStatusHistory.id });
  expect(moved).toHaveLength(1);
}

async function newItem(createdAt: Date) {
  return insertQuote(db(), { stylistId, clientId, status: 'pending_authentication', createdAt });
}

/**
 * To authenticate (target 24 h), each item's stay in business hours:
 *   A Mon 3/3 9:00 → Mon 11:00 = 2;  B Mon 15:00 → Tue 3/4 11:00 = 2 + 2 = 4;
 *   D Mon 10:00 → Thu 3/6 23:30 = 7 + 8 + 8 + 8 = 31 (breached; its day is Thu in New York,
 *   already Fri in UTC);  C Fri 3/7 13:00 → Tue 3/11 12:00 (EDT) = 4 + 8 + 3 = 15;
 *   E Mon 3/10 9:00 → counterfeit Mon 12:00 = 3.
 * To price (target 16 h): A Mon 11:00 → Tue 10:00 = 6 + 1 = 7; B Tue 11:00 → Fri 16:00 = 29.
 * Sold (target 40 h): F sold Mon 3/3 9:00, paid Mon 3/10 13:00 = 40 + 4 = 44.
 * In wall-clock hours the medians and breaches would all differ (B's 4 would be 20, C's 15 about 95).
 */
async function buildHistory() {
  const quoteA = await newItem(ny('2025-03-03T09:00'));
  const quoteB = await newItem(ny('2025-03-03T15:00'));
  const quoteC = await newItem(ny('2025-03-07T13:00'));
  const quoteD = await newItem(ny('2025-03-03T10:00'));
  const quoteE = await newItem(ny('2025-03-10T09:00'));
  const plan: [number, string, string][] = [
    [quoteA, '2025-03-03T09:30', '2025-03-03T11:00'],
    [quoteB, '2025-03-03T16:00', '2025-03-04T11:00'],
    [quoteC, '2025-03-07T14:00', '2025-03-11T12:00'],
    [quoteD, '2025-03-03T10:30', '2025-03-06T23:30'],
  ];
  for (const [quoteId, started, authentic] of plan) {
    await decide(quoteId, 'authenticator', { decision: 'start_authentication' });
    await decide(quoteId, 'authenticator', { decision: 'authentic' });
    await stepAt(quoteId, 'authentication_in_progress', ny(started));
    await stepAt(quoteId, 'authenticated_no_offer', ny(authentic));
  }
  for (const [quoteId, at] of [
    [quoteA, '2025-03-04T10:00'],
    [quoteB, '2025-03-07T16:00'],
  ] as const) {
    await decide(quoteId, 'pricer', {
      decision: 'make_offers',
      offers: { consignmentEstimate: 1500, buyoutQuote: 900 },
    });
    await stepAt(quoteId, 'authenticated_with_offer', ny(at));
  }

  // A counterfeit verdict waits for a second opinion: the authenticator's decision, operations'
  // approval.
  await decide(quoteE, 'authenticator', { decision: 'start_authentication' });
  await decide(quoteE, 'authenticator', { decision: 'counterfeit', reason: 'Wrong stitching' });
  const approved = await call(tokens.operations!, `${itemUrl(quoteE)}/second-opinion`, 'POST', {
    verdict: 'approve',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  await stepAt(quoteE, 'authentication_in_progress', ny('2025-03-10T09:30'));
  await stepAt(quoteE, 'fake', ny('2025-03-10T12:00'));
  await db()
    .update(officeSecondOpinions)
    .set({ createdAt: ny('2025-03-10T11:00'), resolvedAt: ny('2025-03-10T12:00') })
    .where(eq(officeSecondOpinions.quoteId, quoteE));

  // A sale paid: it leaves "Sold" when its commission is paid.
  const quoteF = await insertQuote(db(), {
    stylistId,
    clientId,
    status: 'sold',
    commissionPaidAt: ny('2025-03-10T13:00'),
  });
  await db()
    .insert(quoteStatusHistory)
    .values({
      quoteId: quoteF,
      fromStatus: 'converted',
      toStatus: 'sold',
      actorKind: 'system',
      createdAt: ny('2025-03-03T09:00'),
    });
}

async function report(query: string, who = 'operations') {
  const response = await call(tokens[who]!, `/api/office/reports?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return OfficeReportDocumentSchema.parse(response.json());
}

describe('the report', () => {
  test('per queue: items handled, the median business hours, the share breached', async () => {
    const { data, meta } = await report('from=2025-03-01&to=2025-03-14');
    expect(meta).toEqual({ from: '2025-03-01', to: '2025-03-14', timeZone: ZONE });
    const byStage = Object.fromEntries(data.stages.map((row) => [row.stage, row]));
    expect(data.stages.map((row) => row.stage)).toEqual([
      'to_authenticate',
      'needs_info',
      'to_price',
      'offers_out',
      'accepted',
      'in_transit',
      'at_warehouse',
      'sold',
    ]);
    // Stays of 2, 3, 4, 15 and 31 business hours.
    expect(byStage.to_authenticate).toEqual({
      stage: 'to_authenticate',
      targetHours: 24,
      handled: 5,
      medianHours: 4,
      breached: 1,
      breachedShare: 0.2,
    });
    // 7 and 29: the median lies between them.
    expect(byStage.to_price).toMatchObject({ handled: 2, medianHours: 18, breached: 1 });
    expect(byStage.to_price!.breachedShare).toBe(0.5);
    expect(byStage.sold).toMatchObject({ handled: 1, medianHours: 44, breachedShare: 1 });
    expect(byStage.needs_info).toMatchObject({
      handled: 0,
      medianHours: null,
      breachedShare: null,
    });
  });

  test('items handled per day, every day of the range, on the office’s calendar', async () => {
    const { data } = await report('from=2025-03-03&to=2025-03-11');
    expect(data.days.map((day) => day.date)).toEqual([
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
    ]);
    const handled = (stage: 'to_authenticate' | 'to_price' | 'sold') =>
      data.days.map((day) => day.handled[stage]);
    // A Mon, B Tue, D Thu (23:30 in New York), E and C the Monday and Tuesday after.
    expect(handled('to_authenticate')).toEqual([1, 1, 0, 1, 0, 0, 0, 1, 1]);
    expect(handled('to_price')).toEqual([0, 1, 0, 0, 1, 0, 0, 0, 0]);
    expect(handled('sold')).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0]);
  });

  test('a shorter range counts only the stays that ended in it', async () => {
    const { data } = await report('from=2025-03-07&to=2025-03-07');
    expect(data.days).toHaveLength(1);
    const byStage = Object.fromEntries(data.stages.map((row) => [row.stage, row]));
    expect(byStage.to_authenticate!.handled).toBe(0);
    expect(byStage.to_price).toMatchObject({ handled: 1, medianHours: 29, breachedShare: 1 });
  });

  test('decisions per staff member: the steps each took, and the second opinions given', async () => {
    const { data } = await report('from=2025-03-01&to=2025-03-14');
    const staff = Object.fromEntries(data.staff.map((member) => [member.userId, member]));
    expect(data.staff.map((member) => member.userId)).toEqual([
      userIds.authenticator,
      userIds.pricer,
      userIds.operations,
    ]);
    expect(staff[userIds.authenticator!]).toMatchObject({
      role: 'authenticator',
      decisions: { start_authentication: 5, authentic: 4, counterfeit: 1, make_offers: 0 },
      secondOpinions: 0,
      total: 10,
    });
    expect(staff[userIds.pricer!]).toMatchObject({
      name: `${PRICER_FIRST} Person`,
      decisions: { make_offers: 2, authentic: 0 },
      total: 2,
    });
    expect(staff[userIds.operations!]).toMatchObject({ secondOpinions: 1, total: 1 });

    const firstWeek = await report('from=2025-03-03&to=2025-03-05');
    expect(firstWeek.data.staff.map((m) => [m.userId, m.total])).toEqual([
      // Starts of A, B and D, A and B authentic; A priced.
      [userIds.authenticator, 5],
      [userIds.pricer, 1],
    ]);
  });

  test('admin reads it too; an empty range has every day and no staff', async () => {
    const { data } = await report('from=2024-01-01&to=2024-12-31', 'admin');
    expect(data.days).toHaveLength(366);
    expect(data.staff).toEqual([]);
    expect(data.stages.every((row) => row.handled === 0 && row.medianHours === null)).toBe(true);
  });
});

describe('who may read it', () => {
  test.each(['stylist', 'shopper', 'authenticator', 'pricer'])(
    '%s is refused with 403, JSON and CSV',
    async (who) => {
      for (const path of ['/api/office/reports', '/api/office/reports.csv']) {
        const response = await call(tokens[who]!, `${path}?from=2025-03-01&to=2025-03-14`);
        expect(response.statusCode).toBe(403);
        expect(ErrorBodySchema.parse(response.json()).code).toBe('FORBIDDEN');
      }
    },
  );

  test('a stranger is asked to sign in', async () => {
    expect((await call(null, '/api/office/reports?from=2025-03-01&to=2025-03-14')).statusCode).toBe(
      401,
    );
  });
});

describe('a bad range', () => {
  test.each([
    ['', ['from', 'to']],
    ['from=2025-03-14&to=2025-03-01', ['to']],
    ['from=2025-01-01&to=2026-01-02', ['to']],
    ['from=2025-02-30&to=2025-03-01', ['from']],
    ['from=03/01/2025&to=2025-03-14', ['from']],
    ['from=2025-03-01&to=2025-03-14&stage=sold', []],
  ])('?%s answers 400 in the error shape and writes nothing', async (query, fields) => {
    const audits = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
    const before = await audits();
    for (const path of ['/api/office/reports', '/api/office/reports.csv']) {
      const response = await call(tokens.operations!, `${path}?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      const body = ErrorBodySchema.parse(response.json());
      for (const field of fields) expect(Object.keys(body.errors ?? {})).toContain(field);
    }
    expect(await audits()).toBe(before);
  });

  test('366 days are allowed, 367 are not', async () => {
    expect(
      (await call(tokens.operations!, '/api/office/reports?from=2025-01-01&to=2026-01-01'))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(tokens.operations!, '/api/office/reports?from=2025-01-01&to=2026-01-02'))
        .statusCode,
    ).toBe(400);
  });
});

describe('the CSV', () => {
  test('is a download of the same figures, escaped per RFC 4180, names never formulas', async () => {
    const response = await call(
      tokens.operations!,
      '/api/office/reports.csv?from=2025-03-01&to=2025-03-14',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="atelier-office-report-2025-03-01_2025-03-14.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(OFFICE_REPORT_CSV_STAGE_HEADER.join(','));
    expect(lines[1]).toBe('To authenticate,24,5,4,1,20.0%');
    expect(lines[3]).toBe('To price,16,2,18,1,50.0%');
    expect(lines[2]).toBe('Needs more info,16,0,,0,');
    // After the stages, a blank line, then the days.
    expect(lines[9]).toBe('');
    expect(lines[10]!.startsWith('Date,To authenticate handled,')).toBe(true);
    expect(lines[11]).toBe('2025-03-01,0,0,0,0,0,0,0,0');
    // A on Monday 3/3, and F left "At warehouse" when it sold.
    expect(lines[13]).toBe('2025-03-03,1,0,0,0,0,0,1,0');
    expect(lines).toContain('2025-03-10,1,0,0,0,0,0,0,1');
    const staff = lines.slice(lines.indexOf('', 11) + 1);
    expect(staff[0]).toBe(
      'Staff member,Role,Start authentication,Authentic,Counterfeit,Request more info,Make offers,Renew offers,Receive,Convert,Record sale,Second opinions,Total',
    );
    expect(staff[1]).toBe('authenticator Person,Authenticator,5,4,1,0,0,0,0,0,0,0,10');
    expect(staff[2]).toBe(`"'=SUM(A1), ""Pat"" Person",Pricer,0,0,0,0,2,0,0,0,0,0,2`);
    expect(staff[3]).toBe('operations Person,Operations,0,0,0,0,0,0,0,0,0,1,1');
    expect(staff[4]).toBe('');
  });

  test('csvField quotes what needs quoting and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    for (const risky of ['=1+1', '+1', '-1', '@SUM(A1)']) {
      expect(csvField(risky)).toBe(`'${risky}`);
    }
    expect(csvField(-3)).toBe('-3');
    expect(csvField(12.5)).toBe('12.5');
  });
});

describe('business hours in SQL', () => {
  test('agree with the queues’ clock over spans across weekends and daylight saving time', async () => {
    const spans: [Date, Date][] = [];
    // A fixed spread of starts and lengths, March and November 2025 (both changes of clock).
    for (let i = 0; i < 60; i += 1) {
      const base = Date.parse(i % 2 === 0 ? '2025-03-01T00:00:00Z' : '2025-10-25T00:00:00Z');
      const start = base + ((i * 7_919_000) % (14 * 86_400_000));
      const length = ((i * 15_485_863) % (20 * 86_400_000)) + 1_000;
      spans.push([new Date(start), new Date(start + length)]);
    }
    for (const zone of [ZONE, 'Europe/Paris', 'Asia/Tokyo']) {
      const values = sql.join(
        spans.map(
          ([start, end], i) =>
            sql`(${i}::int, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      const result = (await db().execute(
        sql`select i, ${businessHoursSql(sql.raw('s'), sql.raw('e'), zone)} as hours from (values ${values}) spans(i, s, e) order by i`,
      )) as { rows: { i: number; hours: number }[] };
      const got = result.rows.map((row) => Number(row.hours));
      const expected = spans.map(([start, end]) => businessHoursBetween(start, end, zone));
      expect(got, zone).toHaveLength(expected.length);
      const worst = Math.max(...got.map((hours, i) => Math.abs(hours - expected[i]!)));
      // To the second: the two differ only in floating point.
      expect(worst, zone).toBeLessThan(1 / 3600);
      expect(
        got.some((hours) => hours > 40),
        zone,
      ).toBe(true);
    }
  });
});
