import { STOCK_FABRICATION, STOCK_SPECIAL_ORDER } from '@common/domain/stock-level';
import { sql, type SQL } from 'drizzle-orm';
import { products } from '../../db/schema';

/*
 * The stock level's text, derived in SQL from the two columns (docs/decisions/0223-stock-as-a-count-and-a-status.md),
 * exactly as `stockLevelText` (@common/domain/stock-level) derives it in TypeScript: the API keeps
 * sending '12', 'Special Order Only' or 'Fabrication Required - 2 Week Lead'. The words are our own
 * constants, checked below to need no quoting.
 */
for (const words of [STOCK_SPECIAL_ORDER, STOCK_FABRICATION]) {
  if (!/^[\w -]+$/.test(words)) throw new Error(`stock words need quoting: ${words}`);
}

/** `stockLevel` of the products row under `alias` (raw SQL: `p`) or of the products table (drizzle selects). */
export function stockLevelSql(alias?: string): SQL<string> {
  const status = alias ? sql.raw(`${alias}.stock_status`) : sql`${products.stockStatus}`;
  const count = alias ? sql.raw(`${alias}.stock_count`) : sql`${products.stockCount}`;
  return sql<string>`(case ${status} when 'in_stock' then ${count}::text when 'special_order' then ${sql.raw(`'${STOCK_SPECIAL_ORDER}'`)} else ${sql.raw(`'${STOCK_FABRICATION}'`)} end)`;
}

/**
 * The condition a module puts in its own statement when it checked its rules against the products
 * service's remembered summary (`ProductsService.rememberedSummary`, possibly stale: another server's
 * import): true when the product exists and still has this name and stock level, the two facts the
 * cart rules read. The values themselves are compared, not updated_at: a writer that forgets to move
 * updated_at cannot make a stale summary pass. It replaces migration 0010's product_as_seen function.
 */
export function productAsSeenSql(productId: SQL, seenName: SQL, seenStockLevel: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from products seen where seen.id = ${productId} and seen.name = ${seenName} and ${stockLevelSql('seen')} = ${seenStockLevel})`;
}
