import type { Endpoint, EndpointAnswer, EndpointArgs, ErrorCode } from '@atelier/contract';
import {
  API_ACCEPT,
  ErrorBodySchema,
  adminAccountsApi,
  adminClientLinksApi,
  adminCommissionsApi,
  adminQuotesApi,
  adminMarketingBoxApi,
  adminNotificationsApi,
  adminOutboxApi,
  adminTutorialsApi,
  clientDataApi,
  endpointUrl,
  successSchema,
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
  async function send(method: Endpoint['method'], path: string, body?: unknown) {
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
    method: Endpoint['method'],
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.output<T>> {
    const response = await send(method, path, body);
    return schema.parse(await response.json().catch(() => null));
  }

  /** Calls `endpoint` (packages/contract) and parses its successful answer by its schema. */
  function request<E extends Endpoint>(
    endpoint: E,
    args: Pick<EndpointArgs<E>, 'params' | 'query' | 'body'>,
  ): Promise<EndpointAnswer<E>> {
    const { params, query, body } = args as {
      params?: Record<string, string | number>;
      query?: Record<string, string | number | undefined>;
      body?: unknown;
    };
    return call(
      endpoint.method,
      endpointUrl(endpoint, params, query),
      successSchema(endpoint),
      body,
    ) as Promise<EndpointAnswer<E>>;
  }

  return {
    async createAccount(role, account) {
      if (role === 'stylist') return request(adminAccountsApi.createStylist, { body: account });
      const created = await request(adminAccountsApi.createAdmin, { body: account });
      return { ...created, stylistId: null };
    },
    getQuote: (quoteId) => request(adminQuotesApi.getQuote, { params: { quoteId } }),
    applyQuoteAction: (quoteId, action) =>
      request(adminQuotesApi.moveQuote, { params: { quoteId }, body: action }),
    recordSale: (quoteId, sale) =>
      request(adminCommissionsApi.recordSale, { params: { quoteId }, body: sale }),
    markPaid: (commissionIds) =>
      request(adminCommissionsApi.markCommissionsPaid, { body: { commissionIds } }),
    revokeLinks: (clientId) =>
      request(adminClientLinksApi.revokeClientLinks, { params: { clientId } }),
    createClientLink: (clientId, page) =>
      request(adminClientLinksApi.createClientLink, { params: { clientId }, body: { page } }),
    notify: (body) => request(adminNotificationsApi.createNotification, { body }),
    createTutorial: (body) => request(adminTutorialsApi.createTutorial, { body }),
    getMarketingBox: async () =>
      (await request(adminMarketingBoxApi.getStoredMarketingBox, {})).data,
    putMarketingBox: (body) => request(adminMarketingBoxApi.setMarketingBox, { body }),
    listOutbox: () => request(adminOutboxApi.listOutbox, { query: {} }),
    requeueMessage: (id) => request(adminOutboxApi.retryOutboxMessage, { params: { id } }),
    requeueFailed: () => request(adminOutboxApi.retryFailedOutboxMessages, {}),
    banUser: (body) => request(adminAccountsApi.banUser, { body }),
    unbanUser: (body) => request(adminAccountsApi.unbanUser, { body }),
    setUserRole: (body) => request(adminAccountsApi.setUserRole, { body }),
    async exportClient(clientId) {
      const endpoint = clientDataApi.exportClient;
      const response = await send(endpoint.method, endpointUrl(endpoint, { clientId }));
      const disposition = response.headers.get('content-disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `client-${clientId}.zip`;
      return { filename, zip: Buffer.from(await response.arrayBuffer()) };
    },
    eraseClient: (clientId) => request(clientDataApi.eraseClient, { params: { clientId } }),
    listAudit: ({ limit, since, after }) =>
      request(clientDataApi.listAudit, { query: { limit, since, after } }),
  };
}
