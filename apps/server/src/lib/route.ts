import type { Endpoint } from '@atelier/contract';
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from './app-instance.ts';

/** The route schema fastify-type-provider-zod types a handler by, from an endpoint. */
interface SchemaOf<E extends Endpoint> {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'];
}

/** A handler of `E`: its params, query and body parsed by the contract, its answers typed by it. */
export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** What a route adds to its endpoint on the server: who may call it, limits, hooks. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  config?: FastifyContextConfig;
};

/**
 * Registers the route of `endpoint` (packages/contract) with `handler`: fastify validates its
 * params, query and body and serialises its answers through the endpoint's schemas, and the API
 * document describes it from the same object.
 */
export function route<E extends Endpoint>(
  app: AppInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  app.route({
    ...(options as object),
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [...endpoint.tags],
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      ...(endpoint.multipartBody ? { multipartBody: endpoint.multipartBody } : {}),
      ...(endpoint.hide ? { hide: true } : {}),
      response: endpoint.responses,
    },
    config: { ...(endpoint.access ? { access: endpoint.access } : {}), ...options.config },
    handler: handler as RouteHandlerMethod,
  });
}
