/**
 * The products module's public entry: other modules and app.ts import only this file.
 *
 * Its public database interface (ADR 0174, migration 0010) is one function:
 * `product_as_seen(product_id integer, seen_name text, seen_stock_level text) returns boolean`,
 * true when the product exists with that name and stock level. A module that checked its rules
 * against `ProductsService.rememberedSummary(id)` (possibly stale: another server's import) calls it
 * inside its own statement and acts only when it is true, reading `summary(id)` again otherwise
 * (the cart add). No other module names the products table.
 */
export { productsRoutes } from './routes';
export type { ProductRow, ProductSummary } from './repository';
export { catalogueEtag, createProductsService, toApiProduct, type CatalogueSnapshot, type ProductsService } from './service';
