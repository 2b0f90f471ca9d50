import crypto from 'node:crypto';
import type { AcceptedOfferType, LifecycleStatus, OfferKind } from '@atelier/contract';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import {
  accessLinks,
  clientAnswers,
  notifications,
  outbox,
  quotes,
  quoteStatusHistory,
} from '../../db/schema.ts';
import { insertClients, insertOffers, insertQuote } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';
import { createAccessLink, type AccessLinkPurpose } from '../links/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`test setup made no ${what}`);
  return value;
}

/** A body for a multipart request, built by hand so a test controls every byte of it. */
export function multipartBody(fields: Record<string, string>) {
  const boundary = `----atelier${crypto.randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * What the client page tests share: a stylist (Camille Laurent) with two clients (Olivia Bennett
 * and Bruno Costa), another stylist with a client, and ways to make quotes and links.
 */
export async function buildClientPagesWorld(env: Record<string, string> = {}) {
  const app: App = await buildTestApp({ CLIENT_PAGE_RATE_LIMIT_MAX: '100000', ...env });
  const db: Db = app.database.db;
  const stylist = await createTestAccount(app, { firstName: 'Camille', lastName: 'Laurent' });
  const other = await createTestAccount(app, { firstName: 'Ines', lastName: 'Moreau' });
  const stylistId = present(stylist.stylistId, 'stylist');
  const otherStylistId = present(other.stylistId, 'stylist');
  const stylistToken = await tokenFor(app, stylist.email);
  const [olivia, bruno] = await insertClients(db, stylistId, [
    { firstName: 'Olivia', lastName: 'Bennett' },
    { firstName: 'Bruno', lastName: 'Costa' },
  ]);
  const [theirs] = await insertClients(db, otherStylistId, [
    { firstName: 'Their', lastName: 'Client' },
  ]);
  const client = present(olivia, 'client');
  const secondClient = present(bruno, 'client');
  const foreignClient = present(theirs, 'client');

  /** A quote of the client (Olivia by default), with offers in cents. */
  async function quote(
    input: {
      status?: LifecycleStatus;
      offers?: Partial<Record<OfferKind, number>>;
      isApproved?: boolean;
      clientId?: number;
      stylistId?: number;
      name?: string;
      createdAt?: Date;
    } = {},
  ) {
    const quoteId = await insertQuote(db, {
      stylistId: input.stylistId ?? stylistId,
      clientId: input.clientId ?? client.id,
      status: input.status ?? 'offer_pending',
      isApproved: input.isApproved ?? true,
      name: input.name ?? 'Classic Flap Bag',
      ...(input.createdAt && { createdAt: input.createdAt }),
    });
    const offers = input.offers ?? { buyout: 800_00, consignment: 1200_00 };
    if (Object.keys(offers).length > 0) await insertOffers(db, quoteId, offers);
    return quoteId;
  }

  /** A live link token of the client (Olivia by default) for a page. */
  function link(purpose: AccessLinkPurpose, clientId = client.id) {
    return createAccessLink(db, { clientId, purpose, ttlDays: 30 });
  }

  async function expiredLink(purpose: AccessLinkPurpose) {
    return createAccessLink(
      db,
      { clientId: client.id, purpose, ttlDays: 30 },
      new Date(Date.now() - 31 * DAY_MS),
    );
  }

  async function revokedLink(purpose: AccessLinkPurpose) {
    const token = await link(purpose);
    await db
      .update(accessLinks)
      .set({ revokedAt: new Date() })
      .where(eq(accessLinks.tokenHash, crypto.createHash('sha256').update(token).digest('hex')));
    return token;
  }

  /** What answering could write, so that a refused answer can be shown to write none of it. */
  async function written(quoteIds: readonly number[] = []) {
    const rows = async (
      table:
        typeof clientAnswers | typeof notifications | typeof outbox | typeof quoteStatusHistory,
    ) => present((await db.select({ n: count() }).from(table))[0], 'count').n;
    return {
      answers: await rows(clientAnswers),
      notifications: await rows(notifications),
      outbox: await rows(outbox),
      history: await rows(quoteStatusHistory),
      quotes:
        quoteIds.length === 0
          ? []
          : await db
              .select({
                id: quotes.id,
                status: quotes.status,
                acceptedOfferType: quotes.acceptedOfferType,
              })
              .from(quotes)
              .where(inArray(quotes.id, [...quoteIds]))
              .orderBy(asc(quotes.id)),
    };
  }

  let adminTokenMade: Promise<string> | undefined;
  /** A back-office token, made the first time a test asks. */
  function adminToken() {
    adminTokenMade ??= createTestAccount(app, { role: 'admin' }).then((admin) =>
      tokenFor(app, admin.email),
    );
    return adminTokenMade;
  }

  function get(url: string) {
    return app.inject({ method: 'GET', url });
  }

  /** POST /api/client/curated/{token} with the answers as JSON in the multipart field `data`. */
  function postCurated(token: string, data: unknown, headers: Record<string, string> = {}) {
    const body = multipartBody({ data: typeof data === 'string' ? data : JSON.stringify(data) });
    return app.inject({
      method: 'POST',
      url: `/api/client/curated/${token}`,
      headers: { 'content-type': body.contentType, ...headers },
      payload: body.payload,
    });
  }

  function postOffers(token: string, payload: unknown) {
    return app.inject({
      method: 'POST',
      url: `/api/client/quote-offer/${token}`,
      payload: payload as Record<string, unknown>,
    });
  }

  return {
    app,
    db,
    stylist,
    stylistId,
    stylistToken,
    client,
    secondClient,
    foreignClient,
    otherStylistId,
    quote,
    link,
    expiredLink,
    revokedLink,
    written,
    adminToken,
    get,
    postCurated,
    postOffers,
  };
}

export type ClientPagesWorld = Awaited<ReturnType<typeof buildClientPagesWorld>>;

/** The offer-approval payload for one quote, as the review-response modal builds it. */
export function offerAnswer(id: number, type: AcceptedOfferType) {
  return {
    id,
    attributes: {
      accepted_offer_type: type,
      is_accepted: type !== 'rejected',
      is_rejected: type === 'rejected',
    },
  };
}
