import type { EmailMessage } from './mail.ts';
import type { MailAttachment, Mailer } from './mailer.ts';

/** A mailer that keeps what it is given to send, for a test to read. */
export function recordingMailer() {
  const sent: { message: EmailMessage; attachments: readonly MailAttachment[] }[] = [];
  const mailer: Mailer = {
    send: async (message, attachments) => {
      sent.push({ message, attachments });
    },
  };
  return { mailer, sent };
}

/** Every link's address in an email's HTML, in order (entities in it decoded as a browser would). */
export function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map(([, href]) =>
    (href ?? '').replaceAll('&amp;', '&'),
  );
}
