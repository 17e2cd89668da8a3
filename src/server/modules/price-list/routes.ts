import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { contentDisposition, isFresh } from '../../lib/downloads';
import { priceListEtag, type PriceListService } from './service';

export const PRICE_LIST_API_PATH = '/api/price-list.pdf';

/**
 * The price list PDF lives at /api/price-list.pdf (view_prices); /price-list.pdf
 * is the screen that frames it. A plain request for /price-list.pdf
 * (a download tool, not a browser tab) is sent to the PDF (docs/decisions/0013).
 */
export const priceListRoutes: FastifyPluginAsyncZod<{ priceList: PriceListService }> = async (app, { priceList }) => {
  app.get(PRICE_LIST_API_PATH, { config: { access: { permission: 'view_prices' } }, compress: false, schema: { operationId: 'getPriceList', summary: 'The price list as a PDF', otherResponses: { 304: 'Not modified: the If-None-Match ETag still matches; no body' }, produces: ['application/pdf'] } }, async (request, reply) => {
    const version = await priceList.currentVersion();
    // A 304 is the browser showing its copy again: a view all the same.
    await priceList.viewed(actorOf(request));
    reply.header('Cache-Control', 'private, no-cache');
    const etag = priceListEtag(version);
    if (isFresh(request, { etag })) return reply.header('ETag', etag).code(304).send();
    const { pdf, etag: builtEtag } = await priceList.pdf(version);
    return reply
      .header('ETag', builtEtag)
      .header('Content-Disposition', contentDisposition('inline', 'BOLD-Price-List.pdf'))
      .type('application/pdf')
      .send(pdf);
  });

  app.get('/price-list.pdf', { config: { access: 'public' } }, async (request, reply) => {
    const navigation = (request.headers.accept ?? '').includes('text/html');
    if (navigation) return reply.callNotFound();
    return reply.redirect(PRICE_LIST_API_PATH, 302);
  });
};
