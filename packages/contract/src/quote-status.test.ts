import { describe, expect, test } from 'vitest';
import {
  ACTION_BUTTON_TEXT_BY_LABEL,
  KnownQuoteStatusSchema,
  LegacyQuoteStatusSchema,
  QUOTE_STATUSES,
  QuoteStatusSchema,
  actionButtonText,
  estimatedTimeline,
  isKnownQuoteStatus,
  selectionGroup,
  statusAction,
  statusInfo,
  statusLabel,
  statusPriority,
} from './quote-status.ts';

const SNAKE_CASE_STATUSES: [string, string, number][] = [
  ['needs_more_info', 'Needs More Information', 1],
  ['fake', 'Counterfeit Detected', 7],
  ['pending_authentication', 'Pending Authentication', 8],
  ['authentication_in_progress', 'Authentication in Progress', 9],
  ['authenticated_no_offer', 'Authenticated - No Offer', 10],
  ['authenticated_with_offer', 'Authenticated - Has Offer', 11],
  ['offer_pending', 'Offer Pending Response', 12],
  ['responded', 'Responded', 12],
  ['offer_accepted', 'Offer Accepted', 13],
  ['offer_made', 'Offer Made', 13],
  ['in_transit', 'In Transit', 14],
  ['pending_response', 'Pending Response', 14],
  ['received', 'Received at Warehouse', 15],
  ['rejected', 'Rejected', 15],
  ['converted', 'Converted to Product', 16],
  ['shipped', 'Shipped', 16],
  ['approved', 'Approved', 17],
  // Beyond §4: the life cycle's last step.
  ['sold', 'Sold', 16],
];

const LEGACY_STATUSES: [string, string, number][] = [
  ['Accepted', 'Accepted', 13],
  ['Received', 'Received', 15],
  ['Approved', 'Approved', 17],
  ['Fake', 'Fake', 7],
  ['Shipped', 'Shipped', 16],
  ['Rejected', 'Rejected', 15],
  ['Needs More Info', 'Needs More Info', 1],
  ['Offer Made', 'Offer Made', 13],
  ['Responded', 'Responded', 12],
  ['Pending Response', 'Pending Response', 14],
  ['Pending', 'Pending', 8],
];

const BUTTON_TEXT_BY_LABEL: [string, string][] = [
  ['Pending Authentication', 'Wait for Review'],
  ['Authentication in Progress', 'Wait for Completion'],
  ['Authenticated - No Offer', 'Contact Admin for Offer'],
  ['Authenticated - Has Offer', 'Present Offers to Client'],
  ['Offer Pending Response', 'Follow Up with Client'],
  ['Offer Accepted', 'Pickup/Shipping Label'],
  ['Accepted', 'Pickup/Shipping Label'],
  ['In Transit', 'Track Shipment'],
  ['Received at Warehouse', 'Wait for Conversion'],
  ['Converted to Product', 'Quote Complete'],
  ['Counterfeit Detected', 'Inform Client'],
  ['Needs More Information', 'Request More Info'],
  ['Received', 'Mark as Received'],
  ['Approved', 'Approve Quotes'],
  ['Fake', 'Review Response'],
  ['Responded', 'Review Response'],
  ['Needs More Info', 'Review Response'],
  ['Offer Made', 'Review Response'],
  ['Shipped', 'Mark as Shipped'],
  ['Rejected', 'Reject Quotes'],
  ['Pending Response', 'Mark Pending'],
  ['Sold', 'Quote Complete'],
];

const BUTTON_TEXT_BY_STATUS: [string, string | null][] = [
  ['needs_more_info', 'Request More Info'],
  ['fake', 'Inform Client'],
  ['pending_authentication', 'Wait for Review'],
  ['authentication_in_progress', 'Wait for Completion'],
  ['authenticated_no_offer', 'Contact Admin for Offer'],
  ['authenticated_with_offer', 'Present Offers to Client'],
  ['offer_pending', 'Follow Up with Client'],
  ['responded', 'Review Response'],
  ['offer_accepted', 'Pickup/Shipping Label'],
  ['offer_made', 'Review Response'],
  ['in_transit', 'Track Shipment'],
  ['pending_response', 'Mark Pending'],
  ['received', 'Wait for Conversion'],
  ['rejected', 'Reject Quotes'],
  ['converted', 'Quote Complete'],
  ['shipped', 'Mark as Shipped'],
  ['approved', 'Approve Quotes'],
  ['sold', 'Quote Complete'],
  ['Accepted', 'Pickup/Shipping Label'],
  ['Received', 'Mark as Received'],
  ['Approved', 'Approve Quotes'],
  ['Fake', 'Review Response'],
  ['Shipped', 'Mark as Shipped'],
  ['Rejected', 'Reject Quotes'],
  ['Needs More Info', 'Review Response'],
  ['Offer Made', 'Review Response'],
  ['Responded', 'Review Response'],
  ['Pending Response', 'Mark Pending'],
  ['Pending', null],
];

const SELECTION_GROUPS: [string, string | null][] = [
  ['pending_authentication', 'Authentication'],
  ['authentication_in_progress', 'Authentication'],
  ['authenticated_no_offer', 'OfferManagement'],
  ['authenticated_with_offer', 'OfferManagement'],
  ['offer_pending', 'OfferManagement'],
  ['Offer Made', 'OfferManagement'],
  ['offer_made', 'OfferManagement'],
  ['Responded', 'OfferManagement'],
  ['responded', 'OfferManagement'],
  ['offer_accepted', 'Processing'],
  ['in_transit', 'Processing'],
  ['received', 'Processing'],
  ['Accepted', 'Processing'],
  ['converted', 'Completion'],
  ['sold', 'Completion'],
  ['fake', 'Issue'],
  ['needs_more_info', 'Issue'],
  ['Fake', 'Issue'],
  ['Needs More Info', 'Issue'],
  ['pending_response', null],
  ['rejected', null],
  ['shipped', null],
  ['approved', null],
  ['Received', null],
  ['Approved', null],
  ['Shipped', null],
  ['Rejected', null],
  ['Pending Response', null],
  ['Pending', null],
];

const ESTIMATED_TIMELINES: [string, string | null][] = [
  ['pending_authentication', '1-3 business days'],
  ['authentication_in_progress', '1-2 business days'],
  ['authenticated_no_offer', '1-2 business days'],
  ['offer_accepted', '1-3 business days'],
  ['in_transit', '3-7 business days'],
  ['received', '2-5 business days'],
  ['needs_more_info', null],
  ['fake', null],
  ['authenticated_with_offer', null],
  ['offer_pending', null],
  ['responded', null],
  ['offer_made', null],
  ['pending_response', null],
  ['rejected', null],
  ['converted', null],
  ['shipped', null],
  ['approved', null],
  ['sold', null],
  ...LEGACY_STATUSES.map(([status]): [string, null] => [status, null]),
];

const STATUS_ACTIONS: [string | null | undefined, string][] = [
  ['offer_accepted', 'actions'],
  ['Accepted', 'actions'],
  ['Offer Accepted', 'actions'],
  ['ACCEPTED', 'actions'],
  ['offer-accepted', 'actions'],
  ['responded', 'review-response'],
  ['Responded', 'review-response'],
  ['offer_made', 'review-response'],
  ['Offer Made', 'review-response'],
  ['offerMade', 'log'],
  ['needs_more_info', 'review-response'],
  ['Needs More Info', 'review-response'],
  ['needs_info', 'review-response'],
  ['Needs Info', 'review-response'],
  ['needs-info', 'review-response'],
  [' needs  info ', 'review-response'],
  ['fake', 'review-response'],
  ['Fake', 'review-response'],
  ['FAKE', 'review-response'],
  ['needs more information', 'log'],
  ['pending_authentication', 'log'],
  ['authentication_in_progress', 'log'],
  ['authenticated_no_offer', 'log'],
  ['authenticated_with_offer', 'review-response'],
  ['Authenticated With Offer', 'review-response'],
  ['offer_pending', 'review-response'],
  ['sold', 'log'],
  ['in_transit', 'log'],
  ['pending_response', 'log'],
  ['received', 'log'],
  ['rejected', 'log'],
  ['converted', 'log'],
  ['shipped', 'log'],
  ['approved', 'log'],
  ['Received', 'log'],
  ['Approved', 'log'],
  ['Shipped', 'log'],
  ['Rejected', 'log'],
  ['Pending Response', 'log'],
  ['Pending', 'log'],
  ['mysteryStatus', 'log'],
  ['', 'log'],
  [null, 'log'],
  [undefined, 'log'],
];

describe('status catalogue', () => {
  test('holds exactly the snake_case statuses of §4 in table order, then sold', () => {
    expect(QuoteStatusSchema.options).toEqual(SNAKE_CASE_STATUSES.map(([status]) => status));
  });

  test('holds exactly the legacy title-case statuses of §4', () => {
    expect(LegacyQuoteStatusSchema.options).toEqual(LEGACY_STATUSES.map(([status]) => status));
  });

  test('has one entry per known status', () => {
    expect(Object.keys(QUOTE_STATUSES)).toEqual(KnownQuoteStatusSchema.options);
    expect(KnownQuoteStatusSchema.options).toHaveLength(29);
  });

  test.each(SNAKE_CASE_STATUSES)(
    '%s is labelled "%s" with priority %i',
    (status, label, priority) => {
      expect(statusLabel(status)).toBe(label);
      expect(statusPriority(status)).toBe(priority);
      expect(QuoteStatusSchema.safeParse(status).success).toBe(true);
    },
  );

  test.each(LEGACY_STATUSES)(
    'legacy %s is labelled "%s" with its twin priority %i',
    (status, label, priority) => {
      expect(statusLabel(status)).toBe(label);
      expect(statusPriority(status)).toBe(priority);
      expect(QuoteStatusSchema.safeParse(status).success).toBe(false);
      expect(LegacyQuoteStatusSchema.safeParse(status).success).toBe(true);
    },
  );

  test('gathers every fact about a status in one lookup', () => {
    expect(statusInfo('offer_accepted')).toEqual({
      status: 'offer_accepted',
      label: 'Offer Accepted',
      priority: 13,
      selectionGroup: 'Processing',
      estimatedTimeline: '1-3 business days',
      actionButtonText: 'Pickup/Shipping Label',
      action: 'actions',
    });
  });

  test.each(['mysteryStatus', 'OFFER_ACCEPTED', 'constructor', 'toString', '', null, undefined])(
    'knows nothing of %j, which sorts last',
    (status) => {
      expect(isKnownQuoteStatus(status)).toBe(false);
      expect(statusInfo(status)).toBeNull();
      expect(statusLabel(status)).toBeNull();
      expect(statusPriority(status)).toBe(Number.POSITIVE_INFINITY);
      expect(actionButtonText(status)).toBeNull();
      expect(selectionGroup(status)).toBeNull();
      expect(estimatedTimeline(status)).toBeNull();
    },
  );
});

describe('action button text', () => {
  test.each(BUTTON_TEXT_BY_LABEL)('the label "%s" gives "%s"', (label, text) => {
    expect(ACTION_BUTTON_TEXT_BY_LABEL[label]).toBe(text);
  });

  test('has no row beyond the §4 table and Sold', () => {
    expect(Object.keys(ACTION_BUTTON_TEXT_BY_LABEL)).toHaveLength(BUTTON_TEXT_BY_LABEL.length);
  });

  test.each(BUTTON_TEXT_BY_STATUS)('%s reads "%s" through its label', (status, text) => {
    expect(actionButtonText(status)).toBe(text);
  });

  test('covers every known status', () => {
    expect(BUTTON_TEXT_BY_STATUS.map(([status]) => status).sort()).toEqual(
      [...KnownQuoteStatusSchema.options].sort(),
    );
  });
});

describe('selection group', () => {
  test.each(SELECTION_GROUPS)('%s belongs to %s', (status, group) => {
    expect(selectionGroup(status)).toBe(group);
  });

  test('covers every known status', () => {
    expect(SELECTION_GROUPS.map(([status]) => status).sort()).toEqual(
      [...KnownQuoteStatusSchema.options].sort(),
    );
  });
});

describe('estimated timeline', () => {
  test.each(ESTIMATED_TIMELINES)('%s is expected to take %s', (status, timeline) => {
    expect(estimatedTimeline(status)).toBe(timeline);
  });

  test('covers every known status', () => {
    expect(ESTIMATED_TIMELINES.map(([status]) => status).sort()).toEqual(
      [...KnownQuoteStatusSchema.options].sort(),
    );
  });
});

describe('status action on click', () => {
  test.each(STATUS_ACTIONS)('%j opens %s', (status, action) => {
    expect(statusAction(status)).toBe(action);
  });

  test.each(KnownQuoteStatusSchema.options)('statusInfo(%s) carries its click action', (status) => {
    expect(statusInfo(status)?.action).toBe(statusAction(status));
  });
});
