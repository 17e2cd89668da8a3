import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CurrentUser } from '@common/contracts/auth';
import { appPages, normalizePath, signedInPage, signedOutSignInPage } from './route-preloads';

export interface SpaOptions {
  /** The signed-in user of the request's session (what GET /api/user answers), or null. */
  pageUser?(request: FastifyRequest): Promise<CurrentUser | null>;
}

/**
 * Serves the built client. Hashed assets are cached for a year; index.html is
 * revalidated so a deploy is picked up at once. Unknown /api paths are JSON
 * 404s; every other GET gets the SPA, whose router shows its own 404 screen.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string | undefined, options: SpaOptions = {}): Promise<void> {
  const indexExists = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  const pageFor = indexExists ? appPages(clientDir) : undefined;
  /**
   * The app page for the address, with its route's chunks preloaded: revalidated by ETag for a
   * signed-out visitor; for a signed-in one it carries the user and preloads the page's data
   * (ADR 0152), and no cache keeps it.
   */
  const sendAppPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const page = pageFor!(pathname);
    const user = options.pageUser ? await options.pageUser(request) : null;
    if (user) return reply.header('Cache-Control', 'private, no-store').type('text/html').send(signedInPage(page, pathname, user));
    // /auth says "no one is signed in", so the sign-in screen need not ask GET /api/user and log its
    // 401 in the console. Never stored, so a visit after signing in (back button
    // included) is answered afresh and never finds a stale "no one".
    if (options.pageUser && normalizePath(pathname) === '/auth') {
      return reply.header('Cache-Control', 'private, no-store').type('text/html').send(signedOutSignInPage(page));
    }
    reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).type('text/html');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.send(page.html);
  };
  if (indexExists) {
    // Source maps would publish the client's source: never served, even if a build left one behind.
    app.addHook('onRequest', async (request, reply) => {
      if (/\.map$/i.test(request.url.split('?')[0] ?? '')) return reply.code(404).send({ message: 'Not found' });
    });
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      // The build writes assets' .br and .gz beside them (vite.config.ts): sent as they are, smaller
      // than compressing per request and at no CPU (ADR 0200).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static plugin answers a folder (and `/` is the root folder) with 403 before the
    // not-found handler runs; the portal's address must give the app page.
    app.get('/', (request, reply) => sendAppPage(request, reply, '/'));
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (an old /assets/x.js after a deploy) is a 404, not the SPA page;
    // a browser navigation (Accept: text/html) always gets the SPA, even to /price-list.pdf.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const navigation = (request.headers.accept ?? '').includes('text/html');
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      (navigation || !looksLikeFile);
    if (isPage && indexExists) return sendAppPage(request, reply, pathname);
    if (isPage) return reply.code(503).type('text/plain').send('The client is not built. Run `npm run build`.');
    return reply.code(404).send({ message: 'Not found' });
  });
}
