import type { AccountDocument, OfficeRole } from '@atelier/contract';

export function accountDocument(
  overrides: { isStylist?: boolean; timeZone?: string | null; officeRole?: OfficeRole | null } = {},
): AccountDocument {
  const isStylist = overrides.isStylist ?? true;
  const timeZone = overrides.timeZone === undefined ? 'America/New_York' : overrides.timeZone;
  return {
    data: {
      id: 'acc-1',
      type: 'accounts',
      attributes: {
        firstName: 'Coco',
        lastName: 'Laurent',
        name: 'Coco Laurent',
        initials: 'CL',
        thumbnailUrl: null,
        email: 'coco@example.com',
        isStylist,
        officeRole: overrides.officeRole ?? null,
        paymentMethod: 'check',
        paypalAddress: null,
        timeZone: isStylist ? timeZone : null,
        created_at: '2026-01-05T10:00:00.000Z',
      },
    },
    included: isStylist
      ? [
          {
            id: 'sty-1',
            type: 'stylists',
            attributes: {
              firstName: 'Coco',
              lastName: 'Laurent',
              name: 'Coco Laurent',
              initials: 'CL',
              thumbnailUrl: null,
              paymentMethod: 'check',
              paypalAddress: null,
              timeZone,
              created_at: '2026-01-05T10:00:00.000Z',
              address: null,
            },
          },
        ]
      : [],
  };
}
