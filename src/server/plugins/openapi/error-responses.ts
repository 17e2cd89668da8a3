import type { FastifySchema } from 'fastify';
import type { Access } from '../access';
import './route-schema';

/** What the derivation needs to know of a route; both the document and the test recorder read it. */
export interface RouteFacts {
  method: string;
  access: Access | undefined;
  /** The route names an API token scope. */
  scope: string | undefined;
  /** Path parameters: an id in the path that may name nothing. */
  hasParams: boolean;
  /** The body is a multipart upload read by the route itself. */
  multipart: boolean;
  /** Statuses the route's own schema adds (`errorStatuses`, ./route-schema.ts). */
  extra: readonly number[];
  /** Other answers the route's own schema lists (`otherResponses`: 304, 206). */
  otherResponses: Readonly<Record<number, string>>;
  /** The name and summary of this operation when it is the HEAD twin of a GET route (`headOperation`). */
  headOperation: { operationId: string; summary: string } | undefined;
  /** The route takes an Idempotency-Key (plugins/idempotency: a signed-in POST or PATCH not opted out, or a PUT opted in). */
  idempotent: boolean;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses a route can answer, from what every route of its kind goes through
 * (ADR 0181). Each line names the code that answers it:
 * - 400, every /api route: an altered path spelling (plugins/canonical-path), a control
 *   character in query, params or body (plugins/input-rules), a query, params or body
 *   its contract refuses (plugins/errors), JSON that does not parse.
 * - 503, every route: the portal still starting (plugins/lifecycle) or its database down
 *   or too slow (plugins/errors).
 * - 403, 408 and 413, every write: no X-Request-Timestamp or a body that is neither JSON nor
 *   multipart (plugins/security); a body that did not arrive within HTTP_BODY_TIMEOUT_MS
 *   (plugins/body-deadline); a body over the limit (Fastify's bodyLimit).
 * - 401, 403 and 429 behind sign-in: no session or a bad token; a temporary password, no
 *   role, the wrong role or a token without the scope (plugins/access); a token past its
 *   rate limit (plugins/access).
 * - 404 with path parameters: the id names nothing the caller may see.
 * - 413 and 415 on multipart uploads (lib/upload).
 * - 409 and 422 where an Idempotency-Key is read: the first request with the key is still
 *   running; the key was used with another body (plugins/idempotency, ADR 0182).
 */
export function errorStatusesOf(route: RouteFacts): number[] {
  const statuses = new Set<number>([400, 503, ...route.extra]);
  const method = route.method.toUpperCase();
  if (WRITES.has(method)) [403, 408, 413].forEach((s) => statuses.add(s));
  if (route.access !== 'public') [401, 403, 429].forEach((s) => statuses.add(s));
  if (route.hasParams) statuses.add(404);
  if (route.multipart) [413, 415].forEach((s) => statuses.add(s));
  if (route.idempotent) [409, 422].forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const json = { 'application/json': { schema: ERROR_REF } };
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
};

/** components.responses: one reusable answer per error status, each `{ message, errors? }`. */
export const ERROR_RESPONSES: Record<number, { name: string; body: Record<string, unknown> }> = {
  400: { name: 'BadRequest', body: { description: 'The request is malformed or its input is refused; `errors` lists each field', content: json } },
  401: { name: 'Unauthorized', body: { description: 'Not signed in, or the API token is not valid, has expired or was revoked', content: json } },
  403: {
    name: 'Forbidden',
    body: {
      description:
        'Not allowed: the role or the token scope does not reach this route, a temporary password must be changed first, ' +
        'or (writes) the X-Request-Timestamp header is missing or the body is neither JSON nor multipart',
      content: json,
    },
  },
  404: { name: 'NotFound', body: { description: 'Nothing with this id, or nothing the caller may see', content: json } },
  408: { name: 'RequestTimeout', body: { description: 'The body did not arrive within HTTP_BODY_TIMEOUT_MS (file uploads: HTTP_REQUEST_TIMEOUT_MS); the connection is closed', content: json } },
  409: { name: 'Conflict', body: { description: 'The request conflicts with the current state (a name taken, a cart changed, ...)', content: json } },
  413: { name: 'PayloadTooLarge', body: { description: 'The body or the uploaded file is over the limit', content: json } },
  415: { name: 'UnsupportedMediaType', body: { description: 'An upload that is not a multipart form or not a file of the expected type', content: json } },
  416: { name: 'RangeNotSatisfiable', body: { description: 'The Range header asks for bytes the file does not have; no body' } },
  422: { name: 'UnprocessableContent', body: { description: 'The request is well formed but cannot be processed as sent', content: json } },
  429: { name: 'TooManyRequests', body: { description: 'Too many requests; Retry-After says when to try again', headers: retryAfter, content: json } },
  503: {
    name: 'ServiceUnavailable',
    body: { description: 'The portal is starting or cannot reach its database; Retry-After says when to try again', headers: retryAfter, content: json },
  },
};

/** Fastify's /api/orders/:id is OpenAPI's /api/orders/{id}. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The route as the derivation sees it, from its options as registered. */
export function factsOf(method: string, route: { url: string; config?: unknown; schema?: unknown }): RouteFacts {
  const config = (route.config ?? {}) as { access?: Access; scope?: string; idempotent?: boolean };
  const schema = (route.schema ?? {}) as FastifySchema;
  return {
    method,
    access: config.access,
    scope: config.scope,
    hasParams: /[:{]/.test(route.url),
    multipart: schema.consumes?.includes('multipart/form-data') ?? false,
    extra: schema.errorStatuses ?? [],
    otherResponses: schema.otherResponses ?? {},
    headOperation: method.toUpperCase() === 'HEAD' ? schema.headOperation : undefined,
    idempotent:
      (IDEMPOTENT_METHODS.has(method.toUpperCase()) || (method.toUpperCase() === 'PUT' && config.idempotent === true)) &&
      config.access !== 'public' &&
      config.idempotent !== false,
  };
}

/** The methods plugins/idempotency reads a key on (and a PUT that opts in with `idempotent: true`). */
const IDEMPOTENT_METHODS = new Set(['POST', 'PATCH']);
