import { cartsResponse, cartView } from '@common/contracts/carts';
import { idParams, okBody } from '@common/contracts/common';
import {
  approveBody,
  dealerConfirmationBody,
  returnPoBody,
  submitForApprovalResponse,
  shipToLocationsResponse,
  orderExportQuery,
  ordersQuery,
  ordersResponse,
  orderView,
  ownOrdersExportQuery,
  placeOrderBody,
  reorderBody,
  reorderResponse,
  requestedDatesResponse,
  updateOrderBody,
} from '@common/contracts/orders';
import { ORDERING_PERMISSION } from '@common/domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { sendExport, XLSX_TYPE } from './export-response';
import type { OrdersService } from './service';

/** Order calls; docs/product-decisions.md adds history, status changes (admins) and reorder. */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const access = { permission: ORDERING_PERMISSION };

  app.get('/api/orders', { config: { access, scope: 'orders:read' }, schema: { operationId: 'listOrders', summary: 'Orders, newest first, or changed since a cursor (order feed)', querystring: ordersQuery, response: { 200: ordersResponse } } }, (request) =>
    orders.list(actorOf(request), request.query),
  );

  app.get(
    '/api/orders/requested-dates',
    { config: { access }, schema: { operationId: 'listRequestedDates', summary: 'The dates an order may ask for', response: { 200: requestedDatesResponse } } },
    () => orders.requestedDates(),
  );

  // ADR 0192: every role exports its own order history, searched like the list, with the admin export's code.
  app.get(
    '/api/orders/export',
    {
      config: { access, scope: 'orders:read' },
      schema: {
        tags: ['Orders'],
        summary: "Export the caller's own orders (admins: all) as CSV or xlsx, searched like the list",
        operationId: 'exportOwnOrders',
        querystring: ownOrdersExportQuery,
        produces: ['text/csv', XLSX_TYPE],
      },
    },
    (request, reply) => sendExport(request, reply, request.query.format, orders.exportOwnLines(actorOf(request), request.query), 'my-orders'),
  );

  app.get('/api/orders/:id', { config: { access, scope: 'orders:read' }, schema: { operationId: 'getOrder', summary: 'One order with its lines', params: idParams, response: { 200: orderView } } }, (request) =>
    orders.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/orders',
    { config: { access, sessionFence: false }, schema: { operationId: 'placeOrder', summary: 'Place an order from the active cart', errorStatuses: [404, 409], body: placeOrderBody, response: { 201: orderView } } },
    // An Idempotency-Key is plugins/idempotency.ts's: a retry is answered there and never reaches this handler.
    async (request, reply) => reply.code(201).send(await orders.place(actorOf(request), request.body)),
  );

  app.get(
    '/api/orders/ship-to-locations',
    {
      config: { access },
      schema: {
        operationId: 'listShipToLocations',
        tags: ['Orders'],
        summary: "Your company's saved ship-to locations, for checkout",
        description: 'The default first. Empty for everyone outside a dealer company (docs/decisions/0233).',
        response: { 200: shipToLocationsResponse },
      },
    },
    (request) => orders.shipToLocations(actorOf(request)),
  );

  // Approvals (docs/decisions/0233): a requester or a buyer over their limit submits; a company admin approves or returns.
  app.post(
    '/api/orders/submit',
    {
      config: { access },
      schema: {
        operationId: 'submitForApproval',
        tags: ['Orders'],
        summary: 'Submit the active PO for approval, with the checkout as it would be placed',
        description: 'For a requester, or a buyer whose total is over their spending limit (POST /api/orders answers them 403). The PO is locked until a company admin approves or returns it.',
        errorStatuses: [403, 409],
        body: placeOrderBody,
        response: { 200: submitForApprovalResponse },
      },
    },
    (request) => orders.submit(actorOf(request), request.body),
  );

  app.get(
    '/api/approvals',
    { config: { access }, schema: { operationId: 'listApprovals', tags: ['Orders'], summary: "The company's POs waiting for approval (company admins)", errorStatuses: [403], response: { 200: cartsResponse } } },
    (request) => orders.approvals(actorOf(request)),
  );

  app.get(
    '/api/approvals/:id',
    { config: { access }, schema: { operationId: 'getApproval', tags: ['Orders'], summary: 'One PO waiting for approval (company admins)', errorStatuses: [403], params: idParams, response: { 200: cartView } } },
    (request) => orders.approval(actorOf(request), request.params.id),
  );

  app.post(
    '/api/approvals/:id/approve',
    {
      config: { access },
      schema: {
        operationId: 'approvePo',
        tags: ['Orders'],
        summary: 'Approve a PO: it is placed as its owner submitted it',
        description: 'The same price rule and seen-price check as Place Order (409 "Prices changed" with the new figures). A PO no longer pending is a 409, so approving twice places once.',
        errorStatuses: [403, 409],
        params: idParams,
        body: approveBody,
        response: { 201: orderView },
      },
    },
    async (request, reply) => reply.code(201).send(await orders.approve(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/approvals/:id/return',
    {
      config: { access },
      schema: { operationId: 'returnPo', tags: ['Orders'], summary: 'Return a PO to its owner with a note', errorStatuses: [403, 409], params: idParams, body: returnPoBody, response: { 200: okBody } },
    },
    async (request) => {
      await orders.returnPo(actorOf(request), request.params.id, request.body.note);
      return { ok: true as const };
    },
  );

  // A dealer's answer to an order a rep placed for the company (docs/decisions/0235).
  app.post(
    '/api/orders/:id/dealer-confirmation',
    { config: { access: { roles: ['bold_customer'] as const } }, schema: { operationId: 'answerDealerConfirmation', summary: "Confirm or decline (with a note) an order a rep placed for your company", errorStatuses: [404, 409], params: idParams, body: dealerConfirmationBody, response: { 200: orderView } } },
    (request) => orders.answerDealerConfirmation(actorOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/orders/:id',
    { config: { access: 'admin', scope: 'orders:write' }, schema: { operationId: 'updateOrderStatus', summary: 'Change the status of an order', errorStatuses: [409], params: idParams, body: updateOrderBody, response: { 200: orderView } } },
    (request) => orders.updateStatus(actorOf(request), request.params.id, request.body.status),
  );

  // A download link for the admin screen, and orders:read for an ERP. Reading changes nothing;
  // the export_generated row is the audit trail of who took a copy.
  app.get(
    '/api/admin/orders/export',
    {
      config: { access: 'admin', scope: 'orders:read' },
      schema: { operationId: 'exportOrders', tags: ['Orders'], summary: 'Export order lines as CSV or xlsx', querystring: orderExportQuery, produces: ['text/csv', XLSX_TYPE] },
    },
    (request, reply) => sendExport(request, reply, request.query.format, orders.exportLines(actorOf(request), request.query), 'orders'),
  );

  app.post(
    '/api/orders/:id/reorder',
    { config: { access }, schema: { operationId: 'reorderOrder', summary: 'Put the lines of an earlier order into a new PO (default), the active PO or another of yours', errorStatuses: [409], params: idParams, body: reorderBody, response: { 200: reorderResponse } } },
    (request) => orders.reorder(actorOf(request), request.params.id, request.body),
  );
};
