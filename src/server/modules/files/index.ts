/** The files module's public entry: other modules, jobs and app.ts import only this file. */
export { filesRoutes } from './routes';
export { createFilesService, type FilesService } from './service';
