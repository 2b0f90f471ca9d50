import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';

/**
 * What the stylist is told (§3 "Notification: fields not shown"; docs/decisions/0008): each
 * notification has a kind, a sentence, where it leads, whether it was read, and when it came.
 */
export const NOTIFICATION_KINDS = [
  'client_answered',
  'quote_status_changed',
  'label_created',
  'commission_paid',
  /** A client's question or reason for declining, from the hub (docs/decisions/0029). */
  'client_message',
  /** The client opened their offers for the first time. */
  'offers_viewed',
  /** Offers expire within the reminder window and wait for the client's answer. */
  'offers_expiring',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
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

/* ---------- POST /api/stylist/notifications/read ---------- */

const NotificationIdSchema = z.number().int().positive().max(2_147_483_647);

/** Marks some of the stylist's notifications read, or all of them; the answer is the fresh list. */
export const MarkNotificationsReadBodySchema = z.union([
  z.strictObject({
    ids: z
      .array(NotificationIdSchema, { error: 'List the notifications' })
      .min(1, 'List the notifications')
      .max(1000, 'Mark at most 1000 notifications at once'),
  }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBodySchema>;

/* ---------- GET /api/stylist/notifications/stream (server-sent events) ---------- */

/** EventSource cannot send headers, so the stream takes the API token in this query parameter. */
export const STREAM_TOKEN_PARAM = 'access_token';

export const NotificationStreamQuerySchema = z.strictObject({
  [STREAM_TOKEN_PARAM]: z.string().optional(),
});

/** The stream's event names: a new notification, or some were marked read (another tab, a phone). */
export const NotificationStreamEvent = { created: 'notification', read: 'read' } as const;

/** `event: notification`: one new notification, and the unread count once it arrived. */
export const NotificationEventSchema = z.object({
  notification: NotificationSchema,
  unread: z.number().int().nonnegative(),
});
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

/** `event: read`: the unread count after some notifications were marked read. */
export const NotificationsReadEventSchema = z.object({
  unread: z.number().int().nonnegative(),
});
export type NotificationsReadEvent = z.infer<typeof NotificationsReadEventSchema>;

/* ---------- POST /api/admin/notifications (back office) ---------- */

export const NOTIFICATION_TEXT_MAX = 500;

export const CreateNotificationBodySchema = z.strictObject({
  stylistEmail: z
    .string({ error: "Enter the stylist's email address" })
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address')),
  kind: NotificationKindSchema,
  text: z
    .string({ error: 'Enter the text' })
    .trim()
    .min(1, 'Enter the text')
    .max(NOTIFICATION_TEXT_MAX, `Keep it under ${NOTIFICATION_TEXT_MAX} characters`),
  /** A path inside the portal ("/commission/12"); never another site. */
  link: z
    .string()
    .trim()
    .max(500, 'Keep it under 500 characters')
    .regex(/^\/(?![/\\])/, 'Give a path inside the portal, like /commission/12')
    .optional(),
});
export type CreateNotificationBody = z.input<typeof CreateNotificationBodySchema>;

export const NotificationDocumentSchema = z.object({ data: NotificationSchema });
export type NotificationDocument = z.infer<typeof NotificationDocumentSchema>;

export const notificationsApi = endpoints('notifications', {
  listNotifications: {
    method: 'GET',
    path: '/api/stylist/notifications',
    summary: "The stylist's newest notifications and the unread count",
    responses: { 200: NotificationListDocumentSchema },
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/stylist/notifications/read',
    summary: 'Mark some of the stylist’s notifications read, or all; answers the fresh list',
    body: MarkNotificationsReadBodySchema,
    responses: { 200: NotificationListDocumentSchema, 404: ErrorBodySchema },
  },
  streamNotifications: {
    method: 'GET',
    path: '/api/stylist/notifications/stream',
    summary: 'New notifications as server-sent events (text/event-stream)',
    description:
      `EventSource cannot send headers: pass the API token as \`?${STREAM_TOKEN_PARAM}=\`. ` +
      'Events: `notification` (a new notification and the unread count) and `read` (the ' +
      'unread count after some were marked read). A comment every 25 s keeps the stream ' +
      'open; it ends when the token expires, and the browser reconnects with a fresh one.',
    query: NotificationStreamQuerySchema,
    responses: {
      200: {
        description: 'The stream: `event:` and `data:` lines, a JSON object per event',
        content: { 'text/event-stream': { schema: z.string() } },
      },
      401: ErrorBodySchema,
      403: ErrorBodySchema,
    },
  },
});

export const adminNotificationsApi = endpoints('back office', {
  createNotification: {
    method: 'POST',
    path: '/api/admin/notifications',
    summary: "Notify a stylist; it reaches the stylist's open pages at once",
    access: 'admin',
    body: CreateNotificationBodySchema,
    responses: { 201: NotificationDocumentSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
});
