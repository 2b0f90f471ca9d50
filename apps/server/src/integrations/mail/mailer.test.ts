import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { EmailMessage } from './mail.ts';
import {
  createMailer,
  createMaildirMailer,
  createSmtpMailer,
  PermanentMailError,
  senderDomain,
  type MailAttachment,
} from './mailer.ts';
import { startTestSmtp } from './smtp-testing.ts';

const FROM = 'Atelier <no-reply@atelier.test>';
const MESSAGE_ID = '0b6f4c1e-8a53-4d5e-9a43-2f1e7c9d0a11';

const message: EmailMessage = {
  to: 'margaux@clients.test',
  subject: 'Your ship list',
  text: 'Your items are on their way.',
  html: '<p>Your items are on their way.</p>',
};
const shipList: MailAttachment = {
  filename: 'ship-list.pdf',
  content: Buffer.from('%PDF-1.7 a tiny ship list'),
  contentType: 'application/pdf',
};

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = new SMTPServer({ logger: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

describe('SMTP mailer', () => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const address = (entry: SMTPServerAddress | false) => (entry ? entry.address : undefined);
        received.push({
          from: address(session.envelope.mailFrom),
          to: session.envelope.rcptTo.map((entry) => entry.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    url = `smtp://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('the message arrives with its subject, recipient, body and attachment', async () => {
    await createSmtpMailer({ url, from: FROM }).send(message, [shipList], MESSAGE_ID);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('no-reply@atelier.test');
    expect(mail!.to).toEqual(['margaux@clients.test']);
    expect(mail!.raw).toMatch(/^Subject: Your ship list\r$/m);
    expect(mail!.raw).toMatch(/^To: margaux@clients\.test\r$/m);
    expect(mail!.raw).toMatch(
      /^Message-ID: <0b6f4c1e-8a53-4d5e-9a43-2f1e7c9d0a11@atelier\.test>\r$/m,
    );
    expect(mail!.raw).toContain('Your items are on their way.');
    expect(mail!.raw).toContain('<p>Your items are on their way.</p>');
    expect(mail!.raw).toMatch(/^Content-Type: application\/pdf; name=ship-list\.pdf\r$/m);
    expect(mail!.raw).toMatch(/^Content-Disposition: attachment; filename=ship-list\.pdf\r$/m);
    expect(mail!.raw).toContain(shipList.content.toString('base64'));
  });

  test('Reply-To names the stylist, and a picture with a Content-ID is inline, beside the text part', async () => {
    const picture: MailAttachment = {
      filename: 'quote-12.jpg',
      content: Buffer.from('a tiny jpeg'),
      contentType: 'image/jpeg',
      cid: 'quote-12@atelier',
    };
    await createSmtpMailer({ url, from: FROM }).send(
      { ...message, replyTo: { name: 'Zoë Laurent', address: 'zoe@stylists.test' } },
      [picture],
      MESSAGE_ID,
    );
    const { raw } = received.at(-1)!;
    expect(raw).toMatch(/^Reply-To: =\?UTF-8\?Q\?Zo=C3=AB_Laurent\?= <zoe@stylists\.test>\r$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(raw).toMatch(/^Content-ID: <quote-12@atelier>\r$/m);
    expect(raw).toMatch(/^Content-Disposition: inline; filename=quote-12\.jpg\r$/m);
  });

  test('a refused connection rejects, so the outbox retries', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, from: FROM });
    const refusal = mailer.send(message, [], MESSAGE_ID);
    await expect(refusal).rejects.toThrow(/ECONNREFUSED/);
    await expect(refusal).rejects.not.toBeInstanceOf(PermanentMailError);
  });

  test('a 5xx refusal of the recipient is permanent; a 4xx answer and a dropped reply are not', async () => {
    const smtp = await startTestSmtp();
    try {
      const mailer = createSmtpMailer({ url: smtp.url, from: FROM });
      smtp.state.behaviour = 'reject';
      const rejected = mailer.send(message, [], MESSAGE_ID);
      await expect(rejected).rejects.toBeInstanceOf(PermanentMailError);
      await expect(rejected).rejects.toThrow(/550 No such mailbox: margaux@clients\.test/);

      for (const behaviour of ['defer', 'refuse', 'drop'] as const) {
        smtp.state.behaviour = behaviour;
        const failed = mailer.send(message, [], MESSAGE_ID);
        await expect(failed).rejects.toThrow();
        await expect(failed).rejects.not.toBeInstanceOf(PermanentMailError);
      }
      expect(smtp.state.dataAttempts.map((attempt) => attempt.behaviour)).toEqual([
        'defer',
        'drop',
      ]);
    } finally {
      await smtp.stop();
    }
  });
});

test("the Message-ID's domain is the sender's", () => {
  expect(senderDomain('Atelier <no-reply@atelier.test>')).toBe('atelier.test');
  expect(senderDomain('no-reply@mail.atelier.test')).toBe('mail.atelier.test');
  expect(senderDomain('"Ops @ Atelier" <ops@atelier.example>')).toBe('atelier.example');
});

describe('mail folder mailer', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-mail-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('writes each message as an .eml file a mail client can open, and logs where', async () => {
    const { logger, lines } = capturingLogger();
    const mailDir = path.join(dir, 'mail');
    const mailer = createMaildirMailer({ dir: mailDir, from: FROM }, logger);
    await mailer.send(message, [shipList], MESSAGE_ID);
    await mailer.send({ ...message, subject: 'A second one' }, [], crypto.randomUUID());

    const names = fs.readdirSync(mailDir).sort();
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{12}\.eml$/);
    const emails = names.map((name) => fs.readFileSync(path.join(mailDir, name), 'utf8'));
    const first = emails.find((email) => email.includes('Subject: Your ship list'));
    expect(first).toBeDefined();
    const [headers, ...body] = first!.split('\r\n\r\n');
    expect(headers).toMatch(/^From: Atelier <no-reply@atelier\.test>$/m);
    expect(headers).toMatch(/^To: margaux@clients\.test$/m);
    expect(headers).toMatch(/^Message-ID: <0b6f4c1e-8a53-4d5e-9a43-2f1e7c9d0a11@atelier\.test>$/m);
    expect(headers).toMatch(/^MIME-Version: 1\.0$/m);
    expect(body.join('\r\n\r\n')).toContain('Your items are on their way.');
    expect(first).toContain('filename=ship-list.pdf');
    expect(emails.some((email) => email.includes('Subject: A second one'))).toBe(true);
    expect(lines.map((line) => line.msg).sort()).toEqual(
      names.map((name) => `mail written to ${path.join(mailDir, name)}`),
    );
  });

  test('without SMTP_URL the factory writes files; with it, it sends', async () => {
    const { logger, lines } = capturingLogger();
    const config = loadConfig({ DATA_DIR: dir, MAIL_FROM: FROM });
    await createMailer(config.mail, logger).send(message, [], MESSAGE_ID);
    expect(fs.readdirSync(path.join(dir, 'mail'))).toHaveLength(1);

    const smtp = createMailer(
      loadConfig({ DATA_DIR: dir, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }).mail,
      logger,
    );
    await expect(smtp.send(message, [], MESSAGE_ID)).rejects.toThrow(/ECONNREFUSED/);
    expect(lines.map((line) => line.msg)).toContain('mail is sent over SMTP');
  });
});
