import {
  CURATED_ANSWER_FIELD,
  CuratedAnswerBodySchema,
  clientPagesApi,
  hubApi,
} from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError, FieldErrors } from '../../lib/app-error.ts';
import type { Uploads } from '../../lib/multipart.ts';
import { route } from '../../lib/route.ts';
import {
  answerCuratedPage,
  answerOfferApprovalPage,
  getCuratedPage,
  getOfferApprovalPage,
  getQuoteSharePage,
  type AnswerRequest,
  type CuratedAnswers,
} from './client-pages.service.ts';
import { openEventStream, STREAM_TIMING, type NotificationHub } from '../notifications/index.ts';
import { actOnHubQuote, getHub, requestNewLink, requireHubLink } from './hub.service.ts';

/** "Send me a new link" from one address: a few tries, then a pause (every instance counts). */
const NEW_LINK_RATE = { max: 5, timeWindow: '15 minutes' };

/** The answers of the "Curated For" page are a few short items: far under this. */
const CURATED_FIELD_MAX_BYTES = 16 * 1024;

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
  /** Feeds the open hubs' live stream. */
  hub: NotificationHub;
}> = async (app, { db, storage, sites, publicUrl, rateLimitMax, uploads, hub }) => {
  const deps = { storage, sites, publicUrl };
  const config = {
    // One count per address across the three pages and their answers.
    rateLimit: { max: rateLimitMax, timeWindow: '1 minute', groupId: 'client-pages' },
  };

  route(
    app,
    clientPagesApi.getCuratedPage,
    async (request, reply) =>
      privately(reply, await getCuratedPage(db, request.params.token, deps)),
    { config },
  );

  route(
    app,
    clientPagesApi.answerCuratedPage,
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
    { config },
  );

  route(
    app,
    clientPagesApi.getQuoteSharePage,
    async (request, reply) =>
      privately(reply, await getQuoteSharePage(db, request.params.token, deps)),
    { config },
  );

  route(
    app,
    clientPagesApi.getOfferApprovalPage,
    async (request, reply) =>
      privately(reply, await getOfferApprovalPage(db, request.params.token, deps)),
    { config },
  );

  route(
    app,
    clientPagesApi.answerOfferApprovalPage,
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
    { config },
  );

  route(
    app,
    hubApi.getHub,
    async (request, reply) => privately(reply, await getHub(db, request.params.token, deps)),
    { config },
  );

  route(
    app,
    hubApi.actOnHubQuote,
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
    { config },
  );

  // The open hub follows its items' changes; the stream ends when its link expires.
  route(
    app,
    hubApi.streamHub,
    async (request, reply) => {
      const link = await requireHubLink(db, request.params.token);
      const stream = openEventStream(request, reply, {
        ...STREAM_TIMING,
        endsAt: link.expiresAt.getTime(),
      });
      stream.onClose(hub.subscribeClient(link.clientId, stream));
    },
    { config },
  );

  route(
    app,
    hubApi.requestHubLink,
    async (request, reply) =>
      reply.code(202).send(await requestNewLink(db, request.body.email, { publicUrl })),
    { config: { rateLimit: NEW_LINK_RATE } },
  );
};
