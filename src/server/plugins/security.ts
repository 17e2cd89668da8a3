import { TIMESTAMP_HEADER } from '@common/contracts/common';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_BODY_TYPES = ['application/json', 'multipart/form-data'];

export const MISSING_TIMESTAMP = 'Missing or invalid X-Request-Timestamp header';
export const WRONG_CONTENT_TYPE = 'Requests must be sent as JSON or a multipart form';

/**
 * docs/product-decisions.md: every /api write needs the X-Request-Timestamp header and a
 * JSON or multipart body. A cross-site form can set neither a custom header
 * nor a JSON content type without a CORS preflight we never grant, so this is
 * our CSRF defence alongside SameSite=Lax cookies.
 */
export function checkWriteRequest(method: string, url: string, headers: Record<string, string | string[] | undefined>): void {
  if (!WRITE_METHODS.has(method) || !url.startsWith('/api/')) return;
  const stamp = headers[TIMESTAMP_HEADER];
  if (typeof stamp !== 'string' || !/^\d{10,16}$/.test(stamp)) throw new HttpError(403, MISSING_TIMESTAMP);
  const contentType = headers['content-type'];
  const hasBody = headers['content-length'] !== undefined && headers['content-length'] !== '0';
  if (hasBody || headers['transfer-encoding'] !== undefined || contentType !== undefined) {
    const type = typeof contentType === 'string' ? contentType.split(';')[0]?.trim().toLowerCase() : undefined;
    if (!type || !ALLOWED_BODY_TYPES.includes(type)) throw new HttpError(403, WRONG_CONTENT_TYPE);
  }
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The price list and file previews are our own PDFs shown in a frame.
        frameSrc: ["'self'"],
        objectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Lets our own pages frame our PDFs while refusing other sites.
    frameguard: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
    // Plain HTTP on localhost must keep working; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request) => checkWriteRequest(request.method, request.url, request.headers));
}
