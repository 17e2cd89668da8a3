import { errorBody, idParams } from '@common/contracts/common';
import {
  allAvailabilityResponse,
  availabilityResponse,
  cartLotChoiceBody,
  cartLotChoiceParams,
  cartLotsResponse,
  incomingBody,
  lotsApplyResponse,
  lotsBody,
  notifyResponse,
} from '@common/contracts/lots';
import { incomingUploadPreviewResponse, lotsUploadPreviewResponse } from '@common/contracts/lots-uploads';
import { notifyRequestsQuery, notifyRequestsResponse } from '@common/contracts/notify-requests';
import { stockUploadErrorBody } from '@common/contracts/stock';
import { stockUploadIdParams } from '@common/contracts/stock-uploads';
import { hasPermission, ORDERING_PERMISSION } from '@common/domain/permissions';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { receiveOnlyFile } from '../../lib/upload';
import type { LotsService } from './service';
import { uploadRules } from './sheet';
import { incomingTemplateCsv, lotsTemplateCsv } from './template';
import { contentDisposition, isFresh } from '../../lib/downloads';

const tags = ['Stock lots'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Shade lots and incoming loads: templates, uploads, ERP pushes, availability, cart switch, notify me. */
export const lotsRoutes: FastifyPluginAsyncZod<{ lots: LotsService; maxUploadMb: number }> = async (app, { lots, maxUploadMb }) => {
  const rules = uploadRules(maxUploadMb);
  const write = { access: { permission: 'edit_stock' as const }, scope: 'stock:write' as const };

  for (const kind of ['lots', 'incoming'] as const) {
    const what = kind === 'lots' ? 'lots' : 'incoming loads';
    const name = kind === 'lots' ? 'Lots' : 'Incoming';
    app.get(
      `/api/stock/${kind}/template`,
      {
        config: { access: { permission: 'download_template' } },
        schema: { tags, summary: `The ${what} template (CSV)`, operationId: `get${name}Template`, produces: ['text/csv'] },
      },
      async (_request, reply) =>
        reply
          .header('Content-Disposition', contentDisposition('attachment', `${kind}-template.csv`))
          .header('Cache-Control', 'no-cache')
          .type('text/csv; charset=utf-8')
          .send(kind === 'lots' ? lotsTemplateCsv() : incomingTemplateCsv()),
    );

    app.post(
      `/api/stock/${kind}/upload`,
      {
        config: write,
        schema: {
          tags,
          summary: `Replace the ${what} of the SKUs in a CSV or xlsx file, all or nothing`,
          operationId: `upload${name}`,
          consumes: ['multipart/form-data'],
          response: { 200: lotsApplyResponse, 400: z.union([stockUploadErrorBody, errorBody]), 413: errorBody, 415: errorBody },
        },
      },
      async (request, reply) => {
        // The whole file is read before the replacement takes a connection (ADR 0170).
        const file = await receiveOnlyFile(request, rules);
        const result = await lots.uploadFile(actorOf(request), kind, file);
        if (!result.ok) return reply.code(400).send(result.body);
        return result.response;
      },
    );

    // The browser's upload (ADR 0196, as the stock upload's ADR 0191): a preview that changes nothing
    // and keeps the file, then a confirm that applies exactly it. Cancel and the history are the stock
    // module's routes (/api/stock/uploads/...), one history for the three kinds.
    app.post(
      `/api/stock/${kind}/upload/preview`,
      {
        config: write,
        schema: {
          tags,
          summary: `Preview a ${what} file: added, changed (before and after), removed, unchanged and the levels that move; changes nothing`,
          operationId: `preview${name}Upload`,
          consumes: ['multipart/form-data'],
          response: {
            200: kind === 'lots' ? lotsUploadPreviewResponse : incomingUploadPreviewResponse,
            400: z.union([stockUploadErrorBody, errorBody]),
            413: errorBody,
            415: errorBody,
          },
        },
      },
      async (request, reply) => {
        const file = await receiveOnlyFile(request, rules);
        const result = await lots.previewUpload(actorOf(request), kind, file);
        if (!result.ok) return reply.code(400).send(result.body);
        return result.preview;
      },
    );

    app.post(
      `/api/stock/${kind}/uploads/:id/confirm`,
      {
        config: write,
        schema: {
          tags,
          summary: `Apply a previewed ${what} file exactly as previewed (409 when those SKUs' ${what} changed since)`,
          operationId: `confirm${name}Upload`,
          params: stockUploadIdParams,
          response: { 200: lotsApplyResponse, ...errors, 404: errorBody, 409: errorBody },
        },
      },
      (request) => lots.confirmUpload(actorOf(request), kind, request.params.id),
    );
  }

  app.put(
    '/api/stock/lots',
    {
      config: write,
      schema: { tags, summary: 'Replace the lots of the listed SKUs, all or nothing', operationId: 'replaceLots', body: lotsBody, response: { 200: lotsApplyResponse, ...errors } },
    },
    (request) => lots.putLots(actorOf(request), request.body),
  );

  app.put(
    '/api/stock/incoming',
    {
      config: write,
      schema: {
        tags,
        summary: 'Replace the incoming loads of the listed SKUs, all or nothing',
        operationId: 'replaceIncomingLoads',
        body: incomingBody,
        response: { 200: lotsApplyResponse, ...errors },
      },
    },
    (request) => lots.putIncoming(actorOf(request), request.body),
  );

  app.get(
    '/api/products/availability',
    {
      config: { access: { permission: 'view_stock' }, scope: 'products:read' },
      // Widened to FastifySchema (as GET /api/products): the handler sends the body it hashed, never serialised again.
      schema: {
        tags,
        summary: "Every SKU's lots and incoming loads (field mode's device copy; ETag, 304)",
        operationId: 'getAllAvailability',
        otherResponses: { 304: 'Not modified: the If-None-Match ETag still matches; no body' },
        response: { 200: allAvailabilityResponse, ...errors },
      } as FastifySchema,
    },
    async (request, reply) => {
      const { body, etag } = await lots.allAvailability();
      // The device asks on every sync; the browser keeps the body and an unchanged list is a 304.
      reply.header('Cache-Control', 'private, no-cache').header('ETag', etag);
      if (isFresh(request, { etag })) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/api/products/:id/availability',
    {
      config: { access: { permission: 'view_stock' }, scope: 'products:read' },
      schema: {
        tags,
        summary: "A SKU's lots, incoming loads and next arrival",
        operationId: 'getProductAvailability',
        params: idParams,
        response: { 200: availabilityResponse, ...errors, 404: errorBody },
      },
    },
    (request) => {
      // A load's reference is the office's note (docs/decisions/0204): edit_stock in a session, stock:write with a token.
      const actor = actorOf(request);
      const internal = request.apiToken ? request.apiToken.scopes.includes('stock:write') : hasPermission(actor.role, 'edit_stock');
      return lots.availability(actor, request.params.id, { internal });
    },
  );

  app.get(
    '/api/carts/:id/lots',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The lots of a cart's lines, their one-lot switch and warnings",
        operationId: 'getCartLots',
        params: idParams,
        response: { 200: cartLotsResponse, ...errors, 404: errorBody },
      },
    },
    (request) => lots.cartLots(actorOf(request), request.params.id),
  );

  app.put(
    '/api/carts/:id/lots/:productId',
    {
      config: { access: { permission: ORDERING_PERMISSION } },
      schema: {
        tags,
        summary: "Turn a cart line's one-lot switch on or off",
        operationId: 'setCartLineLotChoice',
        params: cartLotChoiceParams,
        body: cartLotChoiceBody,
        response: { 200: cartLotsResponse, ...errors, 404: errorBody },
      },
    },
    (request) => lots.setCartChoice(actorOf(request), request.params.id, request.params.productId, request.body.oneLot),
  );

  app.put(
    '/api/products/:id/notify',
    {
      config: { access: { permission: 'view_stock' } },
      schema: { tags, summary: 'Email me once when this SKU is back in stock', operationId: 'requestStockNotice', params: idParams, response: { 200: notifyResponse, ...errors, 404: errorBody, 409: errorBody } },
    },
    (request) => lots.requestNotify(actorOf(request), request.params.id),
  );

  app.delete(
    '/api/products/:id/notify',
    {
      config: { access: { permission: 'view_stock' } },
      schema: { tags, summary: 'Cancel a back-in-stock email', operationId: 'cancelStockNotice', params: idParams, response: { 200: notifyResponse, ...errors } },
    },
    (request) => lots.cancelNotify(actorOf(request), request.params.id),
  );

  // The admins' notify-me list (docs/decisions/0214): who waits for which SKU, and whose email went out.
  app.get(
    '/api/admin/notify-requests',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Notify-me requests, newest first: waiting and sent, by SKU and by who asked (admins)',
        operationId: 'listNotifyRequests',
        querystring: notifyRequestsQuery,
        response: { 200: notifyRequestsResponse, ...errors },
      },
    },
    (request) => lots.notifyRequests(request.query),
  );
};
