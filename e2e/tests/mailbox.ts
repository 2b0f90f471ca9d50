import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
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

/** The file of the first message the catcher received for `address` whose text matches, waiting for it. */
async function mailFile(address: string, matching?: RegExp) {
  let found: { file: string; text: string } | undefined;
  await expect
    .poll(
      () => {
        found = fs
          .readdirSync(MAIL_DIR)
          .filter((name) => name.includes(address))
          .sort()
          .map((name) => {
            const file = path.join(MAIL_DIR, name);
            return { file, text: decodeQuotedPrintable(fs.readFileSync(file, 'utf8')) };
          })
          .find(({ text }) => !matching || matching.test(text));
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

/**
 * The decoded text of the first message the SMTP catcher received for `address`, and whose text
 * matches `matching` when one is given, waiting for it.
 */
export async function receivedMail(address: string, matching?: RegExp): Promise<string> {
  return (await mailFile(address, matching)).text;
}

/** The same message read as a mail app reads it: headers, text and HTML parts, attachments. */
export async function receivedMessage(address: string, matching?: RegExp): Promise<ParsedMail> {
  // Inline pictures stay `cid:` links, as the message carries them.
  return simpleParser(fs.readFileSync((await mailFile(address, matching)).file), {
    skipImageLinks: true,
  });
}
