/**
 * The activity module's public entry: other modules, jobs and app.ts import only this file.
 *
 * Its public database interface (ADR 0174, migration 0009) is one function:
 * `record_activity(entry jsonb) returns bigint` inserts one activity row and returns its id;
 * `entry` is the JSON text `activityDocument(by, entry)` (also `ActivityService.document`) builds,
 * the same row `record(by, entry)` writes (record goes through the function too). A module whose
 * statement must write its activity row in the same statement (the cart add) calls the function
 * by name with that text as a parameter; no other module names activity_logs.
 */
export { activityRoutes } from './routes';
export {
  ACTIVITY_COUNT_CAP,
  ACTIVITY_EXPORT_CAP,
  activityDocument,
  createActivityService,
  type ActivityEntry,
  type ActivityService,
} from './service';
