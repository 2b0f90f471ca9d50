import {
  CLIENT_PAGE_ROUTES,
  CURATED_ANSWER_FIELD,
  ClientAnswerConflictSchema,
  ClientPageParamsSchema,
  CuratedAnswerBodySchema,
  CuratedDocumentSchema,
  ErrorBodySchema,
  HUB_ROUTE,
  HubDocumentSchema,
  HubQuoteActionSchema,
  HubQuoteParamsSchema,
  NEW_LINK_API_PATH,
  NewLinkAnswerSchema,
  NewLinkBodySchema,
  OfferApprovalBodySchema,
  OfferApprovalDocumentSchema,
  QuoteShareDocumentSchema,
} from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError, FieldErrors } from '../../lib/app-error.ts';
import type { Uploads } from '../../lib/multipart.ts';
import {
  answerCuratedPage,
  answerOfferApprovalPage,
  getCuratedPage,
  getOfferApprovalPage,
  getQuoteSharePage,
  type AnswerRequest,
  type CuratedAnswers,
} from './client-pages.service.ts';
import { actOnHubQuote, getHub, requestNewLink } from './hub.service.ts';

/** "Send me a new link" from one address: a few tries, then a pause (every instance counts). */
const NEW_LINK_RATE = { max: 5, timeWindow: '15 minutes' };

/** The answers of the "Curated For" page are a few short items: far under this. */
const CURATED_FIELD_MAX_BYTES = 16 * 1024;

const errors = {
  400: ErrorBodySchema,
  404: ErrorBodySchema,
  429: ErrorBodySchema,
};
const answerErrors = {
  ...errors,
  409: ClientAnswerConflictSchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
};

function answerRequest(request: FastifyRequest): AnswerRequest {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

// Names, quotes and offers behind a link: no shared cache may keep them.
const privately = <T>(reply: FastifyReply, body: T) =>
  reply.header('cache-control', 'private, no-store').send(body);

/** The JSON the "Curated For" page sends in its multipart field (§7). */
async function readCuratedAnswers(
  request: FastifyRequest,
  uploads: Uploads,
): Promise<CuratedAnswers> {
  const raw = await uploads.withForm(
    request,
    {
      fields: [CURATED_ANSWER_FIELD],
      files: [],
      maxFileBytes: 0,
      maxFieldBytes: CURATED_FIELD_MAX_BYTES,
    },
    async (form) => form.fields[CURATED_ANSWER_FIELD],
  );
  if (raw === undefined) {
    throw AppError.validation({ [CURATED_ANSWER_FIELD]: ['Send your answers'] });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw AppError.validation({ [CURATED_ANSWER_FIELD]: ['The answers are not valid JSON'] });
  }
  const parsed = CuratedAnswerBodySchema.safeParse(json);
  if (!parsed.success) {
    const fieldErrors = new FieldErrors();
    for (const issue of parsed.error.issues) {
      fieldErrors.add([CURATED_ANSWER_FIELD, ...issue.path.map(String)].join('.'), issue.message);
    }
    throw AppError.validation(fieldErrors.toRecord());
  }
  return parsed.data;
}

/** The pages a client opens from an email, by link token and without signing in (§6, §7). */
export const clientPagesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  sites: SiteUrls;
  publicUrl: string;
  /** Requests per minute per IP address on these routes. */
  rateLimitMax: number;
  uploads: Uploads;
}> = async (app, { db, storage, sites, publicUrl, rateLimitMax, uploads }) => {
  const deps = { storage, sites, publicUrl };
  const config = {
    access: 'public' as const,
    // One count per address across the three pages and their answers.
    rateLimit: { max: rateLimitMax, timeWindow: '1 minute', groupId: 'client-pages' },
  };

  app.get(
    `/api/client/${CLIENT_PAGE_ROUTES.curated}/:token`,
    {
      config,
      schema: {
        tags: ['client pages'],
        operationId: 'getCuratedPage',
        summary: '"Curated For": the buyout offers awaiting the client\'s Yes or No',
        params: ClientPageParamsSchema,
        response: { 200: CuratedDocumentSchema, ...errors },
      },
    },
    async (request, reply) =>
      privately(reply, await getCuratedPage(db, request.params.token, deps)),
  );

  app.post(
    `/api/client/${CLIENT_PAGE_ROUTES.curated}/:token`,
    {
      config,
      schema: {
        tags: ['client pages'],
        operationId: 'answerCuratedPage',
        summary: `Record the client's Yes and No, sent as JSON in the multipart field "${CURATED_ANSWER_FIELD}"`,
        params: ClientPageParamsSchema,
        consumes: ['multipart/form-data'],
        multipartBody: z.object({
          [CURATED_ANSWER_FIELD]: CuratedAnswerBodySchema.describe('The answers, as JSON text'),
        }),
        response: { 200: CuratedDocumentSchema, ...answerErrors },
      },
    },
    async (request, reply) => {
      const answers = await readCuratedAnswers(request, uploads);
      const document = await answerCuratedPage(
        db,
        request.params.token,
        answers,
        answerRequest(request),
        deps,
      );
      return privately(reply, document);
    },
  );

  app.get(
    `/api/client/${CLIENT_PAGE_ROUTES.quoteShare}/:token`,
    {
      config,
      schema: {
        tags: ['client pages'],
        operationId: 'getQuoteSharePage',
        summary: '"Quote Share": every quote of the client, read-only',
        params: ClientPageParamsSchema,
        response: { 200: QuoteShareDocumentSchema, ...errors },
      },
    },
    async (request, reply) =>
      privately(reply, await getQuoteSharePage(db, request.params.token, deps)),
  );

  app.get(
    `/api/client/${CLIENT_PAGE_ROUTES.offerApproval}/:token`,
    {
      config,
      schema: {
        tags: ['client pages'],
        operationId: 'getOfferApprovalPage',
        summary: '"Approve White Glove Offers": the offers awaiting the client\'s answer',
        params: ClientPageParamsSchema,
        response: { 200: OfferApprovalDocumentSchema, ...errors },
      },
    },
    async (request, reply) =>
      privately(reply, await getOfferApprovalPage(db, request.params.token, deps)),
  );

  app.post(
    `/api/client/${CLIENT_PAGE_ROUTES.offerApproval}/:token`,
    {
      config,
      schema: {
        tags: ['client pages'],
        operationId: 'answerOfferApprovalPage',
        summary: "Record the client's answer to each offer, as the stylist's review response",
        params: ClientPageParamsSchema,
        body: OfferApprovalBodySchema,
        response: { 200: OfferApprovalDocumentSchema, ...answerErrors },
      },
    },
    async (request, reply) => {
      const document = await answerOfferApprovalPage(
        db,
        request.params.token,
        request.body,
        answerRequest(request),
        deps,
      );
      return privately(reply, document);
    },
  );

  app.get(
    `/api/client/${HUB_ROUTE}/:token`,
    {
      config,
      schema: {
        tags: ['client pages'],
        operationId: 'getHub',
        summary: "The client's hub: every item with its timeline, grouped by what it needs",
        params: ClientPageParamsSchema,
        response: { 200: HubDocumentSchema, ...errors },
      },
    },
    async (request, reply) => privately(reply, await getHub(db, request.params.token, deps)),
  );

  app.post(
    `/api/client/${HUB_ROUTE}/:token/quotes/:quoteId`,
    {
      config,
      schema: {
        tags: ['client pages'],
        operationId: 'actOnHubQuote',
        summary: 'Accept an offer, decline with a reason, or ask the stylist about one item',
        params: HubQuoteParamsSchema,
        body: HubQuoteActionSchema,
        response: { 200: HubDocumentSchema, ...answerErrors },
      },
    },
    async (request, reply) => {
      const document = await actOnHubQuote(
        db,
        request.params.token,
        { quoteId: request.params.quoteId, action: request.body },
        answerRequest(request),
        deps,
      );
      return privately(reply, document);
    },
  );

  app.post(
    NEW_LINK_API_PATH,
    {
      config: { access: 'public' as const, rateLimit: NEW_LINK_RATE },
      schema: {
        tags: ['client pages'],
        operationId: 'requestHubLink',
        summary: '"Send me a new link": emails a fresh hub link to a client\'s own address',
        body: NewLinkBodySchema,
        response: { 202: NewLinkAnswerSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await requestNewLink(db, request.body.email, { publicUrl })),
  );
};
