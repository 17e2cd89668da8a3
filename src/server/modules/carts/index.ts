/** The carts module's public entry: other modules, jobs and app.ts import only this file. */
export { cartReferences, type CartReferences } from './references';
export { cartRoutes } from './routes';
export { createCartsService, type CartsService, type ReorderResult } from './service';
export { QUICK_ORDER_SHEET_LIMITS } from './quick-order-file';
export { adderOf, cartOwner } from './owner';
export type { CartOwner } from './repository';
