/** The orders module's public entry: other modules, jobs and app.ts import only this file. */
export { orderReferences, type OrderReferences } from './references';
export { orderRoutes } from './routes';
export { createOrdersService, ORDER_MESSAGES, type OrdersService } from './service';
export type { GivenLine, GivenOrder } from './place-lines';
