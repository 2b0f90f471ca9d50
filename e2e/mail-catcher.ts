import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** The in-process SMTP server the product's outbox delivers to during e2e runs (loopback only). */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
export const MAIL_DIR = path.join(os.tmpdir(), `atelier-e2e-mail-${SMTP_PORT}`);

/** Playwright global setup: listen for the whole run, keep each message as a raw .eml file. */
export default async function startMailCatcher() {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        const name = `${String(received).padStart(4, '0')}-${to.replace(/[^\w@.,-]/g, '_')}.eml`;
        fs.writeFileSync(path.join(MAIL_DIR, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
