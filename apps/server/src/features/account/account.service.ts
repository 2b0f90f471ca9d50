import type {
  AccountDocument,
  PaymentOptionsBodySchema,
  StylistResource,
  TimeZoneBodySchema,
} from '@atelier/contract';
import { initials, isOfficeRole } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StylistActor, UserActor } from '../../auth/actor.ts';
import { ROLES } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { stylists, users } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';

/** Signs the links of stored photos as an answer is made. */
export type LinkFiles = Pick<FileStorage, 'linkFor'>;

type StylistRow = typeof stylists.$inferSelect;
type UserRow = typeof users.$inferSelect;

function splitName(name: string): [string, string] {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, rest.join(' ')];
}

export function toStylistResource(row: StylistRow, files: LinkFiles): StylistResource {
  const hasAddress = Boolean(row.address1 && row.city && row.state && row.postalCode);
  return {
    id: String(row.id),
    type: 'stylists',
    attributes: {
      firstName: row.firstName,
      lastName: row.lastName,
      name: `${row.firstName} ${row.lastName}`.trim(),
      initials: initials(row.firstName, row.lastName),
      thumbnailUrl: files.linkFor(row.thumbnailUrl),
      paymentMethod: row.paymentMethod,
      paypalAddress: row.paypalAddress,
      timeZone: row.timeZone,
      created_at: row.createdAt.toISOString(),
      address: hasAddress
        ? {
            first_name: row.firstName,
            last_name: row.lastName,
            address_1: row.address1 ?? '',
            address_2: row.address2,
            city: row.city ?? '',
            state: row.state ?? '',
            postal_code: row.postalCode ?? '',
            country: row.country,
          }
        : null,
    },
  };
}

export function toAccountDocument(
  user: UserRow,
  stylist: StylistRow | null,
  files: LinkFiles,
): AccountDocument {
  const [first, last] = stylist ? [stylist.firstName, stylist.lastName] : splitName(user.name);
  return {
    data: {
      id: user.id,
      type: 'accounts',
      attributes: {
        firstName: first,
        lastName: last,
        name: `${first} ${last}`.trim(),
        initials: initials(first, last),
        email: user.email,
        thumbnailUrl: files.linkFor(stylist?.thumbnailUrl ?? user.image),
        isStylist: user.role === ROLES.stylist && stylist !== null,
        officeRole: user.role && isOfficeRole(user.role) ? user.role : null,
        paymentMethod: stylist?.paymentMethod ?? null,
        paypalAddress: stylist?.paypalAddress ?? null,
        timeZone: stylist?.timeZone ?? null,
        created_at: user.createdAt.toISOString(),
      },
    },
    included: stylist ? [toStylistResource(stylist, files)] : [],
  };
}

export async function getAccount(
  db: Db,
  actor: UserActor,
  includeStylist: boolean,
  files: LinkFiles,
): Promise<AccountDocument> {
  const [row] = await db
    .select({ user: users, stylist: stylists })
    .from(users)
    .leftJoin(stylists, eq(stylists.userId, users.id))
    .where(eq(users.id, actor.userId));
  if (!row) throw AppError.unauthorized();
  const document = toAccountDocument(row.user, row.stylist, files);
  return includeStylist ? document : { ...document, included: [] };
}

/**
 * The stylist's payout preference (§7). Check keeps no PayPal address; the body's schema has
 * already refused PayPal without a valid one. Answers the account with its stylist entry.
 */
export async function updatePaymentOptions(
  db: Db,
  actor: StylistActor,
  options: z.output<typeof PaymentOptionsBodySchema>,
  files: LinkFiles,
): Promise<AccountDocument> {
  const isPaypal = options.paymentMethod === 'paypal';
  await db
    .update(stylists)
    .set({
      paymentMethod: options.paymentMethod,
      paypalAddress: isPaypal ? (options.paypalAddress ?? null) : null,
    })
    .where(eq(stylists.id, actor.stylistId));
  return getAccount(db, actor, true, files);
}

/** The stylist's own time zone, already checked against Intl by the body's schema. */
export async function updateTimeZone(
  db: Db,
  actor: StylistActor,
  body: z.output<typeof TimeZoneBodySchema>,
  files: LinkFiles,
): Promise<AccountDocument> {
  await db
    .update(stylists)
    .set({ timeZone: body.timeZone })
    .where(eq(stylists.id, actor.stylistId));
  return getAccount(db, actor, true, files);
}
