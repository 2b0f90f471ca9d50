import { z } from 'zod';
import { STREAM_TOKEN_PARAM } from './notifications.ts';

/* ---------- GET /api/office/stream (server-sent events, issue 30 item 12) ---------- */

/** What changed: a new item, an item's status or facts, its holder, its second opinion, its notes. */
export const OFFICE_CHANGE_KINDS = [
  'created',
  'changed',
  'claim',
  'second_opinion',
  'note',
] as const;
export const OfficeChangeKindSchema = z.enum(OFFICE_CHANGE_KINDS);
export type OfficeChangeKind = z.infer<typeof OfficeChangeKindSchema>;

/**
 * `event: change`: something changed on an item, on any instance. `quoteId` is null when one
 * statement changed many items at once: then every queue and item is to be read again.
 */
export const OfficeChangeEventSchema = z.object({
  quoteId: z.number().int().positive().nullable(),
  kind: OfficeChangeKindSchema,
});
export type OfficeChangeEvent = z.infer<typeof OfficeChangeEventSchema>;

/** The office stream's one event name. */
export const OFFICE_CHANGE_EVENT = 'change';

export const OfficeStreamQuerySchema = z.strictObject({
  [STREAM_TOKEN_PARAM]: z.string().optional(),
});
