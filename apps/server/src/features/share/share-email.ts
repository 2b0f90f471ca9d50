import { formatMoney, pluralize, SHARE_LINK_TTL_DAYS } from '@atelier/contract';
import {
  composeEmail,
  greeting,
  quotePictureAttachments,
  quotePictureCid,
  type EmailItem,
} from '../../integrations/mail/compose.ts';
import type { EmailMessage } from '../../integrations/mail/mail.ts';

/** A quote whose offers wait for the client's answer, as the share email lists it. */
export interface SharedItem {
  quoteId: number;
  brand: string;
  name: string;
  /** Dollars; null when there is no such offer. */
  buyout: number | null;
  consignment: number | null;
  /** The first picture's thumbnail in the file storage. */
  thumbnailKey: string | null;
}

export interface ShareEmailInput {
  to: string;
  clientFirstName: string;
  stylist: { firstName: string; name: string; email: string };
  /** The quotes waiting for the client's answer. */
  items: readonly SharedItem[];
  /** "Curated For": the Yes or No to each buyout offer. */
  link: string;
  /** The client's hub: every item with its timeline, both offers side by side. */
  hubLink: string;
  /** "Quote Share": every item, read-only. */
  quoteShareLink: string;
  /** "Approve White Glove Offers", when some offer can be consigned. */
  offerApprovalLink: string | null;
}

function toEmailItem(item: SharedItem): EmailItem {
  return {
    key: String(item.quoteId),
    title: [item.brand, item.name].filter(Boolean).join(' '),
    details: [
      ...(item.buyout === null ? [] : [`Buyout offer: ${formatMoney(item.buyout)}`]),
      ...(item.consignment === null
        ? []
        : [`Consignment estimate: ${formatMoney(item.consignment)}`]),
    ],
    imageCid: quotePictureCid(item),
  };
}

/**
 * The email a stylist's share sends: the items waiting for an answer with their pictures and
 * amounts, and one button. With nothing to answer, the button follows the items instead. An
 * answer reaches the stylist (Reply-To); the product's own address only sends.
 */
export function shareEmail(input: ShareEmailInput): Promise<EmailMessage> {
  const { stylist, items } = input;
  const waiting = items.length;
  const subject =
    waiting > 0
      ? `${stylist.firstName} sent you ${waiting} ${pluralize(waiting, 'offer')}`
      : `${stylist.firstName} shared your quotes`;
  const intro =
    waiting > 0
      ? `${stylist.name} has ${waiting === 1 ? 'an offer for this item' : `offers for these ${waiting} items`}. Tell ${stylist.firstName} which you would like to sell.`
      : `${stylist.name} shared your quotes with you: see where each of your items stands.`;
  return composeEmail(
    {
      subject,
      preview: intro,
      heading: waiting > 0 ? 'Your offers are ready' : 'Your quotes',
      greeting: greeting(input.clientFirstName),
      paragraphs: [intro],
      items: items.map(toEmailItem),
      action:
        waiting > 0
          ? { label: 'Review your offers', url: input.link }
          : { label: 'See your items', url: input.quoteShareLink },
      otherLinks: [
        {
          lead: 'Everything in one place:',
          label: 'your items, their timeline and your offers side by side',
          url: input.hubLink,
        },
        ...(waiting > 0 && input.offerApprovalLink
          ? [
              {
                lead: 'Prefer to consign?',
                label: 'Choose consignment or buyout for each item',
                url: input.offerApprovalLink,
              },
            ]
          : []),
        ...(waiting > 0
          ? [
              {
                lead: 'Follow all your items, answered or not,',
                label: 'on your Quote Share page',
                url: input.quoteShareLink,
              },
            ]
          : []),
      ],
      afterAction: [`The links work for ${SHARE_LINK_TTL_DAYS} days.`],
      footer: `${stylist.name} sent you this through Atelier. Reply to this email to write to ${stylist.firstName}.`,
    },
    {
      to: input.to,
      replyTo: { name: stylist.name, address: stylist.email },
      attachments: quotePictureAttachments(items),
    },
  );
}
