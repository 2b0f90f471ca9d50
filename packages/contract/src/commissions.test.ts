import { describe, expect, test } from 'vitest';
import {
  CommissionListQuerySchema,
  MarkPaidBodySchema,
  PAYPAL_ADDRESS_REQUIRED,
  PaymentOptionsBodySchema,
  RecordSaleBodySchema,
} from './commissions.ts';

const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('commission range (§5)', () => {
  test('no range, a start alone, or a start and an end are all fine', () => {
    expect(CommissionListQuerySchema.parse({})).toEqual({});
    expect(CommissionListQuerySchema.parse({ startDate: '2026-03-01' })).toEqual({
      startDate: '2026-03-01',
    });
    expect(
      CommissionListQuerySchema.parse({
        startDate: '2026-03-01',
        endDate: '2026-03-01',
        page: '2',
      }),
    ).toEqual({ startDate: '2026-03-01', endDate: '2026-03-01', page: 2 });
  });

  test.each([
    ['a day that does not exist', { startDate: '2026-02-30' }, [['startDate', 'No such date']]],
    ['a month that does not exist', { startDate: '2026-13-01' }, [['startDate', 'No such date']]],
    ['words', { startDate: 'yesterday' }, [['startDate', 'Use a date like 2026-03-31']]],
    ['an end without a start', { endDate: '2026-01-31' }, [['startDate', 'Choose a start date']]],
    [
      'an end before the start',
      { startDate: '2026-03-02', endDate: '2026-03-01' },
      [['endDate', 'The end date comes before the start date']],
    ],
    ['page 0', { page: '0' }, [['page', 'Pages start at 1']]],
  ])('refuses %s', (_case, query, expected) => {
    expect(problems(CommissionListQuerySchema.safeParse(query))).toEqual(expected);
  });

  test('a leap day exists only in a leap year', () => {
    expect(CommissionListQuerySchema.safeParse({ startDate: '2028-02-29' }).success).toBe(true);
    expect(CommissionListQuerySchema.safeParse({ startDate: '2026-02-29' }).success).toBe(false);
  });
});

describe('payout preference (§2 Profile payout)', () => {
  test('PayPal needs a valid email address', () => {
    for (const paypalAddress of [undefined, null, '', 'not-an-address']) {
      expect(
        problems(PaymentOptionsBodySchema.safeParse({ paymentMethod: 'paypal', paypalAddress })),
      ).toEqual([['paypalAddress', PAYPAL_ADDRESS_REQUIRED]]);
    }
    expect(
      PaymentOptionsBodySchema.parse({
        paymentMethod: 'paypal',
        paypalAddress: ' me@example.com ',
      }),
    ).toEqual({ paymentMethod: 'paypal', paypalAddress: 'me@example.com' });
  });

  test('check needs no address, and only the two methods exist', () => {
    expect(PaymentOptionsBodySchema.safeParse({ paymentMethod: 'check' }).success).toBe(true);
    expect(PaymentOptionsBodySchema.safeParse({ paymentMethod: 'wire' }).success).toBe(false);
  });
});

describe('back office', () => {
  test('a sale needs a commission in whole cents', () => {
    expect(problems(RecordSaleBodySchema.safeParse({ commission: 12.345 }))).toEqual([
      ['commission', 'The commission must be in whole cents'],
    ]);
    expect(RecordSaleBodySchema.parse({ commission: 120.5, orderId: ' ORD-1 ' })).toEqual({
      commission: 120.5,
      orderId: 'ORD-1',
    });
  });

  test('commissions are paid by id, each once', () => {
    expect(problems(MarkPaidBodySchema.safeParse({ commissionIds: [] }))).toEqual([
      ['commissionIds', 'List the commissions'],
    ]);
    expect(problems(MarkPaidBodySchema.safeParse({ commissionIds: [3, 3] }))).toEqual([
      ['commissionIds', 'Each commission may be listed once'],
    ]);
  });
});
