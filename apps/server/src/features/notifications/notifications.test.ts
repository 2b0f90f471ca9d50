import { NOTIFICATIONS_PAGE_SIZE, NotificationListDocumentSchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { notifications } from '../../db/schema.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

let app: App;
let token: string;
let otherToken: string;
let stylistId: number;

beforeAll(async () => {
  app = await buildTestApp();
  const stylist = await createTestAccount(app);
  const other = await createTestAccount(app);
  if (stylist.stylistId == null || other.stylistId == null) throw new Error('need stylists');
  stylistId = stylist.stylistId;
  token = await tokenFor(app, stylist.email);
  otherToken = await tokenFor(app, other.email);
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
