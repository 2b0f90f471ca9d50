import {
  clientBarCode,
  DEFAULT_OFFER_EXPIRY_DAYS,
  officeStageOf,
  type OfficeStage,
} from '@atelier/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { ROLES, type Auth } from '../../auth/auth.ts';
import { createAccount } from '../../features/user-accounts/create-account.ts';
import { shopAccountRow } from '../../features/user-accounts/shop-account.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import type { Db, Tx } from '../client.ts';
import {
  categories,
  clients,
  commissions,
  commissionStatuses,
  contentTexts,
  designerCategories,
  designers,
  images,
  marketingBoxes,
  officeClaims,
  officeSecondOpinions,
  quoteOffers,
  quotes,
  quoteStatusHistory,
  shipments,
  stylists,
  tutorials,
  users,
} from '../schema.ts';
import { CONTENT_TEXTS, MARKETING_BOX, TUTORIALS } from './content.ts';
import { CATEGORIES, categoriesOf, DESIGNERS } from './designers.ts';
import { planDemoData, type StylistPlan } from './demo-plan.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  DEMO_STYLIST,
  OFFICE_STAFF,
  OTHER_STYLIST,
  SHOPPER,
} from './people.ts';
import { storeSeedFiles, type SeedFiles } from './seed-files.ts';

export interface SeedDeps {
  db: Db;
  auth: Auth;
  storage: FileStorage;
  /** Every date is relative to this; tests pin it. */
  now?: Date;
}

const DAY = 86_400_000;
/** Any constant works; it only has to be the same for every process that might seed at once. */
const SEED_LOCK_KEY = 7_250_113;

/** Seeded offers stay open the default time from when the back office made them. */
function offersExpireAt(quote: StylistPlan['quotes'][number]): Date | null {
  const offeredAt = quote.history.find((step) => step.to === 'authenticated_with_offer')?.at;
  return offeredAt ? new Date(offeredAt.getTime() + DEFAULT_OFFER_EXPIRY_DAYS * DAY) : null;
}

/** When the quote came into its office queue: the first of its last steps within that queue. */
function stageEnteredAt(quote: StylistPlan['quotes'][number]): Date {
  const stage = officeStageOf(quote.status);
  let entered = quote.history.at(-1)!.at;
  for (const step of quote.history.toReversed()) {
    if (officeStageOf(step.to) !== stage) break;
    entered = step.at;
  }
  return entered;
}

async function hasUsers(db: Db | Tx) {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/**
 * Fills an empty database with a demo stylist's year of work, so the product is worth opening.
 * Does nothing and returns false once any account exists. All rows are written in one
 * transaction: a failure leaves the database empty and the next start tries again.
 */
export async function seedDemoDataIfEmpty({
  db,
  auth,
  storage,
  now = new Date(),
}: SeedDeps): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const plan = planDemoData(now);
  const files = await storeSeedFiles(storage, plan);

  return db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasUsers(tx)) return false;

    const account = (input: Omit<Parameters<typeof createAccount>[2], 'password'>) =>
      createAccount(tx, auth, { ...input, password: DEMO_PASSWORD });
    const admin = await account({ ...ADMIN, role: ROLES.admin });
    await account({ ...SHOPPER, role: ROLES.user });
    const staff = new Map<string, string>();
    for (const person of OFFICE_STAFF) staff.set(person.role, (await account(person)).userId);
    const demo = await account({
      email: DEMO_STYLIST.email,
      firstName: DEMO_STYLIST.firstName,
      lastName: DEMO_STYLIST.lastName,
      role: ROLES.stylist,
      thumbnailUrl: files.stylistPhotoUrl,
      // Three weeks old, so the dashboard still treats her as new and shows the tutorials.
      createdAt: new Date(now.getTime() - 21 * DAY),
    });
    const other = await account({
      email: OTHER_STYLIST.email,
      firstName: OTHER_STYLIST.firstName,
      lastName: OTHER_STYLIST.lastName,
      role: ROLES.stylist,
      createdAt: new Date(now.getTime() - 420 * DAY),
    });
    await tx.update(stylists).set(DEMO_STYLIST.address).where(eq(stylists.id, demo.stylistId!));
    await tx.update(stylists).set(OTHER_STYLIST.address).where(eq(stylists.id, other.stylistId!));

    const directory = await insertDesignerDirectory(tx);
    for (const [stylist, stylistPlan] of [
      [demo, plan.demo],
      [other, plan.other],
    ] as const) {
      await insertStylistData(tx, files, directory, stylistPlan, {
        stylistId: stylist.stylistId!,
        userId: stylist.userId,
        adminUserId: admin.userId,
      });
    }

    await seedOfficeClaims(tx, staff, now);
    await seedSecondOpinion(tx, staff, now);

    await tx.insert(tutorials).values(
      TUTORIALS.map((tutorial, index) => ({
        title: tutorial.title,
        description: tutorial.description,
        category: tutorial.category,
        order: tutorial.order,
        coverImageUrl: files.tutorialCoverUrls[index]!,
        videoUrl: files.tutorialVideoUrls[index] ?? null,
        showVideo: Boolean(files.tutorialVideoUrls[index]),
      })),
    );
    await tx.insert(marketingBoxes).values({ ...MARKETING_BOX, imageUrl: files.marketingImageUrl });
    await tx.insert(contentTexts).values(CONTENT_TEXTS.map((text) => ({ ...text, locale: 'en' })));
    return true;
  });
}

/**
 * The demo staff hold a few items, as a working morning leaves them: the authenticator the two
 * oldest to authenticate, the pricer the oldest to price, operations the oldest at the warehouse.
 * Like any claim, they are free again once idle for OFFICE_CLAIM_IDLE_MINUTES.
 */
async function seedOfficeClaims(tx: Tx, staff: ReadonlyMap<string, string>, now: Date) {
  const held: [OfficeStage, string, number][] = [
    ['to_authenticate', 'authenticator', 2],
    ['to_price', 'pricer', 1],
    ['at_warehouse', 'operations', 1],
  ];
  for (const [stage, role, count] of held) {
    const rows = await tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(eq(quotes.officeStage, stage))
      .orderBy(asc(quotes.stageEnteredAt), asc(quotes.id))
      .limit(count);
    if (rows.length === 0) continue;
    await tx.insert(officeClaims).values(
      rows.map((row) => ({
        quoteId: row.id,
        userId: staff.get(role)!,
        claimedAt: new Date(now.getTime() - 20 * 60_000),
        activeAt: now,
      })),
    );
  }
}

/**
 * One decision waiting for a second opinion: the authenticator's counterfeit verdict on the item
 * in the middle of those being authenticated (the e2e journeys take the oldest and the newest),
 * for operations to approve or send back.
 */
async function seedSecondOpinion(tx: Tx, staff: ReadonlyMap<string, string>, now: Date) {
  const inProgress = await tx
    .select({
      id: quotes.id,
      version: sql<number>`(select coalesce(max(${quoteStatusHistory.id}), 0)::int from ${quoteStatusHistory} where ${quoteStatusHistory.quoteId} = ${quotes.id})`,
    })
    .from(quotes)
    .where(eq(quotes.status, 'authentication_in_progress'))
    .orderBy(asc(quotes.stageEnteredAt), asc(quotes.id));
  const middle = inProgress[Math.floor(inProgress.length / 2)];
  if (!middle) return;
  const reason = "The engraving's font and the clasp's hallmark do not match the maker's work.";
  await tx.insert(officeSecondOpinions).values({
    quoteId: middle.id,
    decision: { decision: 'counterfeit', version: middle.version, reason },
    version: middle.version,
    authorUserId: staff.get('authenticator')!,
    createdAt: new Date(now.getTime() - 2 * 60 * 60_000),
  });
}

interface Directory {
  designerIds: Map<string, number>;
  categoryIds: Map<string, number>;
}

async function insertDesignerDirectory(tx: Tx): Promise<Directory> {
  const categoryRows = await tx
    .insert(categories)
    .values(CATEGORIES.map((name) => ({ name })))
    .returning({ id: categories.id, name: categories.name });
  const designerRows = await tx
    .insert(designers)
    .values(DESIGNERS.map(({ name }) => ({ name })))
    .returning({ id: designers.id, name: designers.name });
  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
  const designerIds = new Map(designerRows.map((row) => [row.name, row.id]));
  await tx.insert(designerCategories).values(
    DESIGNERS.flatMap((designer) =>
      categoriesOf(designer).map((category) => ({
        designerId: designerIds.get(designer.name)!,
        categoryId: categoryIds.get(category)!,
      })),
    ),
  );
  return { designerIds, categoryIds };
}

interface Owner {
  stylistId: number;
  userId: string;
  adminUserId: string;
}

async function insertStylistData(
  tx: Tx,
  files: SeedFiles,
  directory: Directory,
  plan: StylistPlan,
  owner: Owner,
) {
  const { stylistId } = owner;
  const shopAccounts = plan.clients.map((client) => shopAccountRow(client));
  await tx.insert(users).values(shopAccounts);
  const clientRows = await tx
    .insert(clients)
    .values(
      plan.clients.map((client, index) => ({
        stylistId,
        userId: shopAccounts[index]!.id!,
        firstName: client.firstName,
        lastName: client.lastName,
        email: client.email,
        phone: client.phone,
        address: client.address,
        city: client.city,
        state: client.state,
        postalCode: client.postalCode,
        comment: client.comment ?? '',
        thumbnailUrl: files.clientPhotoUrls.get(client.email) ?? null,
        paymentMethod: client.paymentMethod ?? null,
        createdAt: client.createdAt,
        updatedAt: client.createdAt,
      })),
    )
    .returning({ id: clients.id, email: clients.email });
  const clientIdByEmail = new Map(clientRows.map((row) => [row.email, row.id]));
  const clientIdAt = (index: number) => clientIdByEmail.get(plan.clients[index]!.email)!;

  const shipmentIdByQuote = new Map<number, number>();
  for (const quote of plan.quotes) {
    if (!quote.shipment) continue;
    const isLabel = quote.shipment.kind === 'label';
    const [row] = await tx
      .insert(shipments)
      .values({
        stylistId,
        clientId: clientIdAt(quote.clientIndex),
        kind: quote.shipment.kind,
        carrier: isLabel ? 'Embedded' : null,
        shippingMethod: isLabel ? 'Ground' : 'Concierge Pickup',
        trackingNumber: quote.shipment.trackingNumber,
        signatureKey: files.signatureKeys.get(quote.number) ?? null,
        clientBarCode: clientBarCode(clientIdAt(quote.clientIndex)),
        shippedDate: quote.shipment.shippedAt,
        createdAt: quote.shipment.shippedAt,
      })
      .returning({ id: shipments.id });
    shipmentIdByQuote.set(quote.number, row!.id);
  }

  const quoteRows = await tx
    .insert(quotes)
    .values(
      plan.quotes.map((quote) => ({
        stylistId,
        clientId: clientIdAt(quote.clientIndex),
        designerId: directory.designerIds.get(quote.item.designer)!,
        categoryId: directory.categoryIds.get(quote.item.category)!,
        name: quote.item.name,
        description: quote.description,
        status: quote.status,
        pickupType: quote.pickupType,
        authenticationStatus: quote.authenticationStatus,
        isApproved: quote.isApproved,
        acceptedOfferType: quote.acceptedOfferType,
        barCode: quote.barCode,
        commenter: quote.commenter,
        commentToCustomer: quote.commentToCustomer,
        shipmentId: shipmentIdByQuote.get(quote.number) ?? null,
        offersExpireAt: offersExpireAt(quote),
        stageEnteredAt: stageEnteredAt(quote),
        createdAt: quote.createdAt,
        updatedAt: quote.history.at(-1)!.at,
      })),
    )
    .returning({ id: quotes.id, barCode: quotes.barCode });
  const quoteIdByBarCode = new Map(quoteRows.map((row) => [row.barCode, row.id]));
  const quoteIdOf = (number: number) =>
    quoteIdByBarCode.get(plan.quotes.find((quote) => quote.number === number)!.barCode)!;

  const offerRows = plan.quotes.flatMap((quote) => {
    const offeredAt = quote.history.find((h) => h.to === 'authenticated_with_offer')?.at;
    return quote.offers.map((offer) => ({
      quoteId: quoteIdOf(quote.number),
      ...offer,
      createdAt: offeredAt,
    }));
  });
  if (offerRows.length > 0) await tx.insert(quoteOffers).values(offerRows);

  const actorUserId = {
    stylist: owner.userId,
    admin: owner.adminUserId,
    client: null,
    system: null,
  };
  await tx.insert(quoteStatusHistory).values(
    plan.quotes.flatMap((quote) =>
      quote.history.map((step) => ({
        quoteId: quoteIdOf(quote.number),
        fromStatus: step.from,
        toStatus: step.to,
        actorKind: step.actor,
        actorUserId: actorUserId[step.actor],
        note: step.note,
        // The offers the back office made, and until when, as its actions record them.
        detail:
          step.to === 'authenticated_with_offer'
            ? {
                offers: Object.fromEntries(
                  quote.offers.map((offer) => [offer.type, offer.amountCents]),
                ),
                offersExpireAt: offersExpireAt(quote)?.toISOString(),
              }
            : // The request the quote card shows ("The back office asks: …"), as the office makes it.
              step.to === 'needs_more_info' && quote.commentToCustomer
              ? {
                  request: {
                    missing: 'a photo of the serial number and the interior stamp',
                    message: quote.commentToCustomer,
                  },
                }
              : null,
        createdAt: step.at,
      })),
    ),
  );

  await tx.insert(images).values(
    plan.quotes.flatMap((quote) =>
      files.quoteImages.get(quote.number)!.map((image, position) => ({
        stylistId,
        quoteId: quoteIdOf(quote.number),
        position,
        ...image,
        contentType: 'image/jpeg',
        createdAt: quote.createdAt,
      })),
    ),
  );

  const commissionRows = await tx
    .insert(commissions)
    .values(
      plan.commissions.map((commission) => ({
        stylistId,
        clientId: clientIdAt(commission.clientIndex),
        quoteId: commission.quoteNumber === null ? null : quoteIdOf(commission.quoteNumber),
        productId: commission.productId,
        productName: `${commission.item.designer} ${commission.item.name}`,
        brand: commission.item.designer,
        titleWithoutBrand: commission.item.name,
        productThumbnailUrl: files.productThumbnailUrls.get(commission.productId) ?? null,
        amountCents: commission.amountCents,
        purchasePriceCents: commission.purchasePriceCents,
        orderId: commission.orderId,
        createdAt: commission.createdAt,
        paidAt: commission.paidAt,
      })),
    )
    .returning({ id: commissions.id, productId: commissions.productId });
  const commissionIdByProduct = new Map(commissionRows.map((row) => [row.productId, row.id]));
  // A paid sale has left the office's "Sold" queue, as a payout makes it leave.
  await tx.execute(
    sql`update ${quotes} set commission_paid_at = c.paid_at from ${commissions} c
        where c.quote_id = ${quotes.id} and c.paid_at is not null and ${quotes.stylistId} = ${stylistId}`,
  );
  await tx.insert(commissionStatuses).values(
    plan.commissions.flatMap((commission) =>
      commission.statuses.map(({ label, text, at }) => ({
        commissionId: commissionIdByProduct.get(commission.productId)!,
        label,
        text,
        createdAt: at,
      })),
    ),
  );
}
