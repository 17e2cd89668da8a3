import { errorBody } from '@common/contracts/common';
import { productsPage, productsQuery, productsResponse } from '@common/contracts/products';
import { hasPermission } from '@common/domain/permissions';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@common/contracts/zod';
import { requireUser } from '../../plugins/access';
import { etagMatches, pickEncoding } from '../../lib/http-caching';
import { catalogueEtag, compressOne, pageEtag, pageRequest, wantsPage, type ProductsService } from './service';

/**
 * Documents the body for OpenAPI only: widened to FastifySchema so the handler may send the
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
  querystring: productsQuery,
  response: { 200: z.union([productsResponse, productsPage]), 400: errorBody },
} as FastifySchema;

/** Spec §7 GET /api/products: the whole catalogue, sorted by numeric id; pages for integrations (ADR 0183). */
export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (app, { products }) => {
  app.get(
    '/api/products',
    {
      config: { access: { permission: 'view_stock' }, scope: 'products:read' },
      schema: catalogueSchema,
      // The body (common/contracts/products productsResponse, built by toApiProduct) is
      // serialised and compressed once per catalogue version, so no per-request schema runs.
      compress: false,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const query = productsQuery.parse(request.query);
      const variant = hasPermission(user.activeRole, 'view_prices') ? 'full' : 'no-prices';
      const version = await products.currentVersion();
      // The browser keeps the body and asks again every time; an unchanged catalogue costs a 304.
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (wantsPage(query)) {
        const page = pageRequest(query);
        const etag = pageEtag(version, variant, page);
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.header('ETag', etag).code(304).send();
        const body = await products.page(variant, page);
        if (body.nextCursor !== null) {
          const next = `/api/products?limit=${page.limit}&cursor=${encodeURIComponent(body.nextCursor)}`;
          reply.header('Link', `<${next}>; rel="next"`);
        }
        reply.header('ETag', etag).type('application/json; charset=utf-8');
        if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
        return reply.send(await compressOne(JSON.stringify(body), encoding));
      }
      const etag = catalogueEtag(version, variant);
      if (etagMatches(request.headers['if-none-match'], etag)) {
        return reply.header('ETag', etag).code(304).send();
      }
      const body = await products.body(variant, version);
      reply.header('ETag', body.etag).type('application/json; charset=utf-8');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(body.bodies[encoding]);
    },
  );
};
