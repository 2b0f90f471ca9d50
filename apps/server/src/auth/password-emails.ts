import { PASSWORD_RESET_TTL_MINUTES } from '@atelier/contract';
import { composeEmail, greeting } from '../integrations/mail/compose.ts';
import type { EmailMessage } from '../integrations/mail/mail.ts';

interface Recipient {
  email: string;
  name: string;
}

const firstName = (name: string) => name.split(' ')[0];

/** The single-use link to choose a new password. */
export function passwordResetEmail(to: Recipient, link: string): Promise<EmailMessage> {
  const what = `Someone asked to choose a new password for your Atelier account. Its link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`;
  return composeEmail(
    {
      subject: 'Choose a new Atelier password',
      preview: what,
      heading: 'Choose a new password',
      greeting: greeting(firstName(to.name)),
      paragraphs: [what],
      action: { label: 'Choose a new password', url: link },
      afterAction: ['If it was not you, ignore this email: your password stays as it is.'],
    },
    { to: to.email },
  );
}

/** Sent after any password change, so that its owner hears of one they did not make. */
export function passwordChangedEmail(to: Recipient, signInUrl: string): Promise<EmailMessage> {
  const what =
    'The password of your Atelier account was just changed, and the browsers that were signed in with the old one are signed out.';
  return composeEmail(
    {
      subject: 'Your Atelier password was changed',
      preview: what,
      heading: 'Your password was changed',
      greeting: greeting(firstName(to.name)),
      paragraphs: [
        what,
        'If it was not you, choose a new password right away with "Forgot password?" on the sign-in page.',
      ],
      action: { label: 'Open the sign-in page', url: signInUrl },
    },
    { to: to.email },
  );
}
