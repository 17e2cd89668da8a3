import {
  announcementContentBody,
  announcementView,
  announcementsResponse,
  createAnnouncementBody,
  updateAnnouncementBody,
} from '@common/contracts/announcements';
import { idParams, okBody } from '@common/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import type { AnnouncementsService } from './service';

/** Announcement calls: salespeople and admins read, admins write. */
export const announcementRoutes: FastifyPluginAsyncZod<{ announcements: AnnouncementsService }> = async (app, { announcements }) => {
  app.get(
    '/api/announcements',
    { config: { access: { roles: ['salesperson', 'admin'] } }, schema: { operationId: 'listAnnouncements', summary: 'Announcements for the home screen', response: { 200: announcementsResponse } } },
    (request) => announcements.list(actorOf(request)),
  );

  app.post(
    '/api/announcements',
    { config: { access: 'admin' }, schema: { operationId: 'createAnnouncement', summary: 'Create an announcement', body: createAnnouncementBody, response: { 200: announcementView } } },
    (request) => announcements.create(actorOf(request), request.body),
  );

  app.patch(
    '/api/announcements/:id',
    { config: { access: 'admin' }, schema: { operationId: 'setAnnouncementActive', summary: 'Show or hide an announcement', params: idParams, body: updateAnnouncementBody, response: { 200: announcementView } } },
    (request) => announcements.setActive(request.params.id, request.body),
  );

  app.put(
    '/api/announcements/:id',
    { config: { access: 'admin' }, schema: { operationId: 'updateAnnouncement', summary: 'Replace the content of an announcement', params: idParams, body: announcementContentBody, response: { 200: announcementView } } },
    (request) => announcements.edit(request.params.id, request.body),
  );

  app.delete('/api/announcements/:id', { config: { access: 'admin' }, schema: { operationId: 'deleteAnnouncement', summary: 'Delete an announcement', params: idParams, response: { 200: okBody } } }, async (request) => {
    await announcements.remove(request.params.id);
    return { ok: true as const };
  });
};
