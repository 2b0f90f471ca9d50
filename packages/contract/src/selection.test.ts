import { describe, expect, test } from 'vitest';
import { MOBILE_BREAKPOINT_PX } from './http.ts';
import { KnownQuoteStatusSchema, statusAction } from './quote-status.ts';
import {
  ACTIONABLE_STATUSES,
  STATUS_FILTER_ALL,
  canToggleSelection,
  deselectOutsideFilter,
  isActionButtonVisible,
  isTap,
  selectionInputFor,
  selectionKey,
  toggleSelection,
} from './selection.ts';

interface Quote {
  id: number;
  status: string | null;
}

const item = (id: number, status: string | null): Quote => ({ id, status });
const open = (selected: readonly Quote[] = []) => ({ selected, isFinishedAdding: false });
const finished = (selected: readonly Quote[] = []) => ({ selected, isFinishedAdding: true });

const SAME_GROUP: [string, string][] = [
  ['pending_authentication', 'authentication_in_progress'],
  ['authenticated_no_offer', 'Offer Made'],
  ['authenticated_with_offer', 'Responded'],
  ['offer_pending', 'offer_made'],
  ['offer_accepted', 'Accepted'],
  ['in_transit', 'received'],
  ['fake', 'Needs More Info'],
  ['needs_more_info', 'Fake'],
  ['converted', 'converted'],
  ['approved', 'approved'],
  ['Rejected', 'Rejected'],
];

const OTHER_GROUP: [string, string | null][] = [
  ['pending_authentication', 'authenticated_no_offer'],
  ['offer_made', 'offer_accepted'],
  ['Accepted', 'Offer Made'],
  ['received', 'Received'],
  ['converted', 'in_transit'],
  ['fake', 'rejected'],
  ['approved', 'Approved'],
  ['approved', 'shipped'],
  ['rejected', 'Rejected'],
  ['Pending', 'pending_authentication'],
  ['mysteryStatus', 'otherMystery'],
  ['approved', null],
];

describe('selection', () => {
  test('the first item may be any status', () => {
    expect(canToggleSelection(item(1, 'mysteryStatus'), open())).toBe(true);
    expect(toggleSelection(item(1, 'in_transit'), open())).toEqual([item(1, 'in_transit')]);
  });

  test.each(SAME_GROUP)('after %s, %s may join the selection', (first, next) => {
    const selected = [item(1, first)];
    expect(canToggleSelection(item(2, next), open(selected))).toBe(true);
    expect(toggleSelection(item(2, next), open(selected))).toEqual([item(1, first), item(2, next)]);
  });

  test.each(OTHER_GROUP)('after %s, %j is not clickable', (first, next) => {
    const selected = [item(1, first)];
    expect(canToggleSelection(item(2, next), open(selected))).toBe(false);
    expect(toggleSelection(item(2, next), open(selected))).toBe(selected);
  });

  test('the first selected item sets the group even after others join', () => {
    const selected = [item(1, 'offer_accepted'), item(2, 'in_transit')];
    expect(canToggleSelection(item(3, 'received'), open(selected))).toBe(true);
    expect(canToggleSelection(item(3, 'converted'), open(selected))).toBe(false);
  });

  test('unselecting is always allowed and keeps the order of the rest', () => {
    const selected = [item(1, 'fake'), item(2, 'Fake'), item(3, 'needs_more_info')];
    expect(toggleSelection(item(2, 'Fake'), open(selected))).toEqual([
      item(1, 'fake'),
      item(3, 'needs_more_info'),
    ]);
  });

  test('unselecting the first item lets the next one set the group', () => {
    const selected = [item(1, 'offer_accepted'), item(2, 'Accepted')];
    const remaining = toggleSelection(item(1, 'offer_accepted'), open(selected));
    expect(remaining).toEqual([item(2, 'Accepted')]);
    expect(canToggleSelection(item(3, 'in_transit'), open(remaining))).toBe(true);
  });

  test('unselecting the last item frees the group', () => {
    const none = toggleSelection(item(1, 'converted'), open([item(1, 'converted')]));
    expect(none).toEqual([]);
    expect(canToggleSelection(item(2, 'fake'), open(none))).toBe(true);
  });

  test.each([
    ['selecting a first item', item(1, 'fake'), []],
    ['selecting within the group', item(2, 'fake'), [item(1, 'Fake')]],
    ['unselecting', item(1, 'Fake'), [item(1, 'Fake')]],
  ])('finished adding blocks %s', (_case, quote, selected) => {
    expect(canToggleSelection(quote, finished(selected))).toBe(false);
    expect(toggleSelection(quote, finished(selected))).toBe(selected);
  });

  test('statuses with no group are keyed by the status itself', () => {
    expect(selectionKey('offer_made')).toBe('OfferManagement');
    expect(selectionKey('approved')).not.toBe(selectionKey('Approved'));
    expect(selectionKey('mysteryStatus')).toBe(selectionKey('mysteryStatus'));
    expect(selectionKey('Issue')).not.toBe(selectionKey('fake'));
  });
});

describe('status filter change', () => {
  const selected = [item(1, 'offer_accepted'), item(2, 'Accepted'), item(3, 'offer_accepted')];

  test('deselects the items that do not match the new filter', () => {
    expect(deselectOutsideFilter(selected, 'offer_accepted')).toEqual([
      item(1, 'offer_accepted'),
      item(3, 'offer_accepted'),
    ]);
  });

  test('matches the status exactly, not its label or group', () => {
    expect(deselectOutsideFilter(selected, 'Offer Accepted')).toEqual([]);
    expect(deselectOutsideFilter(selected, 'in_transit')).toEqual([]);
  });

  test('keeps everything when the filter is All', () => {
    expect(deselectOutsideFilter(selected, STATUS_FILTER_ALL)).toBe(selected);
  });
});

describe('action button', () => {
  test.each(ACTIONABLE_STATUSES)('shows when the first selected item is %s', (status) => {
    expect(isActionButtonVisible([item(1, status)], ACTIONABLE_STATUSES, false)).toBe(true);
  });

  test.each(KnownQuoteStatusSchema.options.filter((s) => !ACTIONABLE_STATUSES.includes(s)))(
    'stays hidden when the first selected item is %s',
    (status) => {
      expect(isActionButtonVisible([item(1, status)], ACTIONABLE_STATUSES, false)).toBe(false);
    },
  );

  test('stays hidden with nothing selected', () => {
    expect(isActionButtonVisible([], ACTIONABLE_STATUSES, false)).toBe(false);
  });

  test('stays hidden once finished adding', () => {
    expect(isActionButtonVisible([item(1, 'offer_accepted')], ACTIONABLE_STATUSES, true)).toBe(
      false,
    );
  });

  test('follows the first selected item, not the others', () => {
    const actionableFirst = [item(1, 'fake'), item(2, 'approved')];
    const actionableSecond = [item(1, 'approved'), item(2, 'fake')];
    expect(isActionButtonVisible(actionableFirst, ACTIONABLE_STATUSES, false)).toBe(true);
    expect(isActionButtonVisible(actionableSecond, ACTIONABLE_STATUSES, false)).toBe(false);
  });

  test('uses the list it is given', () => {
    expect(isActionButtonVisible([item(1, 'approved')], ['approved'], false)).toBe(true);
    expect(isActionButtonVisible([item(1, null)], ['approved'], false)).toBe(false);
  });

  test('the actionable statuses are exactly those whose click does more than log', () => {
    const doesSomething = KnownQuoteStatusSchema.options.filter((s) => statusAction(s) !== 'log');
    expect([...ACTIONABLE_STATUSES].sort()).toEqual(doesSomething.sort());
  });
});

describe('tap and input', () => {
  test.each([
    [100, 100, true],
    [100, 110, true],
    [100, 90, true],
    [100, 110.5, false],
    [100, 111, false],
    [100, 89, false],
    [0, 300, false],
  ])('a touch from y=%i to y=%i is a tap: %j', (startY, endY, tap) => {
    expect(isTap(startY, endY)).toBe(tap);
  });

  test('the mobile breakpoint is 600 px', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(600);
  });

  test.each([
    [1280, 'click'],
    [601, 'click'],
    [600, 'touch'],
    [375, 'touch'],
  ])('a %i px wide viewport selects by %s', (width, input) => {
    expect(selectionInputFor(width)).toBe(input);
  });
});
