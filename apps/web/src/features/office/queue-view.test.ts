import { describe, expect, test } from 'vitest';
import {
  canTakeFrom,
  formatBusinessHours,
  hasFilters,
  queueViewParams,
  readQueueView,
  type QueueView,
} from './queue-view.ts';

describe('formatBusinessHours', () => {
  test.each([
    [0, 'under 1 h'],
    [0.9, 'under 1 h'],
    [1, '1 h'],
    [5.4, '5 h'],
    [7.9, '7 h'],
    [8, '1 d'],
    [19, '2 d 3 h'],
    [24, '3 d'],
    [-2, 'under 1 h'],
  ])('%s business hours read "%s" (8-hour days)', (hours, text) => {
    expect(formatBusinessHours(hours)).toBe(text);
  });
});

describe('the queue view in the URL', () => {
  test('an empty query is the first queue, page 1, unfiltered', () => {
    expect(readQueueView(new URLSearchParams())).toEqual({
      stage: 'to_authenticate',
      page: 1,
      mine: false,
      stylistId: null,
      designerId: null,
      q: '',
    });
  });

  test('reads back what it writes, and leaves the defaults out', () => {
    const view: QueueView = {
      stage: 'to_price',
      page: 2,
      mine: true,
      stylistId: 4,
      designerId: 11,
      q: 'WG123',
    };
    const params = queueViewParams(view);
    expect(params.toString()).toBe(
      'stage=to_price&page=2&mine=true&stylistId=4&designerId=11&q=WG123',
    );
    expect(readQueueView(params)).toEqual(view);
    expect(
      queueViewParams({
        ...view,
        page: 1,
        mine: false,
        stylistId: null,
        designerId: null,
        q: '',
      }).toString(),
    ).toBe('stage=to_price');
  });

  test('what does not read as a stage, page or id falls back to the default', () => {
    const view = readQueueView(
      new URLSearchParams('stage=nope&page=-3&stylistId=1.5&designerId=x&mine=yes&q=%20%20'),
    );
    expect(view).toEqual(readQueueView(new URLSearchParams()));
    expect(hasFilters(view)).toBe(false);
    expect(hasFilters({ ...view, q: '#12' })).toBe(true);
  });
});

describe('canTakeFrom', () => {
  test('an authenticator takes items to authenticate, not items to price', () => {
    expect(canTakeFrom('to_authenticate', ['authenticate'])).toBe(true);
    expect(canTakeFrom('needs_info', ['authenticate'])).toBe(true);
    expect(canTakeFrom('to_price', ['authenticate'])).toBe(false);
    expect(canTakeFrom('to_price', ['price'])).toBe(true);
    expect(canTakeFrom('sold', ['authenticate', 'price'])).toBe(false);
  });
});
