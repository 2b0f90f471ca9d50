import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { MAIL_DIR } from '../mail-catcher.ts';

/** Undoes quoted-printable (soft breaks and =XX bytes), enough to read links out of a message. */
function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The raw text of the first message the SMTP catcher received for `address`, waiting for it. */
export async function receivedMail(address: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = fs
          .readdirSync(MAIL_DIR)
          .sort()
          .find((name) => name.includes(address));
        return found;
      },
      { timeout: 15_000, message: `an email to ${address}` },
    )
    .toBeTruthy();
  return decodeQuotedPrintable(fs.readFileSync(path.join(MAIL_DIR, found!), 'utf8'));
}
