/** The lots module's public entry: other modules, jobs and app.ts import only this file. */
export { lotsRoutes } from './routes';
export { backorderRoutes } from './backorder-routes';
/** What incoming loads can still promise per SKU: the cart's and the quick order pad's cap (docs/decisions/0238). */
export { incomingLoadsOf } from './backorders';
export { createLotsService, type LotsService } from './service';
export { sendArrivalNotices } from './notify';
export type { OrderLine } from './allocation';
export { LOTS_SHEET_LIMITS } from './sheet';
/** Stock = sum of lots, quantity on order = sum of loads, for SKUs whose rows a writer touched (docs/decisions/0223). */
export { syncOnOrderWithLoads, syncStockWithLots, SUM_OVERFLOW } from './sync-sums';
/** Lot holds for quotes (docs/decisions/0236): placed, drawn by the quote's orders, released, expired. */
export { allocateHeldOrder, expireHolds, extendHold, holdLot, holdsOf, releaseHolds, type HeldOrderLine, type HoldView } from './holds';
export { findLots as lotsOf, type LotRecord } from './repository';
/** A stock file's rise for waiting backorders (docs/decisions/0241). */
export type { NewCount, StockArrivalPlan } from './stock-arrivals';
