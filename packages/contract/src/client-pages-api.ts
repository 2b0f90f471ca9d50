import { z } from 'zod';
import {
  CLIENT_PAGE_ROUTES,
  CURATED_ANSWER_FIELD,
  ClientAnswerConflictSchema,
  ClientPageParamsSchema,
  CuratedAnswerBodySchema,
  CuratedDocumentSchema,
  OfferApprovalBodySchema,
  OfferApprovalDocumentSchema,
  QuoteShareDocumentSchema,
} from './client-pages.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
import { HUB_ROUTE } from './http.ts';
import {
  HubDocumentSchema,
  HubQuoteActionSchema,
  HubQuoteParamsSchema,
  NewLinkAnswerSchema,
  NewLinkBodySchema,
} from './hub.ts';
/** What a client page answers besides its document: a bad token or request, no such page, too many tries. */
export const clientPageErrors = {
  400: ErrorBodySchema,
  404: ErrorBodySchema,
  429: ErrorBodySchema,
};

/** What an answer on a client page may meet besides: a page answered elsewhere, a bad form. */
export const clientAnswerErrors = {
  ...clientPageErrors,
  409: ClientAnswerConflictSchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
};

/** The pages a client opens from an email, by link token and without signing in (§6, §7). */
export const clientPagesApi = endpoints('client pages', {
  getCuratedPage: {
    method: 'GET',
    path: `/api/client/${CLIENT_PAGE_ROUTES.curated}/:token`,
    access: 'public',
    summary: '"Curated For": the buyout offers awaiting the client\'s Yes or No',
    params: ClientPageParamsSchema,
    responses: { 200: CuratedDocumentSchema, ...clientPageErrors },
  },
  answerCuratedPage: {
    method: 'POST',
    path: `/api/client/${CLIENT_PAGE_ROUTES.curated}/:token`,
    access: 'public',
    summary: `Record the client's Yes and No, sent as JSON in the multipart field "${CURATED_ANSWER_FIELD}"`,
    params: ClientPageParamsSchema,
    consumes: ['multipart/form-data'],
    multipartBody: z.object({
      [CURATED_ANSWER_FIELD]: CuratedAnswerBodySchema.describe('The answers, as JSON text'),
    }),
    responses: { 200: CuratedDocumentSchema, ...clientAnswerErrors },
  },
  getQuoteSharePage: {
    method: 'GET',
    path: `/api/client/${CLIENT_PAGE_ROUTES.quoteShare}/:token`,
    access: 'public',
    summary: '"Quote Share": every quote of the client, read-only',
    params: ClientPageParamsSchema,
    responses: { 200: QuoteShareDocumentSchema, ...clientPageErrors },
  },
  getOfferApprovalPage: {
    method: 'GET',
    path: `/api/client/${CLIENT_PAGE_ROUTES.offerApproval}/:token`,
    access: 'public',
    summary: '"Approve White Glove Offers": the offers awaiting the client\'s answer',
    params: ClientPageParamsSchema,
    responses: { 200: OfferApprovalDocumentSchema, ...clientPageErrors },
  },
  answerOfferApprovalPage: {
    method: 'POST',
    path: `/api/client/${CLIENT_PAGE_ROUTES.offerApproval}/:token`,
    access: 'public',
    summary: "Record the client's answer to each offer, as the stylist's review response",
    params: ClientPageParamsSchema,
    body: OfferApprovalBodySchema,
    responses: { 200: OfferApprovalDocumentSchema, ...clientAnswerErrors },
  },
});

/** The client's hub and its answers, by link token and without signing in (docs/decisions/0029). */
export const hubApi = endpoints('client pages', {
  getHub: {
    method: 'GET',
    path: `/api/client/${HUB_ROUTE}/:token`,
    access: 'public',
    summary: "The client's hub: every item with its timeline, grouped by what it needs",
    params: ClientPageParamsSchema,
    responses: { 200: HubDocumentSchema, ...clientPageErrors },
  },
  actOnHubQuote: {
    method: 'POST',
    path: `/api/client/${HUB_ROUTE}/:token/quotes/:quoteId`,
    access: 'public',
    summary: 'Accept an offer, decline with a reason, or ask the stylist about one item',
    params: HubQuoteParamsSchema,
    body: HubQuoteActionSchema,
    responses: { 200: HubDocumentSchema, ...clientAnswerErrors },
  },
  // Live: the client's open hub follows the office's decisions and the stylist's changes.
  streamHub: {
    method: 'GET',
    path: `/api/client/${HUB_ROUTE}/:token/stream`,
    access: 'public',
    summary: "Changes to the client's items as server-sent events (text/event-stream)",
    description:
      'One event, `change` (`{quoteId}`: one of the items the link opens changed, on any ' +
      'instance; `quoteId` null when many items changed at once): read the hub again. A comment ' +
      'every 25 s keeps the stream open; it ends when the link expires.',
    params: ClientPageParamsSchema,
    responses: {
      200: {
        description: 'The stream: `event:` and `data:` lines, a JSON object per event',
        content: { 'text/event-stream': { schema: z.string() } },
      },
      ...clientPageErrors,
    },
  },
  requestHubLink: {
    method: 'POST',
    path: `/api/client/${HUB_ROUTE}/new-link`,
    access: 'public',
    summary: '"Send me a new link": emails a fresh hub link to a client\'s own address',
    body: NewLinkBodySchema,
    responses: { 202: NewLinkAnswerSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
  },
});
