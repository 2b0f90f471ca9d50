import { parseArgs } from 'node:util';
import {
  ADMIN_QUOTE_ACTIONS,
  CLIENT_LINK_PAGES,
  ClientIdParamsSchema,
  AdminQuoteActionSchema,
  CreateNotificationBodySchema,
  NotificationKindSchema,
  MarkPaidBodySchema,
  QuoteIdParamsSchema,
  RecordSaleBodySchema,
  formatMoney,
  statusLabel,
  type AdminQuoteActionName,
  type ClientLinkPage,
  type QuoteDocument,
} from '@atelier/contract';
import { ROLES } from '../auth/auth.ts';
import { NewAccountSchema } from '../features/user-accounts/create-account.ts';
import { describeOffers } from '../features/quotes/admin-quotes.service.ts';
import { directBackend, type AdminBackend, type DirectDeps } from './admin-backend.ts';
import { CLIENT_DATA_USAGE, runClientDataCommand } from './client-data-commands.ts';
import { addTutorial, CONTENT_USAGE, setMarketingBox } from './content-commands.ts';
import { OUTBOX_USAGE, runOutboxCommand } from './outbox-commands.ts';
import { runUserCommand, USER_USAGE } from './user-commands.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-stylist --email <email> --password <password> --first-name <name> --last-name <name>
  create-admin   --email <email> --password <password> --first-name <name> --last-name <name>
  quote-show     <quoteId>
  quote          <action> <quoteId> [--consignment <dollars>] [--buyout <dollars>]
                 [--buyback <dollars>] [--days <days open>] [--comment <text>] [--note <text>]
                 actions: ${ADMIN_QUOTE_ACTIONS.join(', ')}
                 offers stay open --days days (OFFER_EXPIRY_DAYS by default); renew_offers reopens them
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
${USER_USAGE}${CONTENT_USAGE}${OUTBOX_USAGE}${CLIENT_DATA_USAGE}`;

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
  days: { type: 'string' },
  comment: { type: 'string' },
  note: { type: 'string' },
} as const;

function quoteSummary({ data }: QuoteDocument): string {
  const { barCode, brand, name, status, offers, offersExpireAt } = data.attributes;
  const answer = offers.acceptedOfferType ? `; client answered ${offers.acceptedOfferType}` : '';
  const open = offersExpireAt && describeOffers(offers) ? ` (open until ${offersExpireAt})` : '';
  return `Quote #${data.id} ${barCode} (${brand} ${name}): ${statusLabel(status)}; offers: ${describeOffers(offers) || 'none'}${open}${answer}.`;
}

function quoteId(value: string | undefined) {
  return QuoteIdParamsSchema.parse({ quoteId: value }).quoteId;
}

function isQuoteAction(value: string | undefined): value is AdminQuoteActionName {
  return (ADMIN_QUOTE_ACTIONS as readonly (string | undefined)[]).includes(value);
}

async function showQuote(args: string[], backend: AdminBackend): Promise<string> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError(`Give one quote id.\n\n${USAGE}`);
  return quoteSummary(await backend.getQuote(quoteId(positionals[0])));
}

async function moveQuote(args: string[], backend: AdminBackend): Promise<string> {
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
    ...(values.days !== undefined && { expiresInDays: Number(values.days) }),
    ...(values.comment !== undefined && { commentToCustomer: values.comment }),
    ...(values.note !== undefined && { note: values.note }),
  });
  return quoteSummary(await backend.applyQuoteAction(quoteId(id), body));
}

const saleOptions = {
  commission: { type: 'string' },
  'purchase-price': { type: 'string' },
  'order-id': { type: 'string' },
} as const;

async function sell(args: string[], backend: AdminBackend): Promise<string> {
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
  const { data } = await backend.recordSale(id, sale);
  const { amount, productName, purchasePrice, orderId } = data.attributes;
  const order = orderId ? `; order ${orderId}` : '';
  return `Quote #${id} sold. Commission #${data.id}: ${formatMoney(amount)} for ${productName}; payout ${formatMoney(purchasePrice)}${order}.`;
}

async function payCommissions(args: string[], backend: AdminBackend): Promise<string> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length === 0) throw new UsageError(`Give commission ids.\n\n${USAGE}`);
  const { commissionIds } = MarkPaidBodySchema.parse({ commissionIds: positionals.map(Number) });
  const { paid, alreadyPaid } = await backend.markPaid(commissionIds);
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

async function revokeLinks(args: string[], backend: AdminBackend): Promise<string> {
  const { clientId } = clientIdOf(args);
  const { revoked, firstName, lastName } = await backend.revokeLinks(clientId);
  return `Revoked ${revoked} ${revoked === 1 ? 'link' : 'links'} of ${firstName} ${lastName} (client #${clientId}).`;
}

const isLinkPage = (name: string): name is ClientLinkPage =>
  (CLIENT_LINK_PAGES as readonly string[]).includes(name);

async function shareLink(args: string[], backend: AdminBackend): Promise<string> {
  const { clientId, rest } = clientIdOf(args, 1);
  const page = rest[0] ?? 'curated';
  if (!isLinkPage(page)) throw new UsageError(`Unknown page: ${page}\n\n${USAGE}`);
  return (await backend.createClientLink(clientId, page)).url;
}

async function notify(args: string[], backend: AdminBackend): Promise<string> {
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
  const { data } = await backend.notify(body);
  return `Notified ${body.stylistEmail}: notification #${data.id} (${data.kind}).`;
}

/**
 * Runs one back-office command and returns what to print; never reads process state itself.
 * `target` is the database (no server runs on it) or a running server's admin API.
 */
export async function runAdminCommand(
  argv: string[],
  target: DirectDeps | AdminBackend,
): Promise<string> {
  const backend = 'db' in target ? directBackend(target) : target;
  const [command, ...rest] = argv;
  if (command === 'revoke-links') return revokeLinks(rest, backend);
  if (command === 'share-link') return shareLink(rest, backend);
  if (command === 'quote-show') return showQuote(rest, backend);
  if (command === 'quote') return moveQuote(rest, backend);
  if (command === 'record-sale') return sell(rest, backend);
  if (command === 'mark-paid') return payCommissions(rest, backend);
  if (command === 'notify') return notify(rest, backend);
  if (command === 'tutorial-add') return addTutorial(rest, backend);
  if (command === 'marketing-box') return setMarketingBox(rest, backend);
  if (command === 'outbox') return runOutboxCommand(rest, backend);
  if (command === 'export-client' || command === 'erase-client' || command === 'audit') {
    return runClientDataCommand(command, rest, backend);
  }
  if (command === 'ban' || command === 'unban' || command === 'set-role') {
    return runUserCommand(command, rest, backend);
  }
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
  const role = command === 'create-stylist' ? ROLES.stylist : ROLES.admin;
  // Checked here, so a weak password reads the same whether a server runs or not.
  const account = NewAccountSchema.parse({ email, password, firstName, lastName, role });
  const created = await backend.createAccount(role, {
    email: account.email,
    password: account.password,
    firstName: account.firstName,
    lastName: account.lastName,
  });
  const what = role === ROLES.stylist ? `stylist #${created.stylistId}` : 'admin';
  return `Created ${what} ${created.email} (account ${created.userId}).`;
}
