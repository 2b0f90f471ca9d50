import {
  DECLINE_REASONS,
  DeclineReasonSchema,
  formatCents,
  nextStep,
  PAYMENT_METHOD_WORDS,
  type ItemTimeline,
  type TimelineStep,
} from '@atelier/contract';
import type { QuoteStepDetail } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import type { QuoteRecord, TimelineFacts, TimelineMessage } from './quote-record.ts';

type History = QuoteRecord['history'][number];

const OFFER_LINES: readonly [keyof NonNullable<QuoteStepDetail['offers']>, string][] = [
  ['consignment', 'Consignment estimate'],
  ['buyout', 'Buyout'],
  // Shown as buyout (§9).
  ['buyback', 'Buyout'],
];

function offerLines(cents: QuoteStepDetail['offers']): string[] {
  if (!cents) return [];
  return OFFER_LINES.flatMap(([type, label]) => {
    const amount = cents[type];
    return amount ? [`${label} ${formatCents(amount)}`] : [];
  });
}

/** The offers as the quote holds them now, in the shape a step's detail keeps them. */
function currentOffers(record: QuoteRecord): QuoteStepDetail['offers'] {
  return Object.fromEntries(record.offers.map((offer) => [offer.type, offer.amountCents]));
}

function declineLines(message: TimelineMessage | undefined): string[] {
  if (!message) return [];
  const reason = DeclineReasonSchema.safeParse(message.reason);
  return [
    ...(reason.success ? [`Reason: ${DECLINE_REASONS[reason.data]}`] : []),
    ...(message.text ? [`“${message.text}”`] : []),
  ];
}

/**
 * The dated steps of one item, for the client's hub and the stylist's card alike (decision
 * 0029): built from the status history, the facts each step kept, the shipment, the client's
 * messages and the sale. Internal notes are never shown; the back office's comment to the client
 * is, on the step it belongs to while the quote is still there.
 */
export function itemTimeline(
  record: QuoteRecord,
  facts: TimelineFacts,
  storage: Pick<FileStorage, 'urlFor'>,
): ItemTimeline {
  const { quote, shipment } = record;
  const steps: TimelineStep[] = [];
  const add = (
    row: { createdAt: Date; actorKind: TimelineStep['by'] },
    kind: TimelineStep['kind'],
    title: string,
    details: readonly string[] = [],
    link: TimelineStep['link'] = null,
  ) =>
    steps.push({
      kind,
      at: row.createdAt.toISOString(),
      by: row.actorKind,
      title,
      details: [...details],
      link,
    });
  const comment = (status: History['toStatus']) =>
    quote.status === status && quote.commentToCustomer ? [quote.commentToCustomer] : [];
  const lastOffersRow = record.history.findLast(
    (row) => row.toStatus === 'authenticated_with_offer',
  );
  const offersOf = (row: History) =>
    offerLines(
      (row.detail as QuoteStepDetail | null)?.offers ??
        (row === lastOffersRow ? currentOffers(record) : undefined),
    );
  const declines = facts.messages.filter((message) => message.kind === 'decline');

  if (record.history[0]?.fromStatus !== null) {
    add({ createdAt: quote.createdAt, actorKind: 'stylist' }, 'submitted', 'Submitted for a quote');
  }
  for (const row of record.history) {
    const detail = row.detail as QuoteStepDetail | null;
    if (detail?.renewed) {
      add(row, 'offers_renewed', 'Offers renewed');
      continue;
    }
    switch (row.toStatus) {
      case 'pending_authentication':
        add(row, 'submitted', 'Submitted for a quote');
        break;
      case 'authentication_in_progress':
        add(
          row,
          'authentication_started',
          row.fromStatus === 'needs_more_info'
            ? 'Authentication resumed'
            : 'Authentication started',
        );
        break;
      case 'needs_more_info':
        add(row, 'more_info_needed', 'More information needed', comment('needs_more_info'));
        break;
      case 'fake':
        add(row, 'not_authenticated', 'Could not be authenticated', comment('fake'));
        break;
      case 'authenticated_no_offer':
        add(row, 'authenticated', 'Authenticated', [
          'No offer yet',
          ...comment('authenticated_no_offer'),
        ]);
        break;
      case 'authenticated_with_offer':
        if (row.fromStatus === 'authentication_in_progress')
          add(row, 'authenticated', 'Authenticated');
        add(
          row,
          'offers_made',
          row.fromStatus === 'authenticated_with_offer' ? 'Offers revised' : 'Offers made',
          offersOf(row),
        );
        break;
      case 'offer_pending':
        add(row, 'offers_presented', 'Offers presented');
        break;
      case 'offer_accepted': {
        const type = quote.acceptedOfferType === 'consignment' ? 'Consignment' : 'Buyout';
        const cents = currentOffers(record);
        const accepted =
          quote.acceptedOfferType === 'consignment'
            ? { consignment: cents?.consignment }
            : { buyout: cents?.buyout ?? cents?.buyback };
        add(row, 'accepted', `${type} offer accepted`, offerLines(accepted));
        break;
      }
      case 'rejected':
        add(row, 'declined', 'Offers declined', declineLines(declines.at(-1)));
        break;
      case 'in_transit':
        if (shipment?.kind === 'pickup' || quote.pickupType === 'concierge') {
          add(
            row,
            'picked_up',
            'Picked up',
            [],
            shipment?.receiptKey
              ? { label: 'Signed receipt (PDF)', url: storage.urlFor(shipment.receiptKey) }
              : null,
          );
        } else {
          add(
            row,
            'shipped',
            'Shipped',
            shipment?.trackingNumber ? [`Tracking ${shipment.trackingNumber}`] : [],
          );
        }
        break;
      case 'received':
        add(row, 'received', 'Received at the warehouse');
        break;
      case 'converted':
        add(row, 'listed', 'Listed for sale');
        break;
      case 'sold':
        add(row, 'sold', 'Sold');
        break;
    }
  }
  for (const message of facts.messages) {
    if (message.kind !== 'question') continue;
    add(
      { createdAt: message.createdAt, actorKind: 'client' },
      'question',
      'Question for the stylist',
      [`“${message.text}”`],
    );
  }
  const { sale } = facts;
  if (sale?.paidAt) {
    const method = sale.paymentMethod ? ` by ${PAYMENT_METHOD_WORDS[sale.paymentMethod]}` : '';
    add({ createdAt: sale.paidAt, actorKind: null }, 'paid', 'Paid', [
      `${formatCents(sale.payoutCents)}${method}`,
    ]);
  }
  // Stable: steps of one moment keep the order they were added in.
  steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

  const entered = record.history.findLast((row) => row.toStatus === quote.status);
  const since = (entered?.createdAt ?? quote.updatedAt).toISOString().slice(0, 10);
  return { steps, next: nextStep(quote.status, since) };
}
