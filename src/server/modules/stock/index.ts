/** The stock module's public entry: other modules, jobs and app.ts import only this file. */
export { stockRoutes } from './routes';
export { createStockService, type StockService } from './service';
