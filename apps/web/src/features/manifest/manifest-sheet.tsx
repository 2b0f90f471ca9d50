import {
  MANIFEST_LABEL_THUMBNAIL_WIDTH,
  pluralize,
  type ManifestClient,
  type PaymentMethod,
  type QuoteResource,
  type ShipmentDocument,
  type StylistAddress,
} from '@atelier/contract';
import { useId } from 'react';
import { formatDate } from '../../lib/format.ts';
import { Barcode } from './barcode.tsx';
import classes from './manifest-sheet.module.css';

export const MANIFEST_HEADING = 'Stylist White Glove Manifest';
export const PICKED_UP_TEXT = 'Picked up in person';

const PAYMENT_METHOD_TEXT: Readonly<Record<PaymentMethod, string>> = {
  check: 'Check',
  paypal: 'PayPal',
};

export function paymentMethodText(method: PaymentMethod | null): string {
  return method ? PAYMENT_METHOD_TEXT[method] : 'Not chosen';
}

export function clientFullName(client: Pick<ManifestClient, 'firstName' | 'lastName'>): string {
  return `${client.firstName} ${client.lastName}`.trim();
}

function joinPresent(parts: readonly (string | null | undefined)[], separator: string): string {
  return parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);
}

/** "City, ST 12345": the line US mail expects. */
function cityLine(city: string, state: string, postalCode: string): string {
  return joinPresent([joinPresent([city, state], ', '), postalCode], ' ');
}

function clientAddressLines(client: ManifestClient): string[] {
  return [
    ...client.address.split('\n'),
    cityLine(client.city, client.state, client.postalCode),
    client.country,
  ].filter((line) => line.trim() !== '');
}

function stylistAddressLines(address: StylistAddress): string[] {
  return [
    address.address_1,
    address.address_2 ?? '',
    cityLine(address.city, address.state, address.postal_code),
    address.country,
  ].filter((line) => line.trim() !== '');
}

/**
 * The address the parcel leaves from, as its label says: a label shipment goes from the client's
 * address to the warehouse; a pickup travels with the stylist, so from the stylist's address when
 * one is on file.
 */
export function shippingFromLines(document: ShipmentDocument): string[] {
  const { stylistAddress, client } = document.meta;
  if (document.data.attributes.kind === 'pickup' && stylistAddress) {
    return stylistAddressLines(stylistAddress);
  }
  return clientAddressLines(client);
}

/** The running footer of a printed manifest, so a loose second page still says whose it is. */
export function manifestFooter(document: ShipmentDocument): string {
  const { id, attributes } = document.data;
  return `Stylist White Glove Manifest · Shipment #${id} · ${attributes.clientBarCode}`;
}

/** §2 "Manifest print layout": the sheet packed with the items, laid out for Letter paper. */
export function ManifestSheet({ document }: { document: ShipmentDocument }) {
  const headingId = useId();
  const shipment = document.data.attributes;
  const { client, stylistName } = document.meta;
  const items = document.included;
  const isPickup = shipment.kind === 'pickup';
  const hasLabel = shipment.trackingNumber !== null || shipment.labelImageUrl !== null;

  return (
    <article className={classes.sheet} aria-labelledby={headingId}>
      <header className={classes.masthead}>
        <div>
          <p className={classes.wordmark}>Atelier</p>
          <h2 id={headingId} className={classes.title}>
            {MANIFEST_HEADING}
          </h2>
        </div>
        <dl className={classes.facts}>
          <div>
            <dt>Shipped</dt>
            <dd>{formatDate(shipment.shippedDate)}</dd>
          </div>
          <div>
            <dt>Shipment</dt>
            <dd>#{document.data.id}</dd>
          </div>
        </dl>
      </header>

      <div className={classes.parties}>
        <section className={classes.block} aria-label="Shipping From">
          <h3 className={classes.label}>Shipping From</h3>
          <address className={classes.address}>
            <strong className={classes.stylist}>{stylistName}</strong>
            <span>on behalf of {clientFullName(client)}</span>
            {shippingFromLines(document).map((line, index) => (
              <span key={index}>{line}</span>
            ))}
            <span>{client.email}</span>
          </address>
        </section>

        <div className={classes.sideBlocks}>
          <section className={classes.block} aria-label="Payment Method">
            <h3 className={classes.label}>Payment Method</h3>
            <p className={classes.value}>{paymentMethodText(client.paymentMethod)}</p>
          </section>
          <section className={classes.block} aria-label="Client barcode">
            <h3 className={classes.label}>Client</h3>
            <Barcode value={shipment.clientBarCode} height={48} moduleWidth={1.5} />
          </section>
        </div>
      </div>

      <section className={classes.items} aria-label="Items">
        <h3 className={classes.count}>
          {items.length} {pluralize(items.length, 'ITEM')}
        </h3>
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">
                <span className={classes.visuallyHidden}>Photo</span>
              </th>
              <th scope="col">Item</th>
              <th scope="col">Barcode</th>
              <th scope="col" className={classes.idColumn}>
                ID
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <ItemRow key={item.id} item={item} />
            ))}
          </tbody>
        </table>
      </section>

      {isPickup && (
        <section className={classes.handover} aria-label={PICKED_UP_TEXT}>
          <h3 className={classes.label}>{PICKED_UP_TEXT}</h3>
          <p className={classes.note}>
            The stylist collected these items from {clientFullName(client)}, who signed below.
          </p>
          {shipment.signatureUrl ? (
            <figure className={classes.signatureFigure}>
              <img
                className={classes.signature}
                src={shipment.signatureUrl}
                alt={`Signature of ${clientFullName(client)}`}
              />
              <figcaption className={classes.caption}>
                Signed by {clientFullName(client)} on {formatDate(shipment.shippedDate)}
              </figcaption>
            </figure>
          ) : (
            <p className={classes.note}>No signature on file.</p>
          )}
        </section>
      )}

      {(!isPickup || hasLabel) && (
        <section className={classes.handover} aria-label="Shipping label">
          <h3 className={classes.label}>Shipping Label</h3>
          <div className={classes.labelRow}>
            <dl className={classes.labelFacts}>
              <div>
                <dt>Tracking number</dt>
                <dd className={classes.mono}>{shipment.trackingNumber ?? 'None'}</dd>
              </div>
              <div>
                <dt>Carrier</dt>
                <dd>{joinPresent([shipment.carrier, shipment.shippingMethod], ' · ') || '—'}</dd>
              </div>
            </dl>
            {shipment.labelImageUrl && (
              <img
                className={classes.labelImage}
                src={shipment.labelImageUrl}
                width={MANIFEST_LABEL_THUMBNAIL_WIDTH}
                alt={`Shipping label ${shipment.trackingNumber ?? ''}`.trim()}
              />
            )}
          </div>
        </section>
      )}
    </article>
  );
}

function ItemRow({ item }: { item: QuoteResource }) {
  const { brand, name, barCode } = item.attributes;
  const imageUrl = item.attributes.thumbnail_url ?? item.attributes.images[0]?.thumbnailUrl;
  return (
    <tr className={classes.row} aria-label={`${brand} ${name}`}>
      <td className={classes.photoCell}>
        {imageUrl ? (
          <img className={classes.photo} src={imageUrl} alt="" width={64} height={64} />
        ) : (
          <span className={classes.placeholder} role="img" aria-label="No photo">
            No photo
          </span>
        )}
      </td>
      <td>
        <span className={classes.brand}>{brand}</span>
        <span className={classes.name}>{name}</span>
      </td>
      <td>
        <Barcode value={barCode} height={36} />
      </td>
      <td className={classes.idColumn}>
        <span className={classes.mono}>#{item.id}</span>
      </td>
    </tr>
  );
}
