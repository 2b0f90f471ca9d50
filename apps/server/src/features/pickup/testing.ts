import { SIGNATURE_DATA_URL_PREFIX, type LifecycleStatus } from '@atelier/contract';
import { asc, count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import {
  accessLinks,
  images,
  outbox,
  quotes,
  quoteStatusHistory,
  shipments,
  stylists,
} from '../../db/schema.ts';
import { recordingMailer } from '../../integrations/mail/testing.ts';
import { createLocalShippingProvider } from '../../integrations/shipping/local-provider.ts';
import type {
  LabelRequest,
  ShippingProvider,
} from '../../integrations/shipping/shipping-provider.ts';
import { insertClients, insertImage, insertOffers, insertQuote } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';
import { pngChunk } from '../../test/images.ts';

export const STYLIST_ADDRESS = {
  address1: '12 Rue Street',
  address2: 'Suite 4',
  city: 'Brooklyn',
  state: 'NY',
  postalCode: '11201',
};

/** The embedded provider, with the requests it was sent and a way to make the next one fail. */
function recordingProvider() {
  const real = createLocalShippingProvider();
  const requests: LabelRequest[] = [];
  let nextFailure: Error | null = null;
  const provider: ShippingProvider = {
    name: real.name,
    async createLabel(request) {
      requests.push(request);
      const failure = nextFailure;
      nextFailure = null;
      if (failure) throw failure;
      return real.createLabel(request);
    },
  };
  return {
    provider,
    requests,
    failNextWith(error: Error) {
      nextFailure = error;
    },
  };
}

/** A signature as signature_pad draws it, carrying a text chunk that must not be kept. */
export async function signaturePng(comment = 'drawn on a stolen tablet') {
  const strokes = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="550" height="300">' +
      '<path d="M40 220 C 120 40, 220 280, 300 120 S 460 60, 510 200" stroke="#111" ' +
      'stroke-width="4" fill="none"/></svg>',
  );
  const png = await sharp(strokes).png().toBuffer();
  // IHDR is the first chunk: 8 signature bytes + 4 length + 4 type + 13 data + 4 CRC.
  const afterHeader = 8 + 25;
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk('tEXt', Buffer.from(`Comment\0${comment}`, 'latin1')),
    png.subarray(afterHeader),
  ]);
}

function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`test setup made no ${what}`);
  return value;
}

export const dataUrlOf = (bytes: Buffer) =>
  `${SIGNATURE_DATA_URL_PREFIX}${bytes.toString('base64')}`;

/**
 * What the pickup tests share: an app whose label provider is the embedded one (and can be
 * made to fail), two stylists, clients, tokens, and calls through `app.inject`.
 */
export async function buildPickupWorld() {
  const shipping = recordingProvider();
  const mail = recordingMailer();
  const app = await buildTestApp({}, { shippingProvider: shipping.provider, mailer: mail.mailer });
  const db: Db = app.database.db;
  const stylist = await createTestAccount(app, { firstName: 'Camille', lastName: 'Laurent' });
  const other = await createTestAccount(app, { firstName: 'Ines', lastName: 'Moreau' });
  const stylistId = present(stylist.stylistId, 'stylist');
  const otherStylistId = present(other.stylistId, 'stylist');
  const tokens = {
    stylist: await tokenFor(app, stylist.email),
    other: await tokenFor(app, other.email),
  };
  const [ownClient, ownSecondClient] = await insertClients(db, stylistId, [
    { firstName: 'Margaux', lastName: 'Dubois' },
    { firstName: 'Second', lastName: 'Client' },
  ]);
  const [theirClient] = await insertClients(db, otherStylistId, [
    { firstName: 'Their', lastName: 'Client' },
  ]);
  const client = present(ownClient, 'client');
  const secondClient = present(ownSecondClient, 'client');
  const foreignClient = present(theirClient, 'client');

  function call(
    token: string | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined && { payload }),
    });
  }

  /** A quote of `clientId` (the world's client by default) in `status`, with offers. */
  async function quoteIn(
    status: LifecycleStatus,
    owner: { stylistId?: number; clientId?: number } = {},
  ) {
    const quoteId = await insertQuote(db, {
      stylistId: owner.stylistId ?? stylistId,
      clientId: owner.clientId ?? client.id,
      status,
      name: 'Classic Flap Bag',
      authenticationStatus: 'authentic',
      isApproved: true,
      ...(status === 'offer_accepted' && { acceptedOfferType: 'buyout' as const }),
    });
    await insertOffers(db, quoteId, { consignment: 1200_00, buyout: 800_00 });
    return quoteId;
  }

  const acceptedQuote = (owner: { stylistId?: number; clientId?: number } = {}) =>
    quoteIn('offer_accepted', owner);

  /** Gives a quote a real photo in the file storage, as an upload would. */
  async function addPhoto(quoteId: number) {
    const imageId = await insertImage(db, { stylistId, quoteId });
    const [found] = await db
      .select({ storageKey: images.storageKey, thumbnailKey: images.thumbnailKey })
      .from(images)
      .where(eq(images.id, imageId));
    const row = present(found, 'image');
    const photo = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#b33' },
    })
      .webp()
      .toBuffer();
    await app.storage.put(row.storageKey, photo, 'image/webp');
    await app.storage.put(row.thumbnailKey, photo, 'image/webp');
  }

  async function setStylistAddress(address: typeof STYLIST_ADDRESS | null) {
    await db
      .update(stylists)
      .set(address ?? { address1: null, address2: null, city: null, state: null, postalCode: null })
      .where(eq(stylists.id, stylistId));
  }

  /** How many rows a pickup call could write, to show that a refused one wrote none. */
  async function counts() {
    const rows = async (table: typeof shipments | typeof accessLinks | typeof outbox) =>
      present((await db.select({ n: count() }).from(table))[0], 'count').n;
    return {
      shipments: await rows(shipments),
      accessLinks: await rows(accessLinks),
      outbox: await rows(outbox),
    };
  }

  /** The quotes' rows and history, to show that a refused call changed none of them. */
  async function snapshot(quoteIds: number[]) {
    return {
      quotes: await db
        .select()
        .from(quotes)
        .where(inArray(quotes.id, quoteIds))
        .orderBy(asc(quotes.id)),
      history: await db
        .select()
        .from(quoteStatusHistory)
        .where(inArray(quoteStatusHistory.quoteId, quoteIds))
        .orderBy(asc(quoteStatusHistory.id)),
    };
  }

  return {
    app,
    db,
    stylist: { ...stylist, stylistId },
    other: { ...other, stylistId: otherStylistId },
    tokens,
    client,
    secondClient,
    foreignClient,
    shipping,
    mail,
    call,
    quoteIn,
    acceptedQuote,
    addPhoto,
    setStylistAddress,
    counts,
    snapshot,
  };
}

export type PickupWorld = Awaited<ReturnType<typeof buildPickupWorld>>;
