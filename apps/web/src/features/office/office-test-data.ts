import {
  OFFICE_STAGES,
  type OfficeMeDocument,
  type OfficeQueueDocument,
  type OfficeQueueRow,
  type OfficeQueueTab,
  type OfficeStage,
} from '@atelier/contract';

export function officeMeDocument(
  overrides: Partial<OfficeMeDocument['data']> = {},
): OfficeMeDocument {
  return {
    data: {
      userId: 'staff-1',
      name: 'Odile Park',
      email: 'office@atelier.test',
      role: 'operations',
      rights: ['authenticate', 'price', 'receive', 'pay', 'reassign'],
      stylists: [{ id: 1, name: 'Camille Laurent' }],
      designers: [{ id: 11, name: 'Balenciaga' }],
      slaHours: Object.fromEntries(OFFICE_STAGES.map((stage) => [stage, 24])) as Record<
        OfficeStage,
        number
      >,
      claimIdleMinutes: 30,
      ...overrides,
    },
  };
}

export function queueRow(overrides: Partial<OfficeQueueRow> = {}): OfficeQueueRow {
  return {
    quoteId: 31,
    name: 'So Kate 120 Patent Pumps',
    designer: 'Christian Louboutin',
    category: 'Shoes',
    photoUrl: null,
    barCode: 'WG09765181',
    status: 'authentication_in_progress',
    stylist: { id: 1, name: 'Camille Laurent' },
    client: { id: 4, name: 'Charlotte Whitfield' },
    enteredAt: '2026-11-25T19:24:22.288Z',
    businessHours: 19,
    sla: { state: 'at_risk', targetHours: 24 },
    holder: null,
    offersExpireAt: null,
    trackingNumber: null,
    answered: false,
    commission: null,
    secondOpinion: null,
    ...overrides,
  };
}

export function queueDocument(
  stage: OfficeQueueTab,
  rows: OfficeQueueRow[],
  counts: Partial<Record<OfficeStage, number>> = {},
): OfficeQueueDocument {
  const all = Object.fromEntries(OFFICE_STAGES.map((s) => [s, 0])) as Record<OfficeStage, number>;
  return {
    data: rows,
    meta: {
      stage,
      counts: { ...all, ...(stage !== 'second_opinion' && { [stage]: rows.length }), ...counts },
      waitingSecondOpinions: stage === 'second_opinion' ? rows.length : 0,
      pagination: { page: 1, perPage: 25, total: rows.length, totalPages: 1 },
    },
  };
}
