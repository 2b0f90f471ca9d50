import { describe, expect, test } from 'vitest';
import { KnownQuoteStatusSchema, statusLabel } from './quote-status.ts';
import { statusDisplayText } from './status-display.ts';

describe('status display text', () => {
  test.each([
    ['in_transit', 'concierge'],
    ['offer_accepted', 'concierge'],
    ['Accepted', 'concierge'],
    [null, 'concierge'],
    ['awaitingCourierPickup', 'concierge'],
  ])('a concierge pickup of %j shows "Picked Up"', (status, pickupType) => {
    expect(statusDisplayText(status, pickupType)).toBe('Picked Up');
  });

  test.each([
    ['received', 'Received at Warehouse'],
    ['converted', 'Converted to Product'],
    ['sold', 'Sold'],
    ['Received', 'Received'],
  ])('a picked-up item that is now %s shows "%s", not "Picked Up"', (status, text) => {
    expect(statusDisplayText(status, 'concierge')).toBe(text);
  });

  test.each([null, undefined, '', '   '])('a missing status %j shows "Not Submitted"', (status) => {
    expect(statusDisplayText(status)).toBe('Not Submitted');
  });

  test.each([
    ['pending_authentication', 'Pending Authentication'],
    ['received', 'Received at Warehouse'],
    ['Received', 'Received'],
    ['fake', 'Counterfeit Detected'],
    ['Needs More Info', 'Needs More Info'],
    ['responded', 'Responded'],
  ])('%s shows its label "%s"', (status, text) => {
    expect(statusDisplayText(status, null)).toBe(text);
  });

  test.each(KnownQuoteStatusSchema.options)(
    'known status %s shows its catalogue label',
    (status) => {
      expect(statusDisplayText(status, 'shipping')).toBe(statusLabel(status));
    },
  );

  test.each([
    ['awaitingCourierPickup', 'awaiting Courier Pickup'],
    ['OnHold', 'On Hold'],
    ['step2Review', 'step2 Review'],
    ['awaiting_courier_pickup', 'awaiting_courier_pickup'],
    ['lost', 'lost'],
    ['Lost In Transit', 'Lost In Transit'],
  ])('unknown %s shows "%s"', (status, text) => {
    expect(statusDisplayText(status)).toBe(text);
  });
});
