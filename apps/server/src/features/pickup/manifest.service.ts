import type { ShipmentDocument } from '@atelier/contract';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findAccessLink } from '../links/index.ts';
import type { QuoteLinkDeps } from '../quotes/index.ts';
import { loadShipmentDocument } from './shipment-resource.ts';

const manifestNotFound = () => AppError.notFound('Manifest');

/** One of the signed-in stylist's shipments as its manifest; another stylist's is as missing. */
export async function getManifest(
  db: Db,
  actor: StylistActor,
  shipmentId: number,
  deps: QuoteLinkDeps,
): Promise<ShipmentDocument> {
  const document = await loadShipmentDocument(db, { shipmentId, stylistId: actor.stylistId }, deps);
  if (!document) throw manifestNotFound();
  return document;
}

/**
 * The manifest a public print link opens. An unknown, expired or revoked token answers exactly
 * as a shipment that does not exist.
 */
export async function getPublicManifest(
  db: Db,
  token: string,
  deps: QuoteLinkDeps,
): Promise<ShipmentDocument> {
  const link = await findAccessLink(db, 'manifest', token);
  if (!link || link.shipmentId === null) throw manifestNotFound();
  const document = await loadShipmentDocument(db, { shipmentId: link.shipmentId }, deps);
  if (!document) throw manifestNotFound();
  return document;
}
