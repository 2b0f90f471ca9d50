import { pickupApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type {
  PostalAddress,
  ShippingProvider,
} from '../../integrations/shipping/shipping-provider.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { route } from '../../lib/route.ts';
import { getManifest, getPublicManifest } from './manifest.service.ts';
import { completePickup } from './pickup.service.ts';
import { createShippingLabel } from './shipping-label.service.ts';

export const pickupRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  sites: SiteUrls;
  provider: ShippingProvider;
  warehouse: PostalAddress;
  /** The address the web is served at, for links in emails. */
  publicUrl: string;
}> = async (app, { db, storage, sites, provider, warehouse, publicUrl }) => {
  const links = { storage, sites };

  route(app, pickupApi.recordPickup, (request) =>
    completePickup(db, requireStylist(request), request.body, {
      ...links,
      provider,
      warehouse,
      log: request.log,
    }),
  );

  route(app, pickupApi.buyShippingLabel, async (request, reply) => {
    const label = await createShippingLabel(
      db,
      requireStylist(request),
      { clientId: request.params.clientId, ...request.body },
      { storage, provider, warehouse, publicUrl, log: request.log },
    );
    return reply.code(201).send(label);
  });

  route(app, pickupApi.getShipmentManifest, (request) =>
    getManifest(db, requireStylist(request), request.query['shipment-id'], links),
  );

  route(app, pickupApi.getPublicManifest, async (request, reply) => {
    const manifest = await getPublicManifest(db, request.query['shipment-id'], links);
    // Names and addresses behind a link: no shared cache may keep them.
    return reply.header('cache-control', 'private, no-store').send(manifest);
  });
};
