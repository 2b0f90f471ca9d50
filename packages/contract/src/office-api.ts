import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
import {
  ClaimBodySchema,
  ClaimDocumentSchema,
  OfficeMeDocumentSchema,
  OfficeQueueDocumentSchema,
  OfficeQueueQuerySchema,
  OfficeQueueParamsSchema,
} from './office.ts';
import {
  OfficeDecisionBodySchema,
  OfficeItemDocumentSchema,
  OfficeNoteBodySchema,
  OfficeNoteDocumentSchema,
} from './office-item.ts';
import { SecondOpinionBodySchema } from './office-second-opinion.ts';
import {
  OfficeReceiptDocumentSchema,
  OfficeReceiveBodySchema,
  OfficeReceiveConflictSchema,
} from './office-receiving.ts';
import { PriceGuidanceDocumentSchema } from './office-pricing.ts';
import {
  OfficeClientRecordDocumentSchema,
  OfficeRevokedLinksDocumentSchema,
  OfficeStylistRecordDocumentSchema,
  StylistIdParamsSchema,
} from './office-records.ts';
import { OfficeStreamQuerySchema } from './office-live.ts';
import { STREAM_TOKEN_PARAM } from './notifications.ts';
import { ClientIdParamsSchema, QuoteIdParamsSchema } from './params.ts';
import { OfficeReportDocumentSchema, OfficeReportQuerySchema } from './office-reports.ts';

const refusals = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The back office's workbench at /office: the company's staff only (403 for anyone else). */
export const officeApi = endpoints('office', {
  getOfficeMe: {
    method: 'GET',
    path: '/api/office/me',
    access: 'office',
    summary: 'Who works in the office, their rights, and what the queues can be filtered by',
    responses: { 200: OfficeMeDocumentSchema, ...refusals },
  },
  listQueue: {
    method: 'GET',
    path: '/api/office/queues/:stage',
    access: 'office',
    summary: "One page of a queue, oldest first, with every queue's count",
    description:
      'The filters (mine, stylist, designer, search by quote id, barcode or tracking number) apply to the page and to every count. The stage `second_opinion` lists the decisions waiting for a second opinion, oldest first, whatever their queue.',
    params: OfficeQueueParamsSchema,
    query: OfficeQueueQuerySchema,
    responses: { 200: OfficeQueueDocumentSchema, 400: ErrorBodySchema, ...refusals },
  },
  claimItem: {
    method: 'POST',
    path: '/api/office/items/:quoteId/claim',
    access: 'office',
    summary: 'Assign an item to me (or, for operations, to another staff member)',
    description:
      'A claim held by someone else answers 409 and names them; a claim idle for OFFICE_CLAIM_IDLE_MINUTES is free again.',
    params: QuoteIdParamsSchema,
    body: ClaimBodySchema,
    responses: {
      200: ClaimDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
  releaseItem: {
    method: 'DELETE',
    path: '/api/office/items/:quoteId/claim',
    access: 'office',
    summary: 'Let go of an item (its holder, or operations)',
    params: QuoteIdParamsSchema,
    responses: {
      200: ClaimDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
  getItem: {
    method: 'GET',
    path: '/api/office/items/:quoteId',
    access: 'office',
    summary:
      "An item's workspace: the quote, its people, its clock, its notes and the decisions open to the caller",
    params: QuoteIdParamsSchema,
    responses: {
      200: OfficeItemDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
    },
  },
  decideItem: {
    method: 'POST',
    path: '/api/office/items/:quoteId/decisions',
    access: 'office',
    summary: 'Take a decision on an item (authenticate, price, receive, sell), in one transaction',
    description:
      'Each decision needs its right (an authenticator cannot price, a pricer cannot authenticate: 403) and applies where the status allows (else 409). `version` is the one the item was loaded with: if someone else changed the item since, the answer is 409 and nothing is written. A counterfeit verdict without a reason answers 422. A counterfeit verdict, and offers above OFFICE_SECOND_OPINION_CENTS, wait for a second opinion: the answer shows the item with `secondOpinion` set and nothing else decided on it meanwhile (409).',
    params: QuoteIdParamsSchema,
    body: OfficeDecisionBodySchema,
    responses: {
      200: OfficeItemDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
      422: ErrorBodySchema,
    },
  },
  addItemNote: {
    method: 'POST',
    path: '/api/office/items/:quoteId/notes',
    access: 'office',
    summary: 'Add an internal note to an item (staff only, never shown to the stylist or client)',
    params: QuoteIdParamsSchema,
    body: OfficeNoteBodySchema,
    responses: {
      201: OfficeNoteDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
    },
  },
  resolveSecondOpinion: {
    method: 'POST',
    path: '/api/office/items/:quoteId/second-opinion',
    access: 'office',
    summary: 'Approve the decision waiting on an item, or send it back',
    description:
      'Approving takes the decision as its author sent it, in one transaction (409 if the item changed since). Its author may neither approve nor send it back, and only staff with the right the decision needs may (403). 409 when nothing waits.',
    params: QuoteIdParamsSchema,
    body: SecondOpinionBodySchema,
    responses: {
      200: OfficeItemDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
  receiveScan: {
    method: 'POST',
    path: '/api/office/receive',
    access: 'office',
    summary:
      "Receive by scan: a parcel's tracking number receives every item on it, a barcode one item",
    description:
      'Needs the right to receive (403 without it). Every item in transit on the parcel is received as the "Receive" decision receives it, in one transaction (all or nothing); the answer lists what arrived and what the manifest says is missing, with why. An unknown code answers 404; a scan with nothing left to receive (scanned twice) answers 409 with the receipt, and writes nothing.',
    body: OfficeReceiveBodySchema,
    responses: {
      200: OfficeReceiptDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
      409: OfficeReceiveConflictSchema,
    },
  },
  getPriceGuidance: {
    method: 'GET',
    path: '/api/office/items/:quoteId/price-guidance',
    access: 'office',
    summary: "What the company's own sales of the item's designer and category fetched",
    description:
      'Needs the price right (403 without it). The sales of the same designer and category, or of the designer alone when those are fewer than 3: count, median and range of the sale price, median buyout paid, median days from listing to sale, and the five latest comparables.',
    params: QuoteIdParamsSchema,
    responses: {
      200: PriceGuidanceDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
    },
  },

  // Records (issue 30, item 9): a client's and a stylist's, where the spec's admin links lead.
  getClientRecord: {
    method: 'GET',
    path: '/api/office/clients/:clientId',
    access: 'office',
    summary:
      "A client's record: contact, stylist, items by stage, access links and commissions (the §2 admin supplier record)",
    params: ClientIdParamsSchema,
    responses: {
      200: OfficeClientRecordDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
    },
  },
  revokeClientRecordLinks: {
    method: 'POST',
    path: '/api/office/clients/:clientId/links/revoke',
    access: 'office',
    summary: 'Revoke links: end every live access link of a client at once',
    description:
      'Operations only (the reassign right; 403 without it). Answers how many live links it ended (0 when none were live).',
    params: ClientIdParamsSchema,
    responses: {
      200: OfficeRevokedLinksDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
    },
  },
  getStylistRecord: {
    method: 'GET',
    path: '/api/office/stylists/:stylistId',
    access: 'office',
    summary:
      "A stylist's record: contact, clients, items by stage and commissions paid and pending",
    params: StylistIdParamsSchema,
    responses: {
      200: OfficeStylistRecordDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
    },
  },
  // Live (item 12): every staff member's open pages follow the changes made on any instance.
  streamOffice: {
    method: 'GET',
    path: '/api/office/stream',
    access: 'office',
    summary: "Changes to the office's items as server-sent events (text/event-stream)",
    description:
      `EventSource cannot send headers: pass the API token as \`?${STREAM_TOKEN_PARAM}=\`. ` +
      'One event, `change` (`{quoteId, kind}`: a new item, a status, a claim, a second opinion or ' +
      'a note; `quoteId` null when many items changed at once), from whichever instance made it. ' +
      'A comment every 25 s keeps the stream open; it ends when the token expires.',
    query: OfficeStreamQuerySchema,
    responses: {
      200: {
        description: 'The stream: `event:` and `data:` lines, a JSON object per event',
        content: { 'text/event-stream': { schema: z.string() } },
      },
      ...refusals,
    },
  },
  // Reports (issue 30 §11): the office lead's figures over a date range, as JSON and as CSV.
  getOfficeReport: {
    method: 'GET',
    path: '/api/office/reports',
    access: 'operations',
    summary:
      'Per queue: items handled per day, median time in the queue, share breached; decisions per staff member',
    description:
      "Operations and admin only (403 for other staff). Days are the office's (OFFICE_TIME_ZONE), both ends counted, at most 366; times are business hours, breaches against the queues' SLA targets.",
    query: OfficeReportQuerySchema,
    responses: { 200: OfficeReportDocumentSchema, 400: ErrorBodySchema, ...refusals },
  },
  exportOfficeReport: {
    method: 'GET',
    path: '/api/office/reports.csv',
    access: 'operations',
    summary: 'The same report as CSV (RFC 4180, UTF-8), as a download',
    query: OfficeReportQuerySchema,
    responses: { 200: z.string().describe('text/csv'), 400: ErrorBodySchema, ...refusals },
  },
});
