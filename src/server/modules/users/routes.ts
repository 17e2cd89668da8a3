import { errorBody, idParams, okBody } from '@common/contracts/common';
import { cancelUserImportResponse, confirmUserImportResponse, userImportIdParams, userImportPreview, type UserImportPreview } from '@common/contracts/users-import';
import {
  USER_IMPORT_STREAM_TYPE,
  type UserImportResult,
  bypassParams,
  bypassResponse,
  createUserBody,
  profileBody,
  resetPasswordResponse,
  updateUserBody,
  userImportResult,
  usersPage,
  usersQuery,
  userView,
} from '@common/contracts/users';
import { userTemplateRows } from '@common/domain/user-import';
import { stringify } from 'csv-stringify/sync';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { receiveUserSheet } from './import-file';
import { answerOrProgress, streamLines } from './import-stream';
import type { UsersService } from './service';
import { contentDisposition } from '../../lib/downloads';

const manageUsers = { access: { permission: 'manage_users' as const } };

/** The client asked for progress lines (ADR 0132b); without it, one JSON answer. */
const acceptsLines = (request: FastifyRequest) => Boolean(request.headers.accept?.includes(USER_IMPORT_STREAM_TYPE));

/** User calls (manage_users) and the emergency bypass (admin, POST per docs/product-decisions.md). */
export const userRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  // One page of the users table, sorted and filtered on the server (ADR 0133).
  app.get(
    '/api/users',
    { config: { ...manageUsers, scope: 'users:read' }, schema: { operationId: 'listUsers', summary: 'User accounts, paged, sorted and searched', querystring: usersQuery, response: { 200: usersPage } } },
    (request) => users.list(request.query),
  );

  app.post('/api/users', { config: manageUsers, schema: { operationId: 'createUser', summary: 'Create a user account', errorStatuses: [409], body: createUserBody, response: { 200: userView } } }, (request) =>
    users.create(actorOf(request), request.body),
  );

  app.patch(
    '/api/users/:id',
    { config: manageUsers, schema: { operationId: 'updateUser', summary: 'Edit a user account', errorStatuses: [409], params: idParams, body: updateUserBody, response: { 200: userView } } },
    (request) => users.update(actorOf(request), request.params.id, request.body),
  );

  // Edit My User Data: any signed-in user, only their own row (the id comes from the session).
  app.patch('/api/user/profile', { config: { access: 'user' }, schema: { operationId: 'updateOwnProfile', summary: 'Edit your own name, username and email', errorStatuses: [404, 409], body: profileBody, response: { 200: userView } } }, (request) =>
    users.updateOwnProfile(actorOf(request), request.body),
  );

  app.delete('/api/users/:id', { config: manageUsers, schema: { operationId: 'deleteUser', summary: 'Delete a user account', errorStatuses: [409], params: idParams, response: { 200: okBody } } }, async (request) => {
    await users.remove(actorOf(request), request.params.id);
    return { ok: true as const };
  });

  app.post(
    '/api/users/:id/reset-password',
    { config: manageUsers, schema: { operationId: 'resetUserPassword', summary: 'Give a user a new temporary password', params: idParams, response: { 200: resetPasswordResponse } } },
    (request) => users.resetPassword(actorOf(request), request.params.id),
  );

  // Bulk import: multipart field "file", a CSV or an .xlsx with a "users" sheet, applied at once
  // (API clients; docs/decisions/0225). Problems in the file are a 400 before anything is written;
  // a client that accepts NDJSON then gets progress lines (ADR 0132b). Not compressed: gzip would
  // hold the progress lines back.
  app.post(
    '/api/users/import',
    { compress: false, config: manageUsers, schema: { operationId: 'importUsers', summary: 'Create user accounts from a CSV file or a workbook, at once', errorStatuses: [409], consumes: ['multipart/form-data'], response: { 200: userImportResult } } },
    async (request, reply) => {
      const file = await receiveUserSheet(request);
      const actor = actorOf(request);
      if (!acceptsLines(request)) return users.import.importNow(actor, file);
      const started = await answerOrProgress((progress) => users.import.importNow(actor, file, progress));
      if (started.done) return started.value;
      // Fastify sends a stream as it is (no serializer); the type only knows the JSON answer.
      return reply.type(USER_IMPORT_STREAM_TYPE).send(streamLines(started, (result) => ({ type: 'result', result }), request.log) as unknown as UserImportResult);
    },
  );

  // The screen's import (docs/decisions/0225): a preview that creates nobody, then Confirm or Cancel.
  const tags = ['Users'];
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
  app.post(
    '/api/users/import/preview',
    {
      compress: false,
      config: manageUsers,
      schema: {
        tags,
        operationId: 'previewUserImport',
        summary: 'Check a users file and say which accounts it would create, with warnings; creates nobody',
        consumes: ['multipart/form-data'],
        response: { 200: userImportPreview, 400: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const file = await receiveUserSheet(request);
      const actor = actorOf(request);
      if (!acceptsLines(request)) return users.import.preview(actor, file);
      const started = await answerOrProgress((progress) => users.import.preview(actor, file, progress));
      if (started.done) return started.value;
      return reply.type(USER_IMPORT_STREAM_TYPE).send(streamLines(started, (preview) => ({ type: 'preview', preview }), request.log) as unknown as UserImportPreview);
    },
  );

  app.post(
    '/api/users/imports/:id/confirm',
    {
      config: manageUsers,
      schema: {
        tags,
        operationId: 'confirmUserImport',
        summary: 'Create the accounts of a previewed users file, exactly as previewed (409 when already decided or a name was taken since)',
        params: userImportIdParams,
        response: { 200: confirmUserImportResponse, ...errors },
      },
    },
    (request) => users.import.confirm(actorOf(request), request.params.id),
  );

  app.post(
    '/api/users/imports/:id/cancel',
    {
      config: manageUsers,
      schema: {
        tags,
        operationId: 'cancelUserImport',
        summary: 'Drop a previewed users file; nobody is created',
        params: userImportIdParams,
        response: { 200: cancelUserImportResponse, ...errors },
      },
    },
    (request) => users.import.cancel(actorOf(request), request.params.id),
  );

  // The columns with example rows that are marked and never imported.
  app.get('/api/users/import-template.csv', { config: manageUsers, schema: { operationId: 'getUserImportTemplate', summary: 'The CSV template for the user import', produces: ['text/csv'] } }, (_request, reply) => {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', 'users-template.csv'))
      .send(stringify(userTemplateRows()));
  });

  app.post(
    '/api/bypass-password-reset/:userId',
    { config: { access: 'admin' }, schema: { operationId: 'bypassPasswordReset', summary: 'Clear the temporary-password step of a user', params: bypassParams, response: { 200: bypassResponse } } },
    (request) => users.bypassPasswordRequirement(actorOf(request), request.params.userId),
  );
};
