import { errorBody, idParams, okBody } from '@common/contracts/common';
import {
  createdWebhook,
  createWebhookBody,
  deliveryParams,
  updateWebhookBody,
  webhookDeliveriesQuery,
  webhookDeliveryList,
  webhookDeliveryView,
  webhookEndpointList,
  webhookEndpointView,
  webhookTestResult,
} from '@common/contracts/integrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import type { WebhooksService } from './service';

/** The admin screen's calls (docs/decisions/0161). No scope: tokens never manage webhooks. */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  const config = { access: 'admin' as const };
  const tags = ['Integrations'];

  app.get('/api/admin/webhooks', { config, schema: { operationId: 'listWebhooks', tags, summary: 'List webhook endpoints', response: { 200: webhookEndpointList } } }, () =>
    webhooks.list(),
  );

  app.post(
    '/api/admin/webhooks',
    {
      config,
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Register a webhook endpoint; the answer holds the signing secret, shown only this once',
        body: createWebhookBody,
        response: { 201: createdWebhook },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(actorOf(request), request.body)),
  );

  app.patch(
    '/api/admin/webhooks/:id',
    {
      config,
      schema: { operationId: 'updateWebhook', tags, summary: 'Pause or resume an endpoint', params: idParams, body: updateWebhookBody, response: { 200: webhookEndpointView } },
    },
    (request) => webhooks.setStatus(actorOf(request), request.params.id, request.body.status),
  );

  app.delete(
    '/api/admin/webhooks/:id',
    { config, schema: { operationId: 'deleteWebhook', tags, summary: 'Remove an endpoint and its delivery log', params: idParams, response: { 200: okBody } } },
    async (request) => {
      await webhooks.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/webhooks/:id/test',
    {
      config,
      schema: {
        tags,
        operationId: 'sendWebhookTestEvent',
        summary: 'Send a test event (ping) to an endpoint now, through the ordinary delivery path',
        description: 'Answers what the endpoint answered; a failed test is retried like any event. A paused endpoint answers 409.',
        params: idParams,
        response: { 200: webhookTestResult, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    (request) => webhooks.sendTest(actorOf(request), request.params.id),
  );

  app.post(
    '/api/admin/webhooks/:id/rotate-secret',
    {
      config,
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Give an endpoint a new signing secret, shown only this once; the old one keeps signing beside it for 24 hours',
        params: idParams,
        response: { 200: createdWebhook, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (request) => webhooks.rotateSecret(actorOf(request), request.params.id),
  );

  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      config,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'The delivery log of an endpoint, newest first',
        params: idParams,
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveryList },
      },
    },
    (request) => webhooks.deliveries(request.params.id, request.query.before),
  );

  app.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config,
      schema: { operationId: 'resendWebhookDelivery', tags, summary: 'Send a delivery again (same event id)', params: deliveryParams, response: { 200: webhookDeliveryView } },
    },
    (request) => webhooks.resend(actorOf(request), request.params.id, request.params.deliveryId),
  );
};
