import type { ShippingLabel } from '@atelier/contract';

export function shippingLabel(overrides: Partial<ShippingLabel> = {}): ShippingLabel {
  return {
    shipment_id: 52,
    tracking_number: '9400111899223344556677',
    carrier: 'USPS',
    shipping_method: 'Priority Mail',
    warehouse: 'Atelier Warehouse, 200 Dock St, Newark, NJ 07105',
    label_url: '/files/labels/52.pdf',
    label_image_url: '/files/labels/52.png',
    shiplistPDFLink: '/files/shiplists/52.pdf',
    emailed_client: false,
    ...overrides,
  };
}
