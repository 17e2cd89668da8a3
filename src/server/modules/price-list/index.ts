/** The price-list module's public entry: other modules, jobs and app.ts import only this file. */
export { PRICE_LIST_API_PATH, priceListRoutes } from './routes';
export { createPriceListService, pricesVersion, type PriceListService } from './service';
export { priceCandidates, priceLines, type PriceLine } from './company-prices';
export { lowestListPrices } from './floor-prices';
