/** The products module's public entry: other modules and app.ts import only this file. */
export { productsRoutes } from './routes';
export type { ProductRow, ProductSummary } from './repository';
export { catalogueEtag, createProductsService, toApiProduct, type CatalogueSnapshot, type ProductsService } from './service';
