import {
  isAwaitingAnswer,
  HUB_GROUPS,
  HUB_TEXT,
  SHARE_LINK_TTL_DAYS,
  type HubDocument,
  type HubGroup,
  type HubQuoteAction,
  type NewLinkAnswer,
} from '@atelier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientMessages, clients, quotes, stylists, users } from '../../db/schema.ts';
import { composeEmail, greeting } from '../../integrations/mail/compose.ts';
import { enqueueEmail } from '../../integrations/outbox/outbox.ts';
import { AppError } from '../../lib/app-error.ts';
import { hubUrl } from '../../lib/client-page-urls.ts';
import { countHit } from '../../lib/rate-limit-store.ts';
import { createAccessLink, type AccessLink, type AccessLinkPurpose } from '../links/index.ts';
import { createNotification } from '../notifications/index.ts';
import { quoteTitle, selectQuotePeople } from '../quotes/index.ts';
import {
  isAwaitingClient,
  isExpired,
  loadClientPage,
  requireAccessLink,
  type ClientPage,
  type ClientPageQuote,
} from './client-page-resource.ts';
import type { AnswerRequest, ClientPageDeps } from './client-pages.service.ts';
import { recordOffersViewed } from './offer-views.ts';
import { recordClientAnswers } from './record-client-answers.ts';

/**
 * The hub opens with its own link and with the links of the pages that answer offers, which hold
 * the same power; never with a Quote Share link, which is read-only and may be passed on.
 */
const HUB_OPENED_BY = [
  'hub',
  'client-response',
  'offer-approval',
] as const satisfies readonly AccessLinkPurpose[];

const HUB_PAGE = 'Your Items';
/** "Send me a new link" mails one address at most this often, whoever asks (silently). */
export const NEW_LINKS_PER_ADDRESS = 3;
const NEW_LINK_WINDOW_MS = 60 * 60 * 1000;

const GROUP_ORDER = Object.keys(HUB_GROUPS) as HubGroup[];

/** What an item needs from the client, as the hub groups it. */
function groupOf(entry: ClientPageQuote): HubGroup {
  switch (entry.quote.status) {
    case 'authenticated_with_offer':
    case 'offer_pending':
      return entry.isApproved ? 'answer' : 'in_review';
    case 'offer_accepted':
      return 'hand_over';
    case 'in_transit':
    case 'received':
      return 'on_its_way';
    case 'converted':
      return 'for_sale';
    case 'sold':
      return 'sold';
    case 'rejected':
    case 'fake':
      return 'closed';
    default:
      return 'in_review';
  }
}

function toHubDocument(page: ClientPage, link: AccessLink): HubDocument {
  const items = page.quotes.map((entry) => {
    const open = entry.isApproved && isAwaitingAnswer(entry.quote.status);
    return {
      ...entry.quote,
      group: groupOf(entry),
      offersExpireAt: open ? (entry.offersExpireAt?.toISOString() ?? null) : null,
      offersExpired: open && isExpired(entry, page.now),
      canAnswer: isAwaitingClient(entry, page.now),
      timeline: entry.timeline,
    };
  });
  // Stable: within a group, the order of the stylist's list (§4).
  items.sort((a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group));
  const opens = (purpose: AccessLinkPurpose) => link.purpose === 'hub' || link.purpose === purpose;
  return {
    data: items,
    meta: {
      ...page.meta,
      stylist: { ...page.meta.stylist, email: page.stylistEmail },
      pages: {
        curated: opens('client-response'),
        quoteShare: opens('quote-share'),
        offerApproval: opens('offer-approval'),
      },
    },
  };
}

/** GET /api/client/hub/{token}: every item of the client, and a view of the open offers. */
/** The live link that opens a hub (404 otherwise): its client's items are what the hub shows. */
export const requireHubLink = (db: Db, token: string) =>
  requireAccessLink(db, HUB_OPENED_BY, token);

export async function getHub(db: Db, token: string, deps: ClientPageDeps): Promise<HubDocument> {
  const link = await requireHubLink(db, token);
  const page = await loadClientPage(db, link, deps);
  await recordOffersViewed(db, page);
  return toHubDocument(page, link);
}

/** The client's question reaches the stylist: kept on the quote, a notification and an email. */
async function askStylist(
  db: Db,
  link: AccessLink,
  quoteId: number,
  question: string,
  deps: ClientPageDeps,
) {
  await db.transaction(async (tx) => {
    // Only the client's quotes with their own stylist; any other id is as unknown as a missing one.
    const [row] = await selectQuotePeople(tx).where(
      and(eq(quotes.id, quoteId), eq(quotes.clientId, link.clientId)),
    );
    if (!row) throw AppError.notFound('Quote');
    await tx
      .insert(clientMessages)
      .values({ quoteId, accessLinkId: link.id, kind: 'question', text: question });
    const clientName = `${row.clientFirstName} ${row.clientLastName}`.trim();
    const path = `/quotes/pickup/${row.clientId}`;
    await createNotification(tx, {
      stylistId: row.stylistId,
      kind: 'client_message',
      text: `${clientName} asked about ${quoteTitle(row)}: “${question}”`,
      link: path,
    });
    await enqueueEmail(
      tx,
      await composeEmail(
        {
          subject: `${row.clientFirstName} has a question about ${quoteTitle(row)}`,
          preview: question,
          heading: `${row.clientFirstName} asked you`,
          greeting: greeting(row.stylistFirstName),
          paragraphs: [
            `${clientName} asked about ${quoteTitle(row)}:`,
            `“${question}”`,
            `Reply to this email to answer ${row.clientFirstName}.`,
          ],
          action: {
            label: `Open ${row.clientFirstName}'s quotes`,
            url: `${deps.publicUrl.replace(/\/+$/, '')}${path}`,
          },
        },
        { to: row.stylistEmail, replyTo: { name: clientName, address: row.clientEmail } },
      ),
    );
  });
}

/**
 * POST /api/client/hub/{token}/quotes/{quoteId}: the client accepts one offer, declines with a
 * reason, or asks the stylist a question. Answers follow the client pages' rules (decision 0008);
 * an expired offer cannot be accepted (409). Answers the hub as it now stands.
 */
export async function actOnHubQuote(
  db: Db,
  token: string,
  input: { quoteId: number; action: HubQuoteAction },
  request: AnswerRequest,
  deps: ClientPageDeps,
): Promise<HubDocument> {
  const link = await requireAccessLink(db, HUB_OPENED_BY, token);
  const { quoteId, action } = input;
  const source = { ...request, pageName: HUB_PAGE, buyoutOnly: false, publicUrl: deps.publicUrl };
  switch (action.action) {
    case 'accept':
      await recordClientAnswers(db, link, [{ quoteId, response: action.offer }], source);
      break;
    case 'decline':
      await recordClientAnswers(db, link, [{ quoteId, response: 'rejected' }], {
        ...source,
        decline: { reason: action.reason, note: action.note ?? '' },
      });
      break;
    case 'ask':
      await askStylist(db, link, quoteId, action.question, deps);
      break;
  }
  return toHubDocument(await loadClientPage(db, link, deps), link);
}

/**
 * POST /api/client/hub/new-link: "Send me a new link". When the address is a client's, a fresh hub
 * link goes to that address (never another), at most NEW_LINKS_PER_ADDRESS an hour; the answer is
 * the same either way, so nothing tells whether the address is known.
 */
export async function requestNewLink(
  db: Db,
  email: string,
  deps: { publicUrl: string },
): Promise<NewLinkAnswer> {
  await db.transaction(async (tx) => {
    const [client] = await tx
      .select({
        id: clients.id,
        firstName: clients.firstName,
        email: clients.email,
        stylistFirstName: stylists.firstName,
        stylistLastName: stylists.lastName,
        stylistEmail: users.email,
      })
      .from(clients)
      .innerJoin(stylists, eq(stylists.id, clients.stylistId))
      .innerJoin(users, eq(users.id, stylists.userId))
      .where(eq(sql`lower(${clients.email})`, email.toLowerCase()));
    // Counted for unknown addresses too, so both take the same path.
    const { hits } = await countHit(tx, `new-link|${email.toLowerCase()}`, NEW_LINK_WINDOW_MS);
    if (!client || hits > NEW_LINKS_PER_ADDRESS) return;
    const token = await createAccessLink(tx, {
      clientId: client.id,
      purpose: 'hub',
      ttlDays: SHARE_LINK_TTL_DAYS,
    });
    const stylistName = `${client.stylistFirstName} ${client.stylistLastName}`.trim();
    await enqueueEmail(
      tx,
      await composeEmail(
        {
          subject: 'Your new link to your items',
          preview: 'Here is a new link to your items and offers.',
          heading: 'Your new link',
          greeting: greeting(client.firstName),
          paragraphs: [
            'You asked for a new link. It opens every item you are selling with your stylist, with its offers and where it stands.',
          ],
          action: { label: 'See your items', url: hubUrl(deps.publicUrl, token) },
          afterAction: [
            `The link works for ${SHARE_LINK_TTL_DAYS} days. If you did not ask for it, you can ignore this email.`,
          ],
          footer: `Reply to this email to write to ${client.stylistFirstName}.`,
        },
        { to: client.email, replyTo: { name: stylistName, address: client.stylistEmail } },
      ),
    );
  });
  return { message: HUB_TEXT.newLinkSent };
}
