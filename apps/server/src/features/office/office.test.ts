import {
  AccountDocumentSchema,
  ClaimDocumentSchema,
  DEFAULT_OFFICE_SLA_HOURS,
  OFFICE_STAGES,
  ErrorBodySchema,
  OfficeMeDocumentSchema,
  OfficeQueueDocumentSchema,
  officeApi,
  type Endpoint,
  type LifecycleStatus,
  type OfficeStage,
} from '@atelier/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { commissions, officeClaims, quotes, shipments } from '../../db/schema.ts';
import {
  insertClients,
  insertCommission,
  insertDesigner,
  insertQuote,
  insertShipment,
} from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';
import { listQueue } from './office-queues.service.ts';

let app: App;
const tokens: Record<string, string> = {};
const users: Record<string, { userId: string; firstName: string; lastName: string }> = {};
let stylistId: number;
let otherStylistId: number;
let clientId: number;
let otherClientId: number;

beforeAll(async () => {
  app = await buildTestApp();
  for (const [name, role] of [
    ['stylist', 'stylist'],
    ['otherStylist', 'stylist'],
    ['shopper', 'user'],
    ['operations', 'operations'],
    ['authenticator', 'authenticator'],
    ['pricer', 'pricer'],
    ['admin', 'admin'],
  ] as const) {
    const account = await createTestAccount(app, {
      role,
      firstName: name[0]!.toUpperCase() + name.slice(1),
      lastName: 'Tester',
    });
    users[name] = account;
    tokens[name] = await tokenFor(app, account.email);
    if (name === 'stylist') stylistId = account.stylistId!;
    if (name === 'otherStylist') otherStylistId = account.stylistId!;
  }
  clientId = (
    await insertClients(app.database.db, stylistId, [{ firstName: 'Margaux', lastName: 'Dubois' }])
  )[0]!.id;
  otherClientId = (
    await insertClients(app.database.db, otherStylistId, [
      { firstName: 'Inès', lastName: 'Fontaine' },
    ])
  )[0]!.id;
});
afterAll(() => app.close());

const db = () => app.database.db;

function call(token: string | null, method: Endpoint['method'], url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined && { payload }),
  });
}

const HOUR = 3_600_000;

/** A quote in `status` that came into its queue `hoursAgo` (wall-clock) hours ago. */
async function quoteIn(
  status: LifecycleStatus,
  options: { hoursAgo?: number; stylist?: 'own' | 'other'; barCode?: string } = {},
) {
  const own = options.stylist !== 'other';
  return insertQuote(db(), {
    stylistId: own ? stylistId : otherStylistId,
    clientId: own ? clientId : otherClientId,
    status,
    stageEnteredAt: new Date(Date.now() - (options.hoursAgo ?? 1) * HOUR),
    ...(options.barCode && { barCode: options.barCode }),
  });
}

async function queue(stage: OfficeStage, query = '', token = tokens.operations!) {
  const response = await call(token, 'GET', `/api/office/queues/${stage}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return OfficeQueueDocumentSchema.parse(response.json());
}

const claimUrl = (quoteId: number) => `/api/office/items/${quoteId}/claim`;

describe('who may work in the office', () => {
  /** Every office endpoint, with its path filled in. */
  const calls = () =>
    Object.values<Endpoint>(officeApi).map((endpoint) => ({
      endpoint,
      url: endpoint.path
        .replace(':stage', 'to_price')
        .replace(':quoteId', '1')
        // The records (office-records.test.ts).
        .replace(':clientId', '1')
        .replace(':stylistId', '1'),
    }));

  test('every office call refuses a stylist and a shopper with 403, and asks a stranger to sign in', async () => {
    expect(calls().length).toBeGreaterThanOrEqual(4);
    for (const { endpoint, url } of calls()) {
      for (const [who, status] of [
        ['stylist', 403],
        ['shopper', 403],
        [null, 401],
      ] as const) {
        const response = await call(
          who && tokens[who]!,
          endpoint.method,
          url,
          endpoint.body ? {} : undefined,
        );
        expect(response.statusCode, `${endpoint.operationId} as ${who}`).toBe(status);
        expect(ErrorBodySchema.parse(response.json()).code).toBe(
          status === 403 ? 'FORBIDDEN' : 'UNAUTHORIZED',
        );
      }
    }
  });

  test('each staff role is told its rights; the account call names the office role', async () => {
    const rights = async (who: string) => {
      const response = await call(tokens[who]!, 'GET', '/api/office/me');
      expect(response.statusCode, response.body).toBe(200);
      return OfficeMeDocumentSchema.parse(response.json()).data;
    };
    expect((await rights('authenticator')).rights).toEqual(['authenticate']);
    expect((await rights('pricer')).rights).toEqual(['price']);
    const lead = await rights('operations');
    expect(lead.rights).toEqual(['authenticate', 'price', 'receive', 'pay', 'reassign']);
    expect((await rights('admin')).rights).toEqual(lead.rights);
    expect(lead.stylists.map((s) => s.id)).toEqual(
      expect.arrayContaining([stylistId, otherStylistId]),
    );

    const account = async (who: string) =>
      AccountDocumentSchema.parse((await call(tokens[who]!, 'GET', '/api/account')).json()).data
        .attributes;
    expect(await account('pricer')).toMatchObject({ isStylist: false, officeRole: 'pricer' });
    expect(await account('stylist')).toMatchObject({ isStylist: true, officeRole: null });
    expect(await account('shopper')).toMatchObject({ isStylist: false, officeRole: null });
  });

  test('operations may use the admin routes, as admin does; an authenticator may not', async () => {
    const quoteId = await quoteIn('pending_authentication');
    expect((await call(tokens.operations!, 'GET', `/api/admin/quotes/${quoteId}`)).statusCode).toBe(
      200,
    );
    const refused = await call(tokens.authenticator!, 'GET', `/api/admin/quotes/${quoteId}`);
    expect(refused.statusCode).toBe(403);
  });
});

describe('the queues', () => {
  test('a queue lists its items oldest first, with every queue counted', async () => {
    const before = await queue('to_price');
    const newer = await quoteIn('authenticated_no_offer', { hoursAgo: 2 });
    const older = await quoteIn('authenticated_no_offer', { hoursAgo: 200, stylist: 'other' });
    await quoteIn('pending_authentication');
    await quoteIn('fake');

    const after = await queue('to_price');
    expect(after.meta.counts.to_price).toBe(before.meta.counts.to_price + 2);
    expect(after.meta.counts.to_authenticate).toBeGreaterThan(before.meta.counts.to_authenticate);
    expect(after.meta.pagination.total).toBe(after.meta.counts.to_price);
    const ids = after.data.map((row) => row.quoteId);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    const row = after.data.find((r) => r.quoteId === older)!;
    expect(row).toMatchObject({
      status: 'authenticated_no_offer',
      stylist: { id: otherStylistId, name: 'OtherStylist Tester' },
      client: { id: otherClientId, name: 'Inès Fontaine' },
      holder: null,
      sla: { state: 'breached', targetHours: 16 },
    });
  });

  test("a move into another queue restarts the item's clock; a move within its queue does not", async () => {
    const quoteId = await quoteIn('pending_authentication', { hoursAgo: 50 });
    const enteredAt = async () =>
      (await db().select().from(quotes).where(eq(quotes.id, quoteId)))[0]!.stageEnteredAt;
    const submitted = await enteredAt();
    const act = (action: object) =>
      call(tokens.operations!, 'POST', `/api/admin/quotes/${quoteId}/actions`, action);
    expect((await act({ action: 'start_authentication' })).statusCode).toBe(200);
    expect(await enteredAt()).toEqual(submitted);
    expect((await act({ action: 'authenticate' })).statusCode).toBe(200);
    expect((await enteredAt()).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test('the SLA badge reads business hours against the target: on track, at risk from 75 %, breached', async () => {
    const quoteId = await quoteIn('pending_authentication');
    // Wednesday 2026-11-25 17:00 in New York (22:00 UTC); the target for authentication is 24 h.
    const now = new Date('2026-11-25T22:00:00Z');
    const badgeAt = async (entered: string) => {
      await db()
        .update(quotes)
        .set({ stageEnteredAt: new Date(entered) })
        .where(eq(quotes.id, quoteId));
      const page = await listQueue(
        db(),
        { stage: 'to_authenticate', filters: { page: 1, q: `#${quoteId}` }, userId: null },
        {
          storage: { urlFor: (key) => key },
          settings: {
            slaHours: DEFAULT_OFFICE_SLA_HOURS,
            claimIdleMinutes: 30,
            timeZone: 'America/New_York',
            secondOpinionCents: 500_000,
          },
        },
        now,
      );
      return page.data[0]!;
    };
    // Wednesday 9:00: 8 business hours.
    expect(await badgeAt('2026-11-25T14:00:00Z')).toMatchObject({
      businessHours: 8,
      sla: { state: 'on_track' },
    });
    // Monday 15:00: 2 + 8 + 8 = 18 h, 75 % of 24.
    expect(await badgeAt('2026-11-23T20:00:00Z')).toMatchObject({
      businessHours: 18,
      sla: { state: 'at_risk' },
    });
    // The Friday before, 9:00: 8 + 24 = 32 h; the weekend does not count.
    expect(await badgeAt('2026-11-20T14:00:00Z')).toMatchObject({
      businessHours: 32,
      sla: { state: 'breached' },
    });
  });

  test('filters by stylist, designer and "Mine", and finds an item by quote id, barcode or tracking number', async () => {
    const mine = await quoteIn('received', { stylist: 'other' });
    const theirs = await quoteIn('received');
    const designer = await insertDesigner(db());
    const byDesigner = await insertQuote(db(), {
      stylistId,
      clientId,
      status: 'received',
      designerId: designer.id,
      categoryId: designer.categories[0]!.id,
    });
    const shipmentId = await insertShipment(db(), { stylistId, clientId });
    await db()
      .update(shipments)
      .set({ trackingNumber: '1Z999AA10123456784' })
      .where(eq(shipments.id, shipmentId));
    const shipped = await quoteIn('in_transit', { barCode: 'WG-TEST-00042' });
    await db().update(quotes).set({ shipmentId }).where(eq(quotes.id, shipped));
    expect((await call(tokens.admin!, 'POST', claimUrl(mine), {})).statusCode).toBe(200);

    const ids = async (stage: OfficeStage, query: string, token?: string) =>
      (await queue(stage, query, token)).data.map((row) => row.quoteId);
    expect(await ids('at_warehouse', '?mine=true', tokens.admin)).toEqual([mine]);
    expect(await ids('at_warehouse', '?mine=true', tokens.operations)).toEqual([]);
    expect(await ids('at_warehouse', `?stylistId=${otherStylistId}`)).toContain(mine);
    expect(await ids('at_warehouse', `?stylistId=${otherStylistId}`)).not.toContain(theirs);
    expect(await ids('at_warehouse', `?designerId=${designer.id}`)).toEqual([byDesigner]);
    expect(await ids('at_warehouse', `?q=%23${theirs}`)).toEqual([theirs]);
    expect(await ids('at_warehouse', `?q=${theirs}`)).toEqual([theirs]);
    expect(await ids('in_transit', '?q=wg-test-00042')).toEqual([shipped]);
    expect(await ids('in_transit', '?q=1Z999AA10123456784')).toEqual([shipped]);
    const found = await queue('at_warehouse', '?q=1Z999AA10123456784');
    // The counts follow the search: it is in transit, not at the warehouse.
    expect(found.meta.counts).toMatchObject({ in_transit: 1, at_warehouse: 0 });
    expect(found.data).toEqual([]);
    expect((await queue('in_transit', '?q=1Z999AA10123456784')).data[0]!.trackingNumber).toBe(
      '1Z999AA10123456784',
    );
  });

  test('"Sold" lists the sales still to pay', async () => {
    const unpaid = await quoteIn('sold');
    const paid = await quoteIn('sold');
    await insertCommission(db(), { stylistId, clientId, amountCents: 100, quoteId: unpaid });
    await insertCommission(db(), {
      stylistId,
      clientId,
      amountCents: 100,
      quoteId: paid,
      paidAt: new Date(),
    });
    const ids = (await queue('sold', '?page=1')).data.map((row) => row.quoteId);
    expect(ids).toContain(unpaid);
    expect(ids).not.toContain(paid);
  });

  test('the unfiltered counts, kept by triggers, follow every insert, move, payout and delete', async () => {
    const direct = async () => {
      const rows = await db()
        .select({ stage: quotes.officeStage, n: sql<number>`count(*)::int` })
        .from(quotes)
        .where(isNotNull(quotes.officeStage))
        .groupBy(quotes.officeStage);
      return Object.fromEntries(
        OFFICE_STAGES.map((stage) => [stage, rows.find((r) => r.stage === stage)?.n ?? 0]),
      );
    };
    const moved = await quoteIn('pending_authentication');
    const gone = await quoteIn('authenticated_no_offer');
    const sold = await quoteIn('sold');
    await call(tokens.operations!, 'POST', `/api/admin/quotes/${moved}/actions`, {
      action: 'start_authentication',
    });
    await call(tokens.operations!, 'POST', `/api/admin/quotes/${moved}/actions`, {
      action: 'authenticate',
    });
    await db().delete(quotes).where(eq(quotes.id, gone));
    await insertCommission(db(), { stylistId, clientId, amountCents: 100, quoteId: sold });
    const [commission] = await db()
      .select({ id: commissions.id })
      .from(commissions)
      .where(eq(commissions.quoteId, sold));
    const paid = await call(tokens.operations!, 'POST', '/api/admin/commissions/mark-paid', {
      commissionIds: [commission!.id],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await queue('to_price')).meta.counts).toEqual(await direct());
    // By stylist, from the kept rows too.
    const own = await queue('to_price', `?stylistId=${stylistId}`);
    const ownDirect = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(quotes)
      .where(and(eq(quotes.stylistId, stylistId), eq(quotes.officeStage, 'to_price')));
    expect(own.meta.counts.to_price).toBe(ownDirect[0]!.n);
  });

  test('bad queries answer 400 in the error shape', async () => {
    for (const url of [
      '/api/office/queues/nowhere',
      '/api/office/queues/to_price?page=0',
      '/api/office/queues/to_price?page=x',
      '/api/office/queues/to_price?mine=yes',
      '/api/office/queues/to_price?stylistId=-1',
      `/api/office/queues/to_price?q=${'x'.repeat(101)}`,
      '/api/office/queues/to_price?unknown=1',
    ]) {
      const response = await call(tokens.operations!, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('claims', () => {
  const holderOf = async (quoteId: number) =>
    (await db().select().from(officeClaims).where(eq(officeClaims.quoteId, quoteId)))[0] ?? null;

  test('"Assign to me" holds the item; a second claim answers 409 naming the holder and changes nothing', async () => {
    const quoteId = await quoteIn('pending_authentication');
    const first = await call(tokens.authenticator!, 'POST', claimUrl(quoteId), {});
    expect(first.statusCode, first.body).toBe(200);
    expect(ClaimDocumentSchema.parse(first.json()).data.holder).toMatchObject({
      userId: users.authenticator!.userId,
      name: 'Authenticator Tester',
    });
    const held = await holderOf(quoteId);

    const second = await call(tokens.admin!, 'POST', claimUrl(quoteId), {});
    expect(second.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(second.json())).toMatchObject({
      code: 'CONFLICT',
      message: 'Authenticator Tester holds this item.',
    });
    expect(await holderOf(quoteId)).toEqual(held);
    // Operations' own "Assign to me" does not take it either.
    expect((await call(tokens.operations!, 'POST', claimUrl(quoteId), {})).statusCode).toBe(409);

    const row = (await queue('to_authenticate', `?q=%23${quoteId}`)).data[0]!;
    expect(row.holder?.name).toBe('Authenticator Tester');
  });

  test('a claim idle for OFFICE_CLAIM_IDLE_MINUTES is free again', async () => {
    const quoteId = await quoteIn('pending_authentication');
    expect((await call(tokens.authenticator!, 'POST', claimUrl(quoteId), {})).statusCode).toBe(200);
    await db()
      .update(officeClaims)
      .set({ activeAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(officeClaims.quoteId, quoteId));
    expect((await queue('to_authenticate', `?q=%23${quoteId}`)).data[0]!.holder).toBeNull();
    const taken = await call(tokens.operations!, 'POST', claimUrl(quoteId), {});
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await holderOf(quoteId))?.userId).toBe(users.operations!.userId);
  });

  test('a claim lasts while the item stays in its queue and ends when anyone moves it to another', async () => {
    const quoteId = await quoteIn('pending_authentication');
    expect((await call(tokens.authenticator!, 'POST', claimUrl(quoteId), {})).statusCode).toBe(200);
    const setStatus = (status: 'authentication_in_progress' | 'authenticated_no_offer') =>
      db().update(quotes).set({ status }).where(eq(quotes.id, quoteId));
    // Still "To authenticate": still theirs.
    await setStatus('authentication_in_progress');
    expect((await holderOf(quoteId))?.userId).toBe(users.authenticator!.userId);
    // On to "To price": free for the pricers, in the same statement's transaction.
    await setStatus('authenticated_no_offer');
    expect(await holderOf(quoteId)).toBeNull();
    expect((await queue('to_price', `?q=%23${quoteId}`)).data[0]!.holder).toBeNull();

    // A paid sale leaves "Sold" by its payout, not its status.
    const sold = await quoteIn('sold');
    expect((await call(tokens.operations!, 'POST', claimUrl(sold), {})).statusCode).toBe(200);
    await db().update(quotes).set({ commissionPaidAt: new Date() }).where(eq(quotes.id, sold));
    expect(await holderOf(sold)).toBeNull();
  });

  test('one takes the work one may do: a pricer cannot take an item to authenticate, nor an authenticator one to price', async () => {
    const toAuthenticate = await quoteIn('pending_authentication');
    const toPrice = await quoteIn('authenticated_no_offer');
    const pricerTries = await call(tokens.pricer!, 'POST', claimUrl(toAuthenticate), {});
    expect(pricerTries.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(pricerTries.json()).message).toBe(
      'Items to authenticate are taken by staff with the right to authenticate.',
    );
    expect((await call(tokens.authenticator!, 'POST', claimUrl(toPrice), {})).statusCode).toBe(403);
    expect(await holderOf(toAuthenticate)).toBeNull();
    expect(await holderOf(toPrice)).toBeNull();
    expect((await call(tokens.pricer!, 'POST', claimUrl(toPrice), {})).statusCode).toBe(200);
    // Operations may hand an item to anyone on the staff.
    const handed = await call(tokens.operations!, 'POST', claimUrl(toAuthenticate), {
      userId: users.pricer!.userId,
    });
    expect(handed.statusCode, handed.body).toBe(200);
  });

  test('operations reassigns; nobody else may name another holder', async () => {
    const quoteId = await quoteIn('pending_authentication');
    await call(tokens.authenticator!, 'POST', claimUrl(quoteId), {});
    const refused = await call(tokens.authenticator!, 'POST', claimUrl(quoteId), {
      userId: users.admin!.userId,
    });
    expect(refused.statusCode).toBe(403);
    expect((await holderOf(quoteId))?.userId).toBe(users.authenticator!.userId);

    const moved = await call(tokens.operations!, 'POST', claimUrl(quoteId), {
      userId: users.pricer!.userId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await holderOf(quoteId))?.userId).toBe(users.pricer!.userId);

    const notStaff = await call(tokens.operations!, 'POST', claimUrl(quoteId), {
      userId: users.stylist!.userId,
    });
    expect(notStaff.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(notStaff.json()).errors?.userId).toBeDefined();
    expect((await holderOf(quoteId))?.userId).toBe(users.pricer!.userId);
  });

  test('only the holder or operations lets go', async () => {
    const quoteId = await quoteIn('authenticated_no_offer');
    await call(tokens.pricer!, 'POST', claimUrl(quoteId), {});
    expect((await call(tokens.authenticator!, 'DELETE', claimUrl(quoteId))).statusCode).toBe(409);
    expect(await holderOf(quoteId)).not.toBeNull();
    expect((await call(tokens.pricer!, 'DELETE', claimUrl(quoteId))).statusCode).toBe(200);
    expect(await holderOf(quoteId)).toBeNull();
    await call(tokens.pricer!, 'POST', claimUrl(quoteId), {});
    expect((await call(tokens.operations!, 'DELETE', claimUrl(quoteId))).statusCode).toBe(200);
    expect(await holderOf(quoteId)).toBeNull();
  });

  test('an unknown item answers 404; two claims at once leave one holder', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await call(tokens.operations!, method, claimUrl(2_000_000_000), {});
      expect(response.statusCode).toBe(404);
    }
    const quoteId = await quoteIn('pending_authentication');
    const answers = await Promise.all(
      ['authenticator', 'admin', 'operations'].map((who) =>
        call(tokens[who]!, 'POST', claimUrl(quoteId), {}),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });
});
