import {
  ErrorBodySchema,
  OFFICE_RECORD_ITEMS_PER_STAGE,
  OfficeClientRecordDocumentSchema,
  OfficeRevokedLinksDocumentSchema,
  OfficeStylistRecordDocumentSchema,
  type LifecycleStatus,
} from '@atelier/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { accessLinks, auditLog } from '../../db/schema.ts';
import { insertClients, insertCommission, insertQuote } from '../../test/fixtures.ts';
import { createTestAccount, tokenFor } from '../../test/test-app.ts';
import { createAccessLink, findAccessLink } from '../links/index.ts';
import { buildOfficeWorld } from './testing.ts';

let app: App;
let tokens: Record<string, string>;
let userIds: Record<string, string>;
let stylistId: number;
let otherStylistId: number;
let margaux: number;
let anna: number;
let theirClient: number;
const quoteIds: Partial<Record<string, number>> = {};

const HOUR = 3_600_000;

beforeAll(async () => {
  const world = await buildOfficeWorld();
  ({ app, stylistId, clientId: margaux } = world);
  tokens = { ...world.tokens };
  userIds = { ...world.userIds };
  const db = app.database.db;
  // Beyond the office world: a second stylist, whose records must stay apart, and a shopper.
  const otherStylist = await createTestAccount(app, { role: 'stylist' });
  otherStylistId = otherStylist.stylistId!;
  tokens.shopper = await tokenFor(app, (await createTestAccount(app, { role: 'user' })).email);
  anna = (await insertClients(db, stylistId, [{ firstName: 'Anna', lastName: 'Abbott' }]))[0]!.id;
  theirClient = (
    await insertClients(db, otherStylistId, [{ firstName: 'Their', lastName: 'Client' }])
  )[0]!.id;

  const now = Date.now();
  const mine = (status: LifecycleStatus, name: string, hoursAgo: number) =>
    insertQuote(db, {
      stylistId,
      clientId: margaux,
      status,
      name,
      stageEnteredAt: new Date(now - hoursAgo * HOUR),
    });
  quoteIds.newer = await mine('pending_authentication', 'Kelly 28', 1);
  quoteIds.older = await mine('authentication_in_progress', 'Birkin 30', 5);
  quoteIds.toPrice = await mine('authenticated_no_offer', 'Speedy 25', 2);
  quoteIds.sold = await mine('sold', 'Jackie 1961', 3);
  quoteIds.fake = await mine('fake', 'Not a Chanel', 4);
  quoteIds.theirs = await insertQuote(db, {
    stylistId: otherStylistId,
    clientId: theirClient,
    status: 'pending_authentication',
    name: 'Their bag',
  });

  await insertCommission(db, {
    stylistId,
    clientId: margaux,
    amountCents: 120_00,
    quoteId: quoteIds.sold,
  });
  await insertCommission(db, {
    stylistId,
    clientId: margaux,
    amountCents: 80_00,
    paidAt: new Date(now - 24 * HOUR),
  });
  await insertCommission(db, { stylistId, clientId: anna, amountCents: 30_00 });
  await insertCommission(db, {
    stylistId: otherStylistId,
    clientId: theirClient,
    amountCents: 999_00,
  });
});
afterAll(() => app.close());

const db = () => app.database.db;

function call(token: string | null, method: 'GET' | 'POST', url: string) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function clientRecord(clientId: number, who = 'operations') {
  const response = await call(tokens[who]!, 'GET', `/api/office/clients/${clientId}`);
  expect(response.statusCode, response.body).toBe(200);
  return OfficeClientRecordDocumentSchema.parse(response.json()).data;
}

async function stylistRecord(id: number, who = 'operations') {
  const response = await call(tokens[who]!, 'GET', `/api/office/stylists/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return OfficeStylistRecordDocumentSchema.parse(response.json()).data;
}

describe('who may open a record', () => {
  test('a stylist and a shopper get 403, a stranger 401, in the error shape; every office role reads', async () => {
    const calls = [
      ['GET', `/api/office/clients/${margaux}`],
      ['GET', `/api/office/stylists/${stylistId}`],
      ['POST', `/api/office/clients/${margaux}/links/revoke`],
    ] as const;
    for (const [method, url] of calls) {
      for (const [who, status, code] of [
        ['stylist', 403, 'FORBIDDEN'],
        ['shopper', 403, 'FORBIDDEN'],
        [null, 401, 'UNAUTHORIZED'],
      ] as const) {
        const response = await call(who && tokens[who]!, method, url);
        expect(response.statusCode, `${method} ${url} as ${who}`).toBe(status);
        expect(ErrorBodySchema.parse(response.json()).code).toBe(code);
      }
    }
    for (const who of ['authenticator', 'pricer', 'operations']) {
      expect((await clientRecord(margaux, who)).client.name).toBe('Margaux Dubois');
      expect((await stylistRecord(stylistId, who)).stylist.name).toBe('stylist Person');
    }
  });

  test('an unknown id answers 404 and a malformed one 400, in the error shape', async () => {
    for (const [url, status] of [
      ['/api/office/clients/999999', 404],
      ['/api/office/stylists/999999', 404],
      ['/api/office/clients/999999/links/revoke', 404],
      ['/api/office/clients/abc', 400],
      ['/api/office/stylists/0', 400],
      ['/api/office/stylists/2147483648', 400],
    ] as const) {
      const method = url.endsWith('revoke') ? 'POST' : 'GET';
      const response = await call(tokens.operations!, method, url);
      expect(response.statusCode, url).toBe(status);
      expect(ErrorBodySchema.parse(response.json()).message).toBeTruthy();
    }
  });
});

describe("a client's record", () => {
  test('shows the contact, the stylist, the items by stage in the queues’ order, and the commissions', async () => {
    const record = await clientRecord(margaux);
    expect(record.client).toMatchObject({
      id: margaux,
      name: 'Margaux Dubois',
      phone: '(555) 000-0000',
      address: '1 Main St',
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      erasedAt: null,
    });
    expect(record.stylist).toMatchObject({ id: stylistId, name: 'stylist Person' });

    expect(record.stages.map((stage) => [stage.stage, stage.count])).toEqual([
      ['to_authenticate', 2],
      ['to_price', 1],
      ['sold', 1],
      [null, 1],
    ]);
    const toAuthenticate = record.stages[0]!;
    // Oldest in the stage first, each with its clock.
    expect(toAuthenticate.items.map((item) => item.quoteId)).toEqual([
      quoteIds.older,
      quoteIds.newer,
    ]);
    expect(toAuthenticate.items[0]).toMatchObject({
      name: 'Birkin 30',
      status: 'authentication_in_progress',
      sla: expect.stringMatching(/^(on_track|at_risk|breached)$/),
    });
    // Done items have no SLA.
    expect(record.stages[3]!.items).toEqual([
      expect.objectContaining({ quoteId: quoteIds.fake, status: 'fake', sla: null }),
    ]);

    expect(record.commissions.pending).toEqual({ count: 1, totalCents: 120_00 });
    expect(record.commissions.paid).toEqual({ count: 1, totalCents: 80_00 });
    expect(record.commissions.latest.map((row) => row.amountCents).sort()).toEqual([120_00, 80_00]);
  });

  test('lists a stage’s oldest items up to the cap and counts them all', async () => {
    const [client] = await insertClients(db(), stylistId, [
      { firstName: 'Many', lastName: 'Items' },
    ]);
    const ids: number[] = [];
    for (let index = 0; index < OFFICE_RECORD_ITEMS_PER_STAGE + 2; index += 1) {
      ids.push(
        await insertQuote(db(), {
          stylistId,
          clientId: client!.id,
          status: 'authenticated_no_offer',
          stageEnteredAt: new Date(Date.now() - (100 - index) * HOUR),
        }),
      );
    }
    const [stage] = (await clientRecord(client!.id)).stages;
    expect(stage!.count).toBe(OFFICE_RECORD_ITEMS_PER_STAGE + 2);
    expect(stage!.items.map((item) => item.quoteId)).toEqual(
      ids.slice(0, OFFICE_RECORD_ITEMS_PER_STAGE),
    );
  });

  test('a client with nothing yet has an empty record, not an error', async () => {
    const record = await clientRecord(anna);
    expect(record.stages).toEqual([]);
    expect(record.links).toEqual({ live: 0, total: 0, latest: [] });
    expect(record.commissions.pending).toEqual({ count: 1, totalCents: 30_00 });
  });
});

describe("a stylist's record", () => {
  test('holds only their own clients, items and commissions', async () => {
    const record = await stylistRecord(stylistId);
    const names = record.clients.list.map((client) => client.name);
    expect(names).toContain('Margaux Dubois');
    expect(names).toContain('Anna Abbott');
    expect(names).not.toContain('Their Client');
    // By last name.
    expect(names.indexOf('Anna Abbott')).toBeLessThan(names.indexOf('Margaux Dubois'));
    expect(record.clients.total).toBe(record.clients.list.length);

    const quoteIdsShown = record.stages.flatMap((stage) => stage.items.map((item) => item.quoteId));
    expect(quoteIdsShown).toContain(quoteIds.newer);
    expect(quoteIdsShown).not.toContain(quoteIds.theirs);

    expect(record.commissions.pending).toEqual({ count: 2, totalCents: 150_00 });
    expect(record.commissions.paid).toEqual({ count: 1, totalCents: 80_00 });
    expect(record.commissions.latest.map((row) => row.client?.name).sort()).toEqual([
      'Anna Abbott',
      'Margaux Dubois',
      'Margaux Dubois',
    ]);

    const theirs = await stylistRecord(otherStylistId);
    expect(theirs.clients.list.map((client) => client.id)).toEqual([theirClient]);
    expect(theirs.commissions.pending).toEqual({ count: 1, totalCents: 999_00 });
    expect(theirs.stages.flatMap((stage) => stage.items.map((item) => item.quoteId))).toEqual([
      quoteIds.theirs,
    ]);
  });
});

describe('Revoke links', () => {
  test('only operations may; it ends every live link of the client, audited, and leaves others', async () => {
    const token = await createAccessLink(db(), {
      clientId: margaux,
      purpose: 'client-response',
      ttlDays: 30,
    });
    await createAccessLink(db(), { clientId: margaux, purpose: 'hub', ttlDays: 30 });
    await createAccessLink(db(), { clientId: margaux, purpose: 'quote-share', ttlSeconds: -60 });
    // The shop's one-minute sign-in ticket is no link the client holds: the record leaves it out.
    await createAccessLink(db(), { clientId: margaux, purpose: 'shop-login', ttlSeconds: -1 });
    const theirToken = await createAccessLink(db(), {
      clientId: theirClient,
      purpose: 'hub',
      ttlDays: 30,
    });

    const before = await clientRecord(margaux);
    expect(before.links.live).toBe(2);
    expect(before.links.total).toBe(3);
    expect(before.links.latest.map((link) => link.state).sort()).toEqual([
      'expired',
      'live',
      'live',
    ]);

    const url = `/api/office/clients/${margaux}/links/revoke`;
    for (const who of ['authenticator', 'pricer']) {
      const refused = await call(tokens[who]!, 'POST', url);
      expect(refused.statusCode).toBe(403);
      expect(ErrorBodySchema.parse(refused.json()).code).toBe('FORBIDDEN');
    }
    expect((await clientRecord(margaux)).links.live).toBe(2);

    const revoked = await call(tokens.operations!, 'POST', url);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(OfficeRevokedLinksDocumentSchema.parse(revoked.json()).data).toEqual({
      clientId: margaux,
      revoked: 2,
    });
    expect(await findAccessLink(db(), 'client-response', token)).toBeNull();
    expect(await findAccessLink(db(), 'hub', theirToken)).not.toBeNull();

    const after = await clientRecord(margaux);
    expect(after.links.live).toBe(0);
    expect(after.links.latest.map((link) => link.state).sort()).toEqual([
      'expired',
      'revoked',
      'revoked',
    ]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subject, `clientId=${margaux}`),
          eq(auditLog.actorUserId, userIds.operations!),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.action).toBe('POST /api/office/clients/:clientId/links/revoke');

    // Nothing left to end: 0, and the expired link is left as it was.
    const again = await call(tokens.operations!, 'POST', url);
    expect(OfficeRevokedLinksDocumentSchema.parse(again.json()).data.revoked).toBe(0);
    const expired = await db()
      .select({ revokedAt: accessLinks.revokedAt })
      .from(accessLinks)
      .where(and(eq(accessLinks.clientId, margaux), eq(accessLinks.purpose, 'quote-share')));
    expect(expired).toEqual([{ revokedAt: null }]);
  });
});
