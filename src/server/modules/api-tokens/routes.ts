import { idParams, okBody } from '@common/contracts/common';
import { apiTokenList, createApiTokenBody, createdApiToken } from '@common/contracts/integrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import type { ApiTokensService } from './service';

/** The admin screen's calls (docs/decisions/0160). No scope: a token never makes or revokes tokens. */
export const apiTokenRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokensService }> = async (app, { apiTokens }) => {
  app.get(
    '/api/admin/api-tokens',
    { config: { access: 'admin' }, schema: { operationId: 'listApiTokens', tags: ['Integrations'], summary: 'List API tokens', response: { 200: apiTokenList } } },
    () => apiTokens.list(),
  );

  app.post(
    '/api/admin/api-tokens',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'createApiToken',
        tags: ['Integrations'],
        summary: 'Create an API token; the answer holds the token, shown only this once',
        body: createApiTokenBody,
        response: { 201: createdApiToken },
      },
    },
    async (request, reply) => reply.code(201).send(await apiTokens.create(actorOf(request), request.body)),
  );

  app.delete(
    '/api/admin/api-tokens/:id',
    {
      config: { access: 'admin' },
      schema: { operationId: 'revokeApiToken', tags: ['Integrations'], summary: 'Revoke an API token', params: idParams, response: { 200: okBody } },
    },
    async (request) => {
      await apiTokens.revoke(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
