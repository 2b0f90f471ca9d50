import { z } from 'zod';
import { ClientPageMetaSchema, ClientPageParamsSchema, ClientQuoteSchema } from './client-pages.ts';
import { OFFER_TYPES } from './offers.ts';
import { DeclineReasonSchema, ItemTimelineSchema } from './timeline.ts';

/*
 * The client's hub (docs/decisions/0029): every item of the client in one place, each with its
 * dated timeline, and the offers open to an answer side by side. The same timeline shows on the
 * stylist's quote card.
 */

/** POST: "Send me a new link". */

const MESSAGE_MAX = 1000;
const messageText = (what: string) =>
  z
    .string({ error: `Write your ${what}` })
    .trim()
    .max(MESSAGE_MAX, `Keep your ${what} under ${MESSAGE_MAX} characters`);

/** POST /api/client/hub/{token}/quotes/{quoteId}: the client's answer or question about one item. */
export const HubQuoteActionSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('accept'),
      offer: z.enum(OFFER_TYPES, { error: 'Choose consignment or buyout' }),
    }),
    z.strictObject({
      action: z.literal('decline'),
      reason: DeclineReasonSchema,
      note: messageText('note').optional(),
    }),
    z.strictObject({
      action: z.literal('ask'),
      question: messageText('question').min(1, 'Write your question'),
    }),
  ],
  { error: 'Choose accept, decline or ask' },
);
export type HubQuoteAction = z.infer<typeof HubQuoteActionSchema>;

export const HubQuoteParamsSchema = z.strictObject({
  token: ClientPageParamsSchema.shape.token,
  quoteId: z
    .string()
    .regex(/^\d{1,10}$/, 'Not a quote id')
    .transform(Number)
    .pipe(z.number().int().positive('Not a quote id').max(2_147_483_647, 'Not a quote id')),
});

/* ---------- The hub ---------- */

/** What each item needs, in the order the hub shows the groups. */
export const HUB_GROUPS = {
  answer: 'Waiting for your answer',
  hand_over: 'Ready to hand over',
  on_its_way: 'On its way',
  in_review: 'Being reviewed',
  for_sale: 'Listed for sale',
  sold: 'Sold',
  closed: 'Not selling',
} as const;
export type HubGroup = keyof typeof HUB_GROUPS;
export const HubGroupSchema = z.enum(Object.keys(HUB_GROUPS) as [HubGroup, ...HubGroup[]]);

export const HubItemSchema = ClientQuoteSchema.extend({
  group: HubGroupSchema,
  /** When the offers stop being open to an answer; null when they do not expire. */
  offersExpireAt: z.iso.datetime({ offset: true }).nullable(),
  /** The offers are past their expiry: they can no longer be accepted until renewed. */
  offersExpired: z.boolean(),
  /** The client may accept or decline the offers now. */
  canAnswer: z.boolean(),
  timeline: ItemTimelineSchema,
});
export type HubItem = z.infer<typeof HubItemSchema>;

/** GET /api/client/hub/{token}: every item of the client, grouped, with the people and pages. */
export const HubDocumentSchema = z.object({
  data: z.array(HubItemSchema),
  meta: ClientPageMetaSchema.extend({
    stylist: ClientPageMetaSchema.shape.stylist.extend({
      /** For "Write to {stylist}" (a mailto link). */
      email: z.string(),
    }),
    /** Which of the three client pages this link also opens. */
    pages: z.object({ curated: z.boolean(), quoteShare: z.boolean(), offerApproval: z.boolean() }),
  }),
});
export type HubDocument = z.infer<typeof HubDocumentSchema>;

/** POST /api/client/hub/new-link: "Send me a new link", to the address the stylist has. */
export const NewLinkBodySchema = z.strictObject({
  email: z
    .string({ error: 'Enter your email address' })
    .trim()
    .min(1, 'Enter your email address')
    .max(254, 'That email address is too long')
    .pipe(z.email({ error: 'Enter a valid email address' })),
});
export type NewLinkBody = z.input<typeof NewLinkBodySchema>;

export const NewLinkAnswerSchema = z.object({ message: z.string() });
export type NewLinkAnswer = z.infer<typeof NewLinkAnswerSchema>;

export const HUB_TEXT = {
  heading: (firstName: string) => `${firstName}'s items`,
  intro: 'Everything you are selling with your stylist, in one place.',
  writeTo: (stylistFirstName: string) => `Write to ${stylistFirstName}`,
  pagesHeading: 'Your pages',
  nothingYet: (firstName: string) => `Nothing here yet, ${firstName}. Your items will show here.`,
  consignmentTitle: 'Consign it',
  consignmentMeans:
    'We list the item and you are paid when it sells. The amount is an estimate: the final payout depends on the sale price.',
  buyoutTitle: 'Sell it now',
  buyoutMeans: 'We buy the item outright: you are paid this amount once it reaches our warehouse.',
  accept: (what: string) => `Accept ${what}`,
  decline: 'Decline',
  ask: 'Ask a question',
  declineReasonLabel: 'Why are you declining?',
  noteLabel: 'Anything to add? (optional)',
  questionLabel: (stylistFirstName: string) => `Your question for ${stylistFirstName}`,
  send: 'Send',
  openUntil: (date: string) => `Open until ${date}`,
  expiredOn: (date: string) => `This offer expired on ${date}.`,
  expiredHelp: (stylistFirstName: string) =>
    `Ask ${stylistFirstName} to renew it if you would still like to sell.`,
  questionSent: (stylistFirstName: string) => `Sent. ${stylistFirstName} will answer you by email.`,
  accepted: 'Accepted. Your stylist has been told.',
  declined: 'Declined. Your stylist has been told.',
  whatsNext: 'Next',
  /** "Next: Listed for sale · 3-5 business days (by 4/2/2026)" */
  nextStep: (title: string, estimate: string, byDate: string) =>
    `Next: ${title} · ${estimate} (by ${byDate})`,
  /** Who took a timeline step, as the client reads it; nothing for a step nobody took. */
  stepBy: {
    client: () => 'by you',
    stylist: (stylistFirstName: string) => `by ${stylistFirstName}`,
    admin: () => 'by our team',
  },
  timelineLabel: (item: string) => `What happened to ${item}`,
  seeAllItems: 'See all your items',
  cancel: 'Cancel',
  actionFailed: 'That did not go through. Please try again.',
  newLinkEmailLabel: 'Your email address',
  newLinkHeading: 'Send me a new link',
  newLinkHelp: 'Enter the email address your stylist has for you and we will email you a new link.',
  newLinkSend: 'Send me a new link',
  /** The same answer whether or not the address is a client's (nothing is revealed). */
  newLinkSent:
    'If that address belongs to one of our clients, a new link is on its way. It may take a minute.',
} as const;

/* ---------- GET /api/client/hub/{token}/stream (server-sent events) ---------- */

/**
 * `event: change`: one of the client's items changed (an offer made or renewed, a status, an
 * answer), on any instance; `quoteId` is null when many items changed at once. It says only that
 * the hub is to be read again: the hub's document, with the same link, tells what changed.
 */
export const HubChangeEventSchema = z.object({
  quoteId: z.number().int().positive().nullable(),
});
export type HubChangeEvent = z.infer<typeof HubChangeEventSchema>;

/** The hub stream's one event name. */
export const HUB_CHANGE_EVENT = 'change';
