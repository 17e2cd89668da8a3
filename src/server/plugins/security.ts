import { TIMESTAMP_HEADER } from '@common/contracts/common';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../lib/bearer';
import { HttpError } from '../lib/http-error';
import { isCanonicalPath, NON_CANONICAL_PATH } from './canonical-path';
import { registerInputRules } from './input-rules';
import { registerSecurityHeaders } from './security-headers';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_BODY_TYPES = ['application/json', 'multipart/form-data'];

export const MISSING_TIMESTAMP = 'Missing or invalid X-Request-Timestamp header';
export const WRONG_CONTENT_TYPE = 'Requests must be sent as JSON or a multipart form';

/**
 * docs/product-decisions.md: every /api write needs the X-Request-Timestamp header and a
 * JSON or multipart body. A cross-site form can set neither a custom header
 * nor a JSON content type without a CORS preflight we never grant, so this is
 * our CSRF defence alongside SameSite=Lax cookies. It is applied to every
 * write whatever its path: the router decodes paths, so a rule keyed on the
 * raw URL could be skipped by encoding it (`/%61pi/...`).
 */
export function checkWriteRequest(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  /** The route lets API tokens in (it names a scope). */
  tokenRoute = false,
): void {
  if (!WRITE_METHODS.has(method)) return;
  const stamp = headers[TIMESTAMP_HEADER];
  // A bearer request to a token route is authenticated by its token alone, never by a cookie
  // (plugins/access.ts), so it cannot be forged cross-site and needs no timestamp. Every other
  // route keeps the browser rule, bearer header or not. Bodies must still be JSON or multipart.
  const machine = tokenRoute && bearerToken(headers) !== undefined;
  if (!machine && (typeof stamp !== 'string' || !/^\d{10,16}$/.test(stamp))) throw new HttpError(403, MISSING_TIMESTAMP);
  const contentType = headers['content-type'];
  const hasBody = headers['content-length'] !== undefined && headers['content-length'] !== '0';
  if (hasBody || headers['transfer-encoding'] !== undefined || contentType !== undefined) {
    const type = typeof contentType === 'string' ? contentType.split(';')[0]?.trim().toLowerCase() : undefined;
    if (!type || !ALLOWED_BODY_TYPES.includes(type)) throw new HttpError(403, WRONG_CONTENT_TYPE);
  }
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  // Helmet's headers (CSP, frame rules, ...) first, so refusals below carry them too.
  await registerSecurityHeaders(app);
  app.addHook('onRequest', async (request) => {
    // Routing has already happened: refuse an API route reached through an altered spelling of its path.
    const route = request.routeOptions.url;
    if (route?.startsWith('/api/') && !isCanonicalPath(request.url, route)) throw new HttpError(400, NON_CANONICAL_PATH);
    checkWriteRequest(request.method, request.headers, request.routeOptions.config.scope !== undefined);
  });
  registerInputRules(app);
  // API answers carry personal data (carts, orders, users, logs): no browser or proxy may keep them.
  // Routes that decide their own caching (catalogue, price list, file downloads) set the header
  // themselves and keep it; everything else under /api gets no-store.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}
