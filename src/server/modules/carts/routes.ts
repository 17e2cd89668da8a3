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
  duplicateCartBody,
  moveCartItemBody,
  moveCartItemResponse,
  quickOrderFileResponse,
  quickOrderPricesBody,
  quickOrderPricesResponse,
} from '@common/contracts/carts';
import { idParams, okBody } from '@common/contracts/common';
import { CARTS_PAGE_SIZE } from '@common/domain/cart-limits';
import { ORDERING_PERMISSION } from '@common/domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { readQuickOrderFile } from './quick-order-file';
import type { CartsService } from './service';

/** Cart calls plus the per-entry merchandise operations. Every role keeps carts (ADR 0008). */
export const cartRoutes: FastifyPluginAsyncZod<{ carts: CartsService }> = async (app, { carts }) => {
  const access = { permission: ORDERING_PERMISSION };
  const ok = { ok: true as const };

  app.get(
    '/api/carts',
    {
      config: { access },
      schema: {
        operationId: 'listCarts', summary: 'Your carts, active first, paged by cursor',
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

  app.get(
    '/api/carts/shared',
    {
      config: { access },
      schema: {
        operationId: 'listSharedCarts',
        tags: ['Carts'],
        summary: "POs your company's other buyers shared with the company",
        description: 'A dealer in a company sees these POs and may add to them; only the owner renames or deletes one (docs/decisions/0233). Empty for everyone else.',
        response: { 200: cartsResponse },
      },
    },
    (request) => carts.listShared(actorOf(request)),
  );

  app.post(
    '/api/carts',
    { config: { access }, schema: { operationId: 'createCart', summary: 'Create a cart', errorStatuses: [409], body: createCartBody, response: { 201: cartView } } },
    async (request, reply) => reply.code(201).send(await carts.create(actorOf(request), request.body)),
  );

  app.get('/api/carts/:id', { config: { access }, schema: { operationId: 'getCart', summary: 'One cart with its lines and merchandise', params: idParams, response: { 200: cartView } } }, (request) =>
    carts.view(actorOf(request), request.params.id),
  );

  app.patch(
    '/api/carts/:id',
    { config: { access }, schema: { operationId: 'updateCart', summary: 'Rename, activate or fill in the details of a cart', errorStatuses: [409], params: idParams, body: updateCartBody, response: { 200: cartView } } },
    (request) => carts.update(actorOf(request), request.params.id, request.body),
  );

  app.delete('/api/carts/:id', { config: { access }, schema: { operationId: 'deleteCart', summary: 'Delete a cart', errorStatuses: [409], params: idParams, response: { 200: okBody } } }, async (request) => {
    await carts.remove(actorOf(request), request.params.id);
    return ok;
  });

  app.delete(
    '/api/carts/:id/all-items',
    { config: { access }, schema: { operationId: 'clearCart', summary: 'Remove every line and merchandise entry of a cart', errorStatuses: [409], params: idParams, response: { 200: okBody } } },
    async (request) => {
      await carts.clear(actorOf(request), request.params.id);
      return ok;
    },
  );

  app.post(
    '/api/carts/:id/items',
    {
      config: { access, sessionFence: false },
      // The answer is one cart line (~100 bytes), always under the compression threshold: skip
      // @fastify/compress's per-request hooks on the busiest write (ADR 0153).
      compress: false,
      schema: { operationId: 'addCartItem', summary: 'Add a product to a cart (adds to an existing line)', errorStatuses: [409], params: idParams, body: addCartItemBody, response: { 200: cartItemResponse } },
    },
    (request) => carts.addItem(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/carts/:id/bulk-items',
    // Quick Add (salespeople), paste a list, and the dealers' quick order pad (ADR 0189, 0190).
    {
      config: { access },
      schema: {
        errorStatuses: [409],
        summary: 'Add many products to a PO, line by line',
        description:
          'One transaction. Each product is added as asked, cut down to the stock left (`capped`) or left out (`skipped`, e.g. out of stock, ' +
          'special order, unknown SKU), and `lines` says which with the reason. A product sent twice counts once with the summed quantity.',
        tags: ['Carts'],
        operationId: 'bulkAddCartItems',
        params: idParams,
        body: bulkAddBody,
        response: { 200: bulkAddResponse },
      },
    },
    (request) => carts.addItems(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/carts/:id/duplicate',
    {
      config: { access },
      schema: {
        summary: 'Duplicate a PO under a new name',
        description: 'Copies the lines and merchandise into a new PO, which becomes the active one. Counts against the 50-PO cap (409).',
        tags: ['Carts'],
        operationId: 'duplicateCart',
        params: idParams,
        body: duplicateCartBody,
        response: { 201: cartView },
      },
    },
    async (request, reply) => reply.code(201).send(await carts.duplicate(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/carts/:id/items/:itemId/move',
    {
      config: { access },
      schema: {
        summary: 'Move a line to another PO',
        description: "The line joins the other PO's line of the same product, within the stock; otherwise 400 and nothing moves.",
        tags: ['Carts'],
        operationId: 'moveCartItem',
        params: cartItemParams,
        body: moveCartItemBody,
        response: { 200: moveCartItemResponse },
      },
    },
    (request) => carts.moveItem(actorOf(request), request.params.id, request.params.itemId, request.body.toCartId),
  );

  app.post(
    '/api/quick-order/file',
    {
      config: { access },
      compress: false,
      schema: {
        summary: "Read a quick order file into the pad's lines",
        description: 'Multipart field `file`: a CSV or .xlsx (first sheet) with SKU and quantity columns. Answers the lines as text; writes nothing.',
        tags: ['Carts'],
        operationId: 'readQuickOrderFile',
        consumes: ['multipart/form-data'],
        response: { 200: quickOrderFileResponse },
      },
    },
    (request) => readQuickOrderFile(request, String(actorOf(request).userId)),
  );

  app.post(
    '/api/quick-order/prices',
    {
      config: { access },
      schema: {
        summary: "Your price for each quick order line at its quantity",
        description: 'A dealer in a company gets the contract price with its list and break (docs/decisions/0233); everyone else the base price. Unknown SKUs are left out. Writes nothing.',
        tags: ['Carts'],
        operationId: 'priceQuickOrderLines',
        body: quickOrderPricesBody,
        response: { 200: quickOrderPricesResponse },
      },
    },
    (request) => carts.priceLinesFor(actorOf(request), request.body.items),
  );

  app.patch(
    '/api/carts/:id/items/:itemId',
    { config: { access, sessionFence: false }, schema: { operationId: 'updateCartItem', summary: 'Change the quantity of a cart line', params: cartItemParams, body: updateCartItemBody, response: { 200: cartItemResponse } } },
    (request) =>
      carts.setItemQuantity(actorOf(request), request.params.id, request.params.itemId, request.body.quantity),
  );

  app.delete(
    '/api/carts/:id/items/:itemId',
    { config: { access, sessionFence: false }, schema: { operationId: 'deleteCartItem', summary: 'Remove a line from a cart', errorStatuses: [409], params: cartItemParams, response: { 200: okBody } } },
    async (request) => {
      await carts.removeItem(actorOf(request), request.params.id, request.params.itemId);
      return ok;
    },
  );

  app.put(
    '/api/carts/:id/merchandise/:type/:code',
    {
      config: { access },
      schema: { operationId: 'setCartMerchandise', summary: 'Set the quantity of one merchandise item in a cart', errorStatuses: [409], params: merchandiseEntryParams, body: setMerchandiseBody, response: { 200: merchandiseQuantitiesResponse } },
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
    { config: { access }, schema: { operationId: 'adjustCartMerchandise', summary: 'Add to or take from merchandise quantities in a cart', errorStatuses: [409], params: idParams, body: adjustMerchandiseBody, response: { 200: merchandiseQuantitiesResponse } } },
    (request) => carts.adjustMerchandise(actorOf(request), request.params.id, request.body),
  );
};
