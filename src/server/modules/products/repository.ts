import { asc, count, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

/**
 * A token that changes in the same transaction as any change to products, so
 * every app server can tell with one indexed read whether its cached catalogue
 * is current (docs/decisions/0010).
 */
export const CATALOGUE_VERSION = 'catalogue_version';

export async function listProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.id));
}

/** A version made from the data itself, for a database whose version row has gone missing. */
export async function derivedCatalogueVersion(db: DbOrTx): Promise<string> {
  const [row] = await db.select({ n: count(), latest: max(products.updatedAt) }).from(products);
  return `derived-${row?.n ?? 0}-${row?.latest?.getTime() ?? 0}`;
}

/** The product facts a cart line needs (name, unit, price, stock) for some ids. */
const summaryColumns = {
  id: products.id,
  name: products.name,
  line: products.line,
  size: products.size,
  color: products.color,
  finish: products.finish,
  soldBy: products.soldBy,
  price: products.price,
  stockLevel: products.stockLevel,
  coverage: products.coverage,
};

export type ProductSummary = { [K in keyof typeof summaryColumns]: ProductRow[K] };

export async function findProductSummaries(db: DbOrTx, ids: readonly number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  return db
    .select(summaryColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/**
 * For a statement of another module that must act only on a product as its caller
 * last read it (the one-statement cart add, ADR 0150): a query of the product's id,
 * name and stock level, and whether they are still what the caller saw. Built once with
 * placeholders (ADR 0153); productAsSeenValues gives one call's values.
 */
export const PRODUCT_AS_SEEN_TEMPLATE: SQL = sql`select id, name, stock_level,
      (name = ${sql.placeholder('product_seenName')} and stock_level is not distinct from ${sql.placeholder('product_seenStockLevel')}) as as_seen
    from ${products} where id = ${sql.placeholder('product_id')}`;

/** The values of PRODUCT_AS_SEEN_TEMPLATE's placeholders. */
export function productAsSeenValues(productId: number, seen: { name: string; stockLevel: string | null }): Record<string, unknown> {
  return { product_id: productId, product_seenName: seen.name, product_seenStockLevel: seen.stockLevel };
}
