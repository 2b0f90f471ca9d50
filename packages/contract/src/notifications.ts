import { z } from 'zod';

/**
 * What the stylist is told (§3 "Notification: fields not shown"; docs/decisions/0008): each
 * notification has a kind, a sentence, where it leads, whether it was read, and when it came.
 */
export const NotificationKindSchema = z.enum([
  'client_answered',
  'quote_status_changed',
  'label_created',
  'commission_paid',
]);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NotificationSchema = z.object({
  id: z.number().int().positive(),
  kind: NotificationKindSchema,
  text: z.string(),
  /** A path inside the portal, or null. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** The newest notifications of the signed-in stylist, at most this many. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

/** GET /api/stylist/notifications */
export const NotificationListDocumentSchema = z.object({
  data: z.array(NotificationSchema),
  meta: z.object({ unread: z.number().int().nonnegative() }),
});
export type NotificationListDocument = z.infer<typeof NotificationListDocumentSchema>;
