import {
  ErrorBodySchema,
  ErrorCode,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsApi,
  NotificationDocumentSchema,
  NotificationEventSchema,
  NotificationListDocumentSchema,
  NotificationsReadEventSchema,
  type CreateNotificationBody,
  type MarkNotificationsReadBody,
} from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { App } from '../../app.ts';
import { runAdminCommand } from '../../cli/admin-commands.ts';
import { notifications } from '../../db/schema.ts';
import {
  buildSecondInstance,
  buildTestApp,
  createTestAccount,
  TEST_ORIGIN,
  tokenFor,
} from '../../test/test-app.ts';
import { createNotification } from './create-notification.ts';
import { openLiveStream, openStream } from './notifications-testing.ts';

let app: App;
let token: string;
let otherToken: string;
let adminToken: string;
let stylistId: number;

beforeAll(async () => {
  app = await buildTestApp();
  const stylist = await createTestAccount(app);
  const other = await createTestAccount(app);
  if (stylist.stylistId == null || other.stylistId == null) throw new Error('need stylists');
  stylistId = stylist.stylistId;
  token = await tokenFor(app, stylist.email);
  otherToken = await tokenFor(app, other.email);
  adminToken = await tokenFor(app, (await createTestAccount(app, { role: 'admin' })).email);
  const minute = 60_000;
  const start = Date.parse('2026-11-01T09:00:00Z');
  await app.database.db.insert(notifications).values([
    ...Array.from({ length: NOTIFICATIONS_PAGE_SIZE + 2 }, (_, i) => ({
      stylistId,
      kind: 'commission_paid' as const,
      text: `Commission ${i + 1} was paid.`,
      link: `/commission/${i + 1}`,
      createdAt: new Date(start + i * minute),
      // The oldest ten were read.
      readAt: i < 10 ? new Date(start + i * minute + 1) : null,
    })),
    {
      stylistId: other.stylistId,
      kind: 'client_answered' as const,
      text: 'Somebody else’s client answered.',
      link: null,
      createdAt: new Date(start + 999 * minute),
    },
  ]);
});
afterAll(() => app.close());

const list = (bearer: string | null) =>
  app.inject({
    url: '/api/stylist/notifications',
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });

describe('GET /api/stylist/notifications', () => {
  test('lists the newest of the stylist’s own notifications and counts every unread one', async () => {
    const response = await list(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const document = NotificationListDocumentSchema.parse(response.json());
    expect(document.data).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(document.data[0]).toMatchObject({
      kind: 'commission_paid',
      text: `Commission ${NOTIFICATIONS_PAGE_SIZE + 2} was paid.`,
      link: `/commission/${NOTIFICATIONS_PAGE_SIZE + 2}`,
      readAt: null,
    });
    expect(document.data.map((n) => n.text)).not.toContain('Somebody else’s client answered.');
    // 52 made, 10 read: the count covers all of them, not only the page.
    expect(document.meta.unread).toBe(NOTIFICATIONS_PAGE_SIZE + 2 - 10);
  });

  test('shows another stylist only their own', async () => {
    const document = NotificationListDocumentSchema.parse((await list(otherToken)).json());
    expect(document.data.map((n) => n.text)).toEqual(['Somebody else’s client answered.']);
    expect(document.meta.unread).toBe(1);
  });

  test('asks for sign-in without a token', async () => {
    expect((await list(null)).statusCode).toBe(401);
  });
});

async function freshStylist() {
  const account = await createTestAccount(app);
  if (account.stylistId == null) throw new Error('need a stylist');
  return { ...account, stylistId: account.stylistId, token: await tokenFor(app, account.email) };
}

function seedUnread(forStylist: number, texts: readonly string[]) {
  return app.database.db
    .insert(notifications)
    .values(
      texts.map((text) => ({ stylistId: forStylist, kind: 'quote_status_changed' as const, text })),
    )
    .returning();
}

async function stored(forStylist: number) {
  return app.database.db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.stylistId, forStylist))
    .orderBy(asc(notifications.id));
}

const markRead = (bearer: string | null, body: MarkNotificationsReadBody | object) =>
  app.inject({
    method: 'POST',
    url: '/api/stylist/notifications/read',
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    payload: body,
  });

const notifyThroughBackOffice = (bearer: string, body: CreateNotificationBody | object) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/notifications',
    headers: { authorization: `Bearer ${bearer}` },
    payload: body,
  });

const streamUrl = (query: string) => `${notificationsApi.streamNotifications.path}${query}`;

describe('POST /api/stylist/notifications/read', () => {
  let stylist: Awaited<ReturnType<typeof freshStylist>>;
  let ids: number[];

  beforeAll(async () => {
    stylist = await freshStylist();
    ids = (await seedUnread(stylist.stylistId, ['First.', 'Second.', 'Third.'])).map((r) => r.id);
  });

  test('marks the listed ones read and answers the fresh list', async () => {
    const response = await markRead(stylist.token, { ids: [ids[0]!, ids[1]!] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const document = NotificationListDocumentSchema.parse(response.json());
    expect(document.meta.unread).toBe(1);
    const readIds = document.data.filter((n) => n.readAt !== null).map((n) => n.id);
    expect(readIds.sort()).toEqual([ids[0], ids[1]].sort());
  });

  test('asking again is harmless: the time it was read stays', async () => {
    const before = await stored(stylist.stylistId);
    const response = await markRead(stylist.token, { ids: [ids[1]!, ids[0]!, ids[0]!] });
    expect(response.statusCode).toBe(200);
    expect(NotificationListDocumentSchema.parse(response.json()).meta.unread).toBe(1);
    expect(await stored(stylist.stylistId)).toEqual(before);
  });

  test("another stylist's notification answers 404, as a missing one, and nothing changes", async () => {
    const other = await freshStylist();
    const [theirs] = await seedUnread(other.stylistId, ['Not yours.']);
    const before = { mine: await stored(stylist.stylistId), theirs: await stored(other.stylistId) };

    const refused = await markRead(stylist.token, { ids: [ids[2]!, theirs!.id] });
    const missing = await markRead(stylist.token, { ids: [ids[2]!, 2_000_000_000] });
    for (const response of [refused, missing]) {
      expect(response.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(response.json())).toEqual({
        message: 'Notification not found',
        code: ErrorCode.notFound,
      });
    }
    expect({
      mine: await stored(stylist.stylistId),
      theirs: await stored(other.stylistId),
    }).toEqual(before);
  });

  test('all: true marks every unread one read', async () => {
    const response = await markRead(stylist.token, { all: true });
    expect(response.statusCode).toBe(200);
    expect(NotificationListDocumentSchema.parse(response.json()).meta.unread).toBe(0);
    expect((await stored(stylist.stylistId)).every((row) => row.readAt !== null)).toBe(true);
  });

  test.each([[{}], [{ ids: [] }], [{ all: false }], [{ ids: [1], all: true }]])(
    'refuses the body %j',
    async (body) => {
      const response = await markRead(stylist.token, body);
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).code).toBe(ErrorCode.validation);
    },
  );

  test('asks for sign-in without a token', async () => {
    expect((await markRead(null, { all: true })).statusCode).toBe(401);
  });
});

describe('GET /api/stylist/notifications/stream: who may open it', () => {
  const expectUnauthorized = async (query: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ url: streamUrl(query), headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(ErrorBodySchema.parse(response.json()).code).toBe(ErrorCode.unauthorized);
  };

  test('asks for sign-in without a token, in the contract’s error shape', async () => {
    await expectUnauthorized('');
    await expectUnauthorized('?access_token=');
  });

  test('refuses a malformed or tampered token', async () => {
    await expectUnauthorized('?access_token=not-a-jwt');
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    await expectUnauthorized(`?access_token=${header}.${payload}.${flipped}`);
  });

  test('refuses a token that has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 24 * 60 * 60_000);
      await expectUnauthorized(`?access_token=${token}`);
    } finally {
      vi.useRealTimers();
    }
  });

  test('takes a token from the query on the stream only', async () => {
    const response = await app.inject({ url: `/api/stylist/notifications?access_token=${token}` });
    expect(response.statusCode).toBe(401);
  });

  test('refuses a back-office token: the stream is a stylist’s', async () => {
    const response = await app.inject({ url: streamUrl(`?access_token=${adminToken}`) });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/stylist/notifications/stream: live delivery', () => {
  test('a stream hears a notification created afterwards, once its transaction commits', async () => {
    const stylist = await freshStylist();
    const stream = await openLiveStream(app, stylist.token);
    try {
      expect(stream.response.headers.get('cache-control')).toBe('private, no-store');

      // A notification whose transaction rolls back is never announced.
      await expect(
        app.database.db.transaction(async (tx) => {
          await createNotification(tx, {
            stylistId: stylist.stylistId,
            kind: 'label_created',
            text: 'Never told.',
            link: null,
          });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');

      const created = await notifyThroughBackOffice(adminToken, {
        stylistEmail: stylist.email.toUpperCase(),
        kind: 'quote_status_changed',
        text: 'Your Birkin 30 was authenticated.',
        link: '/quotes/review/1',
      });
      expect(created.statusCode, created.body).toBe(201);
      const { data } = NotificationDocumentSchema.parse(created.json());

      const event = await stream.nextEvent();
      expect(event.event).toBe('notification');
      expect(NotificationEventSchema.parse(event.data)).toEqual({ notification: data, unread: 1 });
    } finally {
      stream.close();
    }
  });

  test('a stream hears only its own stylist’s notifications', async () => {
    const [mine, theirs] = [await freshStylist(), await freshStylist()];
    const stream = await openLiveStream(app, mine.token);
    try {
      const notify = (stylistId: number, text: string) =>
        createNotification(app.database.db, {
          stylistId,
          kind: 'commission_paid',
          text,
          link: null,
        });
      await notify(theirs.stylistId, 'Not for you.');
      await notify(mine.stylistId, 'For you.');
      // Deliveries keep their order: had the other stylist's come here, it would come first.
      const event = NotificationEventSchema.parse((await stream.nextEvent()).data);
      expect(event.notification.text).toBe('For you.');
    } finally {
      stream.close();
    }
  });

  test('marking read on another device lowers the count on open streams', async () => {
    const stylist = await freshStylist();
    await seedUnread(stylist.stylistId, ['One.', 'Two.']);
    const stream = await openLiveStream(app, stylist.token);
    try {
      expect((await markRead(stylist.token, { all: true })).statusCode).toBe(200);
      const event = await stream.nextEvent();
      expect(event.event).toBe('read');
      expect(NotificationsReadEventSchema.parse(event.data)).toEqual({ unread: 0 });
    } finally {
      stream.close();
    }
  });

  test('the admin command notifies through the same path', async () => {
    const stylist = await freshStylist();
    const stream = await openLiveStream(app, stylist.token);
    try {
      const deps = { db: app.database.db, auth: app.auth, publicUrl: TEST_ORIGIN };
      const printed = await runAdminCommand(
        ['notify', stylist.email, 'label_created', 'Your label is ready.', '--link', '/clients'],
        deps,
      );
      expect(printed).toMatch(/^Notified .+: notification #\d+ \(label_created\)\.$/);
      const event = NotificationEventSchema.parse((await stream.nextEvent()).data);
      expect(event.notification).toMatchObject({ text: 'Your label is ready.', link: '/clients' });
      await expect(
        runAdminCommand(['notify', stylist.email, 'gossip', 'Hello.'], deps),
      ).rejects.toThrow();
      await expect(runAdminCommand(['notify', stylist.email], deps)).rejects.toThrow(
        /Give the stylist's email, a kind and the text/,
      );
    } finally {
      stream.close();
    }
  });

  // PGlite is one process; only PostgreSQL has other instances to reach.
  test.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a notification made on one instance reaches a stream open on another',
    async () => {
      const second = await buildSecondInstance(app);
      try {
        const stylist = await freshStylist();
        const stream = await openLiveStream(second, stylist.token);
        try {
          const created = await notifyThroughBackOffice(adminToken, {
            stylistEmail: stylist.email,
            kind: 'client_answered',
            text: 'Told across instances.',
          });
          expect(created.statusCode).toBe(201);
          const event = NotificationEventSchema.parse((await stream.nextEvent()).data);
          expect(event).toEqual({
            notification: NotificationDocumentSchema.parse(created.json()).data,
            unread: 1,
          });
        } finally {
          stream.close();
        }
      } finally {
        await second.close();
      }
    },
  );

  test('an instance that shuts down ends its streams, and a stream opened then ends at once', async () => {
    const own = await buildTestApp();
    const account = await createTestAccount(own);
    const token = await tokenFor(own, account.email);
    const open = await openLiveStream(own, token);
    // What SIGTERM's close does first: the browsers reconnect through the load balancer.
    own.notificationHub.endStreams();
    await open.untilEnded();
    const late = await openStream(own, token);
    await late.untilEnded();
    expect(own.notificationHub.openStreams()).toBe(0);
    await own.close();
  });

  test('a stream the browser closes leaves the hub, as every one before it did', async () => {
    const stylist = await freshStylist();
    const stream = await openLiveStream(app, stylist.token);
    expect(app.notificationHub.openStreams()).toBe(1);
    stream.close();
    await expect.poll(() => app.notificationHub.openStreams()).toBe(0);
  });
});

describe('POST /api/admin/notifications', () => {
  test('refuses a stylist’s token (403) and stores nothing', async () => {
    const before = await stored(stylistId);
    const response = await notifyThroughBackOffice(token, {
      stylistEmail: 'anyone@atelier.test',
      kind: 'client_answered',
      text: 'Hello.',
    });
    expect(response.statusCode).toBe(403);
    expect(await stored(stylistId)).toEqual(before);
  });

  test('an unknown stylist answers 404', async () => {
    const response = await notifyThroughBackOffice(adminToken, {
      stylistEmail: 'nobody@atelier.test',
      kind: 'client_answered',
      text: 'Hello.',
    });
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).message).toBe('Stylist not found');
  });

  test.each(['https://elsewhere.example/x', '//elsewhere.example/x', 'commission/1'])(
    'refuses a link that leaves the portal: %s',
    async (link) => {
      const response = await notifyThroughBackOffice(adminToken, {
        stylistEmail: 'nobody@atelier.test',
        kind: 'client_answered',
        text: 'Hello.',
        link,
      });
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).errors).toHaveProperty('link');
    },
  );
});
