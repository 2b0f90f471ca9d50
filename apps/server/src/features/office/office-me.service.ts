import {
  hasOfficeRight,
  isOfficeRole,
  OFFICE_RIGHTS,
  type OfficeMeDocument,
} from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { designers, stylists, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OfficeSettings } from './office-settings.ts';

/** The signed-in staff member, their rights, and the people and designers to filter by. */
export async function getOfficeMe(
  db: Db,
  userId: string,
  settings: OfficeSettings,
): Promise<OfficeMeDocument> {
  const [[user], stylistRows, designerRows] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ id: stylists.id, first: stylists.firstName, last: stylists.lastName })
      .from(stylists)
      .orderBy(asc(stylists.firstName), asc(stylists.lastName)),
    db
      .select({ id: designers.id, name: designers.name })
      .from(designers)
      .orderBy(asc(designers.name)),
  ]);
  const role = user?.role ?? '';
  if (!user || !isOfficeRole(role)) throw AppError.unauthorized();
  return {
    data: {
      userId: user.id,
      name: user.name,
      email: user.email,
      role,
      rights: OFFICE_RIGHTS.filter((right) => hasOfficeRight(role, right)),
      stylists: stylistRows.map((row) => ({ id: row.id, name: `${row.first} ${row.last}` })),
      designers: designerRows,
      slaHours: settings.slaHours,
      claimIdleMinutes: settings.claimIdleMinutes,
    },
  };
}
