import { emailChangeBody, emailChangeState, emailConfirmBody, emailConfirmResponse } from '@common/contracts/email-change';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import type { EmailChanges } from './email-change';

const tags = ['Users'];
const signedIn = { access: 'user' as const };

/** A user's own email change, confirmed by a link to the new address (docs/decisions/0203). */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ emailChanges: EmailChanges }> = async (app, { emailChanges }) => {
  app.get(
    '/api/user/email-change',
    {
      config: signedIn,
      schema: { tags, operationId: 'getEmailChange', summary: 'Your confirmed email address and the change waiting for its link', response: { 200: emailChangeState } },
    },
    (request) => emailChanges.state(actorOf(request)),
  );

  app.post(
    '/api/user/email-change',
    {
      config: signedIn,
      schema: {
        tags,
        operationId: 'requestEmailChange',
        summary: 'Change your email address: needs your current password; a link goes to the new address',
        body: emailChangeBody,
        response: { 200: emailChangeState },
      },
    },
    (request) => emailChanges.request(actorOf(request), request.body),
  );

  app.post(
    '/api/user/email-change/confirm',
    {
      config: signedIn,
      schema: {
        tags,
        operationId: 'confirmEmailChange',
        summary: 'Confirm a new email address with the token of the link sent to it',
        body: emailConfirmBody,
        response: { 200: emailConfirmResponse },
      },
    },
    (request) => emailChanges.confirm(actorOf(request), request.body),
  );
};
