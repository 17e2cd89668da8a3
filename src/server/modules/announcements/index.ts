/** The announcements module's public entry: other modules, jobs and app.ts import only this file. */
export { announcementRoutes } from './routes';
export { createAnnouncementsService, type AnnouncementsService } from './service';
