import { z } from 'zod';
import { ErrorBodySchema } from './errors.ts';
import { LifecycleStatusSchema } from './quotes.ts';

/* ---------- Receiving by scan: "Scan to receive" on the office's "At warehouse" tab ---------- */

const SCAN_CODE_MESSAGE = 'Scan or type a tracking number or a barcode';

/**
 * What a scanner types: a label's tracking number or an item's barcode (the Code128 on labels and
 * ship lists). Spaces are dropped: a tracking number typed from a label is often grouped
 * ("1Z 999 AA1 …").
 */
export const ScanCodeSchema = z
  .string({ error: SCAN_CODE_MESSAGE })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().min(1, SCAN_CODE_MESSAGE).max(64, 'A code is at most 64 characters'));

/** POST /api/office/receive */
export const OfficeReceiveBodySchema = z.strictObject({ code: ScanCodeSchema });
export type OfficeReceiveBody = z.input<typeof OfficeReceiveBodySchema>;

/** An item a scan found, as it stands after the scan. */
export const ScannedItemSchema = z.object({
  quoteId: z.number().int(),
  name: z.string(),
  designer: z.string(),
  barCode: z.string(),
  status: LifecycleStatusSchema,
});
export type ScannedItem = z.infer<typeof ScannedItemSchema>;

/**
 * Why an item the scan found was not received: it was received before (it is at the warehouse, or
 * past it), or it is not in transit at all.
 */
export const NOT_RECEIVED_REASONS = ['already_received', 'not_in_transit'] as const;
export type NotReceivedReason = (typeof NOT_RECEIVED_REASONS)[number];

export const MissingItemSchema = ScannedItemSchema.extend({
  reason: z.enum(NOT_RECEIVED_REASONS),
  /** When it was received, for an item received before (ISO 8601). */
  receivedAt: z.iso.datetime().nullable(),
});
export type MissingItem = z.infer<typeof MissingItemSchema>;

/** What one scan did: the items it received, and those of its parcel it could not, with why. */
export const OfficeReceiptSchema = z.object({
  /** The code as read (without spaces). */
  code: z.string(),
  /** A parcel's tracking number (every item on its manifest) or one item's barcode. */
  matched: z.enum(['shipment', 'item']),
  /** The parcel: the one scanned, or the one the scanned item travels in (null if none). */
  shipment: z
    .object({ id: z.number().int(), trackingNumber: z.string().nullable(), client: z.string() })
    .nullable(),
  received: z.array(ScannedItemSchema),
  /** Items of the manifest (or the scanned item) that were not received, each with why. */
  missing: z.array(MissingItemSchema),
});
export type OfficeReceipt = z.infer<typeof OfficeReceiptSchema>;

export const OfficeReceiptDocumentSchema = z.object({ data: OfficeReceiptSchema });
export type OfficeReceiptDocument = z.infer<typeof OfficeReceiptDocumentSchema>;

/**
 * The 409 of a scan that finds nothing to receive (scanned twice, or nothing in transit): the
 * error shape and the receipt, whose `missing` says why for each item. Nothing was written.
 */
export const OfficeReceiveConflictSchema = ErrorBodySchema.extend({
  receipt: OfficeReceiptSchema.optional(),
});
export type OfficeReceiveConflict = z.infer<typeof OfficeReceiveConflictSchema>;
