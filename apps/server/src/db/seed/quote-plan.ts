import type {
  AcceptedOfferType,
  AuthenticationStatus,
  OfferKind,
  OfferType,
  QuoteActor,
  ShipmentKind,
} from '@atelier/contract';
import { quoteStatus } from '../schema.ts';
import { CATALOGUE, type CatalogueItem } from './designers.ts';
import { COLORWAYS, type ProductPicture, type ProductView } from './product-art.ts';
import type { ClientSeed } from './people.ts';
import { digits, type Random, type UniqueCodes } from './random.ts';

export type QuoteStatus = (typeof quoteStatus.enumValues)[number];
export type Actor = QuoteActor;

export const QUOTE_STATUSES: readonly QuoteStatus[] = quoteStatus.enumValues;

export interface PlannedTransition {
  from: QuoteStatus | null;
  to: QuoteStatus;
  actor: Actor;
  at: Date;
  note: string | null;
}

export interface PlannedQuote {
  /** Seed-local number, stable across runs, used in storage keys. */
  number: number;
  clientIndex: number;
  item: CatalogueItem;
  description: string;
  status: QuoteStatus;
  pickupType: 'concierge' | null;
  authenticationStatus: AuthenticationStatus;
  isApproved: boolean;
  acceptedOfferType: AcceptedOfferType | null;
  barCode: string;
  commenter: string | null;
  commentToCustomer: string | null;
  offers: { type: OfferKind; amountCents: number }[];
  shipment: { kind: ShipmentKind; trackingNumber: string | null; shippedAt: Date } | null;
  pictures: ProductPicture[];
  history: PlannedTransition[];
  createdAt: Date;
}

/** The path each status is reached by (ARCHITECTURE.md, "Quote life cycle"). */
const PREVIOUS: Record<QuoteStatus, QuoteStatus | null> = {
  pending_authentication: null,
  authentication_in_progress: 'pending_authentication',
  authenticated_no_offer: 'authentication_in_progress',
  authenticated_with_offer: 'authentication_in_progress',
  fake: 'authentication_in_progress',
  needs_more_info: 'authentication_in_progress',
  offer_pending: 'authenticated_with_offer',
  offer_accepted: 'offer_pending',
  rejected: 'offer_pending',
  in_transit: 'offer_accepted',
  received: 'in_transit',
  converted: 'received',
  sold: 'converted',
};

const ACTOR: Record<QuoteStatus, Actor> = {
  pending_authentication: 'stylist',
  authentication_in_progress: 'admin',
  authenticated_no_offer: 'admin',
  authenticated_with_offer: 'admin',
  fake: 'admin',
  needs_more_info: 'admin',
  offer_pending: 'stylist',
  offer_accepted: 'client',
  rejected: 'client',
  in_transit: 'stylist',
  received: 'admin',
  converted: 'admin',
  sold: 'system',
};

/** Hours a quote takes to reach each status from the previous one. */
const STEP_HOURS: Record<QuoteStatus, [number, number]> = {
  pending_authentication: [0, 0],
  authentication_in_progress: [3, 30],
  authenticated_no_offer: [12, 48],
  authenticated_with_offer: [12, 48],
  fake: [12, 48],
  needs_more_info: [8, 36],
  offer_pending: [2, 30],
  offer_accepted: [6, 72],
  rejected: [6, 96],
  in_transit: [12, 72],
  received: [48, 120],
  converted: [48, 120],
  sold: [72, 480],
};

/** Hours a quote has sat in its current status; finished ones can sit for weeks, open ones should not. */
const DWELL_HOURS: Record<QuoteStatus, [number, number]> = {
  pending_authentication: [1, 40],
  authentication_in_progress: [2, 30],
  authenticated_no_offer: [24, 500],
  authenticated_with_offer: [2, 40],
  fake: [24, 900],
  needs_more_info: [12, 200],
  offer_pending: [6, 100],
  offer_accepted: [4, 60],
  rejected: [24, 1000],
  in_transit: [10, 80],
  received: [10, 90],
  converted: [24, 400],
  sold: [24, 1200],
};

const HOUR = 3_600_000;
const MAX_AGE_HOURS = 89 * 24;

export function trailTo(status: QuoteStatus): QuoteStatus[] {
  const previous = PREVIOUS[status];
  return previous ? [...trailTo(previous), status] : [status];
}

const hasOffers = (trail: readonly QuoteStatus[]) => trail.includes('authenticated_with_offer');

const CONDITIONS = [
  'Excellent condition; light wear on the corners. Comes with dust bag and box.',
  'Worn a handful of times. Original receipt, dust bag and care card.',
  'Very good condition, faint scratches on the hardware. No box.',
  'Pristine, kept in its box since purchase. Full set with receipt.',
  'Good vintage condition with some patina; everything works as it should.',
  'Like new. Bought last season, tags removed, all packaging kept.',
];

const NOTES: Partial<Record<QuoteStatus, string>> = {
  authentication_in_progress: 'Assigned to an authenticator.',
  authenticated_with_offer: 'Authentic. Offers approved for presentation.',
  authenticated_no_offer: 'Authentic, but outside current demand for this model.',
  fake: 'Heat stamp font and stitch count do not match the reference for this season.',
  needs_more_info: 'Need a clear photo of the serial number and the interior stamp.',
  offer_pending: 'Offers presented to the client.',
  rejected: 'Client declined all offers.',
  received: 'Received and checked in at the warehouse.',
  converted: 'Photographed and listed for sale.',
  sold: 'Sold online.',
};

const CUSTOMER_COMMENTS: Partial<Record<QuoteStatus, string>> = {
  fake: 'Our authenticators could not verify this item, so we cannot make an offer. Happy to walk you through the findings.',
  needs_more_info:
    'Could you add a close-up of the serial number and the interior heat stamp? We will finish the review as soon as they arrive.',
  authenticated_no_offer:
    'This piece is authentic, but we cannot make a competitive offer for it right now. We will reach out if demand changes.',
};

/** Open statuses are common, finished ones rarer; every status still turns up on the first client's page. */
const STATUS_WEIGHTS: readonly [QuoteStatus, number][] = [
  ['pending_authentication', 4],
  ['authentication_in_progress', 3],
  ['authenticated_no_offer', 1],
  ['authenticated_with_offer', 3],
  ['fake', 1],
  ['needs_more_info', 1],
  ['offer_pending', 3],
  ['offer_accepted', 2],
  ['rejected', 1],
  ['in_transit', 2],
  ['received', 2],
  ['converted', 2],
  ['sold', 2],
];

function weightedStatus(random: Random): QuoteStatus {
  const total = STATUS_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'pending_authentication';
}

/** Offers and prices are quoted in round amounts, never in odd cents. */
export const roundTo = (cents: number, step: number) =>
  Math.max(step, Math.round(cents / step) * step);

const UPS_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const trackingNumber = (random: Random) =>
  `1Z${Array.from({ length: 6 }, () => random.pick([...UPS_CHARS])).join('')}03${digits(random, 8)}`;

function authenticationStatusOf(status: QuoteStatus): PlannedQuote['authenticationStatus'] {
  if (status === 'fake') return 'counterfeit';
  const trail = trailTo(status);
  const isDecided =
    trail.includes('authenticated_no_offer') || trail.includes('authenticated_with_offer');
  return isDecided ? 'authentic' : 'pending';
}

export interface QuoteRequest {
  clientIndex: number;
  status: QuoteStatus;
  item: CatalogueItem;
  accepts?: OfferType;
  isConciergePickup?: boolean;
}

export function planQuote(
  random: Random,
  codes: UniqueCodes,
  now: Date,
  number: number,
  request: QuoteRequest,
): PlannedQuote {
  const { status, item } = request;
  const trail = trailTo(status);
  const steps = trail.map((s) => random.between(...STEP_HOURS[s]));
  const travelled = steps.reduce((sum, hours) => sum + hours, 0);
  const dwell = Math.min(random.between(...DWELL_HOURS[status]), MAX_AGE_HOURS - travelled);
  let at = now.getTime() - (travelled + dwell) * HOUR;

  const history = trail.map((to, i): PlannedTransition => {
    at += steps[i]! * HOUR;
    return {
      from: i === 0 ? null : trail[i - 1]!,
      to,
      actor: ACTOR[to],
      at: new Date(at),
      note: NOTES[to] ?? null,
    };
  });

  const offers: PlannedQuote['offers'] = [];
  if (hasOffers(trail)) {
    offers.push(
      {
        type: 'consignment',
        amountCents: roundTo(item.valueCents * random.between(0.72, 0.82), 2500),
      },
      { type: 'buyout', amountCents: roundTo(item.valueCents * random.between(0.5, 0.6), 2500) },
    );
    if (random.chance(0.35)) {
      offers.push({
        type: 'buyback',
        amountCents: roundTo(item.valueCents * random.between(0.6, 0.68), 2500),
      });
    }
  }

  const accepted = trail.includes('offer_accepted')
    ? (request.accepts ?? (random.chance(0.6) ? 'consignment' : 'buyout'))
    : null;
  const acceptance = history.find((h) => h.to === 'offer_accepted');
  if (acceptance) acceptance.note = `Client accepted the ${accepted} offer.`;

  const shipping = history.find((h) => h.to === 'in_transit');
  const isPickup = Boolean(shipping && request.isConciergePickup);
  if (shipping) {
    shipping.note = isPickup
      ? 'Picked up by concierge; client signature on file.'
      : 'Prepaid shipping label created.';
  }

  const pictureCount = random.int(1, 3);
  const colorway = random.int(0, COLORWAYS.length - 1);
  const views: ProductView[] = ['front', 'detail', 'angle'];

  return {
    number,
    clientIndex: request.clientIndex,
    item,
    description: random.pick(CONDITIONS),
    status,
    pickupType: isPickup ? 'concierge' : null,
    authenticationStatus: authenticationStatusOf(status),
    // Offers are approved for presentation when they are made.
    isApproved: hasOffers(trail),
    acceptedOfferType: status === 'rejected' ? 'rejected' : accepted,
    barCode: codes.next((r) => `WG${digits(r, 8)}`),
    commenter: CUSTOMER_COMMENTS[status] ? 'Authentication team' : null,
    commentToCustomer: CUSTOMER_COMMENTS[status] ?? null,
    offers,
    shipment: shipping
      ? {
          kind: isPickup ? 'pickup' : 'label',
          trackingNumber: isPickup ? null : codes.next(trackingNumber),
          shippedAt: shipping.at,
        }
      : null,
    pictures: views.slice(0, pictureCount).map((view) => ({ shape: item.shape, colorway, view })),
    history,
    createdAt: history[0]!.at,
  };
}

/** An item for this client, never one they already sent in. */
function pickItem(
  random: Random,
  client: ClientSeed | undefined,
  taken: Set<string>,
): CatalogueItem {
  const favourites = client?.sends
    ? CATALOGUE.filter((item) => item.category === client.sends)
    : [];
  const useFavourite = favourites.length > 0 && random.chance(0.75);
  // Handbags are most of what a resale desk sees, so they get an extra draw.
  const pool = useFavourite
    ? favourites
    : random.chance(0.2)
      ? CATALOGUE.filter((item) => item.category === 'Handbags')
      : CATALOGUE;
  const fresh = pool.filter((item) => !taken.has(item.name));
  const item = random.pick(fresh.length > 0 ? fresh : pool);
  taken.add(item.name);
  return item;
}

/**
 * Quotes for the first `clientsWithQuotes` clients: the first client has two in every status (one
 * accepted as consignment and one as buyout, one shipped by label and one picked up), the others
 * one to three in weighted statuses.
 */
export function planQuotes(
  random: Random,
  codes: UniqueCodes,
  now: Date,
  clients: readonly ClientSeed[],
  clientsWithQuotes: number,
  firstNumber = 1,
): PlannedQuote[] {
  const requests: QuoteRequest[] = [];
  const firstClientItems = new Set<string>();
  for (const status of QUOTE_STATUSES) {
    for (const variant of [0, 1]) {
      requests.push({
        clientIndex: 0,
        status,
        item: pickItem(random, clients[0], firstClientItems),
        accepts: variant === 0 ? 'consignment' : 'buyout',
        isConciergePickup: variant === 1 && (status === 'in_transit' || status === 'received'),
      });
    }
  }
  for (let clientIndex = 1; clientIndex < clientsWithQuotes; clientIndex++) {
    const client = clients[clientIndex];
    const count = random.int(1, 3);
    const taken = new Set<string>();
    for (let i = 0; i < count; i++) {
      requests.push({
        clientIndex,
        status: weightedStatus(random),
        item: pickItem(random, client, taken),
        accepts: client?.accepts,
        isConciergePickup: random.chance(0.4),
      });
    }
  }
  return requests.map((request, i) => planQuote(random, codes, now, firstNumber + i, request));
}

/** A short, fixed set of quotes for a stylist who is only there to prove isolation. */
export function planFewQuotes(
  random: Random,
  codes: UniqueCodes,
  now: Date,
  clients: readonly ClientSeed[],
  statuses: readonly QuoteStatus[],
  firstNumber: number,
): PlannedQuote[] {
  return statuses.map((status, i) =>
    planQuote(random, codes, now, firstNumber + i, {
      clientIndex: i % clients.length,
      status,
      item: pickItem(random, clients[i % clients.length], new Set()),
    }),
  );
}
