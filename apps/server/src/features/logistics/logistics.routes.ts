import {
  ClientIdParamsSchema,
  CompletePickupBodySchema,
  ErrorBodySchema,
  ManifestQuerySchema,
  PublicManifestQuerySchema,
  ShipmentDocumentSchema,
  ShippingLabelBodySchema,
  ShippingLabelDocumentSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type {
  PostalAddress,
  ShippingProvider,
} from '../../integrations/shipping/shipping-provider.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { getManifest, getPublicManifest } from './manifest.service.ts';
import { completePickup } from './pickup.service.ts';
import { createShippingLabel } from './shipping-label.service.ts';

export const logisticsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  sites: SiteUrls;
  provider: ShippingProvider;
  warehouse: PostalAddress;
  /** The address the web is served at, for links in emails. */
  publicUrl: string;
}> = async (app, { db, storage, sites, provider, warehouse, publicUrl }) => {
  const links = { storage, sites };

  app.post(
    '/api/stylist/white-glove-quotes/complete',
    {
      schema: {
        tags: ['logistics'],
        operationId: 'recordPickup',
        summary: "Record a pickup of a client's accepted items, signed by the client",
        body: CompletePickupBodySchema,
        response: {
          200: ShipmentDocumentSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          502: ErrorBodySchema,
        },
      },
    },
    (request) =>
      completePickup(db, requireStylist(request), request.body, {
        ...links,
        provider,
        warehouse,
        log: request.log,
      }),
  );

  app.post(
    '/api/stylist/clients/:clientId/shipping-label',
    {
      schema: {
        tags: ['logistics'],
        operationId: 'buyShippingLabel',
        summary: "Buy a label for a client's accepted items and record the parcel",
        params: ClientIdParamsSchema,
        body: ShippingLabelBodySchema,
        response: {
          201: ShippingLabelDocumentSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          502: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const label = await createShippingLabel(
        db,
        requireStylist(request),
        { clientId: request.params.clientId, ...request.body },
        { storage, provider, warehouse, publicUrl, log: request.log },
      );
      return reply.code(201).send(label);
    },
  );

  app.get(
    '/api/stylist/white-glove-quotes',
    {
      schema: {
        tags: ['logistics'],
        operationId: 'getShipmentManifest',
        summary: "One of the stylist's shipments as its manifest",
        querystring: ManifestQuerySchema,
        response: { 200: ShipmentDocumentSchema, 404: ErrorBodySchema },
      },
    },
    (request) => getManifest(db, requireStylist(request), request.query['shipment-id'], links),
  );

  app.get(
    '/api/client/white-glove-quotes',
    {
      config: { access: 'public' },
      schema: {
        tags: ['logistics'],
        operationId: 'getPublicManifest',
        summary: 'A manifest opened through its public print link',
        querystring: PublicManifestQuerySchema,
        response: { 200: ShipmentDocumentSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const manifest = await getPublicManifest(db, request.query['shipment-id'], links);
      // Names and addresses behind a link: no shared cache may keep them.
      return reply.header('cache-control', 'private, no-store').send(manifest);
    },
  );
};
