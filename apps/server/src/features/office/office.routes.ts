import { hasOfficeRight, officeApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { claimItem, releaseItem } from './office-claims.service.ts';
import { getOfficeMe } from './office-me.service.ts';
import { listQueue } from './office-queues.service.ts';
import type { OfficeSettings } from './office-settings.ts';

/** The back office's workbench (/office): the company's staff, each call within their rights. */
export const officeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  settings: OfficeSettings;
}> = async (app, { db, storage, settings }) => {
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
};
