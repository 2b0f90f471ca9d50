import { formatMoney, pluralize, type AcceptedOfferType } from '@atelier/contract';
import { composeEmail, greeting } from '../../integrations/mail/compose.ts';
import type { EmailMessage } from '../../integrations/mail/mail.ts';

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
  /** Why the client declined, when they said (the hub asks). */
  reason?: string | null;
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
export function clientAnswerEmail(input: ClientAnswerNotice): Promise<EmailMessage> {
  return composeEmail(
    {
      subject: `${input.clientFirstName} answered your quotes`,
      preview: clientAnswerSummary(input.clientName, input.items),
      heading: `${input.clientFirstName} answered`,
      greeting: greeting(input.stylistFirstName),
      paragraphs: [
        `${clientAnswerSummary(input.clientName, input.items)} They answered on the ${input.pageName} page.`,
        ...(input.reason ? [input.reason] : []),
      ],
      items: input.items.map((item, index) => ({
        key: String(index),
        title: itemTitle(item),
        details: [answerText(item)],
      })),
      action: { label: 'Review the answers', url: input.link },
    },
    { to: input.to },
  );
}
