/** The settings module's public entry: other modules, jobs and app.ts import only this file. */
export { settingsRoutes } from './routes';
export { createSettingsService, type SettingsService } from './service';
