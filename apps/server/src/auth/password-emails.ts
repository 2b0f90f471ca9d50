import { PASSWORD_RESET_TTL_MINUTES } from '@atelier/contract';
import { greeting, htmlEmail } from '../integrations/mail/compose.ts';
import type { EmailMessage } from '../integrations/mail/mail.ts';
import { escapeHtml } from '../lib/html.ts';

interface Recipient {
  email: string;
  name: string;
}

const firstName = (name: string) => name.split(' ')[0];

/** The single-use link to choose a new password. */
export function passwordResetEmail(to: Recipient, link: string): EmailMessage {
  const subject = 'Choose a new Atelier password';
  const hello = greeting(firstName(to.name));
  const what = `Someone asked to choose a new password for your Atelier account. The link below works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`;
  const ifNot = 'If it was not you, ignore this email: your password stays as it is.';
  const text = [hello, '', what, '', `Choose a new password: ${link}`, '', ifNot, ''].join('\n');
  const html = htmlEmail(subject, [
    escapeHtml(hello),
    escapeHtml(what),
    `<a href="${escapeHtml(link)}">Choose a new password</a>`,
    escapeHtml(ifNot),
  ]);
  return { to: to.email, subject, text, html };
}

/** Sent after any password change, so that its owner hears of one they did not make. */
export function passwordChangedEmail(to: Recipient, signInUrl: string): EmailMessage {
  const subject = 'Your Atelier password was changed';
  const hello = greeting(firstName(to.name));
  const what =
    'The password of your Atelier account was just changed, and the browsers that were signed in with the old one are signed out.';
  const ifNot = `If it was not you, choose a new password right away with "Forgot password?" on the sign-in page: ${signInUrl}`;
  const text = [hello, '', what, '', ifNot, ''].join('\n');
  const html = htmlEmail(subject, [
    escapeHtml(hello),
    escapeHtml(what),
    `If it was not you, choose a new password right away with "Forgot password?" on the <a href="${escapeHtml(signInUrl)}">sign-in page</a>.`,
  ]);
  return { to: to.email, subject, text, html };
}
