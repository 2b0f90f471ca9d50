import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type NodemailerError, type SendMailOptions } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { EmailMessage } from './mail.ts';

/** A file attached to an email, read from the file storage at delivery time. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Shown inside the HTML as `cid:…` rather than listed as an attachment. */
  cid?: string;
}

/**
 * Sends one email. A rejected promise means it was not sent and may be tried again, unless the
 * error is a `PermanentMailError`. `messageId` (a uuid) names the message: every attempt at it
 * carries the Message-ID `<messageId@sender's domain>`, so a receiver can tell a retry is a duplicate.
 */
export interface Mailer {
  send(
    message: EmailMessage,
    attachments: readonly MailAttachment[],
    messageId: string,
  ): Promise<void>;
}

/** The mail server refused this message for good (an SMTP 5xx to its envelope or content). */
export class PermanentMailError extends Error {
  override name = 'PermanentMailError';
}

/** `no-reply@atelier.example` → `atelier.example`, from an address or `Name <address>`. */
export function senderDomain(from: string): string {
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim();
}

type MailLogger = Pick<FastifyBaseLogger, 'info'>;

/**
 * SMTP timeouts well inside the outbox lease (5 minutes), so a hung server fails the attempt
 * before another instance may claim the same message. `?socketTimeout=…` in the URL overrides.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function toMailOptions(
  from: string,
  message: EmailMessage,
  attachments: readonly MailAttachment[],
  messageId: string,
): SendMailOptions {
  return {
    from,
    messageId: `<${messageId}@${senderDomain(from)}>`,
    to: message.to,
    ...(message.replyTo && { replyTo: message.replyTo }),
    subject: message.subject,
    text: message.text,
    ...(message.html !== undefined && { html: message.html }),
    attachments: attachments.map(({ filename, content, contentType, cid }) => ({
      filename,
      content,
      contentType,
      ...(cid && { cid, contentDisposition: 'inline' as const }),
    })),
  };
}

/**
 * A 5xx reply to the sender, recipient or message (nodemailer's EENVELOPE, EMESSAGE) refuses this
 * message; other failures, a 5xx to our credentials (EAUTH) included, are about the connection or
 * our configuration, and the same message may go through later.
 */
function isPermanentRefusal(error: unknown): boolean {
  const { code, permanent } = error as NodemailerError;
  return permanent === true && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

/** Production mail: nodemailer over SMTP, one connection per message. */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport({ ...SMTP_TIMEOUTS, url: options.url });
  return {
    async send(message, attachments, messageId) {
      try {
        await transport.sendMail(toMailOptions(options.from, message, attachments, messageId));
      } catch (error) {
        if (!isPermanentRefusal(error)) throw error;
        throw new PermanentMailError((error as Error).message, { cause: error });
      }
    },
  };
}

/** `2026-11-21T09-30-00-123Z-<random>`: sorts by time, never collides, valid on every file system. */
function mailFileName(now: Date): string {
  return `${now.toISOString().replaceAll(/[:.]/g, '-')}-${crypto.randomBytes(6).toString('hex')}`;
}

/**
 * The embedded default: each message as a real MIME `.eml` file (open it in any mail client).
 * Written under a dot name and renamed, so a reader never sees half a message.
 */
export function createMaildirMailer(
  options: { dir: string; from: string },
  logger: MailLogger,
): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message, attachments, messageId) {
      const { message: mime } = await transport.sendMail(
        toMailOptions(options.from, message, attachments, messageId),
      );
      if (!Buffer.isBuffer(mime)) throw new Error('the stream transport returned no buffer');
      await fs.mkdir(options.dir, { recursive: true });
      const name = mailFileName(new Date());
      const partial = path.join(options.dir, `.${name}.partial`);
      const file = path.join(options.dir, `${name}.eml`);
      await fs.writeFile(partial, mime, { flag: 'wx' });
      await fs.rename(partial, file);
      logger.info(`mail written to ${file}`);
    },
  };
}

/** SMTP when `SMTP_URL` is set, else `.eml` files under `MAIL_DIR` (default `.data/mail`). */
export function createMailer(mail: Config['mail'], logger: MailLogger): Mailer {
  if (mail.smtpUrl) {
    logger.info('mail is sent over SMTP');
    return createSmtpMailer({ url: mail.smtpUrl, from: mail.from });
  }
  logger.info(`mail is written to ${mail.dir}`);
  return createMaildirMailer({ dir: mail.dir, from: mail.from }, logger);
}
