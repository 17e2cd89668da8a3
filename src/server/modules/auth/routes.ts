import {
  chooseRoleBody,
  currentUser,
  loginBody,
  passwordChangeBody,
  passwordResetBody,
  registerBody,
  sessionProbeResponse,
  startActingBody,
} from '@common/contracts/auth';
import { okBody } from '@common/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, originOf } from '../../lib/actor';
import { sessionOf } from '../../plugins/sessions';
import { RetryLaterError } from './hash-gate';
import type { AuthService } from './service';

/** Auth calls and docs/product-decisions.md#accounts. Thin: validate, call the service. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get('/api/user', { config: { access: 'signed-in' }, schema: { operationId: 'getCurrentUser', summary: 'The signed-in user and their active role', response: { 200: currentUser } } }, (request) =>
    auth.me(actorOf(request), request.user?.actingLost),
  );

  // The browser's probe (docs/decisions/0212): "no one" is an answer, not a 401 the console logs.
  app.get('/api/session', { config: { access: 'public' }, schema: { operationId: 'getSession', summary: 'Who is signed in, or null: always 200 (what the browser asks)', response: { 200: sessionProbeResponse } } }, async (request) => ({
    user: request.user ? await auth.me(actorOf(request), request.user.actingLost) : null,
  }));

  // Session changes and passwords take no Idempotency-Key (ADR 0182): a replay could not set the cookie again.
  app.post('/api/login', { config: { access: 'public', idempotent: false }, schema: { operationId: 'logIn', summary: 'Sign in with username and password; sets the session cookie', errorStatuses: [401, 429], body: loginBody, response: { 200: currentUser } } }, async (request, reply) => {
    try {
      return await auth.login(originOf(request), sessionOf(request), request.body);
    } catch (error) {
      // A lock or the hashing cap: say when to come back.
      if (error instanceof RetryLaterError) reply.header('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  });

  app.post('/api/logout', { config: { access: 'public', idempotent: false }, schema: { operationId: 'logOut', summary: 'Sign out and end the session', response: { 200: okBody } } }, async (request, reply) => {
    await auth.logout(request.user ? actorOf(request) : originOf(request), sessionOf(request));
    // The row is gone; the browser forgets the cookie too.
    reply.clearCookie(app.sessionCookie.name, app.sessionCookie.options);
    return { ok: true as const };
  });

  app.post('/api/register', { config: { access: 'public', idempotent: false }, schema: { operationId: 'register', summary: 'Create an account and sign in (when registration is open)', errorStatuses: [409], body: registerBody, response: { 200: currentUser } } }, (request) =>
    auth.register(originOf(request), sessionOf(request), request.body),
  );

  // The temporary-password flow (POST /api/password-reset) and Change Password share one rule.
  app.post(
    '/api/password-reset',
    { config: { access: 'signed-in', idempotent: false }, schema: { operationId: 'resetTemporaryPassword', summary: 'Replace a temporary password after the first sign-in', body: passwordResetBody, response: { 200: currentUser } } },
    (request) => auth.changePassword(actorOf(request), request.body),
  );
  app.post('/api/user/password', { config: { access: 'signed-in', idempotent: false }, schema: { operationId: 'changePassword', summary: 'Change your own password', body: passwordChangeBody, response: { 200: currentUser } } }, (request) =>
    auth.changePassword(actorOf(request), request.body),
  );

  app.post('/api/session/role', { config: { access: 'user', idempotent: false }, schema: { operationId: 'chooseRole', summary: 'Choose the role to act as for this session', body: chooseRoleBody, response: { 200: currentUser } } }, (request) =>
    auth.chooseRole(actorOf(request), sessionOf(request), request.body.role),
  );

  // Ordering for a dealer (docs/decisions/0235): the session keeps both identities.
  app.post(
    '/api/session/acting',
    { config: { access: 'user', idempotent: false, whileActingLost: true }, schema: { operationId: 'startActing', summary: 'Order for a dealer company: a salesperson for an assigned one, an admin for any', errorStatuses: [403], body: startActingBody, response: { 200: currentUser } } },
    (request) => auth.startActing(actorOf(request), sessionOf(request), request.body.companyId),
  );
  app.delete(
    '/api/session/acting',
    { config: { access: 'user', idempotent: false, whileActingLost: true }, schema: { operationId: 'stopActing', summary: 'Stop ordering for a dealer: back to your own account', response: { 200: currentUser } } },
    (request) => auth.stopActing(actorOf(request), sessionOf(request)),
  );
};
