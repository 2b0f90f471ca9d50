import {
  hasOfficeRight,
  isOfficeRole,
  OFFICE_STAGE_LABELS,
  OFFICE_STAGE_RIGHTS,
  type ClaimDocument,
  type OfficeHolder,
} from '@atelier/contract';
import { and, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { officeClaims, quotes, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OfficeSettings } from './office-settings.ts';

type Settings = Pick<OfficeSettings, 'claimIdleMinutes'>;

/** A claim still counts while its holder worked on it within the idle time. */
export const liveClaim = (settings: Settings): SQL =>
  gt(officeClaims.activeAt, sql`now() - make_interval(mins => ${settings.claimIdleMinutes})`);

const holderColumns = {
  userId: officeClaims.userId,
  name: users.name,
  claimedAt: officeClaims.claimedAt,
};

function toHolder(row: { userId: string; name: string; claimedAt: Date }): OfficeHolder {
  return { userId: row.userId, name: row.name, claimedAt: row.claimedAt.toISOString() };
}

/** Who holds the quote now, or null. */
export async function holderOf(db: Db | Tx, quoteId: number, settings: Settings) {
  const [row] = await db
    .select(holderColumns)
    .from(officeClaims)
    .innerJoin(users, eq(users.id, officeClaims.userId))
    .where(and(eq(officeClaims.quoteId, quoteId), liveClaim(settings)));
  return row ? toHolder(row) : null;
}

async function requireQuote(db: Db | Tx, quoteId: number) {
  const [quote] = await db
    .select({ id: quotes.id, stage: quotes.officeStage })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  if (!quote) throw AppError.notFound('Item');
  return quote;
}

async function requireStaff(db: Db | Tx, userId: string) {
  const [user] = await db
    .select({ role: users.role, banned: users.banned })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.banned || !isOfficeRole(user.role ?? '')) {
    throw AppError.validation({ userId: ['Choose a member of the back office’s staff.'] });
  }
}

/**
 * "Assign to me" (or, with `force`, operations hands it to `userId`): one statement, so two
 * staff members on two instances cannot both hold it. Someone else's live claim answers 409.
 */
export async function claimItem(
  db: Db,
  input: { quoteId: number; userId: string; role: string; force: boolean },
  settings: Settings,
): Promise<ClaimDocument> {
  const quote = await requireQuote(db, input.quoteId);
  // One takes the work one may do; operations may hand anything to anyone.
  if (
    !input.force &&
    quote.stage &&
    !hasOfficeRight(input.role, OFFICE_STAGE_RIGHTS[quote.stage])
  ) {
    throw AppError.forbidden(
      `Items ${OFFICE_STAGE_LABELS[quote.stage].toLowerCase()} are taken by staff with the right to ${OFFICE_STAGE_RIGHTS[quote.stage]}.`,
    );
  }
  if (input.force) await requireStaff(db, input.userId);
  const now = new Date();
  const taken = await db
    .insert(officeClaims)
    .values({ quoteId: input.quoteId, userId: input.userId, claimedAt: now, activeAt: now })
    .onConflictDoUpdate({
      target: officeClaims.quoteId,
      set: {
        userId: input.userId,
        // The holder claiming again keeps their start; a new holder starts now.
        claimedAt: sql`case when ${officeClaims.userId} = excluded.user_id then ${officeClaims.claimedAt} else excluded.claimed_at end`,
        activeAt: now,
      },
      setWhere: input.force
        ? undefined
        : or(
            eq(officeClaims.userId, input.userId),
            lte(
              officeClaims.activeAt,
              sql`now() - make_interval(mins => ${settings.claimIdleMinutes})`,
            ),
          ),
    })
    .returning({ quoteId: officeClaims.quoteId });
  const holder = await holderOf(db, input.quoteId, settings);
  if (taken.length === 0 && holder) {
    throw AppError.conflict(`${holder.name} holds this item.`);
  }
  return { data: { quoteId: input.quoteId, holder } };
}

/** Lets go of an item: its holder may, and operations (`force`) may for anyone. */
export async function releaseItem(
  db: Db,
  input: { quoteId: number; userId: string; force: boolean },
  settings: Settings,
): Promise<ClaimDocument> {
  await requireQuote(db, input.quoteId);
  const holder = await holderOf(db, input.quoteId, settings);
  if (holder && holder.userId !== input.userId && !input.force) {
    throw AppError.conflict(
      `${holder.name} holds this item; only they or operations can let it go.`,
    );
  }
  await db
    .delete(officeClaims)
    .where(
      and(
        eq(officeClaims.quoteId, input.quoteId),
        input.force ? undefined : eq(officeClaims.userId, input.userId),
      ),
    );
  return { data: { quoteId: input.quoteId, holder: null } };
}

/** The holder worked on the item (a note, a decision): their claim stays live. */
export async function touchClaim(tx: Tx, quoteId: number, userId: string) {
  await tx
    .update(officeClaims)
    .set({ activeAt: new Date() })
    .where(and(eq(officeClaims.quoteId, quoteId), eq(officeClaims.userId, userId)));
}
