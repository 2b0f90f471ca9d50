import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';

/**
 * The mail outbox as the back office sees it (docs/decisions/0006): messages still being tried
 * (pending) and messages given up on (failed), which an operator may requeue.
 */
export const OutboxStatusSchema = z.enum(['pending', 'failed']);
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>;

export const OutboxMessageSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(['pending', 'failed', 'delivered']),
  /** The recipient and subject from the queued payload; null when it holds none. */
  to: z.string().nullable(),
  subject: z.string().nullable(),
  /** The uuid in the message's Message-ID header (`<messageId@sender's domain>`), the same on every attempt. */
  messageId: z.string(),
  /** Attempts over the message's whole life, requeues included. */
  attempts: z.number().int().nonnegative(),
  /** When it was queued, or last requeued: it is given up once this is too long ago. */
  queuedAt: z.string(),
  createdAt: z.string(),
  /** When a pending message is tried next; null once it is failed or delivered. */
  nextAttemptAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** A listing shows at most this many messages, failed ones first; `meta` counts them all. */
export const OUTBOX_LIST_LIMIT = 200;

/* ---------- GET /api/admin/outbox?status=pending|failed ---------- */

export const OutboxListQuerySchema = z.strictObject({
  /** Both kinds when left out. */
  status: OutboxStatusSchema.optional(),
});
export type OutboxListQuery = z.infer<typeof OutboxListQuerySchema>;

export const OutboxListDocumentSchema = z.object({
  data: z.array(OutboxMessageSchema),
  meta: z.object({
    pending: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
});
export type OutboxListDocument = z.infer<typeof OutboxListDocumentSchema>;

/* ---------- POST /api/admin/outbox/{id}/retry ---------- */

export const OutboxMessageIdParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'Message id must be a number' })
    .int('Message id must be a whole number')
    .positive('Message id must be a whole number')
    .max(2_147_483_647, 'No such message'),
});

export const OutboxMessageDocumentSchema = z.object({ data: OutboxMessageSchema });
export type OutboxMessageDocument = z.infer<typeof OutboxMessageDocumentSchema>;

/* ---------- POST /api/admin/outbox/retry-failed ---------- */

export const RequeueFailedAnswerSchema = z.object({
  /** The failed messages now queued again, by id. */
  requeued: z.array(z.number().int().positive()),
});
export type RequeueFailedAnswer = z.infer<typeof RequeueFailedAnswerSchema>;

/** The back office's view of the mail outbox: admin staff only (docs/decisions/0006). */
export const adminOutboxApi = endpoints('back office', {
  listOutbox: {
    method: 'GET',
    path: '/api/admin/outbox',
    summary: 'Mail not delivered yet: pending messages and failed ones, failed first',
    access: 'admin',
    query: OutboxListQuerySchema,
    responses: { 200: OutboxListDocumentSchema, 400: ErrorBodySchema },
  },
  retryOutboxMessage: {
    method: 'POST',
    path: '/api/admin/outbox/:id/retry',
    summary: 'Queue a failed message again, due now; a pending or delivered one is refused',
    access: 'admin',
    params: OutboxMessageIdParamsSchema,
    responses: {
      200: OutboxMessageDocumentSchema,
      400: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
  retryFailedOutboxMessages: {
    method: 'POST',
    path: '/api/admin/outbox/retry-failed',
    summary: 'Queue every failed message again, due now',
    access: 'admin',
    responses: { 200: RequeueFailedAnswerSchema },
  },
});
