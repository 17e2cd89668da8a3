import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Access } from '../access';
import { namedSchemas, SECURITY_SCHEMES } from './components';
import { completeDocument, tagOf } from './document';
import { factsOf, openApiPath, type RouteFacts } from './error-responses';
import { registerReferencePage } from './reference';
import { registerUndocumentedStatusCheck } from './undocumented';

/** Who may call a route, in words, for the reference. */
function describeAccess(access: Access | undefined): string {
  if (access === undefined) return 'nobody (no access rule)';
  if (typeof access === 'string') {
    return { public: 'anyone', 'signed-in': 'any signed-in user', user: 'any signed-in user', admin: 'admins' }[access];
  }
  if ('permission' in access) return `users with the ${access.permission} permission`;
  return `users acting as ${access.roles.join(' or ')}`;
}

/**
 * OpenAPI 3.1 from the routes' own Zod contracts (docs/architecture.md,
 * API conventions): @fastify/swagger collects every route, the Zod type provider's
 * transform turns the contracts into JSON Schema, and this adds who may call
 * each route and which API token scope it needs. Served at /api/openapi.json,
 * with a reference page at /api/docs (./reference.ts). ./document.ts completes each
 * operation (name, error answers, headers) and adds the webhook events (ADR 0181).
 */
export interface ApiRouteRecord {
  method: string;
  url: string;
  schema: { response?: Record<string, unknown>; produces?: string[]; hide?: boolean } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route as registered, for the test that refuses a route without a schema. */
    apiRoutes: ApiRouteRecord[];
  }
}

/** A route is documented when its schema says what it answers: a response contract, or the file type it sends. */
export function isDocumented(route: ApiRouteRecord): boolean {
  const schema = route.schema;
  return !!schema && (Object.keys(schema.response ?? {}).length > 0 || (schema.produces?.length ?? 0) > 0);
}

export interface OpenApiOptions {
  /** Tests: remember every answer whose status the route's documentation does not list (./undocumented.ts). */
  checkUndocumentedStatuses?: boolean;
}

export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions = {}): Promise<void> {
  const facts = new Map<string, RouteFacts>();
  const transformSchema = createJsonSchemaTransform({ schemaRegistry: namedSchemas });
  const transformObject = createJsonSchemaTransformObject({ schemaRegistry: namedSchemas });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'BOLD portal API',
        version: '1',
        description:
          'Browsers sign in with a session cookie and send X-Request-Timestamp on every write. Machines send ' +
          '`Authorization: Bearer <token>` with an API token an admin created; a token reaches only the routes of its scopes. ' +
          'Every error is `{ message, errors? }` (the Error schema). See docs/integrations.md for stock pushes, order polling ' +
          'and webhook signatures.',
      },
      servers: [{ url: '/', description: 'The portal serving this document (an integration uses its own address, e.g. https://portal.example)' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform(input) {
      const route = (input as { route: RouteOptions }).route;
      const isApi = input.url.startsWith('/api/');
      const result = transformSchema(input);
      const schema = { ...(result.schema as Record<string, unknown>) };
      if (!isApi) return { schema: { ...schema, hide: true }, url: result.url };
      const config = (route.config ?? {}) as { access?: Access; scope?: string };
      const lines = [`Who: ${describeAccess(config.access)}.`];
      if (config.scope) lines.push(`API token scope: \`${config.scope}\`.`);
      else if (config.access !== 'public') lines.push('Not open to API tokens.');
      schema.description = [schema.description, lines.join(' ')].filter(Boolean).join('\n\n');
      schema.tags ??= [tagOf(input.url)];
      // Public routes say so (`security: []`); the others name the session and, with a scope, the token.
      schema.security = config.access === 'public' ? [] : config.scope ? [{ session: [] }, { apiToken: [config.scope] }] : [{ session: [] }];
      for (const method of [route.method].flat()) facts.set(`${method} ${openApiPath(input.url)}`, factsOf(method, route));
      // Uploads are read from the multipart stream by the route itself, so they have no body schema to transform.
      const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes;
      if (consumes?.includes('multipart/form-data')) {
        schema.body = { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } };
      }
      return { schema, url: result.url };
    },
    transformObject: (input) => completeDocument(transformObject(input) as Record<string, unknown>, (key) => facts.get(key)),
  });

  // Before the recorder below: the reference's routes serve Swagger UI's files and a copy of the
  // document, not data; they are public (reference.ts) and answer no contract.
  await registerReferencePage(app);

  const apiRoutes: ApiRouteRecord[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, schema: route.schema as ApiRouteRecord['schema'] });
    }
  });
  if (options.checkUndocumentedStatuses) registerUndocumentedStatusCheck(app);

  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { hide: true, produces: ['application/json'] } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  );
}
