import { formatMoney, pluralize, type AcceptedOfferType } from '@atelier/contract';
import { greeting, htmlEmail } from '../../integrations/mail/compose.ts';
import type { EmailMessage } from '../../integrations/mail/mail.ts';
import { escapeHtml } from '../../lib/html.ts';

/** One quote the client answered, as the stylist hears of it. */
export interface AnsweredItem {
  brand: string;
  name: string;
  response: AcceptedOfferType;
  /** The accepted offer in dollars; null for a refusal. */
  amount: number | null;
}

export interface ClientAnswerNotice {
  to: string;
  stylistFirstName: string;
  clientFirstName: string;
  clientName: string;
  /** The client page the answers came from, e.g. "Curated For". */
  pageName: string;
  items: readonly AnsweredItem[];
  /** The stylist's review page for these quotes. */
  link: string;
}

function countOf(items: readonly AnsweredItem[], response: AcceptedOfferType) {
  return items.filter((item) => item.response === response).length;
}

/** The notification's text: "Olivia Bennett answered 2 quotes: 1 accepted for buyout, 1 declined." */
export function clientAnswerSummary(clientName: string, items: readonly AnsweredItem[]): string {
  const parts = [
    [countOf(items, 'buyout'), 'accepted for buyout'],
    [countOf(items, 'consignment'), 'accepted for consignment'],
    [countOf(items, 'rejected'), 'declined'],
  ] as const;
  const counted = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return `${clientName} answered ${items.length} ${pluralize(items.length, 'quote')}: ${counted.join(', ')}.`;
}

function answerText(item: AnsweredItem): string {
  if (item.response === 'rejected') return 'declined';
  const amount = item.amount === null ? '' : ` of ${formatMoney(item.amount)}`;
  return `accepted the ${item.response} offer${amount}`;
}

const itemTitle = (item: AnsweredItem) => [item.brand, item.name].filter(Boolean).join(' ');

/** The email that tells a stylist, at once, how their client answered on a client page. */
export function clientAnswerEmail(input: ClientAnswerNotice): EmailMessage {
  const subject = `${input.clientFirstName} answered your quotes`;
  const hello = greeting(input.stylistFirstName);
  const summary = `${clientAnswerSummary(input.clientName, input.items)} They answered on the ${input.pageName} page.`;
  const lines = input.items.map((item) => ({ title: itemTitle(item), answer: answerText(item) }));
  const text = [
    hello,
    '',
    summary,
    '',
    ...lines.map((line) => `- ${line.title}: ${line.answer}`),
    '',
    `Review them: ${input.link}`,
    '',
  ].join('\n');
  const html = htmlEmail(subject, [
    escapeHtml(hello),
    escapeHtml(summary),
    lines
      .map((line) => `${escapeHtml(line.title)}: <strong>${escapeHtml(line.answer)}</strong>`)
      .join('<br>\n'),
    `<a href="${escapeHtml(input.link)}">Review them</a>`,
  ]);
  return { to: input.to, subject, text, html };
}
