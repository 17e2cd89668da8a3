import type { FastifyInstance } from 'fastify';

/** One year, host only: the portal cannot know whether its sibling subdomains all speak TLS. */
export const HSTS_VALUE = 'max-age=31536000';

/**
 * Strict-Transport-Security, only where the browser reached us over TLS: behind a
 * TLS-terminating proxy (TRUST_PROXY) whose X-Forwarded-Proto says https. Plain HTTP on
 * localhost must keep working, and a header sent over http is ignored by browsers anyway.
 * Kept apart from the other security headers (plugins/security-headers.ts), which are the
 * same for every answer; this one depends on the request.
 */
export function registerHsts(app: FastifyInstance, trustProxy: boolean): void {
  if (!trustProxy) return;
  app.addHook('onRequest', (request, reply, done) => {
    // With trustProxy, Fastify's request.protocol is read from X-Forwarded-Proto.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
    done();
  });
}
