import type { EmailMessage } from '../../integrations/mail/mail.ts';
import { composeEmail, greeting } from '../../integrations/mail/compose.ts';

export interface ShiplistEmailInput {
  to: string;
  clientFirstName: string;
  stylistName: string;
  itemCount: number;
  carrier: string;
  service: string;
  trackingNumber: string;
  /** The public manifest print page, `/quotes/{token}/print`. */
  printLink: string;
  /** The ship list PDF in the file storage, attached when the email is delivered. */
  shiplistKey: string;
}

const items = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** The email that sends a client the ship list of a parcel their stylist made a label for. */
export function shiplistEmail(input: ShiplistEmailInput): Promise<EmailMessage> {
  const made = `${input.stylistName} created a shipping label for ${items(input.itemCount)} of yours.`;
  return composeEmail(
    {
      subject: `Your ship list for ${items(input.itemCount)}`,
      preview: made,
      heading: 'Your ship list',
      greeting: greeting(input.clientFirstName),
      paragraphs: [
        made,
        `Tracking number: ${input.trackingNumber} (${input.carrier} ${input.service})`,
        'The ship list is attached: print it and put it in the box with your items.',
      ],
      action: { label: 'Print the manifest', url: input.printLink },
    },
    {
      to: input.to,
      attachments: [{ filename: 'ship-list.pdf', storageKey: input.shiplistKey }],
    },
  );
}
