import { idParams } from '@common/contracts/common';
import { emailsQuery, emailsResponse, emailView } from '@common/contracts/emails';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import type { EmailsService } from './emails-service';

/** The email outbox screen's calls (ADR 0134): admins only, enforced by the access plugin. No scope: tokens never read mail. */
export const emailRoutes: FastifyPluginAsyncZod<{ emails: EmailsService }> = async (app, { emails }) => {
  const config = { access: 'admin' as const };
  const tags = ['Email outbox'];

  app.get(
    '/api/admin/emails',
    { config, schema: { operationId: 'listEmails', tags, summary: 'Every queued, sent and failed email, newest first', querystring: emailsQuery, response: { 200: emailsResponse } } },
    (request) => emails.list(request.query),
  );

  app.post(
    '/api/admin/emails/:id/resend',
    { config, schema: { operationId: 'resendEmail', errorStatuses: [409], tags, summary: 'Put a failed email back in the queue', params: idParams, response: { 200: emailView } } },
    (request) => emails.resend(actorOf(request), request.params.id),
  );
};
