import type { Middleware } from 'openapi-fetch';
import { TIMESTAMP_HEADER } from '@common/domain/http-headers';
import { apiErrorOf, READ_TIMEOUT_MS, readTimeoutError } from './api-error';

const READS = new Set(['GET', 'HEAD']);

/**
 * What every call of the portal's client does (docs/product-decisions.md), as
 * openapi-fetch middleware (docs/decisions/0218-typed-client-from-the-openapi-document.md):
 * - the X-Request-Timestamp header on every request (a write without it gets 403);
 * - a write without a body sends `{}` as JSON (the server insists on a JSON body for every write);
 * - a read that has not answered within `readTimeoutMs` ends in ApiError 408; a cancellation by
 *   the caller (TanStack Query) stays an AbortError; writes are never timed out;
 * - a non-OK answer throws ApiError with status, serverMessage and fieldErrors, so callers only
 *   see answers that succeeded (query-client.ts applies the 401 rule to those errors).
 * Same origin, cookies and no-store are the client's own options (api-client.ts).
 */
export function portalRules({ readTimeoutMs = READ_TIMEOUT_MS }: { readTimeoutMs?: number } = {}): Middleware {
  // Each read's deadline, by request id, cleared once it answers or fails. A plain timer rather than
  // AbortSignal.timeout: a timeout signal only held by AbortSignal.any can be collected before it fires
  // (Node 20 did, and the read then hung for a minute under load in CI).
  const deadlines = new Map<string, ReturnType<typeof setTimeout>>();
  const settle = (id: string) => {
    clearTimeout(deadlines.get(id));
    deadlines.delete(id);
  };
  return {
    onRequest({ request, id }) {
      request.headers.set(TIMESTAMP_HEADER, String(Date.now()));
      if (READS.has(request.method)) {
        const controller = new AbortController();
        const caller = request.signal;
        if (caller.aborted) controller.abort(caller.reason);
        else caller.addEventListener('abort', () => controller.abort(caller.reason), { once: true });
        deadlines.set(id, setTimeout(() => controller.abort(new DOMException('The read timed out', 'TimeoutError')), readTimeoutMs));
        return new Request(request, { signal: controller.signal });
      }
      if (request.body === null) {
        const headers = new Headers(request.headers);
        headers.set('Content-Type', 'application/json');
        return new Request(request, { body: '{}', headers });
      }
      return undefined;
    },
    onError({ error, id }) {
      settle(id);
      if (error instanceof DOMException && error.name === 'TimeoutError') return readTimeoutError();
      return error instanceof Error ? error : new Error(String(error));
    },
    async onResponse({ response, id }) {
      settle(id);
      if (!response.ok) throw await apiErrorOf(response);
      return undefined;
    },
  };
}
