import type { ErrorCode } from '@atelier/contract';
import {
  API_ACCEPT,
  AdminMarketingBoxDocumentSchema,
  AuditListDocumentSchema,
  EraseClientAnswerSchema,
  ClientLinkAnswerSchema,
  CommissionDocumentSchema,
  CreatedAdminSchema,
  CreatedStylistSchema,
  ErrorBodySchema,
  MarkPaidAnswerSchema,
  MarketingBoxDocumentSchema,
  NotificationDocumentSchema,
  OutboxListDocumentSchema,
  OutboxMessageDocumentSchema,
  QuoteDocumentSchema,
  RequeueFailedAnswerSchema,
  RevokedLinksAnswerSchema,
  TutorialDocumentSchema,
  UserAccessAnswerSchema,
} from '@atelier/contract';
import type { z } from 'zod';
import { mintOperatorToken } from '../auth/operator-token.ts';
import { AppError } from '../lib/app-error.ts';
import type { AdminBackend } from './admin-backend.ts';

/** How long the CLI waits for the server's answer to one call. */
const CALL_TIMEOUT_MS = 60_000;

/**
 * The admin API of the server running at `baseUrl`, called with operator tokens signed with its
 * AUTH_SECRET (docs/decisions/0020). Its error answers are thrown as the AppError they were, so
 * the command prints the same message as on the database directly.
 */
export function apiBackend({ baseUrl, secret }: { baseUrl: string; secret: string }): AdminBackend {
  async function send(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        accept: API_ACCEPT,
        authorization: `Bearer ${await mintOperatorToken(secret)}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    if (response.ok) return response;
    const answer: unknown = await response.json().catch(() => null);
    const error = ErrorBodySchema.safeParse(answer);
    if (!error.success) {
      throw new Error(`The server at ${baseUrl} answered ${response.status} to ${method} ${path}`);
    }
    throw new AppError(
      error.data.code as ErrorCode,
      error.data.message,
      response.status,
      error.data.errors,
    );
  }

  async function call<T extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.output<T>> {
    const response = await send(method, path, body);
    return schema.parse(await response.json().catch(() => null));
  }

  return {
    async createAccount(role, account) {
      if (role === 'stylist')
        return call('POST', '/api/admin/stylists', CreatedStylistSchema, account);
      const created = await call('POST', '/api/admin/admins', CreatedAdminSchema, account);
      return { ...created, stylistId: null };
    },
    getQuote: (quoteId) => call('GET', `/api/admin/quotes/${quoteId}`, QuoteDocumentSchema),
    applyQuoteAction: (quoteId, action) =>
      call('POST', `/api/admin/quotes/${quoteId}/actions`, QuoteDocumentSchema, action),
    recordSale: (quoteId, sale) =>
      call('POST', `/api/admin/quotes/${quoteId}/sale`, CommissionDocumentSchema, sale),
    markPaid: (commissionIds) =>
      call('POST', '/api/admin/commissions/mark-paid', MarkPaidAnswerSchema, { commissionIds }),
    revokeLinks: (clientId) =>
      call('POST', `/api/admin/clients/${clientId}/links/revoke`, RevokedLinksAnswerSchema),
    createClientLink: (clientId, page) =>
      call('POST', `/api/admin/clients/${clientId}/links`, ClientLinkAnswerSchema, { page }),
    notify: (body) => call('POST', '/api/admin/notifications', NotificationDocumentSchema, body),
    createTutorial: (body) => call('POST', '/api/admin/tutorials', TutorialDocumentSchema, body),
    getMarketingBox: async () =>
      (await call('GET', '/api/admin/marketing-box', MarketingBoxDocumentSchema)).data,
    putMarketingBox: (body) =>
      call('PUT', '/api/admin/marketing-box', AdminMarketingBoxDocumentSchema, body),
    listOutbox: () => call('GET', '/api/admin/outbox', OutboxListDocumentSchema),
    requeueMessage: (id) =>
      call('POST', `/api/admin/outbox/${id}/retry`, OutboxMessageDocumentSchema),
    requeueFailed: () => call('POST', '/api/admin/outbox/retry-failed', RequeueFailedAnswerSchema),
    banUser: (body) => call('POST', '/api/admin/users/ban', UserAccessAnswerSchema, body),
    unbanUser: (body) => call('POST', '/api/admin/users/unban', UserAccessAnswerSchema, body),
    setUserRole: (body) => call('POST', '/api/admin/users/role', UserAccessAnswerSchema, body),
    async exportClient(clientId) {
      const response = await send('GET', `/api/admin/clients/${clientId}/export`);
      const disposition = response.headers.get('content-disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `client-${clientId}.zip`;
      return { filename, zip: Buffer.from(await response.arrayBuffer()) };
    },
    eraseClient: (clientId) =>
      call('POST', `/api/admin/clients/${clientId}/erase`, EraseClientAnswerSchema),
    listAudit: (query) => {
      const search = new URLSearchParams({ limit: String(query.limit) });
      if (query.since !== undefined) search.set('since', query.since);
      if (query.after !== undefined) search.set('after', String(query.after));
      return call('GET', `/api/admin/audit?${search}`, AuditListDocumentSchema);
    },
  };
}
