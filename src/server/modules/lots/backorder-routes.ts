import { cartBackordersResponse, setBackorderShippingBody } from '@common/contracts/backorders';
import { errorBody, idParams } from '@common/contracts/common';
import { cartLotChoiceParams } from '@common/contracts/lots';
import { ORDERING_PERMISSION } from '@common/domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import type { LotsService } from './service';

const tags = ['Stock lots'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** A cart's lines past the stock and their shipping choice (docs/decisions/0238-backorder-allocation.md). */
export const backorderRoutes: FastifyPluginAsyncZod<{ lots: LotsService }> = async (app, { lots }) => {
  app.get(
    '/api/carts/:id/backorders',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "A cart's lines past the stock: what ships now, what each incoming load brings, the shipping choice",
        operationId: 'getCartBackorders',
        params: idParams,
        response: { 200: cartBackordersResponse, ...errors },
      },
    },
    (request) => lots.cartBackorders(actorOf(request), request.params.id),
  );

  app.put(
    '/api/carts/:id/backorders/:productId',
    {
      config: { access: { permission: ORDERING_PERMISSION } },
      schema: {
        tags,
        summary: "Choose how a backordered cart line ships: what is here now first, or all together",
        operationId: 'setCartLineBackorderShipping',
        params: cartLotChoiceParams,
        body: setBackorderShippingBody,
        response: { 200: cartBackordersResponse, ...errors },
      },
    },
    (request) => lots.setCartShipping(actorOf(request), request.params.id, request.params.productId, request.body.shipping),
  );
};
