import {
  QuoteViewSchema,
  type QuoteAttributes,
  type QuoteListDocument,
  type QuoteOffers,
  type QuoteResource,
  type QuoteView,
} from '@atelier/contract';
import { jsonResponse } from '../../test/fetch-mock.ts';

export interface QuoteOverrides {
  id?: number;
  attributes?: Partial<Omit<QuoteAttributes, 'offers'>> & { offers?: Partial<QuoteOffers> };
  links?: Partial<QuoteResource['links']>;
}

export type QuoteListClient = QuoteListDocument['meta']['client'];

/** Ann Lee, the clients tests' client 7. */
export const QUOTE_CLIENT: QuoteListClient = { id: 7, firstName: 'Ann', lastName: 'Lee' };

/** A valid contract QuoteResource: a Chanel bag pending authentication, unless overridden. */
export function quoteResource(overrides: QuoteOverrides = {}): QuoteResource {
  const id = overrides.id ?? 101;
  const { offers, ...attributes } = overrides.attributes ?? {};
  const createdAt = attributes.createdAt ?? '2026-05-04T15:00:00.000Z';
  const status = attributes.status ?? 'pending_authentication';
  return {
    id,
    type: 'white-glove-quotes',
    attributes: {
      name: 'Classic Flap Bag',
      description: 'Black caviar leather, gold hardware.',
      brand: 'Chanel',
      brandId: 1,
      category: 'Handbags',
      categoryId: 10,
      images: [
        {
          id: id * 10,
          url: `https://cdn.example.com/quotes/${id}.webp`,
          thumbnailUrl: `https://cdn.example.com/quotes/${id}-thumb.webp`,
        },
      ],
      thumbnail_url: `https://cdn.example.com/quotes/${id}-thumb.webp`,
      image_url: `https://cdn.example.com/quotes/${id}.webp`,
      createdAt,
      updatedAt: createdAt,
      status,
      pickup_type: null,
      authenticationStatus: 'pending',
      hasPurchaseOffer: false,
      isApproved: false,
      barCode: `WG-${String(id).padStart(6, '0')}`,
      commenter: null,
      commentToCustomer: null,
      shipment: null,
      statusHistory: [{ from: null, to: status, actor: 'stylist', note: null, at: createdAt }],
      timeline: {
        steps: [
          {
            kind: 'submitted',
            at: createdAt,
            by: 'stylist',
            title: 'Submitted for a quote',
            details: [],
            link: null,
          },
        ],
        next: null,
      },
      offersExpireAt: null,
      offersViewed: null,
      clientMessages: [],
      moreInfo: null,
      ...attributes,
      offers: {
        consignmentEstimate: null,
        buyoutQuote: null,
        buybackQuote: null,
        acceptedOfferType: null,
        ...offers,
      },
    },
    links: { admin: `https://admin.example.com/pending-items/${id}`, ...overrides.links },
  };
}

/** A quote as older systems send it: any status text, legacy ones included, or none. */
export type AnyStatusQuoteResource = Omit<QuoteResource, 'attributes'> & {
  attributes: Omit<QuoteAttributes, 'status'> & { status: string | null };
};

export function withStatus(quote: QuoteResource, status: string | null): AnyStatusQuoteResource {
  return { ...quote, attributes: { ...quote.attributes, status } };
}

export function quoteListDocument(
  quotes: readonly QuoteResource[],
  client?: QuoteListClient,
): QuoteListDocument;
export function quoteListDocument(
  quotes: readonly AnyStatusQuoteResource[],
  client?: QuoteListClient,
): { data: AnyStatusQuoteResource[]; meta: { client: QuoteListClient } };
export function quoteListDocument(
  quotes: readonly AnyStatusQuoteResource[],
  client: QuoteListClient = QUOTE_CLIENT,
) {
  return { data: [...quotes], meta: { client } };
}

/** A fetch-mock handler answering GET /api/stylist/clients/{id}/quotes. */
export function quoteListAnswer(
  quotes: readonly AnyStatusQuoteResource[],
  client: QuoteListClient = QUOTE_CLIENT,
) {
  return () => jsonResponse(200, quoteListDocument(quotes, client));
}

/** The screens' view of a quote, read through the same schema as the list. */
export function quoteView(quote: QuoteOverrides | AnyStatusQuoteResource = {}): QuoteView {
  const resource = 'type' in quote ? quote : quoteResource(quote);
  return QuoteViewSchema.parse(resource);
}
