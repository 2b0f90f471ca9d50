/** An email as features hand it to the outbox; the outbox delivers it through a `Mailer`. */
export interface EmailMessage {
  to: string;
  /** Where an answer goes, when not to the product's own sender (a stylist, for their client). */
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  /**
   * Files from the file storage, attached at delivery time. One with a `cid` is a picture the
   * HTML shows (`cid:…`): it is sent as a small JPEG, and left out if it is no longer stored.
   */
  attachments?: { filename: string; storageKey: string; cid?: string }[];
}
