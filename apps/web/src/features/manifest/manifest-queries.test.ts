import { endpointUrl } from '@atelier/contract';
import { describe, expect, test } from 'vitest';
import { MANIFEST_TOKEN } from './manifest-test-data.ts';
import {
  manifestCall,
  resolveManifestSource,
  type ReadableManifestSource,
} from './manifest-queries.ts';

/** The address the manifest page asks for `source`. */
function shipmentDocumentPath(source: ReadableManifestSource) {
  const { endpoint, query } = manifestCall(source);
  return endpointUrl(endpoint, undefined, query);
}

describe('manifest source', () => {
  test('a shipment id reads the stylist endpoint when signed in, else asks for sign-in', () => {
    expect(resolveManifestSource('12', true)).toEqual({ kind: 'stylist', shipmentId: 12 });
    expect(resolveManifestSource('12', false)).toEqual({ kind: 'sign-in-required' });
    expect(shipmentDocumentPath({ kind: 'stylist', shipmentId: 12 })).toBe(
      '/api/stylist/white-glove-quotes?shipment-id=12',
    );
  });

  test('a link token reads the client endpoint, signed in or not', () => {
    for (const isSignedIn of [false, true]) {
      expect(resolveManifestSource(MANIFEST_TOKEN, isSignedIn)).toEqual({
        kind: 'client',
        token: MANIFEST_TOKEN,
      });
    }
    expect(shipmentDocumentPath({ kind: 'client', token: MANIFEST_TOKEN })).toBe(
      `/api/client/white-glove-quotes?shipment-id=${MANIFEST_TOKEN}`,
    );
  });

  test.each([undefined, '', '0', '012', '-3', '1.5', '2147483648', 'abc', `${MANIFEST_TOKEN}x`])(
    '%j is not a manifest link',
    (value) => {
      expect(resolveManifestSource(value, true)).toEqual({ kind: 'invalid' });
    },
  );
});
