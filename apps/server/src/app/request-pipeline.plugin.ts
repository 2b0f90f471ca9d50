import { API_DOCS_PATH } from '@atelier/contract';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Access } from '../auth/actor.ts';
import type { Config } from '../config.ts';
import type { AppInstance } from '../lib/app-instance.ts';
import { registerErrorHandler } from '../lib/error-handler.ts';
import { registerJsonBodyParser } from '../lib/json-body.ts';
import { checkedSerializerCompiler, plainSerializerCompiler } from '../lib/response-serializer.ts';
import { refuseUnstorableText } from '../lib/unstorable-text.ts';

/**
 * What every request goes through whatever its route: the contract's validation and answers,
 * the request id, the error shape, JSON bodies, text the database cannot store. Returns the list
 * of routes as they are registered (with who may call each).
 */
export function registerRequestPipeline(app: AppInstance, config: Config) {
  const routes: { method: string; url: string; access: Access | undefined }[] = [];
  app.addHook('onRoute', (route) => {
    // The API's map is a reconnaissance aid: in production only admins read it (API_DOCS), with
    // a token or in their signed-in browser.
    if (route.url.startsWith(API_DOCS_PATH))
      route.config = { ...route.config, access: config.apiDocs, acceptsSessionCookie: true };
    if (route.config?.access === 'public' && route.schema)
      route.schema = { ...route.schema, security: [] };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config?.access });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  // Tests hold every answer to its contract; elsewhere answers are sent as the mappers built them.
  app.setSerializerCompiler(
    config.env === 'test' ? checkedSerializerCompiler : plainSerializerCompiler,
  );
  // On every answer, those of the router's own errors too (before any onRequest hook ran).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  app.addHook('preValidation', refuseUnstorableText);
  return routes;
}
