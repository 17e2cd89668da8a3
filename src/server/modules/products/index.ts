/** The products module's public entry: other modules and app.ts import only this file. */
export { productsRoutes } from './routes';
export type { ProductRow, ProductSummary } from './repository';
export { PRODUCT_AS_SEEN_TEMPLATE, productAsSeenValues } from './repository';
export { catalogueEtag, createProductsService, toApiProduct, type CatalogueSnapshot, type ProductsService } from './service';
