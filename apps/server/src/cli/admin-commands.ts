import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import {
  ADMIN_QUOTE_ACTIONS,
  ClientIdParamsSchema,
  SHARE_LINK_TTL_DAYS,
  pluralize,
  AdminQuoteActionSchema,
  CreateNotificationBodySchema,
  NotificationKindSchema,
  MarkPaidBodySchema,
  QuoteIdParamsSchema,
  RecordSaleBodySchema,
  formatMoney,
  statusLabel,
  type AdminQuoteActionName,
  type QuoteDocument,
} from '@atelier/contract';
import { ROLES, type Auth } from '../auth/auth.ts';
import type { Db } from '../db/client.ts';
import { clients } from '../db/schema.ts';
import { createAccount } from '../features/accounts/create-account.ts';
import { createAccessLink, revokeClientLinks } from '../features/links/access-links.ts';
import { clientPageUrl } from '../features/share/share.service.ts';
import { markCommissionsPaid } from '../features/commissions/mark-paid.service.ts';
import { notifyStylistByEmail } from '../features/notifications/notifications.service.ts';
import { recordSale } from '../features/commissions/record-sale.service.ts';
import {
  applyQuoteAction,
  describeOffers,
  getQuote,
} from '../features/quotes/admin-quotes.service.ts';
import type { QuoteLinkDeps } from '../features/quotes/quote-resource.ts';
import { storedPath, type FileStorage } from '../integrations/storage/storage.ts';
import { AppError } from '../lib/app-error.ts';
import { addTutorial, CONTENT_USAGE, setMarketingBox } from './content-commands.ts';
import { OUTBOX_USAGE, runOutboxCommand } from './outbox-commands.ts';
import { runUserCommand, USER_USAGE } from './user-commands.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-stylist --email <email> --password <password> --first-name <name> --last-name <name>
  create-admin   --email <email> --password <password> --first-name <name> --last-name <name>
  quote-show     <quoteId>
  quote          <action> <quoteId> [--consignment <dollars>] [--buyout <dollars>]
                 [--buyback <dollars>] [--comment <text>] [--note <text>]
                 actions: ${ADMIN_QUOTE_ACTIONS.join(', ')}
  record-sale    <quoteId> --commission <dollars> [--purchase-price <dollars>] [--order-id <id>]
                 a converted quote sold (consignment) or was bought outright (buyout);
                 the payout defaults to the accepted offer, a buyout's order id is made up
  mark-paid      <commissionId...>
                 pays out commissions; ones paid already are listed and left alone
  revoke-links   <clientId>
                 revokes every live link of the client (client pages, manifests)
  share-link     <clientId> [curated|quotes|quote-offer]
                 prints a new link to one of the client's pages (curated by default)
  notify         <stylistEmail> <kind> <text> [--link <path>]
                 notifies a stylist; kinds: ${NotificationKindSchema.options.join(', ')}
${USER_USAGE}${CONTENT_USAGE}${OUTBOX_USAGE}`;

export class UsageError extends Error {
  override name = 'UsageError';
}

const accountOptions = {
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
} as const;

const quoteOptions = {
  consignment: { type: 'string' },
  buyout: { type: 'string' },
  buyback: { type: 'string' },
  comment: { type: 'string' },
  note: { type: 'string' },
} as const;

/**
 * The CLI prints no URLs, so stored keys and paths stand in for signed links and no admin site is
 * linked; what it writes to the database is the real stored path.
 */
const PRINTED_LINKS: QuoteLinkDeps & { storage: Pick<FileStorage, 'pathOf'> } = {
  storage: {
    urlFor: (key: string) => key,
    linkFor: <T extends string | null>(value: T) => value,
    pathOf: storedPath,
  },
  sites: { adminUrl: null, shopUrl: null },
};
/** The CLI acts for the back office without an account of its own. */
const CLI_ACTOR = { kind: 'admin', userId: null } as const;

function quoteSummary({ data }: QuoteDocument): string {
  const { barCode, brand, name, status, offers } = data.attributes;
  const answer = offers.acceptedOfferType ? `; client answered ${offers.acceptedOfferType}` : '';
  return `Quote #${data.id} ${barCode} (${brand} ${name}): ${statusLabel(status)}; offers: ${describeOffers(offers) || 'none'}${answer}.`;
}

function quoteId(value: string | undefined) {
  return QuoteIdParamsSchema.parse({ quoteId: value }).quoteId;
}

function isQuoteAction(value: string | undefined): value is AdminQuoteActionName {
  return (ADMIN_QUOTE_ACTIONS as readonly (string | undefined)[]).includes(value);
}

async function showQuote(args: string[], db: Db): Promise<string> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError(`Give one quote id.\n\n${USAGE}`);
  return quoteSummary(await getQuote(db, quoteId(positionals[0]), PRINTED_LINKS));
}

async function moveQuote(args: string[], db: Db): Promise<string> {
  const { values, positionals } = parseArgs({
    args,
    options: quoteOptions,
    allowPositionals: true,
    strict: true,
  });
  const [action, id, ...extra] = positionals;
  if (!isQuoteAction(action)) {
    const what = action ? `Unknown quote action: ${action}` : 'Missing: <action>';
    throw new UsageError(`${what}\n\n${USAGE}`);
  }
  if (id === undefined || extra.length > 0) throw new UsageError(`Give one quote id.\n\n${USAGE}`);
  const dollars = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const offers = Object.fromEntries(
    Object.entries({
      consignmentEstimate: dollars(values.consignment),
      buyoutQuote: dollars(values.buyout),
      buybackQuote: dollars(values.buyback),
    }).filter(([, amount]) => amount !== undefined),
  );
  // The action's own schema refuses options that do not belong to it (an offer on `receive` …).
  const body = AdminQuoteActionSchema.parse({
    action,
    ...(Object.keys(offers).length > 0 && { offers }),
    ...(values.comment !== undefined && { commentToCustomer: values.comment }),
    ...(values.note !== undefined && { note: values.note }),
  });
  return quoteSummary(
    await applyQuoteAction(db, CLI_ACTOR, { quoteId: quoteId(id), action: body }, PRINTED_LINKS),
  );
}

const saleOptions = {
  commission: { type: 'string' },
  'purchase-price': { type: 'string' },
  'order-id': { type: 'string' },
} as const;

async function sell(args: string[], db: Db): Promise<string> {
  const { values, positionals } = parseArgs({
    args,
    options: saleOptions,
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError(`Give one quote id.\n\n${USAGE}`);
  if (values.commission === undefined) throw new UsageError(`Missing: --commission\n\n${USAGE}`);
  const sale = RecordSaleBodySchema.parse({
    commission: Number(values.commission),
    ...(values['purchase-price'] !== undefined && {
      purchasePrice: Number(values['purchase-price']),
    }),
    ...(values['order-id'] !== undefined && { orderId: values['order-id'] }),
  });
  const id = quoteId(positionals[0]);
  const { data } = await recordSale(db, CLI_ACTOR, { quoteId: id, sale }, PRINTED_LINKS);
  const { amount, productName, purchasePrice, orderId } = data.attributes;
  const order = orderId ? `; order ${orderId}` : '';
  return `Quote #${id} sold. Commission #${data.id}: ${formatMoney(amount)} for ${productName}; payout ${formatMoney(purchasePrice)}${order}.`;
}

async function payCommissions(args: string[], db: Db): Promise<string> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length === 0) throw new UsageError(`Give commission ids.\n\n${USAGE}`);
  const { commissionIds } = MarkPaidBodySchema.parse({ commissionIds: positionals.map(Number) });
  const { paid, alreadyPaid } = await markCommissionsPaid(db, commissionIds);
  const list = (ids: number[]) => (ids.length > 0 ? ids.map((id) => `#${id}`).join(', ') : 'none');
  return `Paid: ${list(paid)}. Already paid: ${list(alreadyPaid)}.`;
}

function clientIdOf(args: string[], extra = 0) {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length < 1 || positionals.length > 1 + extra) {
    throw new UsageError(`Give one client id.\n\n${USAGE}`);
  }
  const [clientId, ...rest] = positionals;
  return { clientId: ClientIdParamsSchema.parse({ clientId }).clientId, rest };
}

async function existingClient(db: Db, clientId: number) {
  const [client] = await db
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw AppError.notFound('Client');
  return client;
}

async function revokeLinks(args: string[], db: Db): Promise<string> {
  const { clientId } = clientIdOf(args);
  const client = await existingClient(db, clientId);
  const revoked = await revokeClientLinks(db, client.id);
  return `Revoked ${revoked} ${pluralize(revoked, 'link')} of ${client.firstName} ${client.lastName} (client #${client.id}).`;
}

const LINK_PAGES = {
  curated: { purpose: 'client-response', page: 'curated' },
  quotes: { purpose: 'quote-share', page: 'quoteShare' },
  'quote-offer': { purpose: 'offer-approval', page: 'offerApproval' },
} as const;

async function shareLink(args: string[], db: Db, publicUrl: string): Promise<string> {
  const { clientId, rest } = clientIdOf(args, 1);
  const name = rest[0] ?? 'curated';
  if (!Object.hasOwn(LINK_PAGES, name)) {
    throw new UsageError(`Unknown page: ${name}\n\n${USAGE}`);
  }
  const { purpose, page } = LINK_PAGES[name as keyof typeof LINK_PAGES];
  const client = await existingClient(db, clientId);
  const token = await createAccessLink(db, {
    clientId: client.id,
    purpose,
    ttlDays: SHARE_LINK_TTL_DAYS,
  });
  return clientPageUrl(publicUrl, page, token);
}

async function notify(args: string[], db: Db): Promise<string> {
  const { values, positionals } = parseArgs({
    args,
    options: { link: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 3) {
    throw new UsageError(`Give the stylist's email, a kind and the text.\n\n${USAGE}`);
  }
  const [stylistEmail, kind, text] = positionals;
  const body = CreateNotificationBodySchema.parse({
    stylistEmail,
    kind,
    text,
    ...(values.link !== undefined && { link: values.link }),
  });
  const { data } = await notifyStylistByEmail(db, body);
  return `Notified ${body.stylistEmail}: notification #${data.id} (${data.kind}).`;
}

/** Runs one back-office command and returns what to print; never reads process state itself. */
export async function runAdminCommand(
  argv: string[],
  deps: { db: Db; auth: Auth; publicUrl: string },
): Promise<string> {
  const [command, ...rest] = argv;
  if (command === 'revoke-links') return revokeLinks(rest, deps.db);
  if (command === 'share-link') return shareLink(rest, deps.db, deps.publicUrl);
  if (command === 'quote-show') return showQuote(rest, deps.db);
  if (command === 'quote') return moveQuote(rest, deps.db);
  if (command === 'record-sale') return sell(rest, deps.db);
  if (command === 'mark-paid') return payCommissions(rest, deps.db);
  if (command === 'notify') return notify(rest, deps.db);
  if (command === 'tutorial-add') return addTutorial(rest, deps.db);
  if (command === 'marketing-box') return setMarketingBox(rest, deps.db);
  if (command === 'outbox') return runOutboxCommand(rest, deps.db);
  if (command === 'ban' || command === 'unban' || command === 'set-role') {
    return runUserCommand(command, rest, deps.db);
  }
  const roles = { 'create-stylist': ROLES.stylist, 'create-admin': ROLES.admin } as const;
  if (command !== 'create-stylist' && command !== 'create-admin') {
    throw new UsageError(command ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
  }
  const { values } = parseArgs({ args: rest, options: accountOptions, strict: true });
  const { email, password, 'first-name': firstName, 'last-name': lastName } = values;
  if (!email || !password || !firstName || !lastName) {
    const missing = Object.keys(accountOptions).filter(
      (key) => !values[key as keyof typeof values],
    );
    throw new UsageError(`Missing: ${missing.map((key) => `--${key}`).join(', ')}\n\n${USAGE}`);
  }
  const created = await createAccount(deps.db, deps.auth, {
    email,
    password,
    firstName,
    lastName,
    role: roles[command],
  });
  const what = command === 'create-stylist' ? `stylist #${created.stylistId}` : 'admin';
  return `Created ${what} ${email.toLowerCase()} (account ${created.userId}).`;
}
