import { CONTENT_KEYS, OFFICE_STAGES } from '@atelier/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAuth, type Auth } from '../../auth/auth.ts';
import { createLocalStorage } from '../../integrations/storage/local-storage.ts';
import { createFileLinks } from '../../integrations/storage/signed-file-links.ts';
import { withLinks, type FileStorage } from '../../integrations/storage/storage.ts';
import { openDatabase, type Database } from '../client.ts';
import * as schema from '../schema.ts';
import { planDemoData, SCAN_DEMO_TRACKING_NUMBER } from './demo-plan.ts';
import { seedDemoDataIfEmpty } from './seed.ts';
import { getPriceGuidance } from '../../features/office/office-pricing.service.ts';

let database: Database;
let auth: Auth;
let storage: FileStorage;
let storageDir: string;
let firstRun: boolean;

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
  await database.migrate();
  auth = createAuth(database.db, {
    secret: 'x'.repeat(32),
    previousSecrets: [],
    baseUrl: 'http://localhost:3000',
    trustedOrigins: [],
    jwtTtlSeconds: 900,
    issuer: 'http://localhost:3000',
    audience: 'http://localhost:3000',
    signInRateLimit: { max: 10, windowSeconds: 60 },
  });
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-seed-'));
  storage = withLinks(
    createLocalStorage(storageDir),
    createFileLinks({ secret: 'x'.repeat(32), ttlSeconds: 3600 }),
  );
  firstRun = await seedDemoDataIfEmpty({ db: database.db, auth, storage });
});

afterAll(async () => {
  await database?.close();
  if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
});

const db = () => database.db;

async function stylistByEmail(email: string) {
  const [row] = await db()
    .select({
      stylistId: schema.stylists.id,
      createdAt: schema.stylists.createdAt,
      city: schema.stylists.city,
    })
    .from(schema.stylists)
    .innerJoin(schema.users, eq(schema.users.id, schema.stylists.userId))
    .where(eq(schema.users.email, email));
  return row!;
}

async function rowCounts() {
  const tables = {
    users: schema.users,
    clients: schema.clients,
    quotes: schema.quotes,
    images: schema.images,
    commissions: schema.commissions,
    designers: schema.designers,
    tutorials: schema.tutorials,
    contentTexts: schema.contentTexts,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [
      name,
      (await db().select({ n: count() }).from(table))[0]!.n,
    ]),
  );
  return Object.fromEntries(entries) as Record<keyof typeof tables, number>;
}

test('seeds an empty database, then leaves a populated one alone', async () => {
  expect(firstRun).toBe(true);
  const before = await rowCounts();
  // The seven sign-in accounts (two stylists, a shopper, an admin, three office staff), and one
  // shop account per client.
  expect(before.users).toBe(7 + before.clients);
  expect(before.clients).toBe(39);
  expect(before.designers).toBeGreaterThanOrEqual(30);

  expect(await seedDemoDataIfEmpty({ db: db(), auth, storage })).toBe(false);
  expect(await rowCounts()).toEqual(before);
});

test('the demo accounts sign in with the demo password', async () => {
  const result = await auth.api.signInEmail({
    body: { email: 'demo@atelier.test', password: 'atelier-demo' },
  });
  expect(result.user.email).toBe('demo@atelier.test');

  const roles = await db()
    .select({ email: schema.users.email, role: schema.users.role })
    .from(schema.users)
    .leftJoin(schema.clients, eq(schema.clients.userId, schema.users.id))
    .where(isNull(schema.clients.id));
  expect(Object.fromEntries(roles.map((r) => [r.email, r.role]))).toEqual({
    'demo@atelier.test': 'stylist',
    'other@atelier.test': 'stylist',
    'shopper@atelier.test': 'user',
    'admin@atelier.test': 'admin',
    'office@atelier.test': 'operations',
    'authenticator@atelier.test': 'authenticator',
    'pricer@atelier.test': 'pricer',
  });
});

test('the demo stylist is new enough for the tutorials card and has an address', async () => {
  const demo = await stylistByEmail('demo@atelier.test');
  const ageDays = (Date.now() - demo.createdAt.getTime()) / 86_400_000;
  expect(ageDays).toBeGreaterThan(14);
  expect(ageDays).toBeLessThan(60);
  expect(demo.city).toBe('New York');
});

test("one client's page shows a quote in every status", async () => {
  const { stylistId } = await stylistByEmail('demo@atelier.test');
  const rows = await db()
    .select({ clientId: schema.quotes.clientId, status: schema.quotes.status })
    .from(schema.quotes)
    .where(eq(schema.quotes.stylistId, stylistId));
  const statusesByClient = new Map<number, Set<string>>();
  for (const row of rows) {
    statusesByClient.set(
      row.clientId,
      (statusesByClient.get(row.clientId) ?? new Set()).add(row.status),
    );
  }
  const everyStatus = schema.quoteStatus.enumValues;
  expect(new Set(rows.map((r) => r.status))).toEqual(new Set(everyStatus));
  expect(
    [...statusesByClient.values()].some((statuses) => statuses.size === everyStatus.length),
  ).toBe(true);
  expect(statusesByClient.size).toBeGreaterThanOrEqual(12);
});

/** The life cycle of ARCHITECTURE.md, written out independently of the seed's own table. */
const ALLOWED_STEPS = new Set([
  'null>pending_authentication',
  'pending_authentication>authentication_in_progress',
  'authentication_in_progress>authenticated_no_offer',
  'authentication_in_progress>authenticated_with_offer',
  'authentication_in_progress>fake',
  'authentication_in_progress>needs_more_info',
  'authenticated_with_offer>offer_pending',
  'offer_pending>offer_accepted',
  'offer_pending>rejected',
  'offer_accepted>in_transit',
  'in_transit>received',
  'received>converted',
  'converted>sold',
]);

test('every status history walks the life cycle from submission to the current status', async () => {
  const allQuotes = await db().select().from(schema.quotes);
  const history = await db().select().from(schema.quoteStatusHistory);
  for (const quote of allQuotes) {
    const trail = history
      .filter((h) => h.quoteId === quote.id)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(trail[0]).toMatchObject({ fromStatus: null, toStatus: 'pending_authentication' });
    trail.slice(1).forEach((step, i) => expect(step.fromStatus).toBe(trail[i]!.toStatus));
    for (const step of trail)
      expect(ALLOWED_STEPS).toContain(`${step.fromStatus}>${step.toStatus}`);
    expect(trail.at(-1)!.toStatus).toBe(quote.status);
    expect(trail.at(-1)!.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
  }
});

test('offers, acceptance and shipments match each status', async () => {
  const allQuotes = await db().select().from(schema.quotes);
  const offers = await db().select().from(schema.quoteOffers);
  const withOffers = new Set(offers.map((o) => o.quoteId));
  for (const quote of allQuotes) {
    const isOffered = ![
      'pending_authentication',
      'authentication_in_progress',
      'authenticated_no_offer',
      'fake',
      'needs_more_info',
    ].includes(quote.status);
    expect(withOffers.has(quote.id), `${quote.status} offers`).toBe(isOffered);
    const isShipped = ['in_transit', 'received', 'converted', 'sold'].includes(quote.status);
    expect(quote.shipmentId !== null, `${quote.status} shipment`).toBe(isShipped);
    if (quote.status === 'rejected') expect(quote.acceptedOfferType).toBe('rejected');
    if (quote.status === 'offer_accepted')
      expect(['consignment', 'buyout']).toContain(quote.acceptedOfferType);
  }
  expect(offers.every((o) => Number.isInteger(o.amountCents) && o.amountCents > 0)).toBe(true);
  const pickups = await db()
    .select()
    .from(schema.shipments)
    .where(eq(schema.shipments.kind, 'pickup'));
  expect(pickups.length).toBeGreaterThan(0);
  const pickedUp = allQuotes.filter((q) => q.pickupType === 'concierge');
  expect(new Set(pickedUp.map((q) => q.shipmentId))).toEqual(new Set(pickups.map((s) => s.id)));
});

test('every quote has a stored JPEG picture and thumbnail', async () => {
  const allQuotes = await db().select({ id: schema.quotes.id }).from(schema.quotes);
  const allImages = await db().select().from(schema.images);
  for (const quote of allQuotes) {
    expect(allImages.filter((image) => image.quoteId === quote.id).length).toBeGreaterThanOrEqual(
      1,
    );
  }
  for (const image of allImages) {
    const full = await storage.get(image.storageKey);
    const thumbnail = await storage.get(image.thumbnailKey);
    expect(full?.body.length).toBe(image.bytes);
    expect(full!.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await sharp(full!.body).metadata()).toMatchObject({
      format: 'jpeg',
      width: image.width,
      height: image.height,
    });
    expect(await sharp(thumbnail!.body).metadata()).toMatchObject({
      format: 'jpeg',
      width: 200,
      height: 200,
    });
  }
});

test('commissions span twelve months, mostly paid, the latest pending', async () => {
  const { stylistId } = await stylistByEmail('demo@atelier.test');
  const rows = await db()
    .select()
    .from(schema.commissions)
    .where(eq(schema.commissions.stylistId, stylistId));
  const months = new Set(rows.map((r) => r.createdAt.toISOString().slice(0, 7)));
  expect(months.size).toBe(12);
  const pending = rows.filter((r) => r.paidAt === null);
  const paid = rows.filter((r) => r.paidAt !== null);
  expect(pending.length).toBeGreaterThan(0);
  expect(paid.length).toBeGreaterThan(pending.length);
  const newestPaid = Math.max(...paid.map((r) => r.createdAt.getTime()));
  expect(pending.every((r) => r.createdAt.getTime() >= newestPaid)).toBe(true);
  expect(paid.every((r) => r.paidAt! > r.createdAt)).toBe(true);
  expect(rows.some((r) => r.orderId !== null)).toBe(true);
  expect(rows.some((r) => r.quoteId !== null)).toBe(true);

  const statuses = await db()
    .select()
    .from(schema.commissionStatuses)
    .where(
      inArray(
        schema.commissionStatuses.commissionId,
        paid.map((r) => r.id),
      ),
    );
  for (const commission of paid) {
    expect(statuses.filter((s) => s.commissionId === commission.id).map((s) => s.label)).toContain(
      'Paid',
    );
  }
});

test('every text content key of spec §3 exists, bare and stylist-prefixed', async () => {
  const rows = await db()
    .select()
    .from(schema.contentTexts)
    .where(eq(schema.contentTexts.locale, 'en'));
  const keys = new Set(rows.map((r) => r.key));
  for (const key of CONTENT_KEYS) {
    expect(keys).toContain(key);
    expect(keys).toContain(`stylist.${key}`);
  }
  expect(rows.every((r) => r.value.trim().length > 0)).toBe(true);
});

test("the other stylist's clients, quotes and commissions are her own", async () => {
  const demo = await stylistByEmail('demo@atelier.test');
  const other = await stylistByEmail('other@atelier.test');
  const otherClients = await db()
    .select()
    .from(schema.clients)
    .where(eq(schema.clients.stylistId, other.stylistId));
  expect(otherClients).toHaveLength(3);
  const otherIds = new Set(otherClients.map((c) => c.id));

  const demoClients = await db()
    .select()
    .from(schema.clients)
    .where(eq(schema.clients.stylistId, demo.stylistId));
  expect(demoClients.length).toBeGreaterThanOrEqual(30);
  expect(demoClients.some((c) => otherIds.has(c.id))).toBe(false);

  for (const table of [schema.quotes, schema.commissions, schema.shipments]) {
    const rows = await db()
      .select({ stylistId: table.stylistId, clientId: table.clientId })
      .from(table);
    for (const row of rows)
      expect(otherIds.has(row.clientId)).toBe(row.stylistId === other.stylistId);
  }
  const images = await db()
    .select({ imageStylist: schema.images.stylistId, quoteStylist: schema.quotes.stylistId })
    .from(schema.images)
    .innerJoin(schema.quotes, eq(schema.quotes.id, schema.images.quoteId));
  expect(images.every((i) => i.imageStylist === i.quoteStylist)).toBe(true);
});

test('tutorials and the marketing box point at stored pictures', async () => {
  const rows = await db().select().from(schema.tutorials);
  expect(new Set(rows.map((r) => r.category))).toEqual(
    new Set(['Welcome', 'Quotes', 'Shipping', 'Payouts']),
  );
  const [box] = await db().select().from(schema.marketingBoxes);
  for (const url of [...rows.map((r) => r.coverImageUrl!), box!.imageUrl]) {
    const file = await storage.get(url.replace(/^\/files\//, ''));
    expect(await sharp(file!.body).metadata()).toMatchObject({
      format: 'jpeg',
      width: 800,
      height: 450,
    });
  }
});

test('the Welcome tutorial plays a small stored WebM clip; the others show covers only', async () => {
  const rows = await db().select().from(schema.tutorials);
  const playable = rows.filter((row) => row.showVideo);
  expect(playable.map((row) => row.category)).toEqual(['Welcome']);
  expect(rows.filter((row) => !row.showVideo).every((row) => row.videoUrl === null)).toBe(true);
  const file = await storage.get(playable[0]!.videoUrl!.replace(/^\/files\//, ''));
  expect(file!.contentType).toBe('video/webm');
  // EBML magic: a Matroska/WebM container.
  expect(file!.body.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  expect(file!.body.length).toBeLessThan(200 * 1024);
});

test('the same moment always plans the same data, even in the first hour of a month', () => {
  const now = new Date('2026-03-01T00:30:00Z');
  const plan = planDemoData(now);
  expect(planDemoData(now)).toEqual(plan);

  const months = new Set(plan.demo.commissions.map((c) => c.createdAt.toISOString().slice(0, 7)));
  expect(months.size).toBe(12);
  const everything = [
    ...plan.demo.commissions.flatMap((c) => [
      c.createdAt,
      c.paidAt,
      ...c.statuses.map((s) => s.at),
    ]),
    ...plan.demo.quotes.flatMap((q) => q.history.map((h) => h.at)),
  ];
  expect(everything.every((date) => date === null || date <= now)).toBe(true);
});

test('every office queue has items, the oldest held by the demo staff', async () => {
  const perStage = await db()
    .select({ stage: schema.quotes.officeStage, n: count() })
    .from(schema.quotes)
    .groupBy(schema.quotes.officeStage);
  const counts = Object.fromEntries(perStage.map((row) => [row.stage, row.n]));
  for (const stage of OFFICE_STAGES) expect(counts[stage], stage).toBeGreaterThan(0);

  const held = await db()
    .select({ email: schema.users.email, stage: schema.quotes.officeStage })
    .from(schema.officeClaims)
    .innerJoin(schema.users, eq(schema.users.id, schema.officeClaims.userId))
    .innerJoin(schema.quotes, eq(schema.quotes.id, schema.officeClaims.quoteId));
  expect(held.map((row) => `${row.email} ${row.stage}`).sort()).toEqual([
    'authenticator@atelier.test to_authenticate',
    'authenticator@atelier.test to_authenticate',
    'office@atelier.test at_warehouse',
    'pricer@atelier.test to_price',
  ]);
});

test('one parcel in transit carries the tracking number the README names for "Scan to receive"', async () => {
  const onParcel = await db()
    .select({ status: schema.quotes.status, kind: schema.shipments.kind })
    .from(schema.shipments)
    .innerJoin(schema.quotes, eq(schema.quotes.shipmentId, schema.shipments.id))
    .where(eq(schema.shipments.trackingNumber, SCAN_DEMO_TRACKING_NUMBER));
  expect(onParcel.length).toBeGreaterThan(0);
  expect(onParcel.every((row) => row.status === 'in_transit' && row.kind === 'label')).toBe(true);
  const readme = fs.readFileSync(
    path.join(import.meta.dirname, '../../../../../README.md'),
    'utf8',
  );
  expect(readme).toContain(SCAN_DEMO_TRACKING_NUMBER);
});

test('every item to price has price guidance: one from its category, one from its designer alone', async () => {
  const toPrice = await db()
    .select({ id: schema.quotes.id })
    .from(schema.quotes)
    .where(eq(schema.quotes.officeStage, 'to_price'))
    .orderBy(schema.quotes.id);
  const pricer = { userId: 'pricer', role: 'pricer' };
  const guidance = await Promise.all(
    toPrice.map(async ({ id }) => (await getPriceGuidance(db(), pricer, id, { storage })).data),
  );
  expect(guidance.map((g) => g.basis).sort()).toEqual(['designer', 'designer_category']);
  for (const found of guidance) {
    expect(found.sales).toBeGreaterThanOrEqual(3);
    expect(found.buyouts).toBeGreaterThan(0);
    expect(found.medianDaysToSell).toBeGreaterThan(0);
    expect(found.comparables).toHaveLength(5);
    expect(found.comparables.every((sale) => sale.photoUrl !== null)).toBe(true);
  }
});
