import { ACCESS_TOKEN_PATTERN, pickupApi, type ShipmentDocument } from '@atelier/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client.ts';
import { freshWhileFileLinksWork } from '../../lib/file-link-freshness.ts';
import { useSession } from '../../lib/use-session.ts';

/**
 * Where a manifest's data comes from (§6): a shipment id reads the stylist endpoint, which needs
 * a signed-in stylist; a link token reads the public client endpoint.
 */
export type ManifestSource =
  | { kind: 'stylist'; shipmentId: number }
  | { kind: 'client'; token: string }
  /** A shipment id without a signed-in stylist: only its stylist may open it. */
  | { kind: 'sign-in-required' }
  | { kind: 'invalid' };

export const INVALID_MANIFEST_LINK_TEXT = 'This manifest link is not valid.';
export const SIGN_IN_FOR_MANIFEST_TEXT = 'Sign in to open this manifest.';
export const MANIFEST_NOT_FOUND_TEXT = "We couldn't find this manifest.";

// Shipment ids are positive 32-bit integers (the contract's ShipmentIdParamsSchema).
const SHIPMENT_ID_PATTERN = /^[1-9]\d{0,9}$/;
const MAX_SHIPMENT_ID = 2_147_483_647;

export function resolveManifestSource(
  idOrToken: string | undefined,
  isSignedIn: boolean,
): ManifestSource {
  const value = idOrToken ?? '';
  if (SHIPMENT_ID_PATTERN.test(value) && Number(value) <= MAX_SHIPMENT_ID) {
    return isSignedIn
      ? { kind: 'stylist', shipmentId: Number(value) }
      : { kind: 'sign-in-required' };
  }
  if (ACCESS_TOKEN_PATTERN.test(value)) return { kind: 'client', token: value };
  return { kind: 'invalid' };
}

export type ReadableManifestSource = Extract<ManifestSource, { kind: 'stylist' | 'client' }>;

export const manifestKeys = {
  all: ['manifest'] as const,
  document: (source: ReadableManifestSource) =>
    source.kind === 'stylist'
      ? ([...manifestKeys.all, 'stylist', source.shipmentId] as const)
      : ([...manifestKeys.all, 'client', source.token] as const),
};

/** §7: the stylist's manifest call for a shipment id, the public one for a link token. */
export function manifestCall(source: ReadableManifestSource) {
  return source.kind === 'stylist'
    ? { endpoint: pickupApi.getShipmentManifest, query: { 'shipment-id': source.shipmentId } }
    : { endpoint: pickupApi.getPublicManifest, query: { 'shipment-id': source.token } };
}

function isReadable(source: ManifestSource): source is ReadableManifestSource {
  return source.kind === 'stylist' || source.kind === 'client';
}

export function shipmentDocumentQueryOptions(source: ManifestSource) {
  return queryOptions<ShipmentDocument>({
    queryKey: isReadable(source) ? manifestKeys.document(source) : [...manifestKeys.all, 'none'],
    queryFn: isReadable(source)
      ? ({ signal }) => {
          const { endpoint, query } = manifestCall(source);
          return api(endpoint, { query, signal });
        }
      : skipToken,
    // A shipped parcel's manifest does not change; it is fetched again only for fresh photo links.
    staleTime: freshWhileFileLinksWork(Infinity),
  });
}

/** The manifest of a shipment id (signed in) or a link token (anyone), and where it came from. */
export function useShipmentDocument(idOrToken: string | undefined) {
  const { status } = useSession();
  const source = resolveManifestSource(idOrToken, status === 'active');
  const query = useQuery(shipmentDocumentQueryOptions(source));
  return { source, query };
}

/** A 404 means no such shipment, or a link that expired: both read as not found. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
