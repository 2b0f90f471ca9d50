import { z } from 'zod';
import { ClientIdParamsSchema } from './params.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';

/**
 * A client's data as the back office exports and erases it, and the audit trail it reads
 * (docs/decisions/0030).
 */

/** What stands in for an erased client's name wherever it is shown (sales, commissions). */
export function erasedClientName(clientId: number): { firstName: string; lastName: string } {
  return { firstName: 'Erased client', lastName: `#${clientId}` };
}

/** The version of the export's `client.json`; raised when its shape changes. */
export const CLIENT_EXPORT_VERSION = 1;

/* ---------- POST /api/admin/clients/{clientId}/erase ---------- */

export const EraseClientAnswerSchema = z.object({
  clientId: z.number().int(),
  /** When the database part was done (the first erasure; a second call answers the same time). */
  erasedAt: z.string(),
  /** False when the client had been erased already: this call only finished the file deletions. */
  erasedNow: z.boolean(),
  /** Files removed from storage by this call. */
  filesDeleted: z.number().int().nonnegative(),
  /**
   * Files still to delete (storage out of reach): the background sweep or another call finishes
   * them; the personal data in the database is gone either way.
   */
  filesPending: z.number().int().nonnegative(),
});
export type EraseClientAnswer = z.infer<typeof EraseClientAnswerSchema>;

/* ---------- GET /api/admin/audit?since=…&after=…&limit=… ---------- */

export const AUDIT_PAGE_LIMIT = 500;

export const AuditQuerySchema = z.strictObject({
  /** Entries written at or after this time (ISO 8601 date or date-time); all when left out. */
  since: z.iso
    .datetime({ offset: true, error: 'since must be an ISO 8601 date or date-time' })
    .or(z.iso.date({ error: 'since must be an ISO 8601 date or date-time' }))
    .optional(),
  /** The page after the entry with this id (the previous page's `meta.nextAfter`). */
  after: z.coerce
    .number({ error: 'after must be an entry id' })
    .int('after must be an entry id')
    .min(0, 'after must be an entry id')
    .max(2_147_483_647, 'after must be an entry id')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_PAGE_LIMIT, `limit must be at most ${AUDIT_PAGE_LIMIT}`)
    .default(100),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** The signed-in user who acted; null for the operator's command line. */
  actorUserId: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  detail: z.unknown(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListDocumentSchema = z.object({
  /** Oldest first. */
  data: z.array(AuditEntrySchema),
  meta: z.object({
    /** Pass as `after` for the next page; null on the last page. */
    nextAfter: z.number().int().nullable(),
  }),
});
export type AuditListDocument = z.infer<typeof AuditListDocumentSchema>;

const forbiddenOrUnknown = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/** Operations' hold on a client's data and the audit trail (docs/decisions/0030). */
export const clientDataApi = endpoints('back office', {
  exportClient: {
    method: 'GET',
    path: '/api/admin/clients/:clientId/export',
    summary: 'Everything Atelier holds about a client: client.json and their files, as a zip',
    access: 'operations',
    params: ClientIdParamsSchema,
    responses: { 200: z.any().describe('application/zip'), ...forbiddenOrUnknown },
  },
  eraseClient: {
    method: 'POST',
    path: '/api/admin/clients/:clientId/erase',
    summary:
      "Erases a client's personal data and files, keeping the money records under a stand-in name; again finishes a failed file deletion",
    access: 'operations',
    params: ClientIdParamsSchema,
    responses: { 200: EraseClientAnswerSchema, ...forbiddenOrUnknown },
  },
  listAudit: {
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The audit trail, oldest first, a page at a time',
    access: 'operations',
    query: AuditQuerySchema,
    responses: {
      200: AuditListDocumentSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
    },
  },
});
