import {
  MONTH_ABBREVIATIONS,
  type CommissionListDocument,
  type CommissionResource,
  type TimelinePoint,
} from '@atelier/contract';

export function commission(
  id: number,
  overrides: Partial<CommissionResource['attributes']> = {},
): CommissionResource {
  return {
    id,
    type: 'commissions',
    attributes: {
      clientId: 1,
      clientName: 'Ada Lovelace',
      productName: `Product ${id}`,
      amount: 10,
      orderId: null,
      createdAt: '2026-03-05T12:00:00.000Z',
      paidAt: null,
      statuses: [{ Received: 'The item sold' }],
      statusDates: ['2026-02-01T12:00:00.000Z'],
      purchasePrice: 100,
      ...overrides,
    },
  };
}

/** Twelve months ending with December 2026, at 0 unless `amounts` says otherwise. */
export function timeline(amounts: Partial<Record<string, number>> = {}): TimelinePoint[] {
  return MONTH_ABBREVIATIONS.map((month) => ({ month, year: 2026, amount: amounts[month] ?? 0 }));
}

export function commissionPage(
  data: CommissionResource[],
  overrides: {
    meta?: Partial<CommissionListDocument['meta']>;
    next?: string | null;
  } = {},
): CommissionListDocument {
  const paidPayments = data.filter((item) => item.attributes.paidAt !== null).length;
  return {
    data,
    meta: {
      paid: 0,
      unpaid: 0,
      paidPayments,
      unpaidPayments: data.length - paidPayments,
      timelineData: timeline(),
      pagination: { total: data.length, per_page: 20 },
      ...overrides.meta,
    },
    links: { next: overrides.next ?? null },
  };
}
