import { formatCount } from '@common/domain/format';
import { MAX_STOCK_COUNT } from '@common/domain/stock-level';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';

/*
 * A SKU with lots has stock = the sum of its lots, and a SKU with incoming loads has quantity on
 * order = the sum of its loads (docs/decisions/0186-lots-data-model-and-uploads.md). Every writer of
 * lots or loads (a replacement, an arrived load, an order's allocation) calls the sync below in its
 * own transaction, after its write, with the SKUs whose lots (loads) it touched: one statement for
 * any number of SKUs, the sums taken as bigint. A sum the integer columns cannot hold (rows written
 * past the portal's limits, docs/decisions/0204-lots-and-incoming-limits.md) is refused with a
 * sentence naming the SKU, and the caller's transaction rolls back
 * (docs/decisions/0223-stock-as-a-count-and-a-status.md: these rules were migration 0013/0017/0020's triggers).
 */

/** The 409 when a SKU's rows add up past what the column holds. */
export const SUM_OVERFLOW = {
  lots: (sku: number, total: string) =>
    `The lots of SKU ${sku} add up to ${formatCount(Number(total))} boxes, more than a stock count can hold (${formatCount(MAX_STOCK_COUNT)}). Nothing was changed.`,
  incoming: (sku: number, total: string) =>
    `The incoming loads of SKU ${sku} add up to ${formatCount(Number(total))} boxes, more than a quantity on order can hold (${formatCount(MAX_STOCK_COUNT)}). Nothing was changed.`,
} as const;

const distinct = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

function overflowed(kind: 'lots' | 'incoming', rows: unknown[]): void {
  const row = rows[0] as { id: number; total: string } | undefined;
  if (row) throw new HttpError(409, SUM_OVERFLOW[kind](row.id, row.total));
}

/** Sets the stock of the listed SKUs to the sum of their lots (0 when none are left): in_stock with that count. */
export async function syncStockWithLots(tx: DbOrTx, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const result = await tx.execute(sql`
    with sums as (
      select c.id, coalesce(sum(l.quantity::bigint), 0) as total
      from unnest(${sql.param(distinct(productIds))}::integer[]) as c(id)
      left join product_lots l on l.product_id = c.id
      group by c.id
    ), synced as (
      update products p set stock_status = 'in_stock', stock_count = least(s.total, ${MAX_STOCK_COUNT})::integer, updated_at = now()
      from sums s
      where p.id = s.id and (p.stock_status <> 'in_stock' or p.stock_count is distinct from least(s.total, ${MAX_STOCK_COUNT})::integer)
    )
    select id, total::text as total from sums where total > ${MAX_STOCK_COUNT} order by id limit 1`);
  overflowed('lots', result.rows);
}

/** Sets the quantity on order of the listed SKUs to the sum of their incoming loads (0 when none are left). */
export async function syncOnOrderWithLoads(tx: DbOrTx, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const result = await tx.execute(sql`
    with sums as (
      select c.id, coalesce(sum(i.quantity::bigint), 0) as total
      from unnest(${sql.param(distinct(productIds))}::integer[]) as c(id)
      left join incoming_loads i on i.product_id = c.id
      group by c.id
    ), synced as (
      update products p set quantity_on_order = least(s.total, ${MAX_STOCK_COUNT})::integer, updated_at = now()
      from sums s
      where p.id = s.id and p.quantity_on_order is distinct from least(s.total, ${MAX_STOCK_COUNT})::integer
    )
    select id, total::text as total from sums where total > ${MAX_STOCK_COUNT} order by id limit 1`);
  overflowed('incoming', result.rows);
}

/** What a SKU with lots or loads keeps whatever a stock file or PATCH says: the sums, by SKU (only SKUs that have some). */
export interface LotSums {
  id: number;
  /** The sum of its lots; null without lots. */
  stock: number | null;
  /** The sum of its loads; null without loads. */
  onOrder: number | null;
}

/** The sums of the listed SKUs that have lots or loads, in one statement; a sum past the column's limit is the 409 above. */
export async function lotSumsOf(tx: DbOrTx, productIds: readonly number[]): Promise<LotSums[]> {
  if (productIds.length === 0) return [];
  const result = await tx.execute(sql`
    select c.id,
      (select sum(l.quantity::bigint) from product_lots l where l.product_id = c.id)::text as stock,
      (select sum(i.quantity::bigint) from incoming_loads i where i.product_id = c.id)::text as "onOrder"
    from unnest(${sql.param(distinct(productIds))}::integer[]) as c(id)
    where exists (select 1 from product_lots l where l.product_id = c.id) or exists (select 1 from incoming_loads i where i.product_id = c.id)
    order by c.id`);
  const rows = result.rows as { id: number; stock: string | null; onOrder: string | null }[];
  for (const row of rows) {
    if (row.stock !== null && Number(row.stock) > MAX_STOCK_COUNT) overflowed('lots', [{ id: row.id, total: row.stock }]);
    if (row.onOrder !== null && Number(row.onOrder) > MAX_STOCK_COUNT) overflowed('incoming', [{ id: row.id, total: row.onOrder }]);
  }
  return rows.map((r) => ({ id: r.id, stock: r.stock === null ? null : Number(r.stock), onOrder: r.onOrder === null ? null : Number(r.onOrder) }));
}
