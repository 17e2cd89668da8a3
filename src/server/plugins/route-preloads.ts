import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
 * address's page needs (issue 15, ADR 0151): the browser fetches them beside the entry
 * instead of discovering them one import at a time. Unknown addresses (the 404 screen) get
 * the plain page. Pages are built once per route and kept.
 */
export function appPages(clientDir: string): (pathname: string) => AppPage {
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const preloadsPath = path.join(clientDir, PRELOADS_FILE);
  const routes = existsSync(preloadsPath) ? (JSON.parse(readFileSync(preloadsPath, 'utf8')) as PreloadsFile).routes : {};
  const patterns = Object.keys(routes);
  const cache = new Map<string, AppPage>();

  const render = (files: readonly string[]): AppPage => {
    const links = files.filter(isSafeAsset).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
    const html = links ? template.replace('</head>', `${links}</head>`) : template;
    return { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
  };

  return (pathname) => {
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const route = routes[normalized] ? normalized : patterns.find((pattern) => pattern.includes(':') && matches(pattern, normalized));
    const key = route ?? '';
    let page = cache.get(key);
    if (!page) {
      page = render(route ? (routes[route] ?? []) : []);
      cache.set(key, page);
    }
    return page;
  };
}
