/**
 * What a route's own schema may say about its OpenAPI operation beyond what @fastify/swagger
 * reads (`operationId`, `summary`, `tags`, ...). Every route writes its `operationId` and
 * `summary` beside its contract, so a generated client's method names only change when someone
 * edits that route (docs/decisions/0218-typed-client-from-the-openapi-document.md). The test in
 * document.test.ts refuses an operation without them.
 */
declare module 'fastify' {
  interface FastifySchema {
    /**
     * Statuses the route answers beyond those every route of its kind gets
     * (./error-responses.ts): a 409 of the service, a 404 of an id in the query or body,
     * a 401 or 429 of a public route.
     */
    errorStatuses?: readonly number[];
    /** Other answers than the declared ones, with what they mean (304, 206). */
    otherResponses?: Readonly<Record<number, string>>;
    /** The name of the HEAD twin of a route declared with `method: ['GET', 'HEAD']`. */
    headOperation?: { operationId: string; summary: string };
  }
}

export {};
