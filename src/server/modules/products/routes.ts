import { catalogueColumnsResponse } from '@common/contracts/catalogue-columns';
import { productsResponse } from '@common/contracts/products';
import { hasPermission } from '@common/domain/permissions';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/access';
import { etagMatches, pickEncoding } from '../../lib/http-caching';
import { catalogueEtag, type CatalogueShape, type ProductsService } from './service';

/**
 * Document the bodies for OpenAPI only: widened to FastifySchema so the handlers may send the
 * prebuilt Buffer, which Fastify never runs through a serializer.
 */
const catalogueSchema: FastifySchema = { response: { 200: productsResponse } };
const columnsSchema: FastifySchema = {
  summary: 'The whole catalogue as columns',
  description:
    'The products of GET /api/products in the same order, column by column, repeated texts written once in `strings` (ADR 0188). The stock screens read this; cached and revalidated like GET /api/products.',
  tags: ['Products'],
  operationId: 'getCatalogueColumns',
  response: { 200: catalogueColumnsResponse },
};

const access = { config: { access: { permission: 'view_stock' as const }, scope: 'products:read' as const } };

/** Spec §7 GET /api/products: the whole catalogue, sorted by numeric id. */
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
    if (etagMatches(request.headers['if-none-match'], etag)) {
      return reply.header('ETag', etag).code(304).send();
    }
    const body = await products.body(variant, version, shape);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.header('ETag', body.etag).type('application/json; charset=utf-8');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(body.bodies[encoding]);
  }

  app.get('/api/products', { ...access, schema: catalogueSchema, compress: false }, (request, reply) => sendCatalogue(request, reply, 'objects'));
  app.get('/api/products/columns', { ...access, schema: columnsSchema, compress: false }, (request, reply) =>
    sendCatalogue(request, reply, 'columns'),
  );
};
