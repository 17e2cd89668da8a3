import { errorBody } from '@common/contracts/common';
import { catalogueColumnsResponse } from '@common/contracts/catalogue-columns';
import { catalogueChangesQuery, catalogueChangesResponse } from '@common/contracts/catalogue-changes';
import { productsPage, productsQuery, productsResponse, type ProductsQuery } from '@common/contracts/products';
import { PRODUCT_PRICES_MESSAGES, productPricesQuery, productPricesResponse, type ProductPricesQuery } from '@common/contracts/product-prices';
import { hasPermission } from '@common/domain/permissions';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@common/contracts/zod';
import { requireUser } from '../../plugins/access';
import { pickEncoding } from '../../lib/content-encoding';
import { isFresh } from '../../lib/downloads';
import { HttpError } from '../../lib/http-error';
import { emptyOverlay, type PriceOverlayService } from './price-overlay';
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

const pricesSchema: FastifySchema = {
  summary: "A dealer company's prices: the overlay on the catalogue",
  description:
    'Every SKU whose price for the company differs from the base price of GET /api/products, with its ladder of quantity breaks and ' +
    "the list each step comes from (`steps[0]` is the price of one unit; `list` indexes `lists`, null is the base price). A dealer gets their own company's; " +
    'an admin may pass `companyId`; salespeople and dealers without a company get an empty overlay. ETag, 304. ADR 0232.',
  tags: ['Products'],
  operationId: 'getProductPrices',
  otherResponses: { 304: 'Not modified: the If-None-Match ETag still matches; no body' },
  querystring: productPricesQuery,
  response: { 200: productPricesResponse, 400: errorBody, 403: errorBody, 404: errorBody },
} as FastifySchema;

const access = { config: { access: { permission: 'view_stock' as const }, scope: 'products:read' as const } };

/** GET /api/products: the whole catalogue, sorted by numeric id; pages for integrations (ADR 0183). */
export const productsRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  prices: PriceOverlayService;
  today: () => string;
}> = async (app, { products, prices, today }) => {
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

  // The per-company overlay beside the shared catalogue body (docs/decisions/0232); closed to API tokens (no scope).
  app.get(
    '/api/products/prices',
    { config: { access: { permission: 'view_prices' } }, schema: pricesSchema, compress: false },
    async (request, reply) => {
      const user = requireUser(request);
      const asked = (request.query as ProductPricesQuery).companyId;
      if (asked !== undefined && user.activeRole !== 'admin') throw new HttpError(403, PRODUCT_PRICES_MESSAGES.adminOnly);
      // Only a dealer has a company of their own; an admin sees one by choosing it.
      const companyId = asked ?? (user.activeRole === 'bold_customer' ? user.companyId : null);
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
      if (companyId === null) return reply.send(emptyOverlay(today()));
      if (asked !== undefined && !(await prices.exists(asked))) throw new HttpError(404, PRODUCT_PRICES_MESSAGES.noCompany);
      const { key, etag } = await prices.currentEtag(companyId);
      if (isFresh(request, { etag })) return reply.header('ETag', etag).code(304).send();
      const body = await prices.body(companyId, key);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('ETag', body.etag).type('application/json; charset=utf-8');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(await prices.encoded(body, encoding));
    },
  );
};
