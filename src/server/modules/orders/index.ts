/** The orders module's public entry: other modules, jobs and app.ts import only this file. */
export { orderRoutes } from './routes';
export { createOrdersService, ORDER_MESSAGES, type OrdersService } from './service';
