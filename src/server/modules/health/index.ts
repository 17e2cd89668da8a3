/** The health module's public entry: other modules, jobs and app.ts import only this file. */
export { healthRoutes } from './routes';
