import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Our helmet settings: CSP, frame rules and the rest (docs/decisions/0006, 0176). */
export const HELMET_OPTIONS = {
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
} satisfies FastifyHelmetOptions;

/**
 * @fastify/helmet on every answer, 404s and refusals included (its onRequest hook is global).
 * A route that needs another policy says so in its own `helmet` option (ADR 0176).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, HELMET_OPTIONS);
}
