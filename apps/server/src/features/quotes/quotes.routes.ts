import { QUOTE_IMAGE_MAX_BYTES, quotesApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import type { Uploads } from '../../lib/multipart.ts';
import { route } from '../../lib/route.ts';
import { answerMoreInfo } from './answer-more-info.service.ts';
import { getDesignerDirectory } from './designer-directory.service.ts';
import { uploadQuoteImage } from './quote-images.service.ts';
import { createQuote, listClientQuotes, recordResponses } from './quotes.service.ts';

export const quotesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  sites: SiteUrls;
  uploads: Uploads;
}> = async (app, { db, storage, sites, uploads }) => {
  const links = { storage, sites };

  route(app, quotesApi.getDesignerDirectory, () => getDesignerDirectory(db));

  route(app, quotesApi.uploadQuoteImage, async (request, reply) => {
    const actor = requireStylist(request);
    const uploaded = await uploads.withForm(
      request,
      { fields: [], files: ['image'], maxFileBytes: QUOTE_IMAGE_MAX_BYTES },
      (form) => uploadQuoteImage(db, actor, { image: form.files.image }, storage),
    );
    return reply.code(201).send(uploaded);
  });

  route(app, quotesApi.createQuote, async (request, reply) =>
    reply.code(201).send(await createQuote(db, requireStylist(request), request.body, links)),
  );

  route(app, quotesApi.listClientQuotes, (request) =>
    listClientQuotes(db, requireStylist(request), request.params.clientId, links),
  );

  route(app, quotesApi.recordClientAnswers, (request) =>
    recordResponses(
      db,
      requireStylist(request),
      { clientId: request.params.clientId, answers: request.body.data },
      links,
    ),
  );

  route(app, quotesApi.answerMoreInfo, (request) =>
    answerMoreInfo(
      db,
      requireStylist(request),
      { quoteId: request.params.quoteId, answer: request.body },
      links,
    ),
  );
};
