import { idParams, okBody } from '@common/contracts/common';
import {
  USER_IMPORT_COLUMNS,
  bypassParams,
  bypassResponse,
  createUserBody,
  profileBody,
  resetPasswordResponse,
  updateUserBody,
  userImportResult,
  usersResponse,
  userView,
} from '@common/contracts/users';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { receiveUserSheet } from './import-file';
import type { UsersService } from './service';

const manageUsers = { access: { permission: 'manage_users' as const } };

/** Spec §7 user calls (manage_users) and the emergency bypass (admin, POST per docs/product-decisions.md). */
export const userRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get('/api/users', { config: { ...manageUsers, scope: 'users:read' }, schema: { response: { 200: usersResponse } } }, () => users.list());

  app.post('/api/users', { config: manageUsers, schema: { body: createUserBody, response: { 200: userView } } }, (request) =>
    users.create(actorOf(request), request.body),
  );

  app.patch(
    '/api/users/:id',
    { config: manageUsers, schema: { params: idParams, body: updateUserBody, response: { 200: userView } } },
    (request) => users.update(actorOf(request), request.params.id, request.body),
  );

  // Edit My User Data: any signed-in user, only their own row (the id comes from the session).
  app.patch('/api/user/profile', { config: { access: 'user' }, schema: { body: profileBody, response: { 200: userView } } }, (request) =>
    users.updateOwnProfile(actorOf(request), request.body),
  );

  app.delete('/api/users/:id', { config: manageUsers, schema: { params: idParams, response: { 200: okBody } } }, async (request) => {
    await users.remove(actorOf(request), request.params.id);
    return { ok: true as const };
  });

  app.post(
    '/api/users/:id/reset-password',
    { config: manageUsers, schema: { params: idParams, response: { 200: resetPasswordResponse } } },
    (request) => users.resetPassword(actorOf(request), request.params.id),
  );

  // Bulk import: multipart field "file", a CSV or an .xlsx with a "users" sheet.
  app.post('/api/users/import', { config: manageUsers, schema: { consumes: ['multipart/form-data'], response: { 200: userImportResult } } }, async (request) => {
    const file = await receiveUserSheet(request);
    return users.importUsers(actorOf(request), file);
  });

  // The CSV columns with an example row, so an admin starts from a file that imports.
  app.get('/api/users/import-template.csv', { config: manageUsers, schema: { produces: ['text/csv'] } }, (_request, reply) => {
    const example = ['jdoe', 'Welcome1', 'salesperson', 'Jane', 'Doe', 'jane.doe@example.com', '555-0100', 'BOLD Tile & Stone', '', ''];
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="users-template.csv"')
      .send(stringify([[...USER_IMPORT_COLUMNS], example]));
  });

  app.post(
    '/api/bypass-password-reset/:userId',
    { config: { access: 'admin' }, schema: { params: bypassParams, response: { 200: bypassResponse } } },
    (request) => users.bypassPasswordRequirement(actorOf(request), request.params.userId),
  );
};
