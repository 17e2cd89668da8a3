/** The activity module's public entry: other modules, jobs and app.ts import only this file. */
export { activityRoutes } from './routes';
export { ACTIVITY_COUNT_CAP, ACTIVITY_EXPORT_CAP, createActivityService, type ActivityEntry, type ActivityService } from './service';
