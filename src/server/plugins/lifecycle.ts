import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from '../lifecycle';

/** Liveness and readiness answer in every phase; everything else waits until the database is prepared. */
const ALWAYS_ANSWERED = new Set(['/api/health', '/api/health/ready']);
export const STARTING_MESSAGE = 'The portal is starting. Please try again in a moment.';

/**
 * What a person whose browser opens a page during the start-up sees (a single server's first start
 * loads the demo catalogue for several seconds): the sentence, and the page reloads itself.
 */
const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>BOLD portal: starting</title></head>
<body style="font-family:system-ui,sans-serif;margin:3rem 1.5rem;color:#1f2937"><main><h1 style="font-size:1.25rem">${STARTING_MESSAGE}</h1>
<p>This page reloads by itself.</p></main></body></html>`;

/**
 * A body over the limit that the client is still sending is read and thrown away up to this
 * size, so the client gets to read its 413; a larger one has its connection closed after the answer.
 */
export const DISCARD_TOO_LARGE_BODY_BYTES = 32 * 1024 * 1024;

/**
 * The HTTP side of the lifecycle (ADR 0171): 503 before the database is prepared,
 * `Connection: close` on every response once the drain has begun (also on requests
 * that arrived before it), and a 413 that the client can read.
 */
export function registerLifecycleHooks(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (lifecycle.phase !== 'starting' || ALWAYS_ANSWERED.has(pathname)) return;
    reply.code(503).header('Retry-After', '1');
    const wantsPage = request.method === 'GET' && !pathname.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.type('text/html; charset=utf-8').send(STARTING_PAGE);
    return reply.send({ message: STARTING_MESSAGE });
  });

  app.addHook('onSend', async (request, reply) => {
    if (lifecycle.phase === 'draining') {
      // A keep-alive client or proxy must not send another request on this socket: it closes after this answer.
      if (request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
      return;
    }
    if (reply.statusCode === 413 && reply.getHeader('connection') === 'close') {
      // Fastify answers a declared Content-Length over bodyLimit before reading the body and closes
      // the connection; the client, still sending, then gets a reset instead of the answer. Keeping
      // the connection lets Node read and discard the rest of the body (its unread-body dump), bounded
      // by the declared length and by the request timeout.
      const declared = Number(request.headers['content-length']);
      if (Number.isInteger(declared) && declared <= DISCARD_TOO_LARGE_BODY_BYTES) reply.removeHeader('connection');
    }
  });
}
