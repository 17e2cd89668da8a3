import { productsResponse } from '@common/contracts/products';
import { hasPermission } from '@common/domain/permissions';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/access';
import { etagMatches, pickEncoding } from '../../lib/http-caching';
import { catalogueEtag, type ProductsService } from './service';

/**
 * Documents the body for OpenAPI only: widened to FastifySchema so the handler may send the
 * prebuilt Buffer, which Fastify never runs through a serializer.
 */
const catalogueSchema: FastifySchema = { response: { 200: productsResponse } };

/** Spec §7 GET /api/products: the whole catalogue, sorted by numeric id. */
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
      const variant = hasPermission(user.activeRole, 'view_prices') ? 'full' : 'no-prices';
      const version = await products.currentVersion();
      // The browser keeps the body and asks again every time; an unchanged catalogue costs a 304.
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
      const etag = catalogueEtag(version, variant);
      if (etagMatches(request.headers['if-none-match'], etag)) {
        return reply.header('ETag', etag).code(304).send();
      }
      const body = await products.body(variant, version);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('ETag', body.etag).type('application/json; charset=utf-8');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(body.bodies[encoding]);
    },
  );
};
