import type { FastifyInstance } from 'fastify';
import { errorStatusesOf, factsOf, type RouteFacts } from './error-responses';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `METHOD /route → status` for every answer whose status the route's OpenAPI entry does not
     * list, once each. Only filled when the app was built to check (tests); test/api.ts fails a
     * test file that leaves anything here (ADR 0181).
     */
    undocumentedAnswers: string[];
  }
}

/** The statuses the document lists for a route: its declared responses and the derived errors. */
function documentedStatuses(
  method: string,
  schema: { response?: Record<string, unknown> } | undefined,
  facts: RouteFacts,
): (status: number) => boolean {
  const declared = Object.keys(schema?.response ?? {});
  // @fastify/swagger documents a route without response schemas (a download) as answering 200.
  const exact = new Set<number>(declared.length === 0 ? [200] : []);
  const ranges = new Set<number>();
  let any = false;
  for (const key of declared) {
    if (key === 'default') any = true;
    else if (/^[1-5]xx$/i.test(key)) ranges.add(Number(key[0]));
    else exact.add(Number(key));
  }
  for (const status of errorStatusesOf(facts)) exact.add(status);
  for (const status of Object.keys(facts.otherResponses)) exact.add(Number(status));
  return (status) => any || exact.has(status) || ranges.has(Math.floor(status / 100));
}

/**
 * The check behind "an undocumented status never comes back" (ADR 0181): every answer of
 * an /api route is compared with what the route's OpenAPI entry lists, using the same
 * derivation the document uses. Every API test file then checks the answers it provoked.
 */
export function registerUndocumentedStatusCheck(app: FastifyInstance): void {
  const routes = new Map<string, (status: number) => boolean>();
  const found = new Set<string>();
  app.decorate('undocumentedAnswers', [] as string[]);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
    if (!route.url.startsWith('/api/') || schema?.hide) return;
    for (const method of [route.method].flat()) {
      // Fastify's own HEAD twin of a GET route shares the GET's schema, so it is documented by the GET's.
      routes.set(`${method} ${route.url}`, documentedStatuses(method, schema, factsOf(method, route)));
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    const isDocumented = url ? routes.get(`${request.method} ${url}`) : undefined;
    if (!isDocumented || isDocumented(reply.statusCode)) return;
    const answer = `${request.method} ${url} → ${reply.statusCode}`;
    if (found.has(answer)) return;
    found.add(answer);
    app.undocumentedAnswers.push(answer);
  });
}
