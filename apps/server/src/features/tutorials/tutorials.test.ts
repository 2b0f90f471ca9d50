import {
  ErrorBodySchema,
  TutorialDocumentSchema,
  TutorialListDocumentSchema,
  type TutorialBody,
} from '@atelier/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { tutorials } from '../../db/schema.ts';
import { signedLinkTo } from '../../test/signed-link-matchers.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

const DAY = 86_400_000;

let app: App;
const tokens = { stylist: '', veteran: '', admin: '' };

beforeAll(async () => {
  app = await buildTestApp();
  const stylist = await createTestAccount(app, { createdAt: new Date(Date.now() - 10 * DAY) });
  const veteran = await createTestAccount(app, { createdAt: new Date(Date.now() - 200 * DAY) });
  const admin = await createTestAccount(app, { role: 'admin' });
  tokens.stylist = await tokenFor(app, stylist.email);
  tokens.veteran = await tokenFor(app, veteran.email);
  tokens.admin = await tokenFor(app, admin.email);
});
afterAll(() => app.close());

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

const welcome: TutorialBody = {
  title: 'Welcome to Atelier',
  description: 'A tour of the dashboard.',
  category: 'Welcome',
  order: 1,
  videoUrl: '/files/seed/tutorial-welcome-tour.webm',
  coverImageUrl: '/files/seed/tutorial-1.jpg',
  showVideo: true,
};

async function addTutorial(body: TutorialBody) {
  const response = await call(tokens.admin, 'POST', '/api/admin/tutorials', body);
  expect(response.statusCode, response.body).toBe(201);
  return TutorialDocumentSchema.parse(response.json()).data;
}

const storedTutorials = () => app.database.db.select().from(tutorials).orderBy(asc(tutorials.id));

describe('tutorials', () => {
  test('stylists read them by category, then order, and learn whether they are new', async () => {
    await addTutorial({ ...welcome, title: 'Second steps', order: 2 });
    const shipping = await addTutorial({
      title: 'Printing a label',
      description: 'One label per box.',
      category: 'Shipping',
      coverImageUrl: 'https://cdn.example.com/label.jpg',
    });
    await addTutorial(welcome);
    expect(shipping).toMatchObject({ order: 0, videoUrl: null, showVideo: false });

    const fresh = await call(tokens.stylist, 'GET', '/api/stylist/tutorials');
    expect(fresh.statusCode).toBe(200);
    const document = TutorialListDocumentSchema.parse(fresh.json());
    expect(document.data.map((tutorial) => tutorial.title)).toEqual([
      'Printing a label',
      'Welcome to Atelier',
      'Second steps',
    ]);
    expect(document.meta).toEqual({ categories: ['Shipping', 'Welcome'], isNewStylist: true });
    // Stored media reach the stylist as fresh signed links; an outside URL is passed on as it is.
    expect(document.data[1]).toEqual({
      id: expect.any(Number),
      ...welcome,
      videoUrl: expect.stringMatching(signedLinkTo('seed/tutorial-welcome-tour\\.webm')),
      coverImageUrl: expect.stringMatching(signedLinkTo('seed/tutorial-1\\.jpg')),
    });
    expect(document.data[0]!.coverImageUrl).toBe('https://cdn.example.com/label.jpg');

    const veteran = await call(tokens.veteran, 'GET', '/api/stylist/tutorials');
    expect(TutorialListDocumentSchema.parse(veteran.json()).meta.isNewStylist).toBe(false);
  });

  test('the back office replaces a tutorial whole; an unknown id is 404', async () => {
    const created = await addTutorial({ ...welcome, title: 'Before' });
    const replaced = await call(tokens.admin, 'PUT', `/api/admin/tutorials/${created.id}`, {
      title: '  After  ',
      description: 'Now without a video.',
      category: 'Quotes',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(TutorialDocumentSchema.parse(replaced.json()).data).toEqual({
      id: created.id,
      title: 'After',
      description: 'Now without a video.',
      category: 'Quotes',
      order: 0,
      videoUrl: null,
      coverImageUrl: null,
      showVideo: false,
    });

    const missing = await call(tokens.admin, 'PUT', '/api/admin/tutorials/999999', welcome);
    expect(missing.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(missing.json()).code).toBe('NOT_FOUND');
  });

  test('only admin staff may write them: a stylist gets 403 and nothing is written', async () => {
    const before = await storedTutorials();
    const [first] = before;
    for (const [method, url] of [
      ['POST', '/api/admin/tutorials'],
      ['PUT', `/api/admin/tutorials/${first!.id}`],
    ] as const) {
      const response = await call(tokens.stylist, method, url, { ...welcome, title: 'Hijacked' });
      expect(response.statusCode).toBe(403);
      expect(ErrorBodySchema.parse(response.json()).code).toBe('FORBIDDEN');
    }
    expect(await storedTutorials()).toEqual(before);
  });

  test('bad input answers 400 under the field at fault, and nothing is written', async () => {
    const before = await storedTutorials();
    const [first] = before;
    for (const [body, field] of [
      [{ ...welcome, title: '   ' }, 'title'],
      [{ ...welcome, category: undefined }, 'category'],
      [{ ...welcome, videoUrl: 'javascript:alert(1)' }, 'videoUrl'],
      [{ ...welcome, coverImageUrl: '//evil.example/cover.jpg' }, 'coverImageUrl'],
      [{ ...welcome, videoUrl: null }, 'videoUrl'],
      [{ ...welcome, order: 1.5 }, 'order'],
      [{ ...welcome, role: 'admin' }, 'role'],
    ] as const) {
      for (const [method, url] of [
        ['POST', '/api/admin/tutorials'],
        ['PUT', `/api/admin/tutorials/${first!.id}`],
      ] as const) {
        const response = await call(tokens.admin, method, url, body);
        expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
        expect(Object.keys(ErrorBodySchema.parse(response.json()).errors ?? {})).toEqual([field]);
      }
    }
    expect(await storedTutorials()).toEqual(before);
  });

  test('reading them needs a stylist', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/stylist/tutorials' })).statusCode).toBe(
      401,
    );
    const admin = await call(tokens.admin, 'GET', '/api/stylist/tutorials');
    expect(admin.statusCode).toBe(403);
  });
});
