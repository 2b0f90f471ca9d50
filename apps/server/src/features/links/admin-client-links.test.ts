import {
  ClientLinkAnswerSchema,
  ErrorBodySchema,
  RevokedLinksAnswerSchema,
} from '@atelier/contract';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema.ts';
import { insertClients } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, TEST_ORIGIN, tokenFor } from '../../test/test-app.ts';

let app: App;
let adminToken: string;
let stylistToken: string;
let clientId: number;

beforeAll(async () => {
  app = await buildTestApp();
  adminToken = await tokenFor(app, (await createTestAccount(app, { role: 'admin' })).email);
  const stylist = await createTestAccount(app);
  stylistToken = await tokenFor(app, stylist.email);
  const [client] = await insertClients(app.database.db, stylist.stylistId!, [
    { firstName: 'Lina', lastName: 'Park' },
  ]);
  clientId = client!.id;
});
afterAll(() => app.close());

const post = (token: string, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });

const lastAudit = async () =>
  (await app.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

/** The web page of a link → its API route name (CLIENT_PAGE_ROUTES). */
const API_ROUTES = { curated: 'curated', quote: 'quotes', quotes: 'quote-offer' } as const;

/** The client's page behind a link, as the client's browser asks for it. */
const openPage = (url: string) => {
  const [, page, token] = /\/(curated|quote|quotes)\/([\w-]+)$/.exec(url)!;
  const route = API_ROUTES[page as keyof typeof API_ROUTES];
  return app.inject({ method: 'GET', url: `/api/client/${route}/${token}` });
};

describe("the back office's client links", () => {
  test('a new link opens the page asked for; revoking ends every live link, audited', async () => {
    const curated = await post(adminToken, `/api/admin/clients/${clientId}/links`, {});
    expect(curated.statusCode).toBe(201);
    const { url, expiresAt } = ClientLinkAnswerSchema.parse(curated.json());
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/curated/[\\w-]{43}$`));
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const offers = await post(adminToken, `/api/admin/clients/${clientId}/links`, {
      page: 'quote-offer',
    });
    const offerUrl = ClientLinkAnswerSchema.parse(offers.json()).url;
    expect(offerUrl).toMatch(new RegExp(`^${TEST_ORIGIN}/quotes/`));
    expect((await openPage(url)).statusCode).toBe(200);
    expect((await openPage(offerUrl)).statusCode).toBe(200);

    const revoked = await post(adminToken, `/api/admin/clients/${clientId}/links/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(RevokedLinksAnswerSchema.parse(revoked.json())).toEqual({
      clientId,
      firstName: 'Lina',
      lastName: 'Park',
      revoked: 2,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'POST /api/admin/clients/:clientId/links/revoke',
      subject: `clientId=${clientId}`,
    });
    expect((await openPage(url)).statusCode).toBe(404);
    expect((await openPage(offerUrl)).statusCode).toBe(404);
    const again = await post(adminToken, `/api/admin/clients/${clientId}/links/revoke`);
    expect(again.json()).toMatchObject({ revoked: 0 });
  });

  test('a stylist is refused, even for their own client; nothing is revoked', async () => {
    const link = ClientLinkAnswerSchema.parse(
      (await post(adminToken, `/api/admin/clients/${clientId}/links`, {})).json(),
    );
    const before = await lastAudit();
    for (const [url, body] of [
      [`/api/admin/clients/${clientId}/links/revoke`, undefined],
      [`/api/admin/clients/${clientId}/links`, {}],
    ] as const) {
      const refused = await post(stylistToken, url, body);
      expect(refused.statusCode).toBe(403);
      expect(ErrorBodySchema.parse(refused.json()).code).toBe('FORBIDDEN');
    }
    expect((await openPage(link.url)).statusCode).toBe(200);
    expect((await lastAudit())?.id).toBe(before?.id);
  });

  test('bad input is a 400, an unknown client a 404, in the error shape, writing nothing', async () => {
    const before = await lastAudit();
    const answers = [
      [await post(adminToken, '/api/admin/clients/abc/links/revoke'), 400],
      [await post(adminToken, `/api/admin/clients/${clientId}/links`, { page: 'home' }), 400],
      [await post(adminToken, `/api/admin/clients/${clientId}/links`, { extra: 1 }), 400],
      [await post(adminToken, '/api/admin/clients/999999/links/revoke'), 404],
      [await post(adminToken, '/api/admin/clients/999999/links', {}), 404],
    ] as const;
    for (const [answer, status] of answers) {
      expect(answer.statusCode).toBe(status);
      ErrorBodySchema.parse(answer.json());
    }
    expect((await lastAudit())?.id).toBe(before?.id);
  });
});
