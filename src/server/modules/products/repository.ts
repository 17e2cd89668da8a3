import { and, asc, count, eq, getTableColumns, gt, inArray, lt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, productTombstones } from '../../db/schema';
import { stockLevelSql } from './stock-level-sql';

/**
 * A product as the module answers it: the table's columns with the stock's two columns read as the
 * one stockLevel text the API sends (docs/decisions/0223-stock-as-a-count-and-a-status.md).
 */
const { stockStatus: _status, stockCount: _count, ...plainColumns } = getTableColumns(products);
const rowColumns = { ...plainColumns, stockLevel: stockLevelSql() };

export type ProductRow = Omit<typeof products.$inferSelect, 'stockStatus' | 'stockCount'> & { stockLevel: string };

/**
 * A token that changes in the same transaction as any change to products, so
 * every app server can tell with one indexed read whether its cached catalogue
 * is current (docs/decisions/0010).
 */
export const CATALOGUE_VERSION = 'catalogue_version';

export async function listProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db.select(rowColumns).from(products).orderBy(asc(products.id));
}

/**
 * A page for an integration (ADR 0183): by id after `afterId`, only rows changed after `since` when
 * given. One more row than asked tells whether another page follows. Ordered by the primary key, so
 * a page costs an index range however deep it is.
 */
export async function listProductsPage(db: DbOrTx, page: { afterId: number; since: Date | null; limit: number }): Promise<ProductRow[]> {
  return db
    .select(rowColumns)
    .from(products)
    .where(and(gt(products.id, page.afterId), page.since ? gt(products.updatedAt, page.since) : undefined))
    .orderBy(asc(products.id))
    .limit(page.limit + 1);
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
  stockLevel: stockLevelSql(),
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

/** A SKU's levels as a lots or incoming preview shows them before the change (ADR 0196). */
export interface StockFacts {
  id: number;
  name: string;
  stockLevel: string;
  quantityOnOrder: number;
}

/** The levels of some ids, by one array parameter (a file lists up to tens of thousands). */
export async function findStockFacts(db: DbOrTx, ids: readonly number[]): Promise<StockFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, name: products.name, stockLevel: stockLevelSql(), quantityOnOrder: products.quantityOnOrder })
    .from(products)
    .where(sql`${products.id} = any(${sql.param([...ids])}::integer[])`);
}

/**
 * One product's summary by primary key, prepared by name through drizzle's public `.prepare()`
 * with a placeholder: PostgreSQL parses and plans it once per connection (the cart add's read,
 * ADR 0174). Built on the caller's executor, because a transaction runs on its own connection.
 */
export function productSummaryStatement(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('product_summary_by_id');
}

/**
 * The instant a changes feed may answer up to (docs/decisions/0228): the start of the oldest
 * transaction still running (its rows carry that start as updated_at and are not visible yet), or
 * now, a millisecond's rounding down. Read in the same snapshot as the changes.
 */
export async function changesHorizon(db: DbOrTx): Promise<Date> {
  const result = await db.execute<{ until: string }>(sql`
    select to_json(date_trunc('milliseconds', least(now(), coalesce(min(xact_start), now()))))#>>'{}' as until
    from pg_stat_activity where datname = current_database() and xact_start is not null`);
  return new Date(result.rows[0]!.until);
}

/** Products changed after `since`, by id, at most `limit` + 1 (one more says "too many"). */
export async function listChangedProducts(db: DbOrTx, since: Date, limit: number): Promise<ProductRow[]> {
  return listProductsPage(db, { afterId: 0, since, limit });
}

/** SKUs deleted after `since` (migration 0035). */
/** Rows per statement when pruning tombstones: a first run over a big deletion never holds one long transaction. */
const PRUNE_BATCH = 5_000;

/**
 * Drops the tombstones of SKUs deleted before `before` (docs/decisions/0228, 0234): a device whose
 * last sync is older than the days they are kept downloads the whole catalogue instead, so nobody
 * reads them again. Answers how many went.
 */
export async function pruneProductTombstones(db: DbOrTx, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const old = db.select({ id: productTombstones.id }).from(productTombstones).where(lt(productTombstones.deletedAt, before)).limit(PRUNE_BATCH);
    const result = await db.delete(productTombstones).where(inArray(productTombstones.id, old));
    total += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < PRUNE_BATCH) return total;
  }
}

export async function listDeletedSince(db: DbOrTx, since: Date): Promise<number[]> {
  const rows = await db.select({ id: productTombstones.id }).from(productTombstones).where(gt(productTombstones.deletedAt, since)).orderBy(asc(productTombstones.id));
  return rows.map((r) => r.id);
}

/** The base price (null = CALL) of some products, for the price overlay (price-overlay.ts). */
export async function findBasePrices(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(sql`${products.id} = ANY(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`);
  return new Map(rows.map((row) => [row.id, row.price]));
}
