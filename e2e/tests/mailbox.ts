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

/**
 * The decoded text of the first message the SMTP catcher received for `address`, and whose text
 * matches `matching` when one is given, waiting for it.
 */
export async function receivedMail(address: string, matching?: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = fs
          .readdirSync(MAIL_DIR)
          .filter((name) => name.includes(address))
          .sort()
          .map((name) => decodeQuotedPrintable(fs.readFileSync(path.join(MAIL_DIR, name), 'utf8')))
          .find((text) => !matching || matching.test(text));
        return found;
      },
      {
        timeout: 15_000,
        message: `an email to ${address}${matching ? ` matching ${matching}` : ''}`,
      },
    )
    .toBeTruthy();
  return found!;
}
