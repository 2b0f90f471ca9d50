import { pluralize } from '@atelier/contract';
import {
  composeEmail,
  greeting,
  quotePictureAttachments,
  quotePictureCid,
} from '../../integrations/mail/compose.ts';
import type { EmailMessage } from '../../integrations/mail/mail.ts';
import type { ShipmentStylist } from './shipment-details.ts';

export interface PickupReceiptEmailInput {
  to: string;
  clientFirstName: string;
  stylist: Pick<ShipmentStylist, 'firstName' | 'name' | 'email'>;
  /** When the items were handed over, as the receipt prints it. */
  pickedUpAt: string;
  items: readonly { id: number; brand: string; name: string; thumbnailKey: string | null }[];
  /** The signed receipt PDF in the file storage, attached when the email is delivered. */
  receiptKey: string;
}

/**
 * The email that gives a client the signed receipt of a pickup (issue 20): the items with their
 * pictures, and the receipt PDF attached. An answer reaches the stylist (Reply-To).
 */
export function pickupReceiptEmail(input: PickupReceiptEmailInput): Promise<EmailMessage> {
  const { stylist, items } = input;
  const count = `${items.length} ${pluralize(items.length, 'item')}`;
  const handed = `You handed ${count} to ${stylist.name} on ${input.pickedUpAt}, for resale through Atelier.`;
  const pictures = items.map((item) => ({ quoteId: item.id, thumbnailKey: item.thumbnailKey }));
  return composeEmail(
    {
      subject: `Your pickup receipt: ${count} with ${stylist.firstName}`,
      preview: handed,
      heading: 'Your pickup receipt',
      greeting: greeting(input.clientFirstName),
      paragraphs: [handed, 'Your signed receipt is attached. Keep it for your records.'],
      items: items.map((item) => ({
        key: String(item.id),
        title: [item.brand, item.name].filter(Boolean).join(' '),
        details: [`Quote #${item.id}`],
        imageCid: quotePictureCid({ quoteId: item.id, thumbnailKey: item.thumbnailKey }),
      })),
      footer: `${stylist.name} sent you this through Atelier. Reply to this email to write to ${stylist.firstName}.`,
    },
    {
      to: input.to,
      replyTo: { name: stylist.name, address: stylist.email },
      attachments: [
        { filename: 'pickup-receipt.pdf', storageKey: input.receiptKey },
        ...quotePictureAttachments(pictures),
      ],
    },
  );
}
