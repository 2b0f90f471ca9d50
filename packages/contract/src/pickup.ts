import { z } from 'zod';
import { PaymentMethodSchema, StylistAddressSchema } from './account.ts';
import { ErrorBodySchema } from './errors.ts';
import { QuoteResourceSchema, ShipmentKindSchema } from './quotes.ts';

/* ---------- Constants of §2 and §9 ---------- */

/** The signature pad of §2: drawn on a 550x300 canvas, shown 150 px tall inline. */
export const SIGNATURE_PAD = { width: 550, height: 300, inlineHeight: 150 } as const;
/** Largest signature image the server stores (a 550x300 PNG of strokes is far below this). */
export const SIGNATURE_MAX_BYTES = 256 * 1024;
/** Width of the label image on the manifest (§9). */
export const MANIFEST_LABEL_THUMBNAIL_WIDTH = 140;
/** The mobile print page waits this long before printing (§9). */
export const MANIFEST_PRINT_DELAY_MS = 1000;
/** Where the mobile print page sends the phone after printing: the stylist app's scheme. */
export const MOBILE_APP_SCHEME_URL = 'atelier://manifest-printed';
/** Most items one pickup or one label may carry. */
export const SHIPMENT_MAX_ITEMS = 50;

/** How long a shared link works before the stylist must share again. */
export const SHARE_LINK_TTL_DAYS = 30;
/** How long a manifest's public print link works. */
export const MANIFEST_LINK_TTL_DAYS = 90;
/** Link tokens are 32 random bytes in base64url; anything else is not a token. */
export const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/* ---------- Texts of §5 and §8 ---------- */

export const PICKUP_TEXT = {
  signatureRequiredTitle: 'Signature Required',
  signatureRequired: 'Please provide a signature before confirming pickup',
  noPickupItems: 'No items selected for pickup',
  pickupFailed: 'Failed to mark items as picked up',
  pickupSucceeded: 'Items marked as picked up successfully!',
  noLabelItems: 'No items selected for shipping labels',
  itemIdsRequired: 'Item IDs are required and must be a non-empty array',
  labelFailed: 'Failed to create shipping labels. Please try again.',
  labelFailedToast: 'Error creating shipping labels. See details above.',
  labelErrorsHeading: 'Please fix the following errors:',
  labelSucceeded: (trackingNumber: string) =>
    `Shipping label created successfully! Tracking: ${trackingNumber}`,
  shareNoToken: 'Sorry, this service is unavailable. Try re-logging in.',
  shareFailed: 'Failed to send. Please try again.',
  shareSucceeded: 'Sent!',
  completionHeading: "YOU'RE ALL SET.",
  confirmPickupHeading: 'CONFIRM PICKUP DETAILS',
  signatureEmpty: 'Please scribble something!',
  signatureSave: 'Save Signature',
  signatureConfirm: 'Confirm',
} as const;

/* ---------- Shared pieces ---------- */

const QuoteIdNumber = z
  .number()
  .int('Not a quote id')
  .positive('Not a quote id')
  .max(2_147_483_647, 'Not a quote id');
const QuoteIdText = z
  .string()
  .regex(/^\d{1,10}$/, 'Not a quote id')
  .transform(Number)
  .pipe(QuoteIdNumber);
/** A quote id as a number or a numeric string. */
const QuoteIdInput = z.union([QuoteIdNumber, QuoteIdText]);

const distinctIds = (ids: readonly number[]) => new Set(ids).size === ids.length;

/** The client's barcode printed on manifests and ship lists: WC and the id in eight digits. */
export function clientBarCode(clientId: number): string {
  return `WC${String(clientId).padStart(8, '0')}`;
}

/* ---------- Shipment (§3) ---------- */

export const ShipmentAttributesSchema = z.object({
  /** `pickup`: the stylist collected the items in person; `label`: they travel with a carrier. */
  kind: ShipmentKindSchema,
  clientId: z.number().int(),
  clientBarCode: z.string(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  shippingMethod: z.string().nullable(),
  /** The 4x6 label as PDF (to print) and as an image (the manifest's thumbnail). */
  labelUrl: z.string().nullable(),
  labelImageUrl: z.string().nullable(),
  shiplistPDFLink: z.string().nullable(),
  /** The client's signature, for a pickup. */
  signatureUrl: z.string().nullable(),
  /** The signed pickup receipt (PDF) the client was emailed, for a pickup. */
  receiptUrl: z.string().nullable(),
  shippedDate: z.string(),
  itemCount: z.number().int(),
});
export type ShipmentAttributes = z.infer<typeof ShipmentAttributesSchema>;

export const ShipmentResourceSchema = z.object({
  id: z.number().int(),
  type: z.literal('shipments'),
  attributes: ShipmentAttributesSchema,
});
export type ShipmentResource = z.infer<typeof ShipmentResourceSchema>;

/** The client as a manifest shows them: the "Shipping From … on behalf of" block. */
export const ManifestClientSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  barCode: z.string(),
  /** How the client is paid for sold items; null when they never chose. */
  paymentMethod: PaymentMethodSchema.nullable(),
});
export type ManifestClient = z.infer<typeof ManifestClientSchema>;

/**
 * GET /api/stylist/white-glove-quotes?shipment-id={id} and its public twin
 * GET /api/client/white-glove-quotes?shipment-id={token}: the shipment, its quotes in
 * `included`, and who ships them. Also the answer of a completed pickup.
 */
export const ShipmentDocumentSchema = z.object({
  data: ShipmentResourceSchema,
  included: z.array(QuoteResourceSchema),
  meta: z.object({
    /** The stylist's address; null until the stylist has one on file. */
    stylistAddress: StylistAddressSchema.nullable(),
    stylistName: z.string(),
    client: ManifestClientSchema,
  }),
});
export type ShipmentDocument = z.infer<typeof ShipmentDocumentSchema>;

const shipmentIdField = z.coerce
  .number({ error: 'Shipment id must be a number' })
  .int('Shipment id must be a whole number')
  .positive('Shipment id must be a whole number')
  .max(2_147_483_647, 'No such shipment');

export const ManifestQuerySchema = z.strictObject({ 'shipment-id': shipmentIdField });
export const PublicManifestQuerySchema = z.strictObject({
  'shipment-id': z.string().regex(ACCESS_TOKEN_PATTERN, 'Not a manifest link'),
});
export const ShipmentIdParamsSchema = z.strictObject({ shipmentId: shipmentIdField });

/* ---------- Pickup (§3 "Pickup completion payload") ---------- */

/** A PNG as a data URL, as signature_pad's toDataURL() makes it. */
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';

/** POST /api/stylist/white-glove-quotes/complete. */
export const CompletePickupBodySchema = z.strictObject({
  quoteIds: z
    .string({ error: PICKUP_TEXT.noPickupItems })
    .transform((joined) =>
      joined
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(QuoteIdText)
        .min(1, PICKUP_TEXT.noPickupItems)
        .max(SHIPMENT_MAX_ITEMS, `Pick up at most ${SHIPMENT_MAX_ITEMS} items at once`)
        .refine(distinctIds, 'Each item may be picked up once'),
    ),
  signature: z
    .string({ error: PICKUP_TEXT.signatureRequired })
    .startsWith(SIGNATURE_DATA_URL_PREFIX, PICKUP_TEXT.signatureRequired)
    .max(
      SIGNATURE_DATA_URL_PREFIX.length + Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 4,
      'The signature image is too large',
    ),
  generateShippingLabel: z.boolean({ error: 'generateShippingLabel must be true or false' }),
});
export type CompletePickupBody = z.input<typeof CompletePickupBodySchema>;

/* ---------- Shipping labels (§3 "Label payload", "Shipping label response") ---------- */

/** POST /api/stylist/clients/{clientId}/shipping-label. */
export const ShippingLabelBodySchema = z.strictObject({
  item_ids: z
    .array(QuoteIdInput, { error: PICKUP_TEXT.itemIdsRequired })
    .min(1, PICKUP_TEXT.itemIdsRequired)
    .max(SHIPMENT_MAX_ITEMS, `Ship at most ${SHIPMENT_MAX_ITEMS} items on one label`)
    .refine(distinctIds, 'Each item may be shipped once'),
  emailClientShiplist: z
    .boolean({ error: 'emailClientShiplist must be true or false' })
    .optional()
    .default(false),
});
export type ShippingLabelBody = z.input<typeof ShippingLabelBodySchema>;

export const ShippingLabelSchema = z.object({
  shipment_id: z.number().int(),
  tracking_number: z.string(),
  carrier: z.string(),
  shipping_method: z.string(),
  /** The warehouse the parcel goes to, on one line. */
  warehouse: z.string(),
  label_url: z.string(),
  label_image_url: z.string(),
  shiplistPDFLink: z.string(),
  /** True when the ship list is on its way to the client by email. */
  emailed_client: z.boolean(),
});
export type ShippingLabel = z.infer<typeof ShippingLabelSchema>;

export const ShippingLabelDocumentSchema = z.object({ data: ShippingLabelSchema });
export type ShippingLabelDocument = z.infer<typeof ShippingLabelDocumentSchema>;

/* ---------- Share (§7 POST /api/stylist/share) ---------- */

export const ShareBodySchema = z.strictObject({
  clientId: z
    .number({ error: 'Choose a client' })
    .int('Choose a client')
    .positive('Choose a client')
    .max(2_147_483_647, 'No such client'),
});
export type ShareBody = z.infer<typeof ShareBodySchema>;

export const ShareAnswerSchema = z.object({ message: z.string() });
export type ShareAnswer = z.infer<typeof ShareAnswerSchema>;

/* ---------- §8: turning a failed answer into the lines the stylist reads ---------- */

/** What a failed call may carry: the contract's shape, or an older `error` string. */
const FailureBodySchema = ErrorBodySchema.partial().extend({ error: z.string().optional() });

const FIELD_NAMES: Readonly<Record<string, string>> = { item_ids: 'Items', quoteIds: 'Items' };

/**
 * The lines under "Please fix the following errors:" (§8 label creation failure): field errors
 * as "Items: …" for item ids or "field: …"; else the server's message or error; else `fallback`.
 */
export function failureLines(body: unknown, fallback: string): string[] {
  const parsed = FailureBodySchema.safeParse(body);
  if (!parsed.success) return [fallback];
  const { errors, message, error } = parsed.data;
  const fieldLines = Object.entries(errors ?? {})
    .filter(([, messages]) => messages.length > 0)
    .map(([field, messages]) => {
      const root = field.split('.')[0] ?? field;
      return `${FIELD_NAMES[root] ?? field}: ${messages.join(', ')}`;
    });
  if (fieldLines.length > 0) return fieldLines;
  if (message) return [message];
  if (error) return [error];
  return [fallback];
}
