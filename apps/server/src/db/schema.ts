import {
  ACCEPTED_OFFER_TYPES,
  CLIENT_MESSAGE_KINDS,
  LIFECYCLE_STATUSES,
  NOTIFICATION_KINDS,
  OFFER_KINDS,
  OFFICE_STAGE_STATUSES,
  OFFICE_STAGES,
  PAYMENT_METHODS,
  QUOTE_ACTORS,
  SHIPMENT_KINDS,
  type PendingOfficeDecision,
  type SecondOpinionVerdict,
} from '@atelier/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/* Identity tables, shaped as Better Auth's Drizzle adapter expects (model names map in auth.ts). */

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

export const authJwks = pgTable('auth_jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  alg: text('alg'),
  crv: text('crv'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

export const authRateLimits = pgTable('auth_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/* The domain of spec §3. Money is integer cents; the API speaks dollars. */

export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);

export const stylists = pgTable('stylists', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  thumbnailUrl: text('thumbnail_url'),
  paymentMethod: paymentMethod('payment_method').notNull().default('check'),
  paypalAddress: text('paypal_address'),
  /** IANA name for the dates of the stylist's emails and PDFs; set from the browser at sign-in. */
  timeZone: text('time_zone'),
  /** How many clients the stylist has, kept by triggers on clients (the list's page count). */
  clientCount: integer('client_count').notNull().default(0),
  address1: text('address_1'),
  address2: text('address_2'),
  city: text('city'),
  state: text('state'),
  postalCode: text('postal_code'),
  country: text('country').notNull().default('US'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const clients = pgTable(
  'clients',
  {
    id: id(),
    stylistId: integer('stylist_id')
      .notNull()
      .references(() => stylists.id, { onDelete: 'restrict' }),
    /** The client's shop account, made when the stylist registers them; clients never sign in here. */
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    comment: text('comment').notNull().default(''),
    thumbnailUrl: text('thumbnail_url'),
    shopifyCustomerId: text('shopify_customer_id'),
    paymentMethod: paymentMethod('payment_method'),
    /** When the client's personal data was erased (docs/decisions/0030); the row stays for the money records. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** What the clients search matches (names, email, phone as typed and as digits), lower-cased. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || regexp_replace(phone, '[^0-9]', '', 'g'))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clients_email_unique').on(sql`lower(${t.email})`),
    // The list's order: last name, first name, then id so that pages never overlap.
    // Covering (see the migration's INCLUDE), so paging and short-term counts read only the index.
    index('clients_stylist_name_idx').on(
      t.stylistId,
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
      t.id,
    ),
    // btree_gin puts the stylist in the trigram index, so a 3+ character search reads only the
    // stylist's matches, not every client's of the company.
    index('clients_stylist_search_trgm_idx').using(
      'gin',
      t.stylistId,
      sql`${t.searchText} gin_trgm_ops`,
    ),
    // 1-2 character terms match the start of a word; each key is the stylist's id and a prefix
    // (see the function in migration 0008), so a key's entries are that stylist's matches alone.
    index('clients_search_prefixes_idx').using(
      'gin',
      sql`client_search_prefixes(${t.stylistId}, ${t.searchText})`,
    ),
  ],
);

/** The owning stylist and client of a record; every stylist query is scoped through these. */
const stylistRef = () =>
  integer('stylist_id')
    .notNull()
    .references(() => stylists.id);
const clientRef = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id);

export const designers = pgTable('designers', {
  id: id(),
  name: text('name').notNull().unique(),
});

export const categories = pgTable('categories', {
  id: id(),
  name: text('name').notNull().unique(),
});

export const designerCategories = pgTable(
  'designer_categories',
  {
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.designerId, t.categoryId] })],
);

// The contract's life-cycle statuses, in the enum's order (docs/decisions/0005).
export const quoteStatus = pgEnum('quote_status', LIFECYCLE_STATUSES);
export const offerType = pgEnum('offer_type', OFFER_KINDS);
export const acceptedOfferType = pgEnum('accepted_offer_type', ACCEPTED_OFFER_TYPES);

export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    stylistId: stylistRef(),
    clientId: clientRef(),
    kind: text('kind', { enum: SHIPMENT_KINDS }).notNull(),
    carrier: text('carrier'),
    shippingMethod: text('shipping_method'),
    trackingNumber: text('tracking_number'),
    labelKey: text('label_key'),
    shiplistKey: text('shiplist_key'),
    signatureKey: text('signature_key'),
    /** The signed pickup receipt (PDF) emailed to the client. */
    receiptKey: text('receipt_key'),
    clientBarCode: text('client_bar_code').notNull(),
    shippedDate: timestamp('shipped_date', { withTimezone: true }).notNull().defaultNow(),
    /** A double submit carries the same key and finds the first shipment instead of making a second. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('shipments_client_idx').on(t.clientId),
    // "Scan to receive" finds a parcel by its label's number.
    index('shipments_tracking_idx').on(t.trackingNumber),
  ],
);

/**
 * The office queue of each status (the contract's OFFICE_STAGE_STATUSES), as SQL; a sale whose
 * commission is paid has left the office ("Sold" lists the sales to pay).
 */
const officeStageOfStatus = sql.raw(
  `case when commission_paid_at is not null then null ${OFFICE_STAGES.map(
    (stage) =>
      `when status in (${OFFICE_STAGE_STATUSES[stage].map((s) => `'${s}'`).join(', ')}) then '${stage}'`,
  ).join(' ')} end`,
);

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    stylistId: stylistRef(),
    clientId: clientRef(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: quoteStatus('status').notNull().default('pending_authentication'),
    pickupType: text('pickup_type'),
    authenticationStatus: text('authentication_status'),
    isApproved: boolean('is_approved').notNull().default(false),
    acceptedOfferType: acceptedOfferType('accepted_offer_type'),
    barCode: text('bar_code').notNull().unique(),
    commenter: text('commenter'),
    commentToCustomer: text('comment_to_customer'),
    shipmentId: integer('shipment_id').references(() => shipments.id),
    /** When the offers stop being open to an answer; null for offers made before expiry existed. */
    offersExpireAt: timestamp('offers_expire_at', { withTimezone: true }),
    /** When the client was reminded that the offers expire soon: once per expiry. */
    offersRemindedAt: timestamp('offers_reminded_at', { withTimezone: true }),
    /** The first and last time the client opened a page showing the open offers. */
    offersFirstViewedAt: timestamp('offers_first_viewed_at', { withTimezone: true }),
    offersLastViewedAt: timestamp('offers_last_viewed_at', { withTimezone: true }),
    /** When the stylist's commission on the item's sale was paid: the item's last step. */
    commissionPaidAt: timestamp('commission_paid_at', { withTimezone: true }),
    /** The office queue the quote waits in, from its status; null once done. */
    officeStage: text('office_stage', { enum: OFFICE_STAGES }).generatedAlwaysAs(
      officeStageOfStatus,
    ),
    /** When the quote came into its office queue: its SLA clock (set by applyTransition). */
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the stylist answered the back office's request for more information; cleared when a
     * decision moves the item out of "To authenticate" ("answered, not yet looked at again").
     */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A queue's page: answered items first (false sorts before true), then oldest first. Migration
    // 0015 adds INCLUDE (answered_at), which drizzle cannot say, so a deep page is index-only.
    index('quotes_office_queue_idx')
      .on(t.officeStage, sql`(${t.answeredAt} is null)`, t.stageEnteredAt, t.id)
      .where(sql`${t.officeStage} is not null`),
    index('quotes_client_idx').on(t.clientId, t.status),
    index('quotes_stylist_status_idx').on(t.stylistId, t.status),
    // A label's items ("Scan to receive", the search by tracking number).
    index('quotes_shipment_idx').on(t.shipmentId),
    // The reports' paid sales in a range of days (they leave "Sold").
    index('quotes_commission_paid_idx')
      .on(t.commissionPaidAt)
      .where(sql`${t.commissionPaidAt} is not null`),
    // The office's queues filtered by designer.
    index('quotes_designer_stage_idx').on(t.designerId, t.officeStage),
    // The reminder sweep reads only the offers not yet reminded, soonest expiry first.
    index('quotes_offers_reminder_idx')
      .on(t.offersExpireAt)
      .where(sql`${t.offersRemindedAt} is null and ${t.offersExpireAt} is not null`),
  ],
);

/**
 * Who in the back office holds a quote ("Assign to me"): one holder per quote, free again once
 * `active_at` is older than OFFICE_CLAIM_IDLE_MINUTES. In PostgreSQL, so every instance agrees.
 */
export const officeClaims = pgTable(
  'office_claims',
  {
    quoteId: integer('quote_id')
      .primaryKey()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The holder's last work on it (the claim, a note, a decision). */
    activeAt: timestamp('active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('office_claims_user_idx').on(t.userId)],
);

/** The back office's internal notes on an item: staff only, never shown to stylist or client. */
export const officeNotes = pgTable(
  'office_notes',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('office_notes_quote_idx').on(t.quoteId, t.createdAt)],
);

/**
 * A decision that waits for a second staff member (issue 30): a counterfeit verdict, or offers
 * above OFFICE_SECOND_OPINION_CENTS. At most one waits per item; a resolved one stays, approved
 * or sent back, for the record.
 */
export const officeSecondOpinions = pgTable(
  'office_second_opinions',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    /** The decision as it was sent, without its version. */
    decision: jsonb('decision').$type<PendingOfficeDecision>().notNull(),
    /** The item's version it was taken on: approving it after any other change answers 409. */
    version: integer('version').notNull(),
    authorUserId: text('author_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: text('resolved_by_user_id').references(() => users.id),
    outcome: text('outcome').$type<SecondOpinionVerdict>(),
    /** Why it was sent back, when it was. */
    note: text('note'),
  },
  (t) => [
    uniqueIndex('office_second_opinions_waiting_unique')
      .on(t.quoteId)
      .where(sql`${t.resolvedAt} is null`),
    index('office_second_opinions_waiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

export const quoteOffers = pgTable(
  'quote_offers',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    type: offerType('type').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('quote_offers_quote_type_unique').on(t.quoteId, t.type)],
);

export interface QuoteStepDetail {
  offers?: { consignment?: number; buyout?: number; buyback?: number };
  /** ISO 8601 */
  offersExpireAt?: string;
  /** The offers were opened again without a change of status. */
  renewed?: true;
  /** The back office's request for more information: what is missing, and its message. */
  request?: { missing: string; message: string };
  /** The staff member whose second opinion let this decision take effect (issue 30). */
  approvedByUserId?: string;
  /** The stylist's answer to that request: their note and the photos they added (image ids). */
  answer?: { note: string; imageIds: number[] };
}

/** The office queue of a status column (the contract's OFFICE_STAGE_STATUSES), as SQL. */
const stageOfColumn = (column: string) =>
  `case ${OFFICE_STAGES.map(
    (stage) =>
      `when ${column} in (${OFFICE_STAGE_STATUSES[stage].map((s) => `'${s}'`).join(', ')}) then '${stage}'`,
  ).join(' ')} end`;

/** A step's queue on one side (`from_status` or `to_status`), kept only on steps that change queue. */
const stageMovedBy = (side: 'from_status' | 'to_status') =>
  sql.raw(
    `case when (${stageOfColumn('from_status')}) is distinct from (${stageOfColumn('to_status')}) then ${stageOfColumn(side)} end`,
  );

export const quoteStatusHistory = pgTable(
  'quote_status_history',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    fromStatus: quoteStatus('from_status'),
    toStatus: quoteStatus('to_status').notNull(),
    actorKind: text('actor_kind', { enum: QUOTE_ACTORS }).notNull(),
    actorUserId: text('actor_user_id').references(() => users.id),
    note: text('note'),
    /** Facts of the step the timeline shows: the offers made (cents) and until when they are open. */
    detail: jsonb('detail').$type<QuoteStepDetail>(),
    createdAt: createdAt(),
    /**
     * The reports' stints (an item's stay in a queue): on a step that moves the item between
     * queues, the queue it leaves and the one it enters (either null for none); null on both sides
     * when it stays in its queue.
     */
    fromStage: text('from_stage', { enum: OFFICE_STAGES }).generatedAlwaysAs(
      stageMovedBy('from_status'),
    ),
    toStage: text('to_stage', { enum: OFFICE_STAGES }).generatedAlwaysAs(stageMovedBy('to_status')),
    /**
     * On a step that leaves a queue: when the item entered it, i.e. the quote's previous change of
     * queue (null when the history has none: the quote's creation). Kept by migration 0020's
     * triggers on every insert, delete and move of a step.
     */
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }),
  },
  (t) => [
    index('quote_status_history_quote_idx').on(t.quoteId, t.createdAt),
    // The reports' ranges of days, read from the index alone: the stints that end there, and the
    // decisions taken there. Migration 0020 adds each one's INCLUDE, which drizzle cannot say.
    index('quote_status_history_stints_idx')
      .on(t.createdAt)
      .where(sql`${t.fromStage} is not null`),
    index('quote_status_history_decisions_idx')
      .on(t.createdAt)
      .where(sql`${t.actorKind} = 'admin' and ${t.actorUserId} is not null`),
  ],
);

export const images = pgTable(
  'images',
  {
    id: id(),
    stylistId: stylistRef(),
    quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_quote_idx').on(t.quoteId, t.position)],
);

/** Link tokens for pages opened without sign-in (§6); only a hash of the token is stored. */
export const accessLinks = pgTable(
  'access_links',
  {
    id: id(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      // shop-login: the single-use, one-minute ticket of the shop sign-in (docs/decisions/0011).
      // hub: the client's hub, which also opens the three client pages (docs/decisions/0029).
      enum: ['hub', 'client-response', 'quote-share', 'offer-approval', 'manifest', 'shop-login'],
    }).notNull(),
    shipmentId: integer('shipment_id').references(() => shipments.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_links_client_idx').on(t.clientId),
    // Retention prunes links long expired (docs/decisions/0030).
    index('access_links_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Each answer a client gave on a client page (docs/decisions/0008): at most one per quote, with
 * when it was given and through which link.
 */
export const clientAnswers = pgTable(
  'client_answers',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .unique()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    accessLinkId: integer('access_link_id')
      .notNull()
      .references(() => accessLinks.id, { onDelete: 'cascade' }),
    response: acceptedOfferType('response').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('client_answers_link_idx').on(t.accessLinkId)],
);

/**
 * What a client wrote about a quote from the hub (docs/decisions/0029): a question for the stylist,
 * or the reason they declined the offers (the answer itself is in client_answers).
 */
export const clientMessages = pgTable(
  'client_messages',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    accessLinkId: integer('access_link_id').references(() => accessLinks.id, {
      onDelete: 'set null',
    }),
    kind: text('kind', { enum: CLIENT_MESSAGE_KINDS }).notNull(),
    /** A decline's reason from the short list; null for a question. */
    reason: text('reason'),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('client_messages_quote_idx').on(t.quoteId, t.createdAt)],
);

export const commissions = pgTable(
  'commissions',
  {
    id: id(),
    stylistId: stylistRef(),
    clientId: clientRef(),
    quoteId: integer('quote_id').references(() => quotes.id),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    brand: text('brand').notNull(),
    titleWithoutBrand: text('title_without_brand').notNull(),
    productThumbnailUrl: text('product_thumbnail_url'),
    amountCents: integer('amount_cents').notNull(),
    purchasePriceCents: integer('purchase_price_cents').notNull(),
    orderId: text('order_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    // Covering (see migration 0008's INCLUDE): the partial days at a range's edges are summed
    // from the index alone.
    index('commissions_stylist_created_idx').on(t.stylistId, t.createdAt),
    index('commissions_client_idx').on(t.clientId),
    // A quote's sale, for its timeline (the quotes list reads the sales of its quotes).
    index('commissions_quote_idx').on(t.quoteId),
    // The list's order (pending first, newest first, id), so a page reads only its own rows.
    index('commissions_stylist_list_idx').on(
      t.stylistId,
      sql`(${t.paidAt} is not null)`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Each sale of a quote as price guidance reads it: its designer and category,
 * when it sold (the commission's creation), its price (the commission's purchase price, what the
 * sale paid the client), whether the company bought it outright (an order id) and when it was
 * listed (the quote's last move to "converted"). Kept by triggers on commissions and quotes in the
 * transaction of every change (migration 0016), so the guidance reads index ranges.
 */
export const comparableSales = pgTable(
  'comparable_sales',
  {
    commissionId: integer('commission_id')
      .primaryKey()
      .references(() => commissions.id, { onDelete: 'cascade' }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    designerId: integer('designer_id').notNull(),
    categoryId: integer('category_id').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    priceCents: integer('price_cents').notNull(),
    isBuyout: boolean('is_buyout').notNull(),
    listedAt: timestamp('listed_at', { withTimezone: true }),
    /** Days from listing to sale, for consignment sales that were listed; null for buyouts. */
    daysToSell: doublePrecision('days_to_sell').generatedAlwaysAs(
      sql`case when not is_buyout then date_part('epoch', sold_at - listed_at) / 86400 end`,
    ),
  },
  (t) => [
    // Covering (see migration 0016's INCLUDE): a basis's latest sales read the index alone.
    index('comparable_sales_basis_idx').on(t.designerId, t.categoryId, t.soldAt),
    // A designer's latest sales in every category, newest first (the fallback's comparables).
    index('comparable_sales_designer_sold_idx').on(t.designerId, t.soldAt),
    index('comparable_sales_quote_idx').on(t.quoteId),
    // A median is the middle of its basis in order: one index range, skipped to half its count,
    // for the designer and category, and for the designer alone (migration 0017).
    index('comparable_sales_category_price_idx').on(t.designerId, t.categoryId, t.priceCents),
    index('comparable_sales_designer_price_idx').on(t.designerId, t.priceCents),
    index('comparable_sales_category_buyout_idx')
      .on(t.designerId, t.categoryId, t.priceCents)
      .where(sql`${t.isBuyout}`),
    index('comparable_sales_designer_buyout_idx')
      .on(t.designerId, t.priceCents)
      .where(sql`${t.isBuyout}`),
    index('comparable_sales_category_days_idx')
      .on(t.designerId, t.categoryId, t.daysToSell)
      .where(sql`${t.daysToSell} is not null`),
    index('comparable_sales_designer_days_idx')
      .on(t.designerId, t.daysToSell)
      .where(sql`${t.daysToSell} is not null`),
  ],
);

/**
 * How many of each stylist's clients have a word starting with each 1-2 character prefix (see
 * client_search_prefixes), kept by triggers on clients (migration 0008): a short search's count.
 */
export const clientSearchPrefixCounts = pgTable(
  'client_search_prefix_counts',
  {
    stylistId: integer('stylist_id')
      .notNull()
      .references(() => stylists.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    clients: integer('clients').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stylistId, t.prefix] })],
);

/**
 * Figures of each stylist's whole history, kept by triggers on commissions and quotes in the
 * transaction of every change (migration 0008): the dashboard and unbounded totals read one row.
 */
export const stylistTotals = pgTable('stylist_totals', {
  stylistId: integer('stylist_id')
    .primaryKey()
    .references(() => stylists.id, { onDelete: 'cascade' }),
  paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
  unpaidCents: bigint('unpaid_cents', { mode: 'number' }).notNull().default(0),
  paidCount: integer('paid_count').notNull().default(0),
  unpaidCount: integer('unpaid_count').notNull().default(0),
  /** Quotes in PENDING_REVIEW_STATUSES. */
  pendingReview: integer('pending_review').notNull().default(0),
  /** Accepted quotes neither picked up nor on a shipment. */
  pendingShipment: integer('pending_shipment').notNull().default(0),
  needsMoreInfo: integer('needs_more_info').notNull().default(0),
});

/**
 * How many of each stylist's quotes wait in each office queue, kept by triggers on quotes in the
 * transaction of every change (migration 0012): the queues' counts without filters read these rows.
 */
export const officeStageCounts = pgTable(
  'office_stage_counts',
  {
    stylistId: integer('stylist_id')
      .notNull()
      .references(() => stylists.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: OFFICE_STAGES }).notNull(),
    items: integer('items').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stylistId, t.stage] })],
);

/**
 * Each stylist's commissions per UTC day of creation, by paid state, kept by triggers on
 * commissions (migration 0008): a range's whole days are summed from here, its edges from rows.
 */
export const commissionDays = pgTable(
  'commission_days',
  {
    stylistId: integer('stylist_id')
      .notNull()
      .references(() => stylists.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    unpaidCents: bigint('unpaid_cents', { mode: 'number' }).notNull().default(0),
    paidCount: integer('paid_count').notNull().default(0),
    unpaidCount: integer('unpaid_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.stylistId, t.day] })],
);

export const commissionStatuses = pgTable(
  'commission_statuses',
  {
    id: id(),
    commissionId: integer('commission_id')
      .notNull()
      .references(() => commissions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('commission_statuses_commission_idx').on(t.commissionId, t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    stylistId: integer('stylist_id')
      .notNull()
      .references(() => stylists.id, { onDelete: 'cascade' }),
    // The contract's kinds (a text column: a new kind needs no migration).
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    text: text('text').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_stylist_idx').on(t.stylistId, t.createdAt),
    // Retention prunes notifications read long ago (docs/decisions/0030).
    index('notifications_read_idx')
      .on(t.readAt)
      .where(sql`${t.readAt} is not null`),
  ],
);

export const tutorials = pgTable('tutorials', {
  id: id(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  order: integer('order').notNull().default(0),
  videoUrl: text('video_url'),
  coverImageUrl: text('cover_image_url'),
  showVideo: boolean('show_video').notNull().default(true),
  createdAt: createdAt(),
});

/** Text content of §3 (i18n keys and snippets), edited through the back office. */
export const contentTexts = pgTable(
  'content_texts',
  {
    key: text('key').notNull(),
    locale: text('locale').notNull().default('en'),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.locale] })],
);

export const marketingBoxes = pgTable('marketing_boxes', {
  id: id(),
  isEnabled: boolean('is_enabled').notNull().default(false),
  title: text('title').notNull(),
  linkUrl: text('link_url').notNull(),
  imageUrl: text('image_url').notNull(),
  updatedAt: updatedAt(),
});

/** Side effects that must not be lost, written in the transaction that causes them. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set when the outbox gave the message up; an operator may requeue it (`npm run admin -- outbox`). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The email's Message-ID, the same on every attempt, so a retry after a lost reply is a recognisable duplicate. */
    messageId: uuid('message_id').notNull().defaultRandom(),
    /** When the message entered the queue, or was last requeued by an operator: its age counts from here. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.availableAt)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    // Retention prunes messages delivered long ago (docs/decisions/0030).
    index('outbox_delivered_idx')
      .on(t.deliveredAt)
      .where(sql`${t.deliveredAt} is not null`),
  ],
);

/** Rate-limit counters shared by every instance on one PostgreSQL: one row per key and window. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    detail: jsonb('detail'),
    /** The address the action came from; null for the operator's command line. */
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subject, t.createdAt),
    // The audit route's pages: from a time on, in order of id.
    index('audit_log_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Stored files of erased clients still to delete (docs/decisions/0030): written in the erasure's
 * transaction, each row removed once its file is gone, so a failure after the commit finishes later.
 */
export const fileDeletions = pgTable(
  'file_deletions',
  {
    key: text('key').primaryKey(),
    clientId: integer('client_id').references(() => clients.id),
    createdAt: createdAt(),
  },
  (t) => [index('file_deletions_client_idx').on(t.clientId)],
);

/**
 * Failed sign-ins per account (by email, so unknown addresses are counted alike and reveal
 * nothing): `failures` within the window that started at `window_started_at`; past the limit the
 * account is paused until `locked_until`, each pause longer than the last (`lockouts`).
 */
export const signInFailures = pgTable('sign_in_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockouts: integer('lockouts').notNull().default(0),
  updatedAt: updatedAt(),
});
