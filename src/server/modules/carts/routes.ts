import {
  addCartItemBody,
  adjustMerchandiseBody,
  bulkAddBody,
  bulkAddResponse,
  cartItemParams,
  cartItemResponse,
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
import { ORDERING_PERMISSION } from '@common/domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import type { CartsService } from './service';

/** Spec §7 cart calls plus the per-entry merchandise operations. Every role keeps carts (ADR 0008). */
export const cartRoutes: FastifyPluginAsyncZod<{ carts: CartsService }> = async (app, { carts }) => {
  const access = { permission: ORDERING_PERMISSION };
  const ok = { ok: true as const };

  app.get('/api/carts', { config: { access }, schema: { response: { 200: cartsResponse } } }, (request) =>
    carts.list(actorOf(request)),
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
    { config: { access }, schema: { params: idParams, body: addCartItemBody, response: { 200: cartItemResponse } } },
    (request) => carts.addItem(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/carts/:id/bulk-items',
    { config: { access }, schema: { params: idParams, body: bulkAddBody, response: { 200: bulkAddResponse } } },
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
