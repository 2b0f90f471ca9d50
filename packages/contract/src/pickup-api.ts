import { ClientIdParamsSchema } from './params.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
import {
  CompletePickupBodySchema,
  ManifestQuerySchema,
  PublicManifestQuerySchema,
  ShareAnswerSchema,
  ShareBodySchema,
  ShipmentDocumentSchema,
  ShippingLabelBodySchema,
  ShippingLabelDocumentSchema,
} from './pickup.ts';
const shippingErrors = {
  400: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  502: ErrorBodySchema,
};

export const pickupApi = endpoints('pickup', {
  recordPickup: {
    method: 'POST',
    path: '/api/stylist/white-glove-quotes/complete',
    summary: "Record a pickup of a client's accepted items, signed by the client",
    body: CompletePickupBodySchema,
    responses: { 200: ShipmentDocumentSchema, ...shippingErrors },
  },
  buyShippingLabel: {
    method: 'POST',
    path: '/api/stylist/clients/:clientId/shipping-label',
    summary: "Buy a label for a client's accepted items and record the parcel",
    params: ClientIdParamsSchema,
    body: ShippingLabelBodySchema,
    responses: { 201: ShippingLabelDocumentSchema, ...shippingErrors },
  },
  getShipmentManifest: {
    method: 'GET',
    path: '/api/stylist/white-glove-quotes',
    summary: "One of the stylist's shipments as its manifest",
    query: ManifestQuerySchema,
    responses: { 200: ShipmentDocumentSchema, 404: ErrorBodySchema },
  },
  getPublicManifest: {
    method: 'GET',
    path: '/api/client/white-glove-quotes',
    access: 'public',
    summary: 'A manifest opened through its public print link',
    query: PublicManifestQuerySchema,
    responses: { 200: ShipmentDocumentSchema, 404: ErrorBodySchema },
  },
});

export const shareApi = endpoints('share', {
  shareQuotes: {
    method: 'POST',
    path: '/api/stylist/share',
    summary: 'Email the client a new link to their quotes',
    body: ShareBodySchema,
    responses: { 200: ShareAnswerSchema, 404: ErrorBodySchema },
  },
});
