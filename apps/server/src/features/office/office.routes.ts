import { hasOfficeRight, officeApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor.ts';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { openEventStream, STREAM_TIMING, type NotificationHub } from '../notifications/index.ts';
import { claimItem, releaseItem } from './office-claims.service.ts';
import { addOfficeNote, decideOfficeItem, getOfficeItem } from './office-item.service.ts';
import { getOfficeMe } from './office-me.service.ts';
import { getPriceGuidance } from './office-pricing.service.ts';
import { getClientRecord, getStylistRecord, revokeRecordLinks } from './office-records.service.ts';
import { listQueue } from './office-queues.service.ts';
import { getOfficeReport, officeReportCsv } from './office-reports.service.ts';
import { resolveSecondOpinion } from './office-second-opinion.service.ts';
import { receiveScan } from './office-receiving.service.ts';
import type { OfficeSettings } from './office-settings.ts';

/** The back office's workbench (/office): the company's staff, each call within their rights. */
export const officeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  sites: SiteUrls;
  /** OFFER_EXPIRY_DAYS */
  offerExpiryDays: number;
  settings: OfficeSettings;
  /** Feeds the staff's live stream (GET /api/office/stream). */
  hub: NotificationHub;
}> = async (app, { db, storage, sites, offerExpiryDays, settings, hub }) => {
  const itemDeps = { storage, sites, offerExpiryDays, settings };
  route(app, officeApi.getOfficeMe, (request) =>
    getOfficeMe(db, requireActor(request).userId, settings),
  );

  route(app, officeApi.listQueue, (request) =>
    listQueue(
      db,
      {
        stage: request.params.stage,
        filters: request.query,
        userId: requireActor(request).userId,
      },
      { storage, settings },
    ),
  );

  route(app, officeApi.claimItem, (request) => {
    const actor = requireActor(request);
    // Naming someone (even oneself) is operations' reassignment: it takes the item from its holder.
    const assigns = request.body.userId !== undefined;
    if (assigns && !hasOfficeRight(actor.role, 'reassign')) {
      throw AppError.forbidden('Only operations may assign items to someone else.');
    }
    return claimItem(
      db,
      {
        quoteId: request.params.quoteId,
        userId: request.body.userId ?? actor.userId,
        role: actor.role,
        force: assigns,
      },
      settings,
    );
  });

  route(app, officeApi.releaseItem, (request) => {
    const actor = requireActor(request);
    return releaseItem(
      db,
      {
        quoteId: request.params.quoteId,
        userId: actor.userId,
        force: hasOfficeRight(actor.role, 'reassign'),
      },
      settings,
    );
  });

  route(app, officeApi.getItem, (request) =>
    getOfficeItem(db, requireActor(request), request.params.quoteId, itemDeps),
  );

  route(app, officeApi.decideItem, (request) =>
    decideOfficeItem(
      db,
      requireActor(request),
      { quoteId: request.params.quoteId, decision: request.body },
      itemDeps,
    ),
  );

  route(app, officeApi.addItemNote, async (request, reply) => {
    const note = await addOfficeNote(db, requireActor(request), {
      quoteId: request.params.quoteId,
      text: request.body.text,
    });
    return reply.code(201).send(note);
  });

  route(app, officeApi.resolveSecondOpinion, (request) =>
    resolveSecondOpinion(
      db,
      requireActor(request),
      { quoteId: request.params.quoteId, ...request.body },
      itemDeps,
    ),
  );

  route(app, officeApi.receiveScan, (request) =>
    receiveScan(
      db,
      requireActor(request),
      { code: request.body.code, ipAddress: request.ip },
      { offerExpiryDays },
    ),
  );

  route(app, officeApi.getPriceGuidance, (request) =>
    getPriceGuidance(db, requireActor(request), request.params.quoteId, { storage }),
  );

  // Records (issue 30, item 9): where the spec's admin links lead.
  route(app, officeApi.getClientRecord, (request) =>
    getClientRecord(db, request.params.clientId, settings),
  );
  route(app, officeApi.revokeClientRecordLinks, (request) =>
    revokeRecordLinks(db, requireActor(request), request.params.clientId),
  );
  route(app, officeApi.getStylistRecord, (request) =>
    getStylistRecord(db, request.params.stylistId, settings),
  );

  // Live (item 12): one stream per open page of a staff member; EventSource sends no headers, so
  // the stream alone takes the API token in its query.
  route(
    app,
    officeApi.streamOffice,
    (request, reply) => {
      const { sessionId, tokenExpiresAt } = requireActor(request);
      const stream = openEventStream(request, reply, {
        ...STREAM_TIMING,
        endsAt: tokenExpiresAt ?? null,
      });
      stream.onClose(hub.subscribeOffice(sessionId, stream));
    },
    { config: { acceptsQueryToken: true } },
  );

  // Reports (§11): the same figures as JSON and as a CSV download.
  route(app, officeApi.getOfficeReport, (request) => getOfficeReport(db, request.query, settings));

  route(app, officeApi.exportOfficeReport, async (request, reply) => {
    const { filename, csv } = officeReportCsv(await getOfficeReport(db, request.query, settings));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
