/** The merchandise module's public entry: other modules and app.ts import only this file. */
export { createMerchandiseAdmin, type MerchandiseAdmin } from './admin';
export type { MerchandiseEntryRow } from './repository';
export { merchandiseRoutes } from './routes';
export { MERCHANDISE_SHEET_LIMITS } from './workbook';
export { createMerchandiseService, type MerchandiseService } from './service';
export { createMerchandiseUploads, type MerchandiseUploads } from './uploads';
