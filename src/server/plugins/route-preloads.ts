import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { currentUser, type CurrentUser } from '@common/contracts/auth';
import { firstRequestsOf, PAGE_USER_ELEMENT_ID } from '@common/domain/first-requests';

/** Written by the client build (scripts/route-preloads.ts). */
const PRELOADS_FILE = 'route-preloads.json';

interface PreloadsFile {
  routes: Record<string, string[]>;
}

export interface AppPage {
  html: string;
  etag: string;
}

/** `/orders/:id` matches `/orders/12`; a static route matches itself only. */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return want.length === have.length && want.every((segment, i) => segment.startsWith(':') ? have[i] !== '' : segment === have[i]);
}

function isSafeAsset(file: string): boolean {
  return /^\/assets\/[\w.-]+\.js$/.test(file);
}

/**
 * The app page for each address, with `<link rel="modulepreload">` for the chunks that
 * address's page needs (ADR 0151): the browser fetches them beside the entry
 * instead of discovering them one import at a time. Unknown addresses (the 404 screen) get
 * the plain page. Pages are built once per route and kept.
 */
/** `/stock/` and `/stock` are one page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` can close the element or
 * open a comment, whatever a user's name or email holds.
 */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The app page for a signed-in visitor (ADR 0152): it carries the user GET /api/user would
 * answer, and preloads the page's first data calls (`@common/domain/first-requests`), so the
 * portal renders without a round trip for the user and its data leaves with the HTML instead
 * of after the JavaScript. Personal: never stored by a cache.
 */
export function signedInPage(page: AppPage, pathname: string, user: CurrentUser): string {
  const preloads = firstRequestsOf(normalizePath(pathname), user)
    .map((request) => `<link rel="preload" as="fetch" crossorigin href="${request}">`)
    .join('');
  // Checked by GET /api/user's contract here, as the serializer checks that answer: the browser trusts both (ADR 0154).
  const carried = `<script type="application/json" id="${PAGE_USER_ELEMENT_ID}">${jsonInScript(currentUser.parse(user))}</script>`;
  // A function, so no `$&` in a name is read as a replacement pattern.
  return page.html.replace('</head>', () => `${preloads}${carried}</head>`);
}

/**
 * The sign-in page for a visitor the server knows is signed out: it carries `null`
 * where a signed-in page carries the user, so the sign-in screen starts without asking.
 */
export function signedOutSignInPage(page: AppPage): string {
  return page.html.replace('</head>', () => `<script type="application/json" id="${PAGE_USER_ELEMENT_ID}">null</script></head>`);
}

export function appPages(clientDir: string): (pathname: string) => AppPage {
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const preloadsPath = path.join(clientDir, PRELOADS_FILE);
  const routes = existsSync(preloadsPath) ? (JSON.parse(readFileSync(preloadsPath, 'utf8')) as PreloadsFile).routes : {};
  const patterns = Object.keys(routes);
  const cache = new Map<string, AppPage>();

  const render = (files: readonly string[]): AppPage => {
    // fetchpriority=low: the chunks download at once, but behind the stylesheet, which is all the
    // app shell needs to paint; they are needed for the page, not for its first paint (ADR 0152).
    const links = files
      .filter(isSafeAsset)
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`)
      .join('');
    const html = links ? template.replace('</head>', `${links}</head>`) : template;
    return { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
  };

  return (pathname) => {
    const normalized = normalizePath(pathname);
    const route = normalized !== '*' && routes[normalized] ? normalized : patterns.find((pattern) => pattern.includes(':') && matches(pattern, normalized));
    const key = route ?? '';
    let page = cache.get(key);
    if (!page) {
      // '*': what the build lists for any other address (React and the portal, for the 404 screen).
      page = render((route ? routes[route] : routes['*']) ?? []);
      cache.set(key, page);
    }
    return page;
  };
}
