import {
  QuoteDocumentSchema,
  type AdminQuoteAction,
  type CreateQuoteBody,
  type QuoteResource,
} from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { images, quoteOffers, quotes, quoteStatusHistory } from '../../db/schema.ts';
import { insertClients, insertDesigner, insertImage } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

export const ADMIN_URL = 'https://admin.atelier.test';

function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`test setup made no ${what}`);
  return value;
}

/**
 * What the quote tests share: an app, two stylists with a client each, an admin, a designer with
 * two categories, and calls through `app.inject`.
 */
export async function buildQuoteWorld() {
  const app = await buildTestApp({ ADMIN_URL });
  const db = app.database.db;
  const stylistAccount = await createTestAccount(app, {
    firstName: 'Camille',
    lastName: 'Laurent',
  });
  const otherAccount = await createTestAccount(app, { firstName: 'Ines', lastName: 'Moreau' });
  const stylist = { ...stylistAccount, stylistId: present(stylistAccount.stylistId, 'stylist') };
  const other = { ...otherAccount, stylistId: present(otherAccount.stylistId, 'stylist') };
  const admin = await createTestAccount(app, { role: 'admin' });
  const tokens = {
    stylist: await tokenFor(app, stylist.email),
    other: await tokenFor(app, other.email),
    admin: await tokenFor(app, admin.email),
  };
  const [client] = await insertClients(db, stylist.stylistId, [
    { firstName: 'Margaux', lastName: 'Dubois' },
  ]);
  const [foreignClient] = await insertClients(db, other.stylistId, [
    { firstName: 'Their', lastName: 'Client' },
  ]);
  const designer = await insertDesigner(db, 2);
  const category = present(designer.categories[0], 'category');
  const ownClient = present(client, 'client');

  function call(
    token: string | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
  ) {
    return app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  }

  /** A free image row of the stylist (no stored file), ready for a new quote. */
  const freeImage = (stylistId = stylist.stylistId) => insertImage(db, { stylistId });

  async function newQuoteBody(overrides: Partial<CreateQuoteBody> = {}): Promise<CreateQuoteBody> {
    return {
      brandId: designer.id,
      categoryId: category.id,
      name: 'Classic Flap Bag',
      description: 'Worn twice.',
      imageIds: [await freeImage()],
      clientId: ownClient.id,
      ...overrides,
    };
  }

  /** Submits a quote as the stylist and returns it. */
  async function submitQuote(overrides: Partial<CreateQuoteBody> = {}): Promise<QuoteResource> {
    const response = await call(
      tokens.stylist,
      'POST',
      '/api/stylist/white-glove-quotes',
      await newQuoteBody(overrides),
    );
    expect(response.statusCode, response.body).toBe(201);
    return QuoteDocumentSchema.parse(response.json()).data;
  }

  function adminAction(quoteId: number, action: AdminQuoteAction, token = tokens.admin) {
    return call(token, 'POST', `/api/admin/quotes/${quoteId}/actions`, action);
  }

  /** Drives a quote through the back office; each step must succeed. */
  async function advance(quoteId: number, ...actions: AdminQuoteAction[]) {
    for (const action of actions) {
      const response = await adminAction(quoteId, action);
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  /** Everything stored about a quote, to show that a refused call changed nothing. */
  async function snapshot(quoteId: number) {
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
    return {
      quote,
      offers: await db
        .select()
        .from(quoteOffers)
        .where(eq(quoteOffers.quoteId, quoteId))
        .orderBy(asc(quoteOffers.id)),
      history: await db
        .select()
        .from(quoteStatusHistory)
        .where(eq(quoteStatusHistory.quoteId, quoteId))
        .orderBy(asc(quoteStatusHistory.id)),
      images: await db
        .select()
        .from(images)
        .where(eq(images.quoteId, quoteId))
        .orderBy(asc(images.id)),
    };
  }

  return {
    app,
    db,
    stylist,
    other,
    admin,
    tokens,
    client: ownClient,
    foreignClient: present(foreignClient, 'client'),
    designer,
    call,
    freeImage,
    newQuoteBody,
    submitQuote,
    adminAction,
    advance,
    snapshot,
  };
}

export type QuoteWorld = Awaited<ReturnType<typeof buildQuoteWorld>>;

export const WITH_OFFERS: AdminQuoteAction = {
  action: 'authenticate',
  offers: { consignmentEstimate: 1200, buyoutQuote: 800.5 },
};
