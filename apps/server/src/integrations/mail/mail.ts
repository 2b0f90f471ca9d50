/** An email as features hand it to the outbox; the outbox delivers it through a `Mailer`. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files from the file storage, attached at delivery time. */
  attachments?: { filename: string; storageKey: string }[];
}
