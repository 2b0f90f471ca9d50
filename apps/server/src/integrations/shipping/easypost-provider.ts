import EasyPostClient, { type IRate, type IShipment } from '@easypost/api';
import {
  ShippingProviderError,
  type LabelRequest,
  type PostalAddress,
  type PurchasedLabel,
  type ShippingProvider,
} from './shipping-provider.ts';

/**
 * The carrier adapter (ARCHITECTURE.md "Integrations"), through EasyPost's official SDK: it
 * creates a shipment, buys its cheapest rate, and downloads the label as PNG and as PDF.
 */

export interface EasyPostShippingOptions {
  apiKey: string;
  /** Another API host, e.g. a recorded-response server in tests; EasyPost's own by default. */
  apiUrl?: string | null;
  /** For each API call and each label download. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const UNAVAILABLE = 'The shipping service is unavailable right now. Please try again in a minute.';

export function createEasyPostShippingProvider({
  apiKey,
  apiUrl = null,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: EasyPostShippingOptions): ShippingProvider {
  const client = new EasyPostClient(apiKey, {
    ...(apiUrl ? { baseUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/` } : {}),
    // The SDK (8.9) keeps its `timeout` option without applying it, so the requests get one here.
    requestMiddleware: (request: { timeout: (limits: object) => unknown }) =>
      request.timeout({ response: timeoutMs, deadline: timeoutMs }),
  });

  return {
    name: 'easypost',
    async createLabel(request: LabelRequest): Promise<PurchasedLabel> {
      let purchased: IShipment | null = null;
      try {
        const shipment = await client.Shipment.create(toShipmentParams(request));
        purchased = await client.Shipment.buy(shipment.id, cheapestRate(shipment));
        // Labels are made as PNG; the PDF is a conversion of the PNG (the reverse is not offered).
        const converted = await client.Shipment.convertLabelFormat(purchased.id, 'PDF');
        const [labelPng, labelPdf] = await Promise.all([
          download(purchased.postage_label.label_url, 'png', timeoutMs),
          download(converted.postage_label.label_pdf_url, 'pdf', timeoutMs),
        ]);
        return {
          carrier: purchased.selected_rate.carrier,
          service: readableService(purchased.selected_rate.service),
          trackingNumber: purchased.tracking_code,
          labelPdf,
          labelPng,
          providerShipmentId: purchased.id,
        };
      } catch (error) {
        throw toProviderError(error, purchased?.id ?? null);
      }
    },
  };
}

function toShipmentParams(request: LabelRequest) {
  return {
    reference: request.reference,
    from_address: toAddress(request.from),
    to_address: toAddress(request.to),
    parcel: {
      ...boxFor(request.parcel.itemCount),
      // Ounces, to a tenth; carriers refuse a weight of zero.
      weight: Math.max(1, Math.round(request.parcel.weightOz * 10) / 10),
    },
    options: { label_format: 'PNG', label_size: '4x6' },
  };
}

function toAddress(address: PostalAddress) {
  return {
    name: address.name,
    company: address.company ?? undefined,
    street1: address.street1,
    street2: address.street2 ?? undefined,
    city: address.city,
    state: address.state,
    zip: address.postalCode,
    country: address.country,
    phone: address.phone ?? undefined,
    email: address.email ?? undefined,
  };
}

/** The boxes items travel in, in inches, by how many items share one. */
function boxFor(itemCount: number) {
  if (itemCount <= 2) return { length: 12, width: 10, height: 6 };
  if (itemCount <= 6) return { length: 16, width: 12, height: 8 };
  return { length: 20, width: 16, height: 12 };
}

function cheapestRate(shipment: IShipment): IRate {
  const [first, ...others] = shipment.rates ?? [];
  if (!first) {
    const reasons = (shipment.messages ?? []).map((message) => message.message).filter(Boolean);
    throw new ShippingProviderError(
      reasons[0] ?? 'No carrier offered a rate for this parcel. Check both addresses.',
      { shipmentId: shipment.id, messages: shipment.messages },
    );
  }
  return others.reduce(
    (cheapest, rate) => (Number(rate.rate) < Number(cheapest.rate) ? rate : cheapest),
    first,
  );
}

/** EasyPost names services in CamelCase ("GroundAdvantage"); people read "Ground Advantage". */
function readableService(service: string): string {
  return service.replace(/([a-z])([A-Z0-9])/g, '$1 $2');
}

const SIGNATURES = {
  png: Buffer.from('89504e470d0a1a0a', 'hex'),
  pdf: Buffer.from('%PDF-', 'latin1'),
};

async function download(url: string | null | undefined, kind: 'png' | 'pdf', timeoutMs: number) {
  if (!url) throw new ShippingProviderError(`The carrier sent no ${kind.toUpperCase()} label.`);
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok)
    throw new ShippingProviderError('The label file could not be downloaded. Please try again.', {
      url,
      status: response.status,
    });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!bytes.subarray(0, SIGNATURES[kind].length).equals(SIGNATURES[kind]))
    throw new ShippingProviderError(`The carrier's label is not a ${kind.toUpperCase()} file.`, {
      url,
    });
  return bytes;
}

interface EasyPostApiError {
  message: string;
  statusCode: number;
  code?: string;
}

function isApiError(error: unknown): error is EasyPostApiError {
  return (
    error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode === 'number'
  );
}

/**
 * EasyPost's own message for a request it refused (an address it cannot ship to, a parcel it
 * rejects) helps the stylist; for anything else (our key, its outage, the network) they get a
 * plain "try again". The detail keeps the raw error and, once paid, the shipment id for a refund.
 */
function toProviderError(error: unknown, purchasedShipmentId: string | null) {
  const detail = { cause: error, purchasedShipmentId };
  if (error instanceof ShippingProviderError)
    return new ShippingProviderError(error.message, { ...detail, cause: error.detail ?? error });
  if (isApiError(error) && isStylistFixable(error.statusCode) && error.message)
    return new ShippingProviderError(error.message, detail);
  return new ShippingProviderError(UNAVAILABLE, detail);
}

const isStylistFixable = (status: number) =>
  status >= 400 && status < 500 && ![401, 403, 404, 429].includes(status);
