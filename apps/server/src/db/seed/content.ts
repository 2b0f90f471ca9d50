import type { ContentKey } from '@atelier/contract';
import type { CoverMotif } from './illustrations.ts';

/** The text content keys of spec §3, in the back office's default English. */
export const TEXT_CONTENT: Readonly<Record<ContentKey, string>> = {
  'addClient.successMessage':
    'Client added, with an account on the shop. Log in as them to shop on their behalf, or add another client.',
  'addClient.loginButton': 'Log In as Client',
  'addClient.addAnotherButton': 'Add Another Client',
  'dashboard.withClients':
    'Here is where your clients stand today: quotes to review, items to ship and commissions on the way.',
  'dashboard.noClients':
    "You haven't added any clients yet. Add your first client to start requesting quotes.",
  'whiteGlove.success':
    'The items are in your hands and on their way to our warehouse. Each one shows Picked Up until the warehouse receives it, usually within 3-7 business days.',
  'client.commentPlaceholder':
    'Notes about this client: sizes, preferences, best time to reach them…',
  'paymentSetting.overview':
    'Choose how you receive your commissions. Checks arrive in 3-5 business days at no charge; PayPal payouts land the day they are paid.',
  'paymentSetting.paypal':
    'Enter the email address of your PayPal account. Payouts are sent in US dollars.',
};

/**
 * §3 says the web keeps translation keys prefixed `stylist`, so every key is stored twice: bare for
 * the API and back office, and as `stylist.<key>` for a web that filters translations by that prefix.
 */
export const CONTENT_TEXTS: readonly { key: string; value: string }[] = Object.entries(
  TEXT_CONTENT,
).flatMap(([key, value]) => [
  { key, value },
  { key: `stylist.${key}`, value },
]);

export const TUTORIAL_CATEGORIES = ['Welcome', 'Quotes', 'Shipping', 'Payouts'] as const;

export interface TutorialSeed {
  title: string;
  description: string;
  category: (typeof TUTORIAL_CATEGORIES)[number];
  order: number;
  motif: CoverMotif;
  colorway: number;
  /** A video file in ./media, stored with the seed and played from the slide. */
  video?: string;
}

export const TUTORIALS: readonly TutorialSeed[] = [
  {
    title: 'Welcome to Atelier',
    description:
      'A two-minute tour of your dashboard: your clients, the quotes waiting on you, and the commissions on their way.',
    category: 'Welcome',
    order: 1,
    motif: 'welcome',
    colorway: 0,
    video: 'welcome-tour.webm',
  },
  {
    title: 'Photographing an item for a quote',
    description:
      'Natural light, a plain background, and the five shots our authenticators need: front, back, interior, hardware and date code.',
    category: 'Quotes',
    order: 1,
    motif: 'camera',
    colorway: 3,
  },
  {
    title: 'Presenting offers to your client',
    description:
      'How consignment, buyout and buyback offers compare, and how to send your client a link to answer on their phone.',
    category: 'Quotes',
    order: 2,
    motif: 'quotes',
    colorway: 1,
  },
  {
    title: 'Printing a prepaid shipping label',
    description:
      'Select the accepted items, print one label and a ship list, and drop the box at any UPS location.',
    category: 'Shipping',
    order: 1,
    motif: 'shipping',
    colorway: 4,
  },
  {
    title: 'Booking a concierge pickup',
    description:
      'For high-value pieces we come to your client: confirm the items, collect a signature, and we handle the rest.',
    category: 'Shipping',
    order: 2,
    motif: 'pickup',
    colorway: 11,
  },
  {
    title: 'How commissions and payouts work',
    description:
      'When a consigned item sells your commission is recorded; payouts go out by check or PayPal about two weeks later.',
    category: 'Payouts',
    order: 1,
    motif: 'payouts',
    colorway: 10,
  },
];

export const MARKETING_BOX = {
  isEnabled: true,
  title: 'Holiday consignment bonus: +5% through December',
  linkUrl: 'https://example.com/holiday',
} as const;
