/**
 * The one way the server buys a shipping label (ARCHITECTURE.md "Integrations"): the embedded
 * local provider draws real PDFs offline; the EasyPost adapter buys them from a carrier.
 */

export interface PostalAddress {
  /** The person (or the warehouse's name). */
  name: string;
  company: string | null;
  street1: string;
  street2: string | null;
  city: string;
  /** Two-letter US state. */
  state: string;
  postalCode: string;
  /** ISO 3166 alpha-2. */
  country: string;
  phone: string | null;
  email: string | null;
}

export interface LabelRequest {
  /** Our reference for the parcel (printed on the label, sent to the carrier as a reference). */
  reference: string;
  from: PostalAddress;
  to: PostalAddress;
  parcel: {
    itemCount: number;
    /** Estimated weight in ounces. */
    weightOz: number;
  };
}

export interface PurchasedLabel {
  /** Carrier name as printed, e.g. "USPS". */
  carrier: string;
  /** Service level, e.g. "Priority Mail". */
  service: string;
  trackingNumber: string;
  /** A 4x6 inch PDF, ready to print. */
  labelPdf: Buffer;
  /** The same label as a PNG (the manifest's thumbnail and the label page). */
  labelPng: Buffer;
  /** The provider's own id for the shipment, for support and refunds; null for the local one. */
  providerShipmentId: string | null;
}

export interface ShippingProvider {
  readonly name: 'local' | 'easypost';
  createLabel(request: LabelRequest): Promise<PurchasedLabel>;
}

/** The provider could not make a label; `message` is safe to show the stylist. */
export class ShippingProviderError extends Error {
  override name = 'ShippingProviderError';
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
  }
}
