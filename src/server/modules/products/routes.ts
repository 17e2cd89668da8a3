import { errorBody } from '@common/contracts/common';
import { catalogueColumnsResponse } from '@common/contracts/catalogue-columns';
import { catalogueChangesQuery, catalogueChangesResponse } from '@common/contracts/catalogue-changes';
import { productsPage, productsQuery, productsResponse, type ProductsQuery } from '@common/contracts/products';
import { hasPermission } from '@common/domain/permissions';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@common/contracts/zod';
import { requireUser } from '../../plugins/access';
import { pickEncoding } from '../../lib/content-encoding';
import { isFresh } from '../../lib/downloads';
import { catalogueEtag, compressOne, pageEtag, pageRequest, wantsPage, type CatalogueShape, type ProductsService } from './service';

/**
 * Document the bodies for OpenAPI only: widened to FastifySchema so the handlers may send the
 * prebuilt Buffer, which Fastify never runs through a serializer.
 */
const catalogueSchema: FastifySchema = {
  summary: 'List products: the whole catalogue, or a page by id with updatedSince',
  description:
    'Without `limit`, `cursor` or `updatedSince`: the whole catalogue as an array sorted by id (the browser; ETag, 304). ' +
    'With any of them: `{ products, nextCursor }`, at most `limit` (default 500, at most 1000) products by id, only those changed after ' +
    '`updatedSince` when given; pass `nextCursor` as `cursor` (alone) for the next page, also sent as `Link: <...>; rel="next"`. ADR 0183.',
  tags: ['Products'],
  operationId: 'listProducts',
  otherResponses: { 304: 'Not modified: the If-None-Match ETag still matches; no body' },
  querystring: productsQuery,
  response: { 200: z.union([productsResponse, productsPage]), 400: errorBody },
} as FastifySchema;
const columnsSchema: FastifySchema = {
  summary: 'The whole catalogue as columns',
  description:
    'The products of GET /api/products in the same order, column by column, repeated texts written once in `strings` (ADR 0188). The stock screens read this; cached and revalidated like GET /api/products.',
  tags: ['Products'],
  operationId: 'getCatalogueColumns',
  otherResponses: { 304: 'Not modified: the If-None-Match ETag still matches; no body' },
  response: { 200: catalogueColumnsResponse },
};

const access = { config: { access: { permission: 'view_stock' as const }, scope: 'products:read' as const } };

/** GET /api/products: the whole catalogue, sorted by numeric id; pages for integrations (ADR 0183). */
export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (app, { products }) => {
  /**
   * The body (common/contracts/products productsResponse, built by toApiProduct; or its columns)
   * is serialised and compressed once per catalogue version, so no per-request schema runs.
   */
  async function sendCatalogue(request: FastifyRequest, reply: FastifyReply, shape: CatalogueShape) {
    const user = requireUser(request);
    const variant = hasPermission(user.activeRole, 'view_prices') ? 'full' : 'no-prices';
    const version = await products.currentVersion();
    // The browser keeps the body and asks again every time; an unchanged catalogue costs a 304.
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
    const etag = catalogueEtag(version, variant, shape);
    if (isFresh(request, { etag })) {
      return reply.header('ETag', etag).code(304).send();
    }
    const body = await products.body(variant, version, shape);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.header('ETag', body.etag).type('application/json; charset=utf-8');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(body.bodies[encoding]);
  }

  /** A page for integrations (ADR 0183): by id after the cursor, optionally only what changed since. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const user = requireUser(request);
    const query = request.query as ProductsQuery;
    const variant = hasPermission(user.activeRole, 'view_prices') ? 'full' : 'no-prices';
    const version = await products.currentVersion();
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
    const page = pageRequest(query);
    const etag = pageEtag(version, variant, page);
    if (isFresh(request, { etag })) return reply.header('ETag', etag).code(304).send();
    const body = await products.page(variant, page);
    if (body.nextCursor !== null) {
      const next = `/api/products?limit=${page.limit}&cursor=${encodeURIComponent(body.nextCursor)}`;
      reply.header('Link', `<${next}>; rel="next"`);
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.header('ETag', etag).type('application/json; charset=utf-8');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(await compressOne(JSON.stringify(body), encoding));
  }

  // The schema (widened for OpenAPI) still validates the query: request.query is productsQuery's output (ADR 0205).
  app.get('/api/products', { ...access, schema: catalogueSchema, compress: false }, (request, reply) =>
    wantsPage(request.query as ProductsQuery) ? sendPage(request, reply) : sendCatalogue(request, reply, 'objects'),
  );
  // Field mode (docs/decisions/0228): a device that keeps the catalogue refreshes it by changes only.
  app.get(
    '/api/products/changes',
    {
      ...access,
      schema: {
        summary: 'What changed in the catalogue since a time',
        description:
          'Products created or changed and SKUs deleted after `since`, and `until` to pass as `since` next time. ' +
          '`full: true` (no `since`, one older than 30 days, or more than 20,000 changes): download GET /api/products/columns instead, then ask from `until`. ADR 0228.',
        tags: ['Products'],
        operationId: 'getCatalogueChanges',
        querystring: catalogueChangesQuery,
        response: { 200: catalogueChangesResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const variant = hasPermission(user.activeRole, 'view_prices') ? 'full' : 'no-prices';
      const { since } = request.query;
      reply.header('Cache-Control', 'private, no-store');
      return products.changes(variant, since ? new Date(since) : null);
    },
  );
  app.get('/api/products/columns', { ...access, schema: columnsSchema, compress: false }, (request, reply) =>
    sendCatalogue(request, reply, 'columns'),
  );
};
