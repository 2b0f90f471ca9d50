import { z } from 'zod';

export const QuoteStatusSchema = z.enum([
  'needs_more_info',
  'fake',
  'pending_authentication',
  'authentication_in_progress',
  'authenticated_no_offer',
  'authenticated_with_offer',
  'offer_pending',
  'responded',
  'offer_accepted',
  'offer_made',
  'in_transit',
  'pending_response',
  'received',
  'rejected',
  'converted',
  'shipped',
  'approved',
  // Not in §4's table: the life cycle's last step (ARCHITECTURE.md), when a converted item sells.
  'sold',
]);
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>;

/** Title-case statuses older quotes still carry (§4). */
export const LegacyQuoteStatusSchema = z.enum([
  'Accepted',
  'Received',
  'Approved',
  'Fake',
  'Shipped',
  'Rejected',
  'Needs More Info',
  'Offer Made',
  'Responded',
  'Pending Response',
  'Pending',
]);
export type LegacyQuoteStatus = z.infer<typeof LegacyQuoteStatusSchema>;

export const KnownQuoteStatusSchema = z.enum([
  ...QuoteStatusSchema.options,
  ...LegacyQuoteStatusSchema.options,
]);
export type KnownQuoteStatus = z.infer<typeof KnownQuoteStatusSchema>;

export const SelectionGroupSchema = z.enum([
  'Authentication',
  'OfferManagement',
  'Processing',
  'Completion',
  'Issue',
]);
export type SelectionGroup = z.infer<typeof SelectionGroupSchema>;

/** What the status action button does: open the actions modal, the review-response modal, or only log. */
export type StatusAction = 'actions' | 'review-response' | 'log';

export interface StatusCatalogueEntry {
  readonly label: string;
  readonly priority: number;
  readonly selectionGroup: SelectionGroup | null;
  readonly estimatedTimeline: string | null;
}

export interface StatusInfo extends StatusCatalogueEntry {
  readonly status: KnownQuoteStatus;
  readonly actionButtonText: string | null;
  readonly action: StatusAction;
}

function entry(
  label: string,
  priority: number,
  selectionGroup: SelectionGroup | null = null,
  estimatedTimeline: string | null = null,
): StatusCatalogueEntry {
  return { label, priority, selectionGroup, estimatedTimeline };
}

export const QUOTE_STATUSES: Readonly<Record<KnownQuoteStatus, StatusCatalogueEntry>> = {
  needs_more_info: entry('Needs More Information', 1, 'Issue'),
  fake: entry('Counterfeit Detected', 7, 'Issue'),
  pending_authentication: entry('Pending Authentication', 8, 'Authentication', '1-3 business days'),
  authentication_in_progress: entry(
    'Authentication in Progress',
    9,
    'Authentication',
    '1-2 business days',
  ),
  authenticated_no_offer: entry(
    'Authenticated - No Offer',
    10,
    'OfferManagement',
    '1-2 business days',
  ),
  authenticated_with_offer: entry('Authenticated - Has Offer', 11, 'OfferManagement'),
  offer_pending: entry('Offer Pending Response', 12, 'OfferManagement'),
  // §4 puts "Offer Made" and "Responded" in OfferManagement; offer_made and responded carry those labels.
  responded: entry('Responded', 12, 'OfferManagement'),
  offer_accepted: entry('Offer Accepted', 13, 'Processing', '1-3 business days'),
  offer_made: entry('Offer Made', 13, 'OfferManagement'),
  in_transit: entry('In Transit', 14, 'Processing', '3-7 business days'),
  pending_response: entry('Pending Response', 14),
  received: entry('Received at Warehouse', 15, 'Processing', '2-5 business days'),
  rejected: entry('Rejected', 15),
  converted: entry('Converted to Product', 16, 'Completion'),
  shipped: entry('Shipped', 16),
  approved: entry('Approved', 17),
  sold: entry('Sold', 16, 'Completion'),
  // §4 gives legacy statuses no priority: each takes its snake_case twin's; Pending sorts as pending_authentication.
  Accepted: entry('Accepted', 13, 'Processing'),
  Received: entry('Received', 15),
  Approved: entry('Approved', 17),
  Fake: entry('Fake', 7, 'Issue'),
  Shipped: entry('Shipped', 16),
  Rejected: entry('Rejected', 15),
  'Needs More Info': entry('Needs More Info', 1, 'Issue'),
  'Offer Made': entry('Offer Made', 13, 'OfferManagement'),
  Responded: entry('Responded', 12, 'OfferManagement'),
  'Pending Response': entry('Pending Response', 14),
  Pending: entry('Pending', 8),
};

/** §4 keys the action button text on the status label, so snake_case and legacy statuses share rows. */
export const ACTION_BUTTON_TEXT_BY_LABEL: Readonly<Record<string, string>> = {
  'Pending Authentication': 'Wait for Review',
  'Authentication in Progress': 'Wait for Completion',
  'Authenticated - No Offer': 'Contact Admin for Offer',
  'Authenticated - Has Offer': 'Present Offers to Client',
  'Offer Pending Response': 'Follow Up with Client',
  'Offer Accepted': 'Pickup/Shipping Label',
  Accepted: 'Pickup/Shipping Label',
  'In Transit': 'Track Shipment',
  'Received at Warehouse': 'Wait for Conversion',
  'Converted to Product': 'Quote Complete',
  Sold: 'Quote Complete',
  'Counterfeit Detected': 'Inform Client',
  'Needs More Information': 'Request More Info',
  Received: 'Mark as Received',
  Approved: 'Approve Quotes',
  Fake: 'Review Response',
  Responded: 'Review Response',
  'Needs More Info': 'Review Response',
  'Offer Made': 'Review Response',
  Shipped: 'Mark as Shipped',
  Rejected: 'Reject Quotes',
  'Pending Response': 'Mark Pending',
};

const CATALOGUE = new Map<string, StatusCatalogueEntry>(Object.entries(QUOTE_STATUSES));
const BUTTON_TEXT = new Map<string, string>(Object.entries(ACTION_BUTTON_TEXT_BY_LABEL));

const ACTIONS_MODAL_STATUSES = new Set(['accepted', 'offer accepted']);
// §4's responded-type statuses, plus the two in which our life cycle waits for the client's answer
// (docs/decisions/0005): without them the review-response modal could never be reached.
const REVIEW_RESPONSE_STATUSES = new Set([
  'authenticated with offer',
  'offer pending',
  'responded',
  'offer made',
  'needs more info',
  'needs info',
  'fake',
]);

type StatusInput = string | null | undefined;

export function isKnownQuoteStatus(status: StatusInput): status is KnownQuoteStatus {
  return status != null && CATALOGUE.has(status);
}

export function statusInfo(status: StatusInput): StatusInfo | null {
  if (!isKnownQuoteStatus(status)) return null;
  const known = CATALOGUE.get(status);
  if (!known) return null;
  return {
    status,
    ...known,
    actionButtonText: BUTTON_TEXT.get(known.label) ?? null,
    action: statusAction(status),
  };
}

export function statusLabel(status: StatusInput): string | null {
  return statusInfo(status)?.label ?? null;
}

/** Unknown and missing statuses sort after every known one. */
export function statusPriority(status: StatusInput): number {
  return statusInfo(status)?.priority ?? Number.POSITIVE_INFINITY;
}

export function actionButtonText(status: StatusInput): string | null {
  return statusInfo(status)?.actionButtonText ?? null;
}

export function selectionGroup(status: StatusInput): SelectionGroup | null {
  return statusInfo(status)?.selectionGroup ?? null;
}

export function estimatedTimeline(status: StatusInput): string | null {
  return statusInfo(status)?.estimatedTimeline ?? null;
}

/** §4 names these statuses loosely ("offer made", "needs info"), so case, spaces, `_` and `-` are ignored. */
export function statusAction(status: StatusInput): StatusAction {
  const normalised = (status ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (ACTIONS_MODAL_STATUSES.has(normalised)) return 'actions';
  if (REVIEW_RESPONSE_STATUSES.has(normalised)) return 'review-response';
  return 'log';
}
