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
  link: string;
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
  const validity = `The link works for ${SHARE_LINK_TTL_DAYS} days.`;
  const text = [
    hello,
    '',
    `${shared} ${awaiting}`,
    '',
    `See your quotes: ${input.link}`,
    '',
    validity,
    '',
  ].join('\n');
  const html = htmlEmail(`${input.stylistFirstName} shared your quotes`, [
    escapeHtml(hello),
    `${escapeHtml(shared)} ${escapeHtml(awaiting)}`,
    `<a href="${escapeHtml(input.link)}">See your quotes</a>`,
    escapeHtml(validity),
  ]);
  return {
    to: input.to,
    subject: `${input.stylistFirstName} shared your quotes`,
    text,
    html,
  };
}
