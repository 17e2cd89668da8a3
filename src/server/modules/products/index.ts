/**
 * The products module's public entry: other modules and app.ts import only this file.
 *
 * Its SQL interface for other modules' statements (docs/decisions/0223-stock-as-a-count-and-a-status.md):
 * `productAsSeenSql(id, name, stockLevel)`, a condition true when the product exists with that name
 * and stock level. A module that checked its rules against `ProductsService.rememberedSummary(id)`
 * (possibly stale: another server's import) puts it in its own statement and acts only when it is
 * true, reading `summary(id)` again otherwise (the cart add). `stockLevelSql(alias)` is the API's
 * stockLevel text of a products row. No other module names the products table's stock columns.
 */
export { productsRoutes } from './routes';
export { pruneProductTombstones, type ProductRow, type ProductSummary } from './repository';
export { catalogueEtag, createProductsService, toApiProduct, type CatalogueSnapshot, type ProductsService } from './service';
export { createPriceOverlay, type PriceOverlayService } from './price-overlay';
export { productAsSeenSql, stockLevelSql } from './stock-level-sql';
