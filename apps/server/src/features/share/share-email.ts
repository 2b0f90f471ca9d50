import { SHARE_LINK_TTL_DAYS } from '@atelier/contract';
import type { EmailMessage } from '../../integrations/mail/mail.ts';
import { greeting, htmlEmail } from '../../integrations/mail/compose.ts';
import { escapeHtml } from '../../lib/html.ts';

export interface ShareEmailInput {
  to: string;
  clientFirstName: string;
  stylistFirstName: string;
  stylistName: string;
  /** Quotes with offers waiting for the client's answer. */
  awaitingAnswer: number;
  /** "Curated For": the Yes or No to each buyout offer. */
  link: string;
  /** "Quote Share": every item, read-only. */
  quoteShareLink: string;
  /** "Approve White Glove Offers", when some offer can be consigned. */
  offerApprovalLink: string | null;
}

function awaitingLine(count: number): string {
  if (count === 0) return 'Open the link to see where each of your items stands.';
  if (count === 1) return '1 quote is waiting for your answer.';
  return `${count} quotes are waiting for your answer.`;
}

/** The email a stylist's share sends: who shared, how many answers are wanted, and the link. */
export function shareEmail(input: ShareEmailInput): EmailMessage {
  const hello = greeting(input.clientFirstName);
  const shared = `${input.stylistName} shared your quotes with you.`;
  const awaiting = awaitingLine(input.awaitingAnswer);
  const validity = `The links work for ${SHARE_LINK_TTL_DAYS} days.`;
  const links = [
    { label: 'See your quotes', url: input.link },
    { label: 'Follow all your items', url: input.quoteShareLink },
    ...(input.offerApprovalLink
      ? [
          {
            label: 'Prefer to consign? Choose consignment or buyout for each item',
            url: input.offerApprovalLink,
          },
        ]
      : []),
  ];
  const text = [
    hello,
    '',
    `${shared} ${awaiting}`,
    '',
    ...links.flatMap((link) => [`${link.label}: ${link.url}`, '']),
    validity,
    '',
  ].join('\n');
  const html = htmlEmail(`${input.stylistFirstName} shared your quotes`, [
    escapeHtml(hello),
    `${escapeHtml(shared)} ${escapeHtml(awaiting)}`,
    ...links.map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`),
    escapeHtml(validity),
  ]);
  return {
    to: input.to,
    subject: `${input.stylistFirstName} shared your quotes`,
    text,
    html,
  };
}
