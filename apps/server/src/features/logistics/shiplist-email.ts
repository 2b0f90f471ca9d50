import type { EmailMessage } from '../../integrations/mail/mail.ts';
import { greeting, htmlEmail } from '../../integrations/mail/compose.ts';
import { escapeHtml } from '../../lib/html.ts';

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
export function shiplistEmail(input: ShiplistEmailInput): EmailMessage {
  const hello = greeting(input.clientFirstName);
  const made = `${input.stylistName} created a shipping label for ${items(input.itemCount)} of yours.`;
  const tracking = `Tracking number: ${input.trackingNumber} (${input.carrier} ${input.service})`;
  const attached = 'The ship list is attached: print it and put it in the box with your items.';
  const text = [
    hello,
    '',
    made,
    tracking,
    '',
    attached,
    `Print the manifest: ${input.printLink}`,
    '',
  ].join('\n');
  const html = htmlEmail('Your ship list', [
    escapeHtml(hello),
    `${escapeHtml(made)}<br>${escapeHtml(tracking)}`,
    escapeHtml(attached),
    `<a href="${escapeHtml(input.printLink)}">Print the manifest</a>`,
  ]);
  return {
    to: input.to,
    subject: `Your ship list for ${items(input.itemCount)}`,
    text,
    html,
    attachments: [{ filename: 'ship-list.pdf', storageKey: input.shiplistKey }],
  };
}
