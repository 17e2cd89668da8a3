/** The lots module's public entry: other modules, jobs and app.ts import only this file. */
export { lotsRoutes } from './routes';
export { createLotsService, type LotsService } from './service';
export { sendArrivalNotices } from './notify';
export type { OrderLine } from './allocation';
export { LOTS_SHEET_LIMITS } from './sheet';
