import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Our helmet settings: CSP, frame rules and the rest (docs/decisions/0153 for why they are computed once). */
export const HELMET_OPTIONS: HelmetOptions = {
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
};

/**
 * The headers helmet sets for these options, computed ONCE. They depend on the
 * options only (no nonces, nothing from the request). @fastify/helmet called
 * `helmet(options)` on every request, which re-parsed the CSP directives and set a
 * dozen headers one by one: ~4% of the server's CPU in the cart-add benchmark.
 * Helmet itself still decides the names and values.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    // X-Powered-By: Fastify never sets it, so there is nothing to remove per request.
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}
