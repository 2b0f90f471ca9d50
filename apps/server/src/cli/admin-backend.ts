import type {
  AccountRole,
  AuditListDocument,
  AuditQuery,
  EraseClientAnswer,
  AdminQuoteAction,
  BanUserBody,
  ClientLinkAnswer,
  ClientLinkPage,
  CommissionDocument,
  CreateNotificationBodySchema,
  MarkPaidAnswer,
  MarketingBox,
  NotificationDocument,
  OutboxListDocument,
  OutboxMessageDocument,
  QuoteDocument,
  RequeueFailedAnswer,
  RevokedLinksAnswer,
  SetUserRoleBody,
  TutorialDocument,
  UnbanUserBody,
  UserAccessAnswer,
} from '@atelier/contract';
import type { z } from 'zod';
import type { Auth } from '../auth/auth.ts';
import type { Db } from '../db/client.ts';
import { banUser, setUserRole, unbanUser } from '../features/user-accounts/admin-users.service.ts';
import { createAccount } from '../features/user-accounts/create-account.ts';
import { eraseClient } from '../features/client-data/erase-client.service.ts';
import { exportClient } from '../features/client-data/export-client.service.ts';
import { listAudit } from '../features/client-data/list-audit.service.ts';
import { markCommissionsPaid } from '../features/commissions/mark-paid.service.ts';
import { recordSale, type RecordSale } from '../features/commissions/record-sale.service.ts';
import {
  createClientLink,
  revokeLinksOfClient,
} from '../features/links/admin-client-links.service.ts';
import {
  getMarketingBox,
  putMarketingBox,
  type MarketingBoxInput,
} from '../features/marketing-box/marketing-box.service.ts';
import { notifyStylistByEmail } from '../features/notifications/notifications.service.ts';
import { applyQuoteAction, getQuote } from '../features/quotes/admin-quotes.service.ts';
import type { QuoteLinkDeps } from '../features/quotes/quote-resource.ts';
import { createTutorial, type TutorialInput } from '../features/tutorials/tutorials.service.ts';
import {
  listOutbox,
  requeueFailed,
  requeueMessage,
} from '../integrations/outbox/admin-outbox.service.ts';
import { storedPath, type FileStorage, type ObjectStore } from '../integrations/storage/storage.ts';

export interface NewAccountInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * What the back-office commands do, with the contract's answers: on the database directly
 * (`directBackend`) or through a running server's admin API (`apiBackend`, api-backend.ts), one
 * call per route. The commands print from these answers only, so their output is the same either way.
 */
export interface AdminBackend {
  createAccount(
    role: Extract<AccountRole, 'stylist' | 'admin'>,
    account: NewAccountInput,
  ): Promise<{ userId: string; stylistId: number | null; email: string }>;
  getQuote(quoteId: number): Promise<QuoteDocument>;
  applyQuoteAction(quoteId: number, action: AdminQuoteAction): Promise<QuoteDocument>;
  recordSale(quoteId: number, sale: RecordSale): Promise<CommissionDocument>;
  markPaid(commissionIds: number[]): Promise<MarkPaidAnswer>;
  revokeLinks(clientId: number): Promise<RevokedLinksAnswer>;
  createClientLink(clientId: number, page: ClientLinkPage): Promise<ClientLinkAnswer>;
  notify(body: z.output<typeof CreateNotificationBodySchema>): Promise<NotificationDocument>;
  createTutorial(body: TutorialInput): Promise<TutorialDocument>;
  getMarketingBox(): Promise<MarketingBox | null>;
  putMarketingBox(body: MarketingBoxInput): Promise<{ data: MarketingBox }>;
  listOutbox(): Promise<OutboxListDocument>;
  requeueMessage(id: number): Promise<OutboxMessageDocument>;
  requeueFailed(): Promise<RequeueFailedAnswer>;
  banUser(body: BanUserBody): Promise<UserAccessAnswer>;
  unbanUser(body: UnbanUserBody): Promise<UserAccessAnswer>;
  setUserRole(body: SetUserRoleBody): Promise<UserAccessAnswer>;
  exportClient(clientId: number): Promise<{ filename: string; zip: Buffer }>;
  eraseClient(clientId: number): Promise<EraseClientAnswer>;
  listAudit(
    query: Pick<AuditQuery, 'since' | 'after'> & { limit: number },
  ): Promise<AuditListDocument>;
}

export interface DirectDeps {
  db: Db;
  auth: Auth;
  publicUrl: string;
  /** OFFER_EXPIRY_DAYS; the contract's default when not given. */
  offerExpiryDays?: number;
  /** The file storage, for the commands that read or delete a client's files. */
  storage?: Pick<ObjectStore, 'get' | 'delete'>;
}

/**
 * The CLI prints no file URLs, so stored keys and paths stand in for signed links and no admin
 * site is linked; what it writes to the database is the real stored path.
 */
const PRINTED_LINKS: QuoteLinkDeps & { storage: Pick<FileStorage, 'pathOf'> } = {
  storage: {
    urlFor: (key: string) => key,
    linkFor: <T extends string | null>(value: T) => value,
    pathOf: storedPath,
  },
  sites: { adminUrl: null, officeUrl: null, shopUrl: null },
};
/** The CLI acts for the back office without an account of its own. */
const CLI_ACTOR = { kind: 'admin', userId: null } as const;

/** The services themselves, on the database this process opened (no server runs on it). */
export function directBackend({
  db,
  auth,
  publicUrl,
  offerExpiryDays,
  storage,
}: DirectDeps): AdminBackend {
  const files = () => {
    if (!storage) throw new Error('This command needs the file storage.');
    return storage;
  };
  /** The command line acts from no address. */
  const cliActor = { userId: null, ipAddress: null };
  return {
    async createAccount(role, account) {
      const created = await createAccount(db, auth, { ...account, role });
      return { ...created, email: account.email.toLowerCase() };
    },
    getQuote: (quoteId) => getQuote(db, quoteId, PRINTED_LINKS),
    applyQuoteAction: (quoteId, action) =>
      applyQuoteAction(db, CLI_ACTOR, { quoteId, action }, { ...PRINTED_LINKS, offerExpiryDays }),
    recordSale: (quoteId, sale) => recordSale(db, CLI_ACTOR, { quoteId, sale }, PRINTED_LINKS),
    markPaid: (commissionIds) => markCommissionsPaid(db, commissionIds),
    revokeLinks: (clientId) => revokeLinksOfClient(db, clientId),
    createClientLink: (clientId, page) => createClientLink(db, publicUrl, { clientId, page }),
    notify: (body) => notifyStylistByEmail(db, body),
    createTutorial: (body) => createTutorial(db, body),
    getMarketingBox: () => getMarketingBox(db),
    putMarketingBox: (body) => putMarketingBox(db, body),
    listOutbox: () => listOutbox(db, {}),
    requeueMessage: (id) => requeueMessage(db, id),
    requeueFailed: () => requeueFailed(db),
    banUser: (body) => banUser(db, CLI_ACTOR, body),
    unbanUser: (body) => unbanUser(db, CLI_ACTOR, body),
    setUserRole: (body) => setUserRole(db, CLI_ACTOR, body),
    exportClient: (clientId) => exportClient(db, cliActor, { clientId }, { storage: files() }),
    eraseClient: (clientId) => eraseClient(db, cliActor, { clientId }, { storage: files() }),
    listAudit: (query) => listAudit(db, query),
  };
}
