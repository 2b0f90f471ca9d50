import crypto from 'node:crypto';
import { AuditListDocumentSchema, ErrorBodySchema } from '@atelier/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import {
  accessLinks,
  auditLog,
  clientAnswers,
  notifications,
  outbox,
  rateLimitHits,
} from '../../db/schema.ts';
import { insertClients, insertQuote } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';
import { createAccessLinkRow } from '../links/index.ts';

const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

let app: App;
let adminToken: string;
let stylistToken: string;
let stylistId: number;
let clientId: number;

beforeAll(async () => {
  app = await buildTestApp({ RETENTION_DAYS: '30' });
  adminToken = await tokenFor(app, (await createTestAccount(app, { role: 'admin' })).email);
  const stylist = await createTestAccount(app);
  stylistId = stylist.stylistId!;
  stylistToken = await tokenFor(app, stylist.email);
  const [client] = await insertClients(app.database.db, stylistId, [
    { firstName: 'Rita', lastName: 'Retention' },
  ]);
  clientId = client!.id;
});
afterAll(() => app.close());

async function insertMail(state: { deliveredAt?: Date; failedAt?: Date }) {
  const [row] = await app.database.db
    .insert(outbox)
    .values({ kind: 'email', payload: { to: 'x@clients.test', subject: 's', text: 't' }, ...state })
    .returning({ id: outbox.id });
  return row!.id;
}

async function insertNotification(readAt: Date | null, createdAt = ago(200)) {
  const [row] = await app.database.db
    .insert(notifications)
    .values({ stylistId, kind: 'client_message', text: 'hello', readAt, createdAt })
    .returning({ id: notifications.id });
  return row!.id;
}

async function insertLink(state: { expiresAt: Date; revokedAt?: Date }) {
  const { id } = await createAccessLinkRow(app.database.db, {
    clientId,
    purpose: 'hub',
    ttlDays: 1,
  });
  await app.database.db.update(accessLinks).set(state).where(eq(accessLinks.id, id));
  return id;
}

const idsLeft = async (
  table: typeof outbox | typeof notifications | typeof accessLinks,
  ids: number[],
) =>
  (await app.database.db.select({ id: table.id }).from(table).where(inArray(table.id, ids)))
    .map((row) => row.id)
    .sort((a, b) => a - b);

describe('retention', () => {
  test('a sweep prunes what is old and keeps what must stay; two sweeps at once are safe', async () => {
    const db = app.database.db;
    const mail = {
      oldDelivered: await insertMail({ deliveredAt: ago(31) }),
      recentDelivered: await insertMail({ deliveredAt: ago(29) }),
      oldFailed: await insertMail({ failedAt: ago(100) }),
      pending: await insertMail({}),
    };
    await db.update(outbox).set({ createdAt: ago(100), queuedAt: ago(100) });
    const notes = {
      oldRead: await insertNotification(ago(31)),
      recentRead: await insertNotification(ago(2)),
      oldUnread: await insertNotification(null),
    };
    const links = {
      longExpired: await insertLink({ expiresAt: ago(31) }),
      longRevoked: await insertLink({
        expiresAt: new Date(Date.now() + DAY_MS),
        revokedAt: ago(40),
      }),
      recentlyExpired: await insertLink({ expiresAt: ago(1) }),
      live: await insertLink({ expiresAt: new Date(Date.now() + DAY_MS) }),
      answeredThrough: await insertLink({ expiresAt: ago(100) }),
    };
    const quoteId = await insertQuote(db, { stylistId, clientId });
    await db
      .insert(clientAnswers)
      .values({ quoteId, accessLinkId: links.answeredThrough, response: 'buyout' });
    const tag = crypto.randomBytes(3).toString('hex');
    await db.insert(rateLimitHits).values([
      { key: `ended-${tag}`, hits: 3, resetAt: ago(0.001) },
      { key: `open-${tag}`, hits: 3, resetAt: new Date(Date.now() + 60_000) },
    ]);
    await db.insert(auditLog).values({
      actorUserId: null,
      action: 'old.thing',
      subject: `retention-${tag}`,
      createdAt: ago(3650),
    });

    const [first, second] = await Promise.all([app.retention.sweep(), app.retention.sweep()]);
    expect(first!.outbox + second!.outbox).toBe(1);
    expect(first!.notifications + second!.notifications).toBe(1);
    expect(first!.accessLinks + second!.accessLinks).toBe(2);
    expect(first!.rateLimits + second!.rateLimits).toBeGreaterThanOrEqual(1);

    expect(await idsLeft(outbox, Object.values(mail))).toEqual(
      [mail.recentDelivered, mail.oldFailed, mail.pending].sort((a, b) => a - b),
    );
    expect(await idsLeft(notifications, Object.values(notes))).toEqual(
      [notes.recentRead, notes.oldUnread].sort((a, b) => a - b),
    );
    expect(await idsLeft(accessLinks, Object.values(links))).toEqual(
      [links.recentlyExpired, links.live, links.answeredThrough].sort((a, b) => a - b),
    );
    const keys = (await db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map(
      (row) => row.key,
    );
    expect(keys).toContain(`open-${tag}`);
    expect(keys).not.toContain(`ended-${tag}`);
    const [kept] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.subject, `retention-${tag}`));
    expect(kept!.n).toBe(1);
  });
});

describe('the audit trail', () => {
  test('admins read it a page at a time from a date on; stylists cannot; bad input is 400', async () => {
    const db = app.database.db;
    const tag = crypto.randomBytes(3).toString('hex');
    await db.insert(auditLog).values([
      {
        actorUserId: null,
        action: 'before',
        subject: `audit-${tag}`,
        createdAt: new Date('2026-10-31T23:59:59Z'),
      },
      ...[1, 2, 3].map((n) => ({
        actorUserId: null,
        action: `after-${n}`,
        subject: `audit-${tag}`,
        createdAt: new Date(`2026-11-0${n}T10:00:00Z`),
      })),
    ]);
    const get = (query: string, token = adminToken) =>
      app.inject({
        method: 'GET',
        url: `/api/admin/audit?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const seen: string[] = [];
    let after: number | null = null;
    for (let page = 0; page < 10; page += 1) {
      const response = await get(
        `since=2026-11-01&limit=2${after === null ? '' : `&after=${after}`}`,
      );
      expect(response.statusCode).toBe(200);
      const { data, meta } = AuditListDocumentSchema.parse(response.json());
      expect(data.length).toBeLessThanOrEqual(2);
      seen.push(
        ...data.filter((entry) => entry.subject === `audit-${tag}`).map((entry) => entry.action),
      );
      for (const entry of data) expect(entry.createdAt >= '2026-11-01').toBe(true);
      after = meta.nextAfter;
      if (after === null) break;
    }
    expect(seen).toEqual(['after-1', 'after-2', 'after-3']);
    expect((await get('since=2026-11-01', stylistToken)).statusCode).toBe(403);
    for (const query of ['since=yesterday', 'limit=0', 'limit=100000', 'after=-1', 'color=red']) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      ErrorBodySchema.parse(response.json());
    }
  });
});
