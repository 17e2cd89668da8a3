import {
  addCartItemBody,
  adjustMerchandiseBody,
  bulkAddBody,
  bulkAddResponse,
  cartItemParams,
  cartItemResponse,
  CARTS_NEXT_CURSOR_HEADER,
  CARTS_TOTAL_HEADER,
  cartsQuery,
  cartsResponse,
  cartView,
  createCartBody,
  merchandiseEntryParams,
  merchandiseQuantitiesResponse,
  setMerchandiseBody,
  updateCartBody,
  updateCartItemBody,
} from '@common/contracts/carts';
import { idParams, okBody } from '@common/contracts/common';
import { CARTS_PAGE_SIZE } from '@common/domain/cart-limits';
import { ORDERING_PERMISSION } from '@common/domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import type { CartsService } from './service';

/** Spec §7 cart calls plus the per-entry merchandise operations. Every role keeps carts (ADR 0008). */
export const cartRoutes: FastifyPluginAsyncZod<{ carts: CartsService }> = async (app, { carts }) => {
  const access = { permission: ORDERING_PERMISSION };
  const ok = { ok: true as const };

  app.get(
    '/api/carts',
    {
      config: { access },
      schema: {
        description:
          'A page of your carts (POs) with their contents: the active one first, then the most recently changed. ' +
          `Without \`limit\` a page holds ${CARTS_PAGE_SIZE}, as many as a user may keep (ADR 0179). ` +
          `Headers: \`X-Total-Count\` (all your carts); when more follow, \`X-Next-Cursor\` (pass it as \`cursor\`) and \`Link: <…>; rel="next"\`.`,
        querystring: cartsQuery,
        response: { 200: cartsResponse },
      },
    },
    async (request, reply) => {
      const page = await carts.list(actorOf(request), request.query);
      reply.header(CARTS_TOTAL_HEADER, String(page.total));
      if (page.nextCursor !== null) {
        const next = `/api/carts?limit=${request.query.limit}&cursor=${encodeURIComponent(page.nextCursor)}`;
        reply.header(CARTS_NEXT_CURSOR_HEADER, page.nextCursor).header('link', `<${next}>; rel="next"`);
      }
      return page.carts;
    },
  );

  app.post(
    '/api/carts',
    { config: { access }, schema: { body: createCartBody, response: { 201: cartView } } },
    async (request, reply) => reply.code(201).send(await carts.create(actorOf(request), request.body)),
  );

  app.get('/api/carts/:id', { config: { access }, schema: { params: idParams, response: { 200: cartView } } }, (request) =>
    carts.view(actorOf(request), request.params.id),
  );

  app.patch(
    '/api/carts/:id',
    { config: { access }, schema: { params: idParams, body: updateCartBody, response: { 200: cartView } } },
    (request) => carts.update(actorOf(request), request.params.id, request.body),
  );

  app.delete('/api/carts/:id', { config: { access }, schema: { params: idParams, response: { 200: okBody } } }, async (request) => {
    await carts.remove(actorOf(request), request.params.id);
    return ok;
  });

  app.delete(
    '/api/carts/:id/all-items',
    { config: { access }, schema: { params: idParams, response: { 200: okBody } } },
    async (request) => {
      await carts.clear(actorOf(request), request.params.id);
      return ok;
    },
  );

  app.post(
    '/api/carts/:id/items',
    {
      config: { access },
      // The answer is one cart line (~100 bytes), always under the compression threshold: skip
      // @fastify/compress's per-request hooks on the busiest write (issue 15, ADR 0153).
      compress: false,
      schema: { params: idParams, body: addCartItemBody, response: { 200: cartItemResponse } },
    },
    (request) => carts.addItem(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/carts/:id/bulk-items',
    // Quick Add is a salesperson screen (spec §2); dealers add from Check Stock and the catalog (issue 12).
    { config: { access: { permission: 'manage_orders' } }, schema: { params: idParams, body: bulkAddBody, response: { 200: bulkAddResponse } } },
    (request) => carts.addItems(actorOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/carts/:id/items/:itemId',
    { config: { access }, schema: { params: cartItemParams, body: updateCartItemBody, response: { 200: cartItemResponse } } },
    (request) =>
      carts.setItemQuantity(actorOf(request), request.params.id, request.params.itemId, request.body.quantity),
  );

  app.delete(
    '/api/carts/:id/items/:itemId',
    { config: { access }, schema: { params: cartItemParams, response: { 200: okBody } } },
    async (request) => {
      await carts.removeItem(actorOf(request), request.params.id, request.params.itemId);
      return ok;
    },
  );

  app.put(
    '/api/carts/:id/merchandise/:type/:code',
    {
      config: { access },
      schema: { params: merchandiseEntryParams, body: setMerchandiseBody, response: { 200: merchandiseQuantitiesResponse } },
    },
    (request) =>
      carts.setMerchandise(
        actorOf(request),
        request.params.id,
        request.params.type,
        request.params.code,
        request.body.quantity,
      ),
  );

  app.post(
    '/api/carts/:id/merchandise/adjust',
    { config: { access }, schema: { params: idParams, body: adjustMerchandiseBody, response: { 200: merchandiseQuantitiesResponse } } },
    (request) => carts.adjustMerchandise(actorOf(request), request.params.id, request.body),
  );
};
