import { renderEmailHtml, type EmailContent } from './email-layout.tsx';
import type { EmailMessage } from './mail.ts';

// What features pass to composeEmail: drawn by the layout, so defined beside it.
export type { EmailContent, EmailItem } from './email-layout.tsx';

/** How every email opens: by the client's first name when there is one. */
export function greeting(firstName: string | null | undefined): string {
  return firstName ? `Hi ${firstName},` : 'Hello,';
}

/** A quote's first picture, shown beside it in an email's item list. */
export interface QuotePicture {
  quoteId: number;
  /** Its thumbnail in the file storage; null when the quote has no picture. */
  thumbnailKey: string | null;
}

const cidOf = (quoteId: number) => `quote-${quoteId}@atelier`;

/** The Content-ID that shows a quote's picture in the HTML; null when it has none. */
export function quotePictureCid(picture: QuotePicture): string | null {
  return picture.thumbnailKey && cidOf(picture.quoteId);
}

/** The inline attachments that carry the quotes' pictures (`cid:` in the HTML). */
export function quotePictureAttachments(
  pictures: readonly QuotePicture[],
): NonNullable<EmailMessage['attachments']> {
  return pictures.flatMap((picture) =>
    picture.thumbnailKey
      ? [
          {
            filename: `quote-${picture.quoteId}.jpg`,
            storageKey: picture.thumbnailKey,
            cid: cidOf(picture.quoteId),
          },
        ]
      : [],
  );
}

/** The text part: the same content, the button as its label and address. */
export function plainTextOf(content: EmailContent): string {
  const blocks = [
    content.greeting,
    ...content.paragraphs,
    ...(content.items?.length
      ? [
          content.items
            .map((item) => [`- ${item.title}`, ...item.details.map((d) => `  ${d}`)].join('\n'))
            .join('\n'),
        ]
      : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.otherLinks ?? []).map((link) => `${link.lead} ${link.label}: ${link.url}`),
    ...(content.afterAction ?? []),
    ...(content.footer ? [`--\n${content.footer}`] : []),
  ];
  return `${blocks.join('\n\n')}\n`;
}

/** An email with its HTML (React Email) and text parts, ready for the outbox. */
export async function composeEmail(
  content: EmailContent,
  envelope: Omit<EmailMessage, 'subject' | 'text' | 'html'>,
): Promise<EmailMessage> {
  return {
    ...envelope,
    subject: content.subject,
    text: plainTextOf(content),
    html: await renderEmailHtml(content),
  };
}
